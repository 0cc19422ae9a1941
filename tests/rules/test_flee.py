"""RR: FLEE - a ship flees when any part of its base (guides included) is outside the play
area (RR: PLAY AREA) after it moves, but not if only the template is outside; a fled ship
is removed from the game (RR: REMOVED FROM THE GAME) and resolves nothing else first.

The first tests fly maneuvers on a table (the geometry); the others in a game, where p1.1
(a T-65, initiative 2) flies between TIEs at initiatives 1 and 3, which give the moments
before and after."""

from __future__ import annotations

import pytest

from tallon.engine.state import Token
from tallon.geometry import Table, execute_maneuver
from tests.conftest import ship
from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    at,
    drive,
    events,
    give,
    plan,
    squad,
    start,
    tokens,
)


# ------------------------------------------------------------ inside or outside
def test_base_crossing_the_edge_flees(table_svg):
    """A ship near the far edge flies [1 straight] and part of its base ends beyond the
    edge. RR: FLEE - a ship flees if any part of its base is outside the play area. It
    flees."""
    table = table_svg(Table(ships=(ship("a", 300, 850),)))
    assert execute_maneuver(table, "a", "1F").fled


def test_only_the_template_outside_does_not_flee(table_svg):
    """A ship near the left edge flies a [3 turn right] whose template swings past the edge
    while the base starts and ends inside. RR: FLEE ("While a ship moves, the ship does not
    flee if only the template is outside the play area"). It does not flee."""
    table = table_svg(Table(ships=(ship("a", 30, 400, 315),)))
    outcome = execute_maneuver(table, "a", "3Y")
    assert min(x for x, _ in outcome.full_template.outline()) < -10
    assert not outcome.fled


def test_ending_across_the_edge_flees(table_svg):
    """A ship at the left edge flies a [2 bank left] that ends with its base across the
    edge. RR: FLEE, RR: PLAY AREA. It flees."""
    table = table_svg(Table(ships=(ship("a", 25, 300, 0),)))
    assert execute_maneuver(table, "a", "2B").fled


def test_a_guide_outside_the_play_area_flees(table_svg):
    """A ship ends with only its front guides (3.3 mm) half a millimetre past the far edge;
    another ends with them exactly on it. RR: FLEE - guides are part of the base (ignored
    only for range and arcs; ruling: docs/rulings.md, Guides). The first flees, the second
    does not."""
    table = table_svg(Table(ships=(ship("a", 300, 914.4 - 20 - 3.3 - 80 + 0.5),)))
    assert execute_maneuver(table, "a", "1F").fled
    table = table_svg(Table(ships=(ship("b", 300, 914.4 - 20 - 3.3 - 80),)))
    assert not execute_maneuver(table, "b", "1F").fled


@pytest.mark.parametrize("edge", ["left", "right", "near", "far"])
def test_touching_the_edge_is_inside(edge, table_svg):
    """A ship whose base (guides included) touches the left, right, near or far edge
    executes a stationary maneuver. RR: PLAY AREA, RR: FLEE - a base exactly on the edge is
    not outside. It does not flee."""
    x, y, heading = {"left": (20 + 3.3, 300, 90), "right": (914.4 - 23.3, 300, 90),
                     "near": (300, 23.3, 0), "far": (300, 914.4 - 23.3, 0)}[edge]
    table = table_svg(Table(ships=(ship("a", x, y, heading),)))
    assert not execute_maneuver(table, "a", "0O").fled


# ------------------------------------------------------------------ in a game
def scene(p1_pose: tuple[float, float, float], code: str):
    """p1.1 (T-65, initiative 2) flies ``code``; the TIEs at initiatives 1 and 3 give the
    moments before and after."""
    game = start(squad(REBEL, "bluesquadronescort", "redsquadronveteran"),
                 squad(EMPIRE, "academypilot", "blacksquadronace"),
                 poses={"p1.1": p1_pose, "p1.2": (100, 100, 0), "p2.1": (100, 700, 180),
                        "p2.2": (600, 600, 180)})
    plan(game, {"p1.1": code})
    drive(game, at("perform_action", "p2.1"))
    return game


def test_a_ship_ending_partly_outside_the_play_area_flees_and_is_removed():
    """A stressed, focused T-65 with a lock, and locked by a TIE, flies [2 straight] over
    the far edge. RR: FLEE, RR: REMOVED FROM THE GAME - it flees and is removed: its tokens
    return to the supply, its locks and the locks on it break, and it performs no action;
    the opponent scores its squad points (ruling). It is removed (not destroyed) with no
    token and no lock, the TIE's lock is gone, and player 2 gains its cost."""
    game = scene((400, 850, 0), "2FB")
    ship = game.state.ships["p1.1"]
    give(game, "p1.1", Token.STRESS)
    give(game, "p1.1", Token.FOCUS)
    ship.locks = ["p2.2"]
    game.state.ships["p2.2"].locks = ["p1.1"]
    points = game.state.players[1].mission_points
    game.answer("pass")
    d = drive(game, lambda d: d.ship != "p2.1")
    assert d.ship != "p1.1"
    assert ship.removed and not ship.in_play and not ship.destroyed
    assert tokens(game, "p1.1") == {} and ship.locks == []
    assert game.state.ships["p2.2"].locks == []
    assert game.state.players[1].mission_points == points + ship.cost
    assert [e["reason"] for e in events(game, "removed", "p1.1")] == ["fled"]


def test_a_ship_ending_inside_does_not_flee():
    """A T-65 flies [2 straight] to end with its front guides just inside the far edge.
    RR: FLEE. It stays in play and is offered its action."""
    game = scene((400, 914.4 - 23.3 - 120, 0), "2FB")
    game.answer("pass")
    d = drive(game, at("perform_action", "p1.1"))
    assert d is not None and game.state.ships["p1.1"].in_play


def test_a_bank_whose_template_leaves_the_area_but_base_stays_does_not_flee():
    """A T-65 at the left edge flies a [3 turn right] whose template leaves the play area
    while its base stays inside. RR: FLEE - while a ship moves, it does not flee if only the
    template is outside. It is offered its action and stays in play."""
    game = scene((30, 400, 315), "3YW")
    game.answer("pass")
    assert drive(game, at("perform_action", "p1.1")) is not None
    assert game.state.ships["p1.1"].in_play


def test_a_fled_ship_takes_no_further_part():
    """A T-65 flees in round 1; its player has another T-65. RR: REMOVED FROM THE GAME - a
    fled ship takes no further part. It does not engage, is not given a dial in round 2 (the
    other T-65 is), and the game goes on."""
    game = scene((400, 850, 0), "2FB")
    game.answer("pass")
    drive(game, lambda d: game.state.round == 2)
    assert not [e for e in events(game, "engage", "p1.1")]
    asked = []
    while game.decision.kind == "set_dial":
        asked.append(game.decision.ship)
        game.answer(game.decision.options[0].key)
    assert "p1.1" not in asked and "p1.2" in asked
    assert not game.over


def test_a_fleeing_ship_resolves_no_obstacle_it_moved_through():
    """A T-65 flies a red [4 Koiogran turn] across an asteroid and off the far edge.
    RR: FLEE - before a fleeing ship is removed, it resolves only the effects that trigger
    when it flees. It is removed with no damage and both shields: the asteroid had no
    effect."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 poses={"p1.1": (400, 700, 0), "p2.1": (100, 700, 180)},
                 obstacles=[("core2asteroid3", 400, 800, 0)])
    plan(game, {"p1.1": "4KR"})
    drive(game, lambda d: game.state.round == 2)
    ship = game.state.ships["p1.1"]
    assert ship.removed and ship.damage == () and ship.shields == 2
    assert not events(game, "obstacle", "p1.1")
