"""The ace's judgement of fleeing risk (issue 13: "fleeing risk"; RR: FLEE): a position
from which every maneuver of the ship's dial would take it off the table next round is
as good as a ship lost, and judged so (`tallon.agents.planning.trapped`,
`TRAPPED_COST`)."""

from __future__ import annotations

import pytest

from tallon.agents import planning
from tallon.agents.ace import AceAgent
from tallon.agents.planning import trapped
from tallon.agents.reading import read_pieces
from tallon.engine.rounds import SetDial
from tallon.geometry import BaseSize, Pose, Ship, Table, execute_maneuver
from tallon.scene import Scene


def _dial(pilot: str) -> tuple[str, ...]:
    sc = Scene()
    ship = sc.ship(pilot, at=(457, 457, 0))
    sc.ship("academypilot", player=2, at=(457, 800, 180))
    view = sc.game().view(1)
    return next(p.dial for p in read_pieces(view) if p.id == ship)


@pytest.mark.parametrize(("pose", "expected"), [
    (Pose(767.06, 52.55, 174.25), True),   # facing the bottom edge, 52 mm from it
    (Pose(698.88, 80.86, 264.25), False),  # as near, flying along it
    (Pose(457.2, 457.2, 180.0), False),    # mid-table
])
def test_a_ship_is_trapped_only_where_every_maneuver_of_its_dial_flees(pose, expected):
    """Situation: Boba Fett's Firespray (medium base) at a pose. Rule: RR: FLEE - a ship
    whose final position is partly outside the play area flees. Expected: trapped where
    every maneuver of its dial, flown exactly on an empty table, flees, and only there."""
    dial = _dial("bobafett")
    table = Table(ships=(Ship("x", pose, BaseSize("medium")),))
    all_flee = all(execute_maneuver(table, "x", code).fled for code in dial)
    assert all_flee is expected
    assert trapped(pose, "medium", dial) is expected


def _chosen_end_trapped(monkeypatch: pytest.MonkeyPatch, cost: float) -> bool:
    monkeypatch.setattr(planning, "TRAPPED_COST", cost)
    sc = Scene()
    boba = sc.ship("bobafett", at=(757, 152, 174.25))
    sc.ship("academypilot", player=2, at=(600, 60, 90))
    game = sc.at(SetDial(boba), phase="planning")
    decision = game.decision
    assert decision.kind == "set_dial"
    code = AceAgent(1).choose(game.view(1), decision)
    outcome = execute_maneuver(game.state.table(), boba, code)
    assert not outcome.fled, code
    return trapped(outcome.final, "medium", _dial("bobafett"))


def test_the_ace_does_not_fly_where_every_maneuver_flees_next_round(monkeypatch):
    """Situation: planning; Boba Fett 150 mm from the bottom edge, facing it, an Academy
    Pilot off to the left near the same edge (seen in an ace game: a 1 straight there
    left it facing the edge 52 mm away, and next round every maneuver fled). Expected: the
    ace sets a maneuver after which some maneuver stays on the table; judged without the
    cost of being trapped, it chose one after which none does (so the judgement is what
    keeps it on the table)."""
    assert not _chosen_end_trapped(monkeypatch, planning.TRAPPED_COST)
    assert _chosen_end_trapped(monkeypatch, 0.0)
