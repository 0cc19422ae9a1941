"""TIE/se Bomber pilots (First Order) and the ship ability Pursuit Thrusters: each card in a
scene built for it, compared with the same scene without the card (or where it must not
trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. Small bases are 40 mm
wide and a range band is 100 mm. An enemy TIE turned 45 degrees with its corner at
(408, 340) lies across the [1 straight] boost template of a ship at (400, 300, 0) without
touching its start or end positions: the boost moves through it."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.payloads import Detonate
from tallon.engine.rounds import SystemTurn
from tallon.engine.state import Token
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import (
    activation,
    answer,
    attack,
    finish,
    modify_with,
    offers,
    pass_all,
    values,
)
from tests.rules.device_helpers import put

#: an enemy placed across a [1 straight] boost of a ship at (400, 300, 0) (module docstring)
ACROSS_BOOST = (436.3, 340, 45)


def _boost(game, ship, direction="straight"):
    answer(game, "perform_action", "boost", ship)
    answer(game, "boost_direction", direction, ship)


# --------------------------------------------------------------- Pursuit Thrusters
class TestPursuitThrusters:
    def test_system_phase_white_boost(self):
        """Pursuit Thrusters: during the System Phase a First Order Cadet may perform a
        boost action; granted by the card, it is white (no stress), though the boost on
        its bar is red. The ship moves 40 mm ahead."""
        sc = Scene()
        bomber = sc.ship("firstordercadet", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(SystemTurn(bomber), phase="system")
        answer(game, "use_ability", "boost", bomber)
        _boost(game, bomber)
        ship = game.state.ships[bomber]
        assert ship.pose.y > 330
        assert not ship.stressed

    def test_other_ships_have_no_system_phase_boost(self):
        """A TIE/ln fighter (no such ship ability) has nothing to do in the System
        Phase."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(SystemTurn(tie), phase="system")
        assert game.decision is None

    def test_not_while_stressed(self):
        """A stressed Sienar-Jaemus Test Pilot can't perform actions: the ability is not
        offered and the ship stays where it is."""
        sc = Scene()
        bomber = sc.ship("sienarjaemustestpilot", at=(400, 300, 0), stress=1)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(SystemTurn(bomber), phase="system")
        assert game.decision is None
        assert game.state.ships[bomber].pose.y == 300


# ------------------------------------------------------------------------ Breach
class TestBreach:
    @staticmethod
    def maneuver(enemy_x: float):
        sc = Scene()
        breach = sc.ship("breach", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(enemy_x, 360, 180))
        return activation(sc, breach, "2FB"), breach, enemy

    def test_lock_after_a_maneuver_through_an_enemy(self):
        """Her [2 straight] passes over an enemy ship (fully executed): she may acquire a
        lock on it."""
        game, breach, enemy = self.maneuver(400)
        answer(game, "use_ability", enemy, breach)
        assert game.state.ships[breach].locks == [enemy]

    def test_not_when_the_path_is_clear(self):
        """The enemy is beside her path: no lock is offered, she has none."""
        game, breach, _enemy = self.maneuver(520)
        assert game.decision.kind == "perform_action"
        assert game.state.ships[breach].locks == []

    def test_not_through_a_friendly_ship(self):
        """She moves through a friendly ship: only enemy ships count, nothing is
        offered."""
        sc = Scene()
        breach = sc.ship("breach", at=(400, 300, 0))
        sc.ship("firstordercadet", at=(400, 360, 0))
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        game = activation(sc, breach, "2FB")
        assert game.decision.kind == "perform_action"

    def test_lock_after_a_boost_through_an_enemy(self):
        """Her Pursuit Thrusters boost passes over an enemy ship's corner: after the boost
        action she may lock it."""
        sc = Scene()
        breach = sc.ship("breach", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=ACROSS_BOOST)
        game = sc.at(SystemTurn(breach), phase="system")
        answer(game, "use_ability", "boost", breach)
        _boost(game, breach)
        answer(game, "use_ability", enemy, breach)
        assert game.state.ships[breach].locks == [enemy]

    def test_a_cadet_boosting_through_gets_no_lock(self):
        """The same boost by a First Order Cadet (no ability) acquires nothing."""
        sc = Scene()
        cadet = sc.ship("firstordercadet", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=ACROSS_BOOST)
        game = sc.at(SystemTurn(cadet), phase="system")
        answer(game, "use_ability", "boost", cadet)
        _boost(game, cadet)
        assert game.decision is None
        assert game.state.ships[cadet].locks == []


# ------------------------------------------------------------------------- Scorch
class TestScorch:
    @staticmethod
    def scene(friend_x: float):
        sc = Scene()
        sc.ship("scorch-tiesebomber", at=(400, 300, 0))
        friend = sc.ship("firstordercadet", at=(friend_x, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(friend_x, 500, 180))
        return sc, friend, enemy

    def test_friend_spends_a_hit_and_the_defender_gains_strain(self):
        """A friendly ship at range 1 performs a primary attack: it may spend 1 hit
        result; the attack deals 1 damage instead of 2, and after defending the defender
        gains 1 strain token."""
        sc, friend, enemy = self.scene(480)
        game = attack(sc, friend, enemy, ["hit", "hit"], ["blank", "blank", "blank"])
        modify_with(game, "scorch-tiesebomber")
        finish(game)
        ship = game.state.ships[enemy]
        assert ship.count(Token.STRAIN) == 1
        assert len(ship.damage) == 1

    def test_declined_no_strain(self):
        """The same attack without spending the hit: 2 damage, no strain token."""
        sc, friend, enemy = self.scene(480)
        game = attack(sc, friend, enemy, ["hit", "hit"], ["blank", "blank", "blank"])
        assert offers(game, "scorch-tiesebomber")
        finish(game)
        ship = game.state.ships[enemy]
        assert not ship.has(Token.STRAIN)
        assert len(ship.damage) == 2

    def test_not_beyond_range_1(self):
        """The attacking friend is at range 2 of Scorch: nothing is offered."""
        sc, friend, enemy = self.scene(600)
        game = attack(sc, friend, enemy, ["hit", "hit"], ["blank", "blank", "blank"])
        assert not offers(game, "scorch-tiesebomber")
        finish(game)
        assert not game.state.ships[enemy].has(Token.STRAIN)


# -------------------------------------------------------------------------- Dread
class TestDread:
    @staticmethod
    def scene(pilot: str = "dread"):
        sc = Scene()
        dread = sc.ship(pilot, at=(400, 300, 0), upgrades=["concussionmissiles"],
                        charges={"concussionmissiles": 1})
        ahead = sc.ship("academypilot", player=2, at=(400, 500, 180))
        aside = sc.ship("academypilot", player=2, at=(480, 500, 180))
        game = sc.at(PerformAction(dread, during_activation=True), phase="activation")
        answer(game, "perform_action", "reload", dread)
        pass_all(game)
        return game, ahead, aside

    def test_reload_depletes_the_ship_in_the_bullseye(self):
        """After Dread reloads, the enemy in his bullseye arc gains 1 deplete token; the
        one in his front arc but outside the bullseye does not."""
        game, ahead, aside = self.scene()
        assert game.state.ships[ahead].count(Token.DEPLETE) == 1
        assert not game.state.ships[aside].has(Token.DEPLETE)

    def test_a_cadet_reloading_depletes_nobody(self):
        """The same reload by a First Order Cadet: no deplete token."""
        game, ahead, _aside = self.scene("firstordercadet")
        assert not game.state.ships[ahead].has(Token.DEPLETE)

    def test_not_after_another_action(self):
        """A focus action is no reload: nobody gains a deplete token."""
        sc = Scene()
        dread = sc.ship("dread", at=(400, 300, 0))
        ahead = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(PerformAction(dread, during_activation=True), phase="activation")
        answer(game, "perform_action", "focus", dread)
        pass_all(game)
        assert not game.state.ships[ahead].has(Token.DEPLETE)


# ------------------------------------------------------------------ Jul Jerjerrod
class TestJulJerjerrod:
    @staticmethod
    def scene(charges: int = 3, action: str = "boost"):
        sc = Scene()
        jul = sc.ship("juljerjerrod", at=(400, 300, 0), strain=1,
                      charges={"juljerjerrod": charges})
        sc.ship("academypilot", player=2, at=(400, 800, 180), locks=["p1.1"])
        game = sc.at(PerformAction(jul, during_activation=True), phase="activation")
        answer(game, "perform_action", action, jul)
        if action == "boost":
            answer(game, "boost_direction", "straight", jul)
        return game, jul

    def test_boost_then_remove_the_strain(self):
        """After his (red) boost action he may spend 1 charge to remove his strain token;
        the enemy's lock on him is not offered (a lock is left out), nor is decline the
        only answer."""
        game, jul = self.scene()
        assert set(values(game)) == {"token:strain", "token:stress", "decline"}
        answer(game, "use_ability", "token:strain", jul)
        ship = game.state.ships[jul]
        assert not ship.has(Token.STRAIN)
        assert ship.charges["juljerjerrod"].active == 2

    def test_declined_keeps_the_strain(self):
        """Declining: the strain token and the charges stay."""
        game, jul = self.scene()
        answer(game, "use_ability", "decline", jul)
        ship = game.state.ships[jul]
        assert ship.has(Token.STRAIN)
        assert ship.charges["juljerjerrod"].active == 3

    def test_not_without_a_charge(self):
        """With no charge left nothing is offered after the boost."""
        game, jul = self.scene(charges=0)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[jul].has(Token.STRAIN)

    def test_not_after_a_focus_action(self):
        """After a focus action nothing is offered."""
        game, jul = self.scene(action="focus")
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[jul].has(Token.STRAIN)


# ------------------------------------------------------------------------- Grudge
class TestGrudge:
    """A bomblet (2 attack dice, 1 damage per hit or crit) put at (400, 500) facing 180
    (its token just below y 500); an enemy TIE at (400, 560) is at range 1 of it and rolls
    blank and hit; the next die rolled shows a hit."""

    @staticmethod
    def scene(pilot: str = "grudge", y: float = 300, owner: int = 1):
        sc = Scene()
        grudge = sc.ship(pilot, at=(400, y, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 560, 0))
        game = sc.game()
        load_dice(game, ["blank", "hit", "hit"])
        start_at(game, Detonate(put(game, "bombletgenerator", (400, 500, 180), owner=owner)),
                 phase="activation")
        return game, grudge, tie

    @staticmethod
    def hurt(game, tie):
        ship = game.state.ships[tie]
        return len(ship.damage) + ship.shield_limit - ship.shields

    def test_reroll_the_blank_of_a_friendly_bomb(self):
        """His friendly bomb at range 0-2 detonates: he may reroll 1 of the dice the enemy
        rolled for it (the blank, into a hit): 2 damage instead of 1."""
        game, grudge, tie = self.scene()
        assert set(values(game)) == {"blank", "hit", "decline"}
        answer(game, "use_ability", "blank", grudge)
        pass_all(game)
        assert self.hurt(game, tie) == 2

    def test_a_cadet_rerolls_nothing(self):
        """A First Order Cadet in his place: nothing offered, 1 damage."""
        game, _cadet, tie = self.scene(pilot="firstordercadet")
        assert game.decision is None
        assert self.hurt(game, tie) == 1

    def test_not_beyond_range_2_of_the_bomb(self):
        """He is beyond range 2 of the bomb: nothing offered, 1 damage."""
        game, _grudge, tie = self.scene(y=100)
        assert game.decision is None
        assert self.hurt(game, tie) == 1

    def test_not_for_an_enemy_bomb(self):
        """The bomb is the other player's: nothing offered."""
        game, _grudge, tie = self.scene(owner=2)
        assert game.decision is None
        assert self.hurt(game, tie) == 1
