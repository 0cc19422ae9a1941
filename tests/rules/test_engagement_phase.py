"""RR: ENGAGEMENT PHASE - the ships engage from the highest initiative to the lowest, player
order breaking ties, a player ordering their own ships of one initiative. (Attacking when
engaging: test_attack; disarmed ships: test_disarmed; destroyed ships: test_simultaneous_
fire.)"""

from __future__ import annotations

import pytest

from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    SPREAD,
    at,
    drive,
    events,
    plan,
    spread,
    squad,
    start,
)


@pytest.mark.parametrize("first", [1, 2])
def test_engagement_descends_by_initiative_with_player_order_on_ties(first):
    """Three ships a side at initiatives 1, 2 and 3, player 1 or player 2 first.
    RR: ENGAGEMENT PHASE - the ships engage from the highest initiative to the lowest; on
    ties the first player's ship engages before the second player's. The engagements come
    (3, first), (3, second), (2, first), ... (1, second)."""
    rebels = squad(REBEL, "redsquadronveteran", "cavernangelszealot", "bluesquadronescort")
    imperials = squad(EMPIRE, "blacksquadronace", "academypilot", "obsidiansquadronpilot")
    game = start(rebels, imperials, poses=SPREAD)
    plan(game, first_player=first)
    drive(game, lambda d: game.state.round == 2)
    engaged = [e["ship"] for e in events(game, "engage") if e["round"] == 1]
    order = [(game.state.ships[s].initiative, game.state.ships[s].owner) for s in engaged]
    assert order == [(i, p) for i in (3, 2, 1) for p in (first, 3 - first)]


def test_a_player_chooses_the_engagement_order_of_same_initiative_ships():
    """Two T-65s of player 1 at initiative 2 and a TIE at initiative 3. RR: ENGAGEMENT PHASE
    - a player with several ships of one initiative engages them in the order they choose.
    Player 1 is asked; the TIE engages first, then the chosen T-65, then the other."""
    rebels = squad(REBEL, "bluesquadronescort", "bluesquadronescort")
    game = start(rebels, squad(EMPIRE, "blacksquadronace"),
                 poses=spread(["p1.1", "p1.2", "p2.1"]))
    d = drive(game, at("engagement_order"))
    assert (d.player, sorted(d.option_keys())) == (1, ["p1.1", "p1.2"])
    game.answer("p1.2")
    drive(game, lambda d: game.state.round == 2)
    engaged = [e["ship"] for e in events(game, "engage")]
    assert engaged[:3] == ["p2.1", "p1.2", "p1.1"]
