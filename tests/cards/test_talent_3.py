"""Talent upgrades of :mod:`tallon.cards.upgrades.talent_3`. Scenes on generic carriers:
Red Squadron Veterans (T-65, initiative 3, 2 shields, focus/lock/barrel roll), Academy
Pilots (TIE/ln, initiative 1, hull 3, focus/evade/barrel roll). Player 1 sits at y = 0
facing +y; a ship straight ahead is in the bullseye arc; 40 / 150 / 210 mm between bases
are ranges 1 / 2 / 3."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.effects import can_lock
from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import Give, engage, offers, pass_all, pick, skip_dice, values
from tests.cards.test_talent_2 import acting, declare, neutralized


# --------------------------------------------------------------------- Treacherous
class TestTreacherous:
    def scene(self, blocker):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0))
        d = sc.ship("academypilot", player=2, at=(400, 550, 180), upgrades=["treacherous"])
        if blocker:
            sc.ship("academypilot", player=2, at=(400, 430, 90))
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 4)
        declare(game, d)
        return game, d

    def test_a_ship_obstructing_the_attack_takes_the_blame(self):
        """A TIE between attacker and defender: the defender spends its charge to cancel
        the hit, and the obstructing TIE gains a strain token."""
        game, d = self.scene(True)
        skip_dice(game, "cancel_attack_results", d)
        pick(game, "Treacherous")
        ships = game.state.ships
        assert "0 hit(s)" in neutralized(game)
        assert ships["p2.2"].has(Token.STRAIN) and ships[d].charges["treacherous"].active == 0

    def test_not_without_an_obstructing_ship(self):
        """Nothing between the ships: no cancel, the hit lands."""
        game, _ = self.scene(False)
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)


# ------------------------------------------------------------------------ True Grit
class TestTrueGrit:
    def test_a_strain_token_removes_a_red_token(self):
        """At the end of the Activation Phase the stress token goes for a strain token."""
        sc, ship = acting("truegrit-swz98", tokens={"stress": 1, "jam": 1})
        game = sc.at(FireWindow.of("end_activation"), phase="activation")
        assert set(values(game)) == {"token:stress", "token:jam", "decline"}
        game.answer("token:stress")
        x = game.state.ships[ship]
        assert x.has(Token.STRAIN) and not x.stressed

    def test_not_while_strained(self):
        """Already strained: nothing is offered."""
        sc, _ship = acting("truegrit-swz98", tokens={"stress": 1, "strain": 1})
        game = sc.at(FireWindow.of("end_activation"), phase="activation")
        assert game.decision is None


# ----------------------------------------------------------------- Without a Trace
class TestWithoutATrace:
    def test_gaining_a_cloak_token_removes_a_red_token(self):
        """A stressed TIE gains a cloak token and removes its stress token."""
        sc, ship = acting("withoutatrace-tiephphantom", pilot="academypilot",
                          tokens={"stress": 1})
        game = sc.at(Give(ship, "cloak"), phase="activation")
        game.answer("token:stress")
        assert not game.state.ships[ship].stressed

    def test_cloaked_enemies_cannot_lock_it(self):
        """Cloaked, the enemy can't lock it; uncloaked it can (and without the card)."""
        for upgrade, cloak, allowed in (("withoutatrace-tiephphantom", 1, False),
                                        ("withoutatrace-tiephphantom", 0, True),
                                        (None, 1, True)):
            sc = Scene()
            tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=[upgrade] if upgrade
                          else [], tokens={"cloak": cloak})
            enemy = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180))
            game = sc.game()
            ships = game.state.ships
            assert (can_lock(game, ships[enemy], tie) is None) == allowed, (upgrade, cloak)


# ---------------------------------------------------------------- Heroic Sacrifice
HEROIC = "heroicsacrifice-battleoverendor"


class TestHeroicSacrifice:
    """A Warden Squadron K-wing (medium base, SLAM on its bar) at (400, 300) facing +y,
    having executed a speed 1 maneuver; a [1 straight] SLAM carries its front edge to y 430.
    A large VCX-100 (4 shields) stands overlapping that spot: the K-wing stops touching it
    (range 0)."""

    def scene(self, upgrades=(HEROIC,), large_at=(400, 470, 180), stress=0):
        sc = Scene()
        k = sc.ship("wardensquadronpilot", at=(400, 300, 0), upgrades=list(upgrades),
                    executed_speed=1, tokens={"stress": stress})
        big = sc.ship("lothalrebel", player=2, at=large_at)
        small = sc.ship("academypilot", player=2, at=(700, 800, 180))
        game = sc.game()
        load_dice(game, ["hit", "crit", "focus", "blank", "hit"])
        start_at(game, PerformAction(k, during_activation=True), phase="activation")
        return game, k, big, small

    def slam(self, game):
        game.answer("slam")
        game.answer("1FB")
        pass_all(game)

    def test_the_large_ship_at_range_0_takes_the_damage_past_its_shields(self):
        """Three hit/crit results: the VCX-100 at range 0 is dealt 3 damage cards and keeps
        its 4 shields; the K-wing is destroyed."""
        game, k, big, _ = self.scene()
        self.slam(game)
        vcx = game.state.ships[big]
        assert len(vcx.damage) == 3 and vcx.shields == vcx.shield_limit == 4
        assert game.state.ships[k].destroyed

    def test_without_the_card_a_slam_is_only_a_slam(self):
        """The same SLAM without the card: nothing happens to either ship."""
        game, k, big, _ = self.scene(upgrades=())
        self.slam(game)
        assert not game.state.ships[big].damage and not game.state.ships[k].destroyed

    def test_ships_away_from_it_and_small_ships_are_spared(self):
        """The VCX-100 far away (range 3+): no ship suffers damage, yet the K-wing is
        destroyed all the same."""
        game, k, big, small = self.scene(large_at=(100, 800, 180))
        self.slam(game)
        ships = game.state.ships
        assert not ships[big].damage and not ships[small].damage and ships[k].destroyed

    def test_it_may_slam_while_stressed(self):
        """Stressed, the K-wing may still choose the SLAM action (and only that one);
        without the card a stressed ship performs no action."""
        game, _, _, _ = self.scene(stress=1)
        assert values(game) == ["slam", "pass"]
        game, _, _, _ = self.scene(upgrades=(), stress=1)
        assert game.decision is None


# ---------------------------------------------------------------- Tierfon Belly Run
class TestTierfonBellyRun:
    """A Blade Squadron B-wing with an ion cannon at (400, 300) facing +y, an Academy Pilot
    TIE 150 mm ahead (range 2); the obstacle sits under the B-wing."""

    def scene(self, upgrades=("tierfonbellyrun", "ioncannon"), obstacle="core2asteroid0"):
        sc = Scene()
        b = sc.ship("bladesquadronveteran", at=(400, 300, 0), upgrades=list(upgrades))
        sc.ship("academypilot", player=2, at=(400, 490, 180))
        sc.obstacle(obstacle, 400, 300)
        return sc.at(Engage(b)), b

    def test_special_attacks_at_range_0_of_an_asteroid(self):
        """On the asteroid the B-wing may attack with its ion cannon, not its primary
        weapon."""
        game, _ = self.scene()
        assert values(game) == ["ioncannon@p2.1", "none"]

    def test_without_the_card_no_attack(self):
        """Without the card the B-wing on the asteroid can't attack at all."""
        game, _ = self.scene(upgrades=("ioncannon",))
        assert game.decision is None
        assert any("can't attack" in e["text"] for e in game.log if e["kind"] == "no_attack")

    def test_not_at_a_debris_cloud(self):
        """On a debris cloud the card allows nothing: no attack."""
        game, _ = self.scene(obstacle="core2debris0")
        assert game.decision is None


class TestTierfonBellyRunRerolls:
    """A Red Squadron Veteran with a lock attacks an Academy Pilot TIE at range 2; the TIE
    carries the card, with an asteroid touching its rear."""

    def scene(self, upgrades=("tierfonbellyrun",), rock=(400, 540)):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), locks=["p2.1"])
        sc.ship("academypilot", player=2, at=(400, 490, 180), upgrades=list(upgrades))
        sc.obstacle("core2asteroid0", *rock)
        game = engage(sc, a, ["blank", "blank", "hit"], ["blank"] * 3)
        declare(game, "p2.1")
        skip_dice(game, "modify_attack_dice", a)
        return game

    def test_the_lock_cannot_reroll_at_an_obstacle(self):
        """The defender at range 0 of the asteroid: the lock's reroll is not offered."""
        game = self.scene()
        assert not offers(game, "lock")

    def test_rerolls_are_allowed_away_from_obstacles_or_without_the_card(self):
        """The asteroid away from the TIE, or no card: the lock may reroll the blanks."""
        for upgrades, rock in ((("tierfonbellyrun",), (100, 800)), ((), (400, 540))):
            game = self.scene(upgrades, rock)
            assert offers(game, "lock"), (upgrades, rock)
