"""Quadrijet Transfer Spacetug pilots and the Spacetug Tractor Array ship ability: each test
sets a scene, states the card's rule and shows the ability changing the outcome (the same
scene without the card, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1,
200 mm at range 2, 300 mm at range 3."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import StartEngagement, SystemTurn
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import pass_all, rolled, values

TUG = "Spacetug Tractor Array"


# -------------------------------------------------------- Spacetug Tractor Array
def tug_game(x: float, y: float, friendly: bool = False):
    sc = Scene()
    tug = sc.ship("jakkugunrunner", at=(400, 300, 0))
    other = sc.ship("academypilot", player=1 if friendly else 2,
                    at=(400 + x, y, 0 if friendly else 180))
    if friendly:
        sc.ship("academypilot", player=2, at=(400, 850, 180))
    return sc.at(PerformAction(tug, during_activation=True), phase="activation"), tug, other


class TestSpacetugTractorArray:
    @pytest.mark.parametrize("x, tokens", [(0, 2), (60, 1)])
    def test_tractors_a_ship_in_the_front_arc_at_range_1(self, x, tokens):
        """Spacetug Tractor Array: Action: a ship in the front arc at range 1 gains 1
        tractor token, 2 if it is in the bullseye arc at range 1 (a small ship with 1 token
        is tractored and the Quadjumper's player moves it)."""
        game, _, tie = tug_game(x, 420)
        game.answer(TUG)
        if game.decision is not None and game.decision.kind == "card_action":
            game.answer(tie)
        assert game.state.ships[tie].count(Token.TRACTOR) == tokens
        assert game.decision.kind == "tractor_move" and game.decision.player == 1

    def test_a_friendly_ship_too(self):
        """"A ship": a friendly ship in the bullseye arc at range 1 is tractored too."""
        game, _, friend = tug_game(0, 400, friendly=True)
        game.answer(TUG)
        assert game.state.ships[friend].count(Token.TRACTOR) == 2

    @pytest.mark.parametrize("x, y", [(0, 550), (0, 340)])
    def test_not_at_range_2_nor_at_range_0(self, x, y):
        """A ship at range 2, or touching the Quadjumper (range 0), can't be chosen: the
        action does nothing (it fails) and the ship gains no token."""
        game, _tug, tie = tug_game(x, y)
        if TUG in values(game):
            game.answer(TUG)
        assert not game.state.ships[tie].has(Token.TRACTOR)


# ------------------------------------------------------------------- no ability
def test_jakku_gunrunner_sets_up_and_fights():
    """Jakku Gunrunner prints flavour text only: with its ship ability played it is played
    by the rules alone (2 attack dice at range 2)."""
    sc = Scene()
    tug = sc.ship("jakkugunrunner", at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tug, target, dice=["hit", "hit"], defense=["blank"] * 3)
    pass_all(game)
    assert len(game.state.ships[target].damage) == 2


# -------------------------------------------------------------- Constable Zuvio
def system_turn(pilot: str, upgrades: list[str]):
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades)
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    start_at(game, SystemTurn(me), phase="system")
    return game, me


class TestConstableZuvio:
    def test_may_launch_a_dropped_bomb_with_the_1_straight(self):
        """Constable Zuvio: a device he would drop (proton bombs: [1 straight] drop) he may
        launch with the [1 straight] template instead: in front of him, not behind. A Jakku
        Gunrunner is offered the drop only."""
        game, _me = system_turn("constablezuvio", ["protonbombs"])
        assert values(game) == ["1F", "launch:1F", "decline"]
        game.answer("launch:1F")
        bomb = game.state.devices[0]
        assert bomb.pose.y > 300
        other, _ = system_turn("jakkugunrunner", ["protonbombs"])
        assert values(other) == ["1F", "decline"]

    def test_the_plain_drop_stays_behind(self):
        """Dropped as the card says, the bomb lies behind him."""
        game, _me = system_turn("constablezuvio", ["protonbombs"])
        game.answer("1F")
        assert game.state.devices[0].pose.y < 300


# ------------------------------------------------------------------ Sarco Plank
def sarco_defends(pilot: str, speed: int | None) -> int:
    """How many defense dice the Quadjumper rolls against a TIE at range 2, having executed
    a maneuver of ``speed`` this round (None: none)."""
    sc = Scene()
    sarco = sc.ship(pilot, at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.at(Engage(tie))
    game.state.ships[sarco].executed_speed = speed
    load_dice(game, ["hit", "hit"], ["blank"] * 4)
    declare(game, tie, sarco)
    pass_all(game)
    return len(rolled(game, sarco))


class TestSarcoPlank:
    @pytest.mark.parametrize("pilot, speed, dice", [
        ("sarcoplank", 3, 3), ("jakkugunrunner", 3, 2), ("sarcoplank", None, 2),
        ("sarcoplank", 1, 2)])
    def test_agility_equal_to_the_speed_executed(self, pilot, speed, dice):
        """Sarco Plank: defending, he may treat his agility (2) as the speed of the maneuver
        he executed this round: after a speed 3 maneuver he rolls 3 defense dice at range 2
        (another Quadjumper, 2). Without a maneuver, or after a slower one, he keeps his
        own agility (the "may" is not used to roll fewer dice)."""
        assert sarco_defends(pilot, speed) == dice


# ------------------------------------------------------------------ Unkar Plutt
def unkar_game(pilot: str, y: float):
    sc = Scene()
    unkar = sc.ship(pilot, at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, y, 180))
    return sc.at(StartEngagement()), unkar, tie


class TestUnkarPlutt:
    def test_he_and_each_ship_at_range_0_gain_a_tractor_token(self):
        """Unkar Plutt: at the start of the Engagement Phase, with another ship at range 0
        (touching his base), he and that ship each gain 1 tractor token (his player moves
        the tractored TIE). Another Quadjumper gains nothing."""
        game, unkar, tie = unkar_game("unkarplutt", 340)
        assert game.state.ships[unkar].count(Token.TRACTOR) == 1
        assert game.state.ships[tie].count(Token.TRACTOR) == 1
        assert game.decision.kind == "tractor_move" and game.decision.player == 1
        game, unkar, tie = unkar_game("jakkugunrunner", 340)
        assert not game.state.ships[tie].has(Token.TRACTOR)

    def test_not_without_a_ship_at_range_0(self):
        """With the TIE at range 1, nobody gains a tractor token, Unkar included."""
        game, unkar, tie = unkar_game("unkarplutt", 420)
        assert not game.state.ships[unkar].has(Token.TRACTOR)
        assert not game.state.ships[tie].has(Token.TRACTOR)
