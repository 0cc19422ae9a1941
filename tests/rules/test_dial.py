"""RR: DIAL - the dial a player sets for a ship in the Planning Phase. (That the opponent
cannot see it before it is revealed is tested with the game's views, in
tests/engine/test_decisions.py.)"""

from __future__ import annotations

from tests.rules.game_helpers import EMPIRE, REBEL, at, drive, spread, squad, start


def test_a_dial_may_repeat_the_previous_maneuver():
    """A T-65 flew a [1 straight] in round 1. RR: DIAL - any maneuver of the dial can be
    set, the previous one too. In round 2 its dial offers the [1 straight] again."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 poses=spread(["p1.1", "p2.1"]))
    drive(game, lambda d: game.state.round == 2, dials={"p1.1": "1FB"})
    assert "1FB" in drive(game, at("set_dial", "p1.1")).option_keys()
