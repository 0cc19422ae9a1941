"""RR: ROUND - a round is the Planning, System, Activation, Engagement and End Phases, in
that order. (Each phase has its own file: test_planning_phase, test_system_phase,
test_activation_phase, test_engagement_phase, test_end_phase; the number of rounds is in
test_game_length_and_tracking_rounds.)"""

from __future__ import annotations

from tests.rules.game_helpers import EMPIRE, REBEL, drive, spread, squad, start


def test_a_round_runs_planning_system_activation_engagement_end():
    """A T-65 and a TIE play round 1. RR: ROUND - five phases in order; the next round's
    Planning Phase starts after the End Phase. The log shows the dials (planning), the
    first-player roll, the reveals (activation), the engagements (engagement), then round
    2's Planning Phase."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 poses=spread(["p1.1", "p2.1"]))
    drive(game, lambda d: game.state.round == 2)
    kinds = [(e["round"], e["phase"], e["kind"]) for e in game.log if e["round"] >= 1]
    round1 = [k for k in kinds if k[0] == 1]
    order = [k[2] for k in round1 if k[2] in ("dial", "planning", "reveal", "engage")]
    assert order == ["dial", "dial", "planning", "reveal", "reveal", "engage", "engage"]
    assert [p for (_, p, k) in round1 if k == "reveal"] == ["activation"] * 2
    assert [p for (_, p, k) in round1 if k == "engage"] == ["engagement"] * 2
    assert kinds[len(round1)][:2] == (2, "planning")
