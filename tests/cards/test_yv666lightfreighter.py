"""YV-666 Light Freighter pilots: each card in a scene built for it, compared with the same
scene without the card or outside its conditions.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is
100 mm; the YV-666 has a large base (84 mm), the TIE a small one (40 mm)."""

from __future__ import annotations

from tallon.cards.pilots.yv666lightfreighter import fled_edge
from tallon.engine.attack import Engage
from tallon.engine.rounds import Activate, StartEngagement, StartRound
from tallon.engine.state import Token
from tallon.geometry.constants import PLAY_AREA_SIDE
from tallon.scene import Scene, start_at
from tests.cards.helpers import answer, attack, finish, logged, pass_all, pass_until, values


# ------------------------------------------------------------------------- Bossk
class TestBossk:
    def game(self, dice, pilot: str = "bossk"):
        sc = Scene()
        bossk = sc.ship(pilot, at=(400, 200, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 450, 180))
        game = attack(sc, bossk, tie, dice, ["blank"] * 3,
                      deck=["loosestabilizer", "loosestabilizer", "structuraldamage"])
        return game, bossk, tie

    def test_spends_a_critical_hit_for_two_hits(self):
        """Bossk's primary attack leaves 1 hit and 1 critical hit: after Neutralize Results
        he may spend the critical hit to add 2 hits: 3 facedown damage cards instead of 1
        facedown and 1 faceup."""
        game, bossk, tie = self.game(["hit", "crit", "blank"])
        pass_until(game, "use_ability", bossk)
        game.answer("use")
        finish(game)
        damage = game.state.ships[tie].damage
        assert [c.faceup for c in damage] == [False, False, False]
        assert logged(game, "neutralize", "spends 1 critical hit result to add 2 hit")

    def test_declined_the_critical_hit_stays(self):
        """Declining: 1 facedown and 1 faceup card."""
        game, _, tie = self.game(["hit", "crit", "blank"])
        pass_all(game)
        assert sorted(c.faceup for c in game.state.ships[tie].damage) == [False, True]

    def test_not_without_a_critical_hit(self):
        """Only hits land: Bossk is not asked."""
        game, _, tie = self.game(["hit", "hit", "blank"])
        assert "use_ability" not in pass_all(game)
        assert len(game.state.ships[tie].damage) == 2


# ------------------------------------------------------------------- Latts Razzi
class TestLattsRazzi:
    def game(self, enemy_y: float):
        sc = Scene()
        latts = sc.ship("lattsrazzi", at=(400, 300, 0), locks=["p2.1"])
        tie = sc.ship("academypilot", player=2, at=(400, enemy_y, 180))
        return sc.at(StartEngagement()), latts, tie

    def test_spends_his_lock_to_tractor_a_ship_at_range_1(self):
        """The TIE he has locked is at range 1 at the start of the Engagement Phase: he may
        spend the lock; the TIE gains a tractor token."""
        game, latts, tie = self.game(420)
        answer(game, "use_ability", tie, latts)
        assert game.state.ships[tie].has(Token.TRACTOR)
        assert tie not in game.state.ships[latts].locks

    def test_not_at_range_2(self):
        """The locked TIE at range 2: nothing is asked; the lock stays, no tractor token."""
        game, latts, tie = self.game(520)
        assert "use_ability" not in pass_all(game)
        assert not game.state.ships[tie].has(Token.TRACTOR)
        assert tie in game.state.ships[latts].locks


# ------------------------------------------------------------------ Doctor Aphra
class TestDoctorAphra:
    def game(self, enemy_stress: int = 0, focus: int = 1):
        sc = Scene()
        aphra = sc.ship("doctoraphra", at=(400, 300, 0), tokens={"focus": focus})
        tie = sc.ship("academypilot", player=2, at=(400, 420, 180),
                      tokens={"stress": enemy_stress})
        return sc.at(Engage(aphra)), aphra, tie

    def test_spends_a_green_token_and_a_charge_to_stress_a_ship(self):
        """Before engaging, Aphra may spend her focus token and 1 charge: the unstressed
        TIE at range 1 gains a stress token."""
        game, aphra, tie = self.game()
        pass_until(game, "use_ability", aphra)
        assert set(values(game)) == {f"focus:{tie}", "decline"}
        game.answer(f"focus:{tie}")
        ship = game.state.ships[aphra]
        assert game.state.ships[tie].count(Token.STRESS) == 1
        assert not ship.has(Token.FOCUS) and ship.charges["doctoraphra"].active == 2

    def test_not_against_a_stressed_ship(self):
        """The TIE is already stressed: nothing is offered; her focus and charges stay."""
        game, aphra, _ = self.game(enemy_stress=1)
        assert "use_ability" not in pass_all(game)
        ship = game.state.ships[aphra]
        assert ship.has(Token.FOCUS) and ship.charges["doctoraphra"].active == 3

    def test_not_without_a_green_token(self):
        """No green token to spend: nothing is offered; the TIE stays unstressed."""
        game, _, tie = self.game(focus=0)
        assert "use_ability" not in pass_all(game)
        assert not game.state.ships[tie].has(Token.STRESS)


# ------------------------------------------------------------------- Moralo Eval
class TestMoraloEval:
    def flee(self, charges: int = 2):
        """Moralo, near the north edge facing it, flies a [4 straight] off the table."""
        sc = Scene()
        moralo = sc.ship("moraloeval", at=(400, 850, 0), dial_set="4FW",
                         charges={"moraloeval": charges})
        sc.ship("academypilot", player=2, at=(100, 100, 0))
        game = sc.game()
        start_at(game, Activate(moralo), phase="activation")
        return game, moralo

    def test_goes_to_reserve_instead_of_fleeing_and_returns_at_that_edge(self):
        """He would flee: he may spend 1 charge to be placed in reserve instead (off the
        table, not removed); at the start of the next Planning Phase he is placed within
        range 1 of the north edge he fled from, and then sets a dial."""
        game, moralo = self.flee()
        answer(game, "replacement", "use", moralo)
        ship = game.state.ships[moralo]
        assert not ship.in_play and not ship.removed
        assert ship.charges["moraloeval"].active == 1
        start_at(game, StartRound(), phase="end")
        assert game.decision.kind == "card_placement" and "north edge" in game.decision.prompt
        game.answer(game.decision.option_keys()[0])
        assert ship.in_play and ship.pose.y > PLAY_AREA_SIDE - 200
        assert game.decision.kind == "set_dial"

    def test_declining_he_flees(self):
        """Declining, he flees: removed from the game."""
        game, moralo = self.flee()
        answer(game, "replacement", "decline", moralo)
        assert game.state.ships[moralo].removed

    def test_not_without_a_charge(self):
        """No charge left: nothing is asked; he flees."""
        game, moralo = self.flee(charges=0)
        assert "replacement" not in pass_all(game)
        assert game.state.ships[moralo].removed

    def test_the_fled_edge(self):
        """The edge a base crosses farthest names the edge fled from."""
        sc = Scene()
        ships = [sc.ship("moraloeval", at=at) for at in ((400, 900, 0), (10, 400, 90),
                                                          (904, 400, 270), (400, 10, 180))]
        sc.ship("academypilot", player=2, at=(100, 500, 0))
        game = sc.game()
        assert [fled_edge(game.state.ships[s]) for s in ships] == ["north", "west", "east",
                                                                  "south"]
