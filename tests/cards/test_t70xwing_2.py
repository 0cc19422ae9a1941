"""T-70 X-wing pilots, continued: Lieutenant Bastian, Temmin Wexley (swz68) and Jessika
Pava.

Player 1 (index 0) sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band
is 100 mm."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.attack import Engage
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene, declare, faces, load_dice
from tests.cards.helpers import answer, finish, offers, skip_to, values

FOILS = "integratedsfoils"


# -------------------------------------------------------------- Lieutenant Bastian
class TestLieutenantBastian:
    @staticmethod
    def scene(bastian_at, dice=("hit", "hit", "blank")):
        sc = Scene()
        bastian = sc.ship("lieutenantbastian", at=bastian_at)
        friend = sc.ship("bluesquadronrookie", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(friend, tie, dice=list(dice), defense=["blank"] * 3)
        return game, bastian, tie

    def test_lock_after_the_tie_is_dealt_a_card(self):
        """A friendly T-70 hits a TIE at range 1-2 of Bastian: after it is dealt a damage
        card he may lock it (declining leaves him without a lock)."""
        game, bastian, tie = self.scene((250, 350, 0))
        skip_to(game, "use_ability", bastian)
        answer(game, "use_ability", "use", bastian)
        finish(game)
        assert game.state.ships[bastian].locks == [tie]

    def test_not_beyond_range_2(self):
        """Bastian is far from the TIE: no lock is offered."""
        game, bastian, _ = self.scene((60, 40, 0))
        finish(game)
        assert not game.state.ships[bastian].locks
        assert game.state.ships["p2.1"].damage

    def test_not_when_no_card_is_dealt(self):
        """The attack misses: no damage card, no lock offered."""
        game, bastian, _ = self.scene((250, 350, 0), dice=("blank",) * 3)
        finish(game)
        assert not game.state.ships[bastian].locks


# ----------------------------------------------------------- Temmin Wexley (swz68)
class TestTemminWexleySwz68:
    @staticmethod
    def scene(friend_at=(520, 300, 0), upgrades=(FOILS,)):
        sc = Scene()
        temmin = sc.ship("temminwexley-swz68", at=(400, 300, 0), upgrades=[FOILS])
        friend = sc.ship("bluesquadronrookie", at=friend_at, upgrades=list(upgrades))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        return sc.at(StartEngagement()), temmin, friend

    @staticmethod
    def side(game, ship):
        return next(s for kind, xws, s in game.state.ships[ship].cards if xws == FOILS)

    def test_friend_flips_for_a_strain_and_a_calculate(self):
        """At the start of the Engagement Phase each friendly T-70 in range is asked; the
        friend accepts (strain, flipped S-foils, calculate token), Temmin declines."""
        game, temmin, friend = self.scene()
        asked = []
        while game.decision is not None and game.decision.kind == "use_ability":
            ship = game.decision.ship
            asked.append(ship)
            game.answer("flip" if ship == friend else "decline")
        assert sorted(asked) == sorted([temmin, friend])
        f = game.state.ships[friend]
        assert f.has(Token.STRAIN) and f.has(Token.CALCULATE) and self.side(game, friend) == 1
        t = game.state.ships[temmin]
        assert not t.has(Token.STRAIN) and self.side(game, temmin) == 0

    def test_not_beyond_range_3_or_without_a_configuration(self):
        """A T-70 beyond range 3, or one without a configuration upgrade, is not asked:
        only Temmin is."""
        for kw in ({"friend_at": (800, 750, 0)}, {"upgrades": ()}):
            game, temmin, _friend = self.scene(**kw)
            asked = []
            while game.decision is not None and game.decision.kind == "use_ability":
                asked.append(game.decision.ship)
                game.answer("decline")
            assert asked == [temmin], kw


# --------------------------------------------------------------------- Jessika Pava
class TestJessikaPava:
    @staticmethod
    def scene(friends: int = 2, charges: int = 1, upgrades=(), **kw):
        sc = Scene()
        jess = sc.ship("jessikapava", at=(400, 300, 0), upgrades=list(upgrades),
                       charges={"jessikapava": charges}, **kw)
        for x in (520, 280)[:friends]:
            sc.ship("bluesquadronrookie", at=(x, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        # the rerolls (2 hits) come before the defense dice
        game = sc.at(Engage(jess))
        load_dice(game, ["blank", "blank", "hit"],
                  then=faces(DieKind.ATTACK, ["hit", "hit"])
                  + faces(DieKind.DEFENSE, ["blank"] * 3))
        declare(game, jess, tie)
        return game, jess, tie

    def test_rerolls_one_die_per_nearby_friend(self):
        """Two other friendly ships at range 0-1: she spends her charge to reroll both
        blanks into hits - 3 damage instead of 1."""
        game, jess, tie = self.scene()
        skip_to(game, "modify_attack_dice", jess)
        game.answer("jessikapava/jessikapava-2:reroll=blank,blank")
        finish(game)
        assert len(game.state.ships[tie].damage) == 3
        assert game.state.ships[jess].charges["jessikapava"].active == 0

    def test_one_friend_one_die(self):
        """One friend nearby: she may reroll only 1 die."""
        game, jess, _ = self.scene(friends=1)
        skip_to(game, "modify_attack_dice", jess)
        assert "jessikapava/jessikapava-1:reroll=blank" in values(game)
        assert not any("blank,blank" in k for k in values(game))

    def test_not_without_friends_or_charges(self):
        """No friend at range 0-1, or no charge and no astromech: nothing offered, 1
        damage."""
        for kw in ({"friends": 0}, {"charges": 0}):
            game, _jess, tie = self.scene(**kw)
            assert game.decision is None or not offers(game, "jessikapava"), kw
            finish(game)
            assert len(game.state.ships[tie].damage) == 1, kw

    def test_astromech_charge_pays_instead(self):
        """Her own charge spent, she pays with a non-recurring charge of her R2 astromech
        (2 -> 1) and rerolls the two blanks."""
        game, jess, tie = self.scene(charges=0, upgrades=["r2astromech"])
        skip_to(game, "modify_attack_dice", jess)
        assert not any(k.startswith("jessikapava/jessikapava-2:") for k in values(game))
        game.answer("jessikapava/jessikapava-astromech-2:reroll=blank,blank")
        finish(game)
        assert len(game.state.ships[tie].damage) == 3
        assert game.state.ships[jess].charges["r2astromech"].active == 1

    def test_once_per_attack(self):
        """After using her charge she can't use the astromech's for a second reroll in the
        same attack (her lock on the TIE keeps the Modify Dice step open)."""
        game, jess, _ = self.scene(upgrades=["r2astromech"], locks=["p2.1"])
        skip_to(game, "modify_attack_dice", jess)
        assert any("astromech" in k for k in values(game))
        game.answer("jessikapava/jessikapava-2:reroll=blank")
        assert game.decision.kind == "modify_attack_dice"
        assert not offers(game, "jessikapava")

    def test_also_while_defending(self):
        """Defending with one friend nearby: she spends her charge to reroll a blank into
        an evade and cancels the TIE's only hit."""
        sc = Scene()
        jess = sc.ship("jessikapava", at=(400, 300, 0))
        sc.ship("bluesquadronrookie", at=(520, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(tie))
        load_dice(game, ["hit", "blank"], ["blank", "blank"],
                  then=faces(DieKind.DEFENSE, ["evade"]))
        declare(game, tie, jess)
        skip_to(game, "modify_defense_dice", jess)
        game.answer("jessikapava/jessikapava-1:reroll=blank")
        finish(game)
        assert game.state.ships[jess].shields == 3


# ---------------------------------------------------------------------- Venisa Doza
class TestVenisaDoza:
    @staticmethod
    def targets(pilot: str, tie_y: float, upgrades=("protontorpedoes",)):
        sc = Scene()
        ship = sc.ship(pilot, at=(400, 500, 0), upgrades=list(upgrades), locks=["p2.1"])
        sc.ship("academypilot", player=2, at=(400, tie_y, 0))
        game = sc.at(Engage(ship))
        # with no target at all the ship is not asked
        return game, ship, values(game) if game.decision is not None else []

    def test_torpedoes_fire_backwards_at_range_1_2(self):
        """A TIE 1 range band behind her, locked: she may attack it with proton torpedoes
        through her rear arc (4 dice); a generic T-70 can't attack it at all."""
        game, venisa, keys = self.targets("venisadoza", 380)
        assert "protontorpedoes@p2.1" in keys
        assert not any(k.startswith("primary") and k.endswith("@p2.1") for k in keys)
        load_dice(game, ["hit"] * 4, ["blank"] * 3)
        declare(game, venisa, "p2.1", "protontorpedoes")
        finish(game)
        assert len(game.state.ships["p2.1"].damage) >= 4
        _, _, generic = self.targets("bluesquadronrookie", 380)
        assert "protontorpedoes@p2.1" not in generic

    def test_not_at_range_3_behind(self):
        """The TIE is at range 3 behind her: beyond the treated range 1-2, no target."""
        _, _, keys = self.targets("venisadoza", 160)
        assert "protontorpedoes@p2.1" not in keys
