"""RR: BOOST (straight/left/right with the 1-speed templates, failing), RR: FLEE (no fleeing
while boosting).

p1.1 (a T-65 with Engine Upgrade, or a Firespray) flies [1 straight] first, then boosts;
blockers are arranged after it moved."""

from __future__ import annotations

import pytest

from tallon.geometry import Pose
from tests.engine.conftest import (
    ASTEROID,
    REBEL,
    SCUM,
    failed,
    moved,
    solo_at_action,
)

XWING = ("cavernangelszealot", ["engineupgrade"])


def scene(pilot=XWING, faction: str = REBEL, at_pose=(400, 200, 0),
          blocker: tuple | None = None, obstacles: list = ()):
    """p1.1's action decision after its [1 straight]; the enemy TIE (initiative 3) is
    arranged at ``blocker`` (else far away)."""
    return solo_at_action(pilot, faction, at_pose=at_pose, blocker=blocker,
                          obstacles=obstacles)[0]


def boost(game, direction: str) -> None:
    game.answer("boost")
    d = game.decision
    assert (d.kind, d.option_keys()) == ("boost_direction", ["left", "straight", "right"])
    game.answer(direction)


def test_a_straight_boost_uses_the_1_straight_template():
    """BOOST: the [1 straight] template between the front guides, the ship's rear guides
    at its end: 40 mm of template plus the base."""
    game = scene()
    boost(game, "straight")
    assert game.state.ships["p1.1"].pose == Pose(400, 360, 0)
    assert not failed(game, "p1.1")


@pytest.mark.parametrize(("direction", "sign"), [("left", -1), ("right", 1)])
def test_a_boost_left_or_right_uses_the_1_bank(direction, sign):
    game = scene()
    start_pose = game.state.ships["p1.1"].pose
    boost(game, direction)
    right, forward, rotation = moved(game, "p1.1", start_pose)
    assert rotation == 45 * sign and right * sign > 0 and forward > 40


def test_a_medium_ship_boosts_its_base_length_plus_the_template():
    game = scene(pilot="bountyhunter", faction=SCUM)
    start_pose = game.state.ships["p1.1"].pose
    boost(game, "straight")
    assert moved(game, "p1.1", start_pose) == (0, 100, 0)


def test_a_boost_onto_a_ship_fails_and_the_ship_stays():
    """BOOST: the boost fails if the final position would overlap another ship; the ship
    returns to its prior position and the action fails."""
    game = scene(blocker=(400, 370, 180))
    boost(game, "straight")
    assert game.state.ships["p1.1"].pose == Pose(400, 280, 0) and failed(game, "p1.1")


def test_a_boost_onto_an_obstacle_fails():
    game = scene(obstacles=[(ASTEROID, 400, 380, 0)])
    boost(game, "straight")
    assert game.state.ships["p1.1"].pose == Pose(400, 280, 0) and failed(game, "p1.1")


def test_a_failed_boost_direction_is_the_declared_one():
    """BOOST: the player declares the direction; if that boost fails the action fails (it
    doesn't turn into another direction), even when another direction was free."""
    game = scene(blocker=(400, 370, 180))
    boost(game, "straight")
    assert failed(game, "p1.1")
    assert "boost" in game.state.ships["p1.1"].actions_done


def test_a_ship_can_not_flee_by_boosting():
    """BOOST / FLEE: a boost that would leave the play area fails; the ship stays."""
    game = scene(at_pose=(400, 914.4 - 23.3 - 80 - 60, 0))
    boost(game, "straight")
    ship = game.state.ships["p1.1"]
    assert ship.in_play and failed(game, "p1.1")
