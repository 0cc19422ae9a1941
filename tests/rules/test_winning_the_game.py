"""RR: WINNING THE GAME - the player with more mission points wins; equal points, or both
fleets gone in the same round, are a draw. (The twelve-round game won on points:
test_game_length_and_tracking_rounds.)"""

from __future__ import annotations

from tests.rules.game_helpers import EMPIRE, REBEL, drive, plan, spread, squad, start


def test_equal_mission_points_are_a_draw():
    """Two identical rebel squads play a one-round game. RR: WINNING THE GAME - the player
    with the most mission points wins. With equal points the game is a draw (no winner)."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(REBEL, "bluesquadronescort"),
                 poses=spread(["p1.1", "p2.1"]), rounds=1)
    drive(game)
    assert game.over and game.state.winner is None


def test_both_fleets_gone_is_a_draw():
    """Both players' only ships fly off the table in round 1. RR: WINNING THE GAME,
    RR: REMOVED FROM THE GAME - the game ends at the end of that round and nobody has more
    ships. The game is over in round 1 with no winner (the engine: a draw)."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 poses={"p1.1": (300, 880, 0), "p2.1": (600, 30, 180)})
    plan(game, {"p1.1": "2FB", "p2.1": "2FB"})
    drive(game)
    assert game.over and game.state.round == 1 and game.state.winner is None
