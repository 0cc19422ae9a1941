"""The ace's judgement of fleeing risk (issue 13: "fleeing risk"; RR: FLEE): a position
from which every maneuver of the ship's dial would take it off the table next round is
as good as a ship lost, and judged so (`tallon.agents.edges.trapped`,
`planning.TRAPPED_COST`); one from which every maneuver flees or ends so, a round later,
nearly as bad (`planning.DOOMED_COST`)."""

from __future__ import annotations

import pytest

from tallon.agents import planning
from tallon.agents.ace import AceAgent
from tallon.agents.edges import trapped
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


def _survivors(pose: Pose, size: str, dial: tuple[str, ...], stressed: bool = False
               ) -> list[tuple[str, Pose]]:
    """The maneuvers of ``dial`` (no red one if ``stressed``) that keep a ship at
    ``pose`` on an empty table, flown exactly, and where each ends."""
    table = Table(ships=(Ship("x", pose, BaseSize(size)),))
    found = []
    for code in dial:
        if stressed and code.endswith("R"):
            continue
        outcome = execute_maneuver(table, "x", code)
        if not outcome.fled:
            found.append((code, outcome.final))
    return found


@pytest.mark.parametrize(("pilot", "size", "pose"), [
    # a BTA-NR2 Y-wing near the top right corner, heading into it: only a 1 bank right
    # stays, into the corner (seen: it fled the round after)
    ("legafossang", "small", Pose(792.015, 840.043, 45.0)),
    # a YV-666 facing the right edge 88 mm from it: only the red stop stays, and stressed
    # by it the ship has no stop the round after (seen: it fled then)
    ("doctoraphra", "large", Pose(826.338, 131.858, 90.0)),
])
def test_a_ship_is_doomed_where_every_maneuver_flees_or_ends_trapped(pilot, size, pose):
    """Situation: a ship at a pose from which some maneuver stays on the table. Rule:
    RR: FLEE; RR: STRESS (a red maneuver stresses the ship, and a stressed ship cannot
    execute a red maneuver). Expected: not trapped this round, but within two rounds
    (DOOMED_COST), exactly as flying every maneuver and then every maneuver from where
    each ends says."""
    dial = _dial(pilot)
    first = _survivors(pose, size, dial)
    assert first
    assert not any(_survivors(end, size, dial, stressed=code.endswith("R"))
                   for code, end in first)
    assert trapped(pose, size, dial) is False
    assert trapped(pose, size, dial, rounds=2) is True


def test_a_base_turned_to_its_heading_reaches_further_than_its_half_width():
    """Situation: Leia Organa's YT-1300 (large base) 91 mm from the bottom edge, heading
    150 degrees (towards it, angled). Rule: RR: FLEE - any part of the base outside the
    play area. Expected: trapped: every maneuver flies off the table, even those whose end
    centres its base more than half a base width from the edge (the base ends turned,
    its corners nearer)."""
    pose = Pose(481.04, 90.792, 150.352)
    dial = _dial("leiaorgana")
    assert not _survivors(pose, "large", dial)
    assert trapped(pose, "large", dial)
