"""RR: DEFICIT - at the start of the game each player earns mission points equal to the
opponent's deficit."""

from __future__ import annotations

from tests.rules.game_helpers import EMPIRE, REBEL, new_game, squad

REBELS = squad(REBEL, "redsquadronveteran", "cavernangelszealot", "bluesquadronescort")
IMPERIALS = squad(EMPIRE, "blacksquadronace", "academypilot", "obsidiansquadronpilot")


def test_each_player_earns_the_opponents_deficit():
    """Three T-65s (15 squad points) against three TIEs (6). RR: DEFICIT - each player earns
    mission points equal to the opponent's deficit (20 minus their squad points). The rebels
    start with 14 mission points, the imperials with 5."""
    game = new_game(REBELS, IMPERIALS)
    assert [p.squad_points for p in game.state.players] == [15, 6]
    assert [p.mission_points for p in game.state.players] == [14, 5]
