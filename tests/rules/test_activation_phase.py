"""RR: ACTIVATION PHASE - the ships activate in ascending initiative, player order breaking
ties, each once per round, a player ordering their own ships of one initiative; an
activating ship reveals its dial, then executes its maneuver (a purple one without Force
becomes the stress maneuver).

The ships are played through the engine: whole rounds with the ships spread out
(``SPREAD``), or one ship activating between two TIEs of player 2 (``between_ties``)."""

from __future__ import annotations

import pytest

from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    SPREAD,
    after_p1_activates,
    at,
    before_p1_activates,
    between_ties,
    drive,
    events,
    moved,
    plan,
    refresh,
    spread,
    squad,
    start,
    tokens,
)


# -------------------------------------------------------------------- the order
def _activation_order(game) -> list[str]:
    return [e["ship"] for e in events(game, "reveal") if e["round"] == 1]


@pytest.mark.parametrize("first", [1, 2])
def test_activation_ascends_by_initiative_with_player_order_on_ties(first):
    """Three ships a side at initiatives 1, 2 and 3, player 1 or player 2 first.
    RR: ACTIVATION PHASE - the ships activate from the lowest initiative to the highest; on
    equal initiative the first player's ship activates before the second player's. The
    reveals come (1, first), (1, second), (2, first), ... (3, second)."""
    rebels = squad(REBEL, "redsquadronveteran", "cavernangelszealot", "bluesquadronescort")
    imperials = squad(EMPIRE, "blacksquadronace", "academypilot", "obsidiansquadronpilot")
    game = start(rebels, imperials, poses=SPREAD)
    plan(game, first_player=first)
    drive(game, lambda d: game.state.round == 2)
    order = [(game.state.ships[s].initiative, game.state.ships[s].owner)
             for s in _activation_order(game)]
    assert order == [(i, p) for i in (1, 2, 3) for p in (first, 3 - first)]


def test_a_player_chooses_the_order_of_their_own_same_initiative_ships():
    """Two T-65s of player 1 at initiative 2. RR: ACTIVATION PHASE - a player with several
    ships of one initiative activates them in any order, each activation finished before the
    next. Player 1 is asked which goes first; the chosen one reveals, moves and acts before
    the other reveals."""
    rebels = squad(REBEL, "bluesquadronescort", "bluesquadronescort")
    game = start(rebels, squad(EMPIRE, "blacksquadronace"),
                 poses=spread(["p1.1", "p1.2", "p2.1"]))
    plan(game)
    d = game.decision
    assert (d.kind, d.player) == ("activation_order", 1)
    assert sorted(d.option_keys()) == ["p1.1", "p1.2"]
    game.answer("p1.2")
    assert drive(game, at("perform_action")).ship == "p1.2"
    assert _activation_order(game) == ["p1.2"]
    game.answer("pass")
    assert drive(game, at("perform_action")).ship == "p1.1"
    assert _activation_order(game) == ["p1.2", "p1.1"]


def test_each_ship_activates_once_per_round():
    """Two ships a side play two rounds. RR: ACTIVATION PHASE - each ship activates once per
    round. Each round's reveals name each of the four ships exactly once."""
    game = start(squad(REBEL, "bluesquadronescort", "bluesquadronescort"),
                 squad(EMPIRE, "academypilot", "academypilot"),
                 poses=spread(["p1.1", "p1.2", "p2.1", "p2.2"]))
    drive(game, lambda d: game.state.round == 3)
    for round_ in (1, 2):
        ships = [e["ship"] for e in events(game, "reveal") if e["round"] == round_]
        assert sorted(ships) == ["p1.1", "p1.2", "p2.1", "p2.2"]


# ------------------------------------------------------- reveal, then execute
def test_the_revealed_dial_is_the_maneuver_set():
    """A T-65 sets a [3 bank left]. RR: ACTIVATION PHASE step 1 - at its activation the
    ship's dial is revealed (flipped faceup). Before it activates the dial is hidden; after,
    it is revealed, and the log shows the [3 bank left]."""
    game = between_ties("bluesquadronescort")
    plan(game, {"p1.1": "3BW"})
    before_p1_activates(game)
    assert not game.state.ships["p1.1"].dial_revealed
    after_p1_activates(game)
    assert game.state.ships["p1.1"].dial_revealed
    assert [e["maneuver"] for e in events(game, "reveal", "p1.1")] == ["3BW"]


def test_a_purple_maneuver_without_force_is_the_stress_maneuver():
    """A T-65 (no Force) reveals a purple [3 bank left] (arranged on its dial).
    RR: ACTIVATION PHASE, RR: DIFFICULTY - a ship that cannot pay the Force of a purple
    maneuver executes the stress maneuver, a white [2 straight], instead. It moves 120 mm
    ahead with no stress and no Force spent, and the log names the stress maneuver."""
    game = between_ties("bluesquadronescort")
    ship = game.state.ships["p1.1"]
    ship.dial = (*ship.dial, "3BP")
    refresh(game)
    plan(game, {"p1.1": "3BP"})
    after_p1_activates(game)
    assert moved(game, "p1.1", (400, 200, 0)) == (0.0, 120.0, 0.0)
    assert (ship.force, tokens(game, "p1.1")) == (0, {})
    assert any("stress maneuver" in e["text"] for e in events(game, "activate", "p1.1"))
