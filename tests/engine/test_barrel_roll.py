"""RR: BARREL ROLL (left or right, front/middle/back, failing), RR: SHIP SIZES (medium and large
ships barrel roll with the template's long edge), RR: FLEE (no fleeing while barrel rolling).

p1.1 flies [1 straight] first (alone at its initiative), then barrel rolls; blockers are
arranged after it moved."""

from __future__ import annotations

import pytest

from tallon.engine.state import Token
from tallon.geometry import Pose
from tests.engine.conftest import (
    ASTEROID,
    REBEL,
    SCUM,
    failed,
    solo_at_action,
    tokens,
)


def scene(pilot: str = "cavernangelszealot", faction: str = REBEL,
          at_pose: tuple[float, float, float] = (400, 200, 0), blocker: tuple | None = None,
          obstacles: list = ()):
    """p1.1's action decision after its [1 straight]; the enemy TIE (initiative 3) is
    arranged at ``blocker`` (else far away)."""
    return solo_at_action(pilot, faction, at_pose=at_pose, blocker=blocker,
                          obstacles=obstacles)[0]


def roll(game, side: str, position: str | None = None):
    game.answer("barrel_roll")
    d = game.decision
    assert (d.kind, d.option_keys()) == ("barrel_roll_direction", ["left", "right"])
    game.answer(side)
    if position is not None:
        game.answer(position)
    return game.decision


@pytest.mark.parametrize(("side", "position", "expected"), [
    ("right", "middle", (480, 280)), ("right", "front", (480, 290)),
    ("right", "back", (480, 270)), ("left", "middle", (320, 280)),
    ("left", "front", (320, 290)),
])
def test_a_small_ship_barrel_rolls_with_the_narrow_edge(side, position, expected):
    """BARREL ROLL: the [1 straight] template's narrow edge against the side, the ship
    placed at the far end with its side hashmark at the template's front, middle or back:
    40 mm of template plus the 40 mm base sideways, 10 mm forward or back; facing kept."""
    game = scene()
    d = roll(game, side)
    assert (d.kind, d.option_keys()) == ("barrel_roll_position", ["front", "middle", "back"])
    game.answer(position)
    assert game.state.ships["p1.1"].pose == Pose(*expected, 0)


@pytest.mark.parametrize(("pilot", "dx", "shift"), [("outerrimenforcer", 80, 20),
                                                     ("contractedscout", 100, 20)])
def test_medium_and_large_ships_barrel_roll_with_the_long_edge(pilot, dx, shift):
    """BARREL ROLL / SHIP SIZES: medium and large ships use the template's long edge: 20 mm
    of template plus the base sideways, the 40 mm edge giving 20 mm forward or back."""
    game = scene(pilot=pilot, faction=SCUM)
    start_pose = game.state.ships["p1.1"].pose
    roll(game, "right", "front")
    r, f, rot = game.state.ships["p1.1"].pose.relative_to(start_pose)
    assert (round(r, 6), round(f, 6), rot) == (dx, shift, 0)


def test_only_the_positions_that_fit_are_offered():
    """BARREL ROLL: the player may try front, middle and back; a position overlapping a
    ship can't be chosen (the player cannot choose to fail while one position works)."""
    game = scene(blocker=(480, 325, 90))
    d = roll(game, "right")
    assert d.option_keys() == ["middle", "back"]


def test_a_single_fitting_position_is_taken():
    game = scene(blocker=(480, 245, 90))
    d = roll(game, "right")
    assert d is None or d.ship != "p1.1" or d.kind != "barrel_roll_position"
    assert game.state.ships["p1.1"].pose == Pose(480, 290, 0)


def test_a_barrel_roll_fails_when_every_position_overlaps_a_ship():
    """BARREL ROLL: it fails if all three positions would overlap another ship; the ship
    returns to its prior position and the action fails."""
    game = scene(blocker=(485, 280, 0))
    roll(game, "right")
    assert game.state.ships["p1.1"].pose == Pose(400, 280, 0)
    assert failed(game, "p1.1")


def test_a_barrel_roll_fails_through_an_obstacle():
    """BARREL ROLL: it fails if the positions would overlap or move through an obstacle
    (an asteroid across the template and the positions)."""
    game = scene(obstacles=[("core2asteroid3", 450, 280, 0)])
    roll(game, "right")
    assert game.state.ships["p1.1"].pose == Pose(400, 280, 0) and failed(game, "p1.1")


def test_a_barrel_roll_onto_an_obstacle_fails():
    game = scene(obstacles=[(ASTEROID, 520, 280, 0)])
    roll(game, "right")
    assert game.state.ships["p1.1"].pose == Pose(400, 280, 0) and failed(game, "p1.1")


def test_a_ship_can_not_flee_by_barrel_rolling():
    """BARREL ROLL / FLEE: all positions outside the play area make the barrel roll fail;
    the ship does not flee."""
    game = scene(at_pose=(50, 200, 0))
    roll(game, "left")
    ship = game.state.ships["p1.1"]
    assert ship.in_play and ship.pose == Pose(50, 280, 0) and failed(game, "p1.1")


def test_a_barrel_roll_is_not_a_maneuver():
    """BARREL ROLL: performing a barrel roll does not count as executing a maneuver: no
    difficulty is checked and the maneuver executed this round stays the [1 straight]."""
    game = scene()
    roll(game, "right", "middle")
    ship = game.state.ships["p1.1"]
    assert ship.executed_speed == 1 and tokens(game, "p1.1") == {}
    assert [e["maneuver"] for e in (x for x in game.log if x["kind"] == "move"
                                    and x.get("ship") == "p1.1" and "maneuver" in x)] == ["1FB"]
    assert Token.STRESS not in ship.tokens
