"""RR: CLOAK (the cloak action and token, disarmed, decloaking in the System Phase: small
ships with the [2 straight], medium and large with the [1 straight]; failing; allowed while
stressed; not an action nor a maneuver), RR: SYSTEM PHASE, TOKEN COLORS (cloak is blue).

No ship the engine can play has the cloak action yet (the TIE Phantoms have the Stygium
Array ship ability): the cloak action and cloak tokens are arranged on generic ships."""

from __future__ import annotations

import pytest

from tallon.engine.effects import gain_token
from tallon.engine.state import ActionSpec, Token
from tallon.geometry import Pose
from tests.engine.conftest import (
    EMPIRE,
    REBEL,
    at,
    drive,
    events,
    failed,
    give,
    inject,
    offered,
    plan,
    refresh,
    solo,
    squad,
    start,
    to_action,
    tokens,
)


def cloaked(pilot: str = "bluesquadronescort", at_pose=(400, 300, 0), stressed: bool = False,
            others: dict | None = None, obstacles: list = ()):
    """A game at p1.1's (initiative 2) decloak decision (round 1 System Phase); the TIE
    p2.1 (initiative 1) activates first: its action decision follows the System Phase."""
    game = start(squad(REBEL, pilot, "redsquadronveteran"), squad(EMPIRE, "academypilot"),
                 poses={"p1.1": at_pose, "p1.2": (100, 60, 0), "p2.1": (800, 850, 180),
                        **(others or {})}, obstacles=list(obstacles))
    give(game, "p1.1", Token.CLOAK)
    if stressed:
        give(game, "p1.1", Token.STRESS)
    plan(game, {"p1.1": "2FB"})
    d = game.decision
    assert (d.kind, d.ship, d.player) == ("decloak", "p1.1", 0)
    assert game.state.phase == "system"
    return game


def test_the_cloak_action_gives_a_cloak_token_and_disarms():
    """CLOAK: performing the cloak action gains a cloak token; a cloaked ship is disarmed
    and cannot perform the cloak action again."""
    game = solo("cavernangelszealot")
    ship = game.state.ships["p1.1"]
    ship.actions = (*ship.actions, ActionSpec("cloak"))
    d = to_action(game, "p1.1", {"p1.1": "1FB"})
    assert "cloak" in offered(d)
    game.answer("cloak")
    assert tokens(game, "p1.1") == {"cloak": 1}
    assert ship.cloaked and ship.disarmed
    drive(game, lambda d: game.state.round == 2)
    assert tokens(game, "p1.1") == {"cloak": 1}            # blue: kept in the End Phase
    d = drive(game, at("decloak", "p1.1"))
    game.answer("pass")
    d = drive(game, at("perform_action", "p1.1"))
    assert "cloak" not in offered(d)


def test_a_cloaked_ship_can_not_gain_a_second_cloak_token():
    game = cloaked()
    inject(game, lambda g: gain_token(g, g.state.ships["p1.1"], Token.CLOAK))
    assert tokens(game, "p1.1") == {"cloak": 1}


def test_only_cloaked_ships_have_a_system_phase_decision():
    """SYSTEM PHASE: ships without System Phase abilities resolve nothing: only the cloaked
    ship is asked."""
    game = cloaked()
    assert game.decision.option_keys() == ["pass", "boost", "left", "right"]
    game.answer("pass")
    assert game.state.phase == "activation"
    assert tokens(game, "p1.1") == {"cloak": 1}


def test_a_small_ship_decloaks_with_the_2_straight_boost():
    game = cloaked()
    game.answer("boost")
    assert game.state.ships["p1.1"].pose == Pose(400, 420, 0)
    assert tokens(game, "p1.1") == {}


@pytest.mark.parametrize(("side", "position", "expected"), [
    ("left", "middle", (280, 300)), ("right", "front", (520, 310)),
    ("right", "back", (520, 290))])
def test_a_small_ship_decloaks_with_the_2_straight_barrel_roll(side, position, expected):
    """CLOAK: a small ship barrel rolls with the [2 straight]: 80 mm of template plus the
    base sideways, then front/middle/back."""
    game = cloaked()
    game.answer(side)
    d = game.decision
    assert (d.kind, d.option_keys()) == ("decloak_position", ["front", "middle", "back"])
    game.answer(position)
    assert game.state.ships["p1.1"].pose == Pose(*expected, 0)
    assert tokens(game, "p1.1") == {}


def test_a_medium_ship_decloaks_with_the_1_straight():
    """CLOAK: a medium ship decloaks with the [1 straight]: boost 60 + 40 mm, barrel roll
    (long edge) 60 + 20 mm sideways."""
    game = cloaked(pilot="bluesquadronscout")
    game.answer("boost")
    assert game.state.ships["p1.1"].pose == Pose(400, 400, 0)
    game = cloaked(pilot="bluesquadronscout")
    game.answer("right")
    game.answer("middle")
    assert game.state.ships["p1.1"].pose == Pose(480, 300, 0)


def test_a_failed_decloak_keeps_the_ship_and_its_cloak_token():
    """CLOAK: if a decloak fails the ship returns to its prior position and the cloak token
    is not removed (a ship in the way of the boost)."""
    game = cloaked(others={"p1.2": (400, 420, 0)})
    game.answer("boost")
    assert game.state.ships["p1.1"].pose == Pose(400, 300, 0)
    assert tokens(game, "p1.1") == {"cloak": 1}
    assert failed(game, "p1.1", "decloak")


def test_a_decloak_through_an_obstacle_fails():
    """CLOAK / BOOST: decloaking is a boost or barrel roll, which fails if it would move
    through or overlap an obstacle: the ship stays cloaked where it was."""
    game = cloaked(obstacles=[("core2asteroid3", 400, 370, 0)])
    game.answer("boost")
    ship = game.state.ships["p1.1"]
    assert ship.pose == Pose(400, 300, 0) and ship.cloaked
    assert not events(game, "obstacle", "p1.1")


def test_a_ship_can_not_flee_by_decloaking():
    """FLEE: a ship cannot flee while decloaking: the decloak fails instead."""
    game = cloaked(at_pose=(60, 300, 0))
    game.answer("left")
    ship = game.state.ships["p1.1"]
    assert ship.in_play and ship.pose == Pose(60, 300, 0) and ship.cloaked


def test_a_stressed_ship_can_decloak():
    game = cloaked(stressed=True)
    game.answer("boost")
    assert tokens(game, "p1.1") == {"stress": 1}
    assert game.state.ships["p1.1"].pose == Pose(400, 420, 0)


def test_decloaking_is_neither_an_action_nor_a_maneuver():
    """CLOAK: decloaking does not count as performing an action (the ship may boost as its
    action later) nor as executing a maneuver (it still executes its dial)."""
    game = cloaked(pilot=("bluesquadronescort", ["engineupgrade"]))
    game.answer("boost")
    ship = game.state.ships["p1.1"]
    assert ship.actions_done == set() and ship.executed_speed is None
    d = drive(game, at("perform_action", "p1.1"))
    assert "boost" in offered(d)
    assert ship.pose == Pose(400, 540, 0)            # decloak 120, then [2 straight] 120


def test_cloaked_ships_decloak_in_ascending_initiative():
    """SYSTEM PHASE: in ascending initiative order: two cloaked ships, initiative 1 then 3."""
    game = start(squad(REBEL, "cavernangelszealot", "redsquadronveteran"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (300, 300, 0), "p1.2": (600, 300, 0), "p2.1": (800, 850, 180)})
    give(game, "p1.1", Token.CLOAK)
    give(game, "p1.2", Token.CLOAK)
    refresh(game)
    plan(game)
    assert game.decision.ship == "p1.1"
    game.answer("pass")
    assert (game.decision.kind, game.decision.ship) == ("decloak", "p1.2")
