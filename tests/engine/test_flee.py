"""RR: FLEE, RR: PLAY AREA, RR: REMOVED FROM THE GAME (and the scoring ruling: the opponent earns
the squad points of a ship destroyed or fled)."""

from __future__ import annotations

from tallon.engine.state import Token
from tests.engine.conftest import (
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
    """FLEE: a ship flees if any part of its base is outside the play area after its
    maneuver; it is removed from the game: its tokens return to the supply, its locks and
    the locks on it break, and it performs no action. The opponent scores its squad
    points (ruling)."""
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
    """FLEE: a ship ending with its base (guides included) inside the play area stays."""
    game = scene((400, 914.4 - 23.3 - 120, 0), "2FB")
    game.answer("pass")
    d = drive(game, at("perform_action", "p1.1"))
    assert d is not None and game.state.ships["p1.1"].in_play


def test_a_bank_whose_template_leaves_the_area_but_base_stays_does_not_flee():
    """FLEE: while a ship moves, it does not flee if only the template is outside."""
    game = scene((30, 400, 315), "3YW")
    game.answer("pass")
    assert drive(game, at("perform_action", "p1.1")) is not None
    assert game.state.ships["p1.1"].in_play


def test_a_fled_ship_takes_no_further_part():
    """REMOVED FROM THE GAME: a fled ship is not given a dial, doesn't engage, and its
    player keeps playing with the other ships."""
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
    """FLEE: before a fleeing ship is removed, the only effects it resolves are those that
    trigger when it flees: no asteroid damage, no stress from its red maneuver."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 poses={"p1.1": (400, 700, 0), "p2.1": (100, 700, 180)},
                 obstacles=[("core2asteroid3", 400, 800, 0)])
    plan(game, {"p1.1": "4KR"})
    drive(game, lambda d: game.state.round == 2)
    ship = game.state.ships["p1.1"]
    assert ship.removed and ship.damage == [] and ship.shields == 2
    assert not events(game, "obstacle", "p1.1")
