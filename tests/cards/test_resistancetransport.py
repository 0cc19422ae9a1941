"""Resistance Transport pilots: each card in a scene built for it, compared with the same
scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import answer, finish, pass_all, rolled, values


# --------------------------------------------------------------------- Cova Nell
class TestCovaNell:
    def attack(self, dial: str, pilot: str = "covanell", defend: bool = False) -> int:
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), dial_set=dial, dial_revealed=True)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        if defend:
            game = sc.attack(tie, me, dice=["hit"] * 2, defense=["blank"] * 3)
        else:
            game = sc.attack(me, tie, dice=["hit"] * 3, defense=["blank"] * 3)
        finish(game)
        return len(rolled(game, me))

    def test_red_revealed_maneuver_adds_a_die(self):
        """Her revealed maneuver is the red [3 bank]: her primary attack rolls 3 dice, not
        2; the generic transport with the same dial rolls 2."""
        assert self.attack("3BR") == 3
        assert self.attack("3BR", pilot="logisticsdivisionpilot") == 2

    def test_defending_too(self):
        """Defending with a red revealed maneuver: 2 defense dice instead of 1."""
        assert self.attack("3BR", defend=True) == 2
        assert self.attack("2FB", defend=True) == 1

    def test_not_with_a_white_maneuver(self):
        """A white revealed maneuver: no extra die."""
        assert self.attack("3FW") == 2


# -------------------------------------------------------------- Pammich Nerro Goode
class TestPammichNerroGoode:
    def fly(self, pilot: str, stress: int) -> int | None:
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), stress=stress)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[me].dial_set = "3BR"
        start_at(game, Activate(me), phase="activation")
        pass_all(game)
        return game.state.ships[me].executed_speed

    def test_stressed_he_executes_the_red_maneuver(self):
        """With 1 stress token he executes his red [3 bank]; the generic transport gets the
        white [2 straight] instead."""
        assert self.fly("pammichnerrogoode", 1) == 3
        assert self.fly("logisticsdivisionpilot", 1) == 2

    def test_not_with_three_stress_tokens(self):
        """With 3 stress tokens he too gets the [2 straight]."""
        assert self.fly("pammichnerrogoode", 3) == 2


# ----------------------------------------------------------------- Nodin Chavdri
class TestNodinChavdri:
    def coordinated(self, pilot: str, stress: int):
        sc = Scene()
        boss = sc.ship("logisticsdivisionpilot", at=(400, 300, 0))
        me = sc.ship(pilot, at=(560, 300, 0), stress=stress)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(boss, during_activation=True), phase="activation")
        game.answer("coordinate")
        answer(game, "coordinate_target", me, boss)
        return game, me

    def test_coordinated_while_stressed_he_may_act_as_red(self):
        """Coordinated with 1 stress token, Nodin can't take the coordinated action, but
        may then perform a focus action as red: he gains a focus and a second stress
        token."""
        game, me = self.coordinated("nodinchavdri", 1)
        answer(game, "use_ability", "use", me)
        assert "focus" in values(game)
        answer(game, "perform_action", "focus", me)
        pass_all(game)
        ship = game.state.ships[me]
        assert ship.has(Token.FOCUS) and ship.count(Token.STRESS) == 2

    def test_without_him_nothing_happens(self):
        """A stressed generic transport, coordinated, gets no action at all."""
        game, me = self.coordinated("logisticsdivisionpilot", 1)
        pass_all(game)
        assert not game.state.ships[me].has(Token.FOCUS)

    def test_not_with_three_stress_tokens(self):
        """With 3 stress tokens Nodin is not offered the action."""
        game, me = self.coordinated("nodinchavdri", 3)
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert not game.state.ships[me].has(Token.FOCUS)


# -------------------------------------------------------------- Taka Jamoreesa
class TestTakaJamoreesa:
    def jam(self, pilot: str, near: bool = True):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0))
        target = sc.ship("academypilot", player=2, at=(400, 430, 180))
        other = sc.ship("academypilot", player=2, at=(490, 430, 180) if near
                        else (700, 800, 180))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        game.answer("jam")
        answer(game, "jam_target", target, me)
        pass_all(game)
        return game, target, other

    def test_a_second_ship_near_the_jammed_one_is_jammed(self):
        """Taka jams a TIE; the other TIE at range 0-1 of it gains a jam token too. The
        generic transport's jam jams only the first."""
        game, target, other = self.jam("takajamoreesa")
        assert game.state.ships[target].has(Token.JAM)
        assert game.state.ships[other].has(Token.JAM)
        game, target, other = self.jam("logisticsdivisionpilot")
        assert not game.state.ships[other].has(Token.JAM)

    def test_nobody_near_the_jammed_ship(self):
        """The other TIE is far from the jammed one: it gets no jam token."""
        game, target, other = self.jam("takajamoreesa", near=False)
        assert game.state.ships[target].has(Token.JAM)
        assert not game.state.ships[other].has(Token.JAM)
