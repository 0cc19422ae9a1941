"""RR: GAME LENGTH AND TRACKING ROUNDS - a game lasts twelve rounds unless the players agree
otherwise, and ends at the end of a round in which a player has lost all their ships
(RR: REMOVED FROM THE GAME)."""

from __future__ import annotations

from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    at,
    drive,
    events,
    plan,
    spread,
    squad,
    start,
    tokens,
)


def test_a_game_lasts_twelve_rounds_by_default():
    """A T-65 and a TIE circle near their edges for a whole game.
    RR: GAME LENGTH AND TRACKING ROUNDS - at the end of the twelfth round the game ends;
    RR: WINNING THE GAME - the player with more mission points wins (here only the deficits
    count). The game is over after round 12, 18 points to 15, won by player 1."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 poses={"p1.1": (300, 300, 90), "p2.1": (600, 600, 270)})
    assert game.state.last_round == 12
    drive(game, dials={"p1.1": "1BB", "p2.1": "1TW"})  # circling near their edges
    s = game.state
    assert s.over and s.round == 12 and s.phase == "over"
    assert [p.mission_points for p in s.players] == [18, 15]
    assert s.winner == 1


def test_the_number_of_rounds_is_configurable():
    """A game set up for 2 rounds. RR: GAME LENGTH AND TRACKING ROUNDS - players may agree
    on another number of rounds. It is over after round 2."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 poses=spread(["p1.1", "p2.1"]), rounds=2)
    drive(game)
    assert game.over and game.state.round == 2


def test_a_player_without_ships_loses_at_the_end_of_the_round():
    """Player 1's only T-65 flies off the far edge in round 1; player 2 has two TIEs.
    RR: GAME LENGTH AND TRACKING ROUNDS, RR: REMOVED FROM THE GAME - if all of a player's
    ships are removed, the game ends at the end of the round (not at once). The TIEs still
    act and engage, the End Phase removes the focus token, and player 2 wins in round 1."""
    game = start(squad(REBEL, "bluesquadronescort"),
                 squad(EMPIRE, "academypilot", "blacksquadronace"),
                 poses={"p1.1": (300, 880, 0), "p2.1": (100, 700, 180),
                        "p2.2": (700, 700, 180)})
    plan(game, {"p1.1": "2FB"})                           # flies off the far edge
    assert drive(game, at("perform_action", "p2.2")).ship == "p2.2"
    assert game.state.ships["p1.1"].removed and not game.over
    game.answer("focus")
    drive(game)
    s = game.state
    assert s.over and s.round == 1 and s.winner == 2
    assert [e["ship"] for e in events(game, "engage")] == ["p2.2", "p2.1"]
    assert tokens(game, "p2.2") == {}                    # the End Phase happened
