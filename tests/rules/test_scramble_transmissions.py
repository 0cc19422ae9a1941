"""Rulebook: SCRAMBLE THE TRANSMISSIONS - three satellites, each player's placed at range
2-4 of the opponent's edge; the scramble scenario action puts the player's marker on a
satellite at range 0-1 (the other player's marker leaves); 1 mission point per satellite
bearing the player's marker at the start of each End Phase from the second round."""

from __future__ import annotations

import pytest

from tallon.engine import IllegalChoiceError
from tallon.engine.scenarios import end_phase_points
from tests.rules.game_helpers import at, drive, failed
from tests.rules.scenario_helpers import (
    CX,
    CY,
    play_end_phase,
    points,
    satellite,
    scenario_game,
    scenario_start,
    scores,
    to_round,
)

FAR = {"p1.2": (60, 60, 0), "p2.1": (60, 860, 180), "p2.2": (860, 860, 180)}


def _scramble(start_y: float = CY - 260, marker: int | None = None):
    return scenario_start("scramble-transmissions", poses={**FAR, "p1.1": (CX, start_y, 0)},
                          features=[satellite(1, CX, CY, marker)])


def test_each_players_satellite_goes_near_the_opponents_edge():
    """Situation: the first player places a satellite at range 3 of the centre one towards
    their own edge, then towards the opponent's. Rule: "When a player places a satellite,
    it must be placed at range 2-4 of their opponent's board edge." Expected: the first
    refused, the second accepted."""
    game = scenario_game("scramble-transmissions")
    d = game.decision
    assert d.kind == "place_feature"
    own, theirs = (CY - 290, CY + 290) if d.player == 1 else (CY + 290, CY - 290)
    with pytest.raises(IllegalChoiceError, match="your opponent's board edge"):
        game.answer({"x": CX, "y": own})
    game.answer({"x": CX, "y": theirs})
    assert len(game.state.features) == 2


def test_scramble_puts_the_players_marker_on_the_satellite():
    """Situation: round 2, a T-65 at range 1 of a satellite bearing player 2's marker
    performs a scramble action. Rule: "choose a satellite at range 0-1 and place one of your
    player markers on the chosen satellite. If the chosen satellite has another player's
    marker on it, remove it before placing your own." Expected: the satellite bears player
    1's marker; player 1 scores it at the End Phase, player 2 no longer does."""
    game = _scramble(marker=2)
    assert end_phase_points(game) == [(2, 1, "controls satellite 1 (its marker)")]
    to_round(game, 2)
    d = drive(game, at("perform_action", "p1.1"))
    assert "scramble" in d.option_keys()
    game.answer("scramble")
    game.answer("satellite-1")
    assert game.state.features[0].marker == 1
    before = points(game)
    play_end_phase(game)
    assert points(game) == (before[0] + 1, before[1])
    assert scores(game) == ["Player 1 scores 1 mission point: controls satellite 1 (its "
                            "marker)"]


def test_scramble_fails_without_a_satellite_in_range_and_waits_for_round_2():
    """Situation: in round 1 the T-65 at range 1 of a satellite; in round 2 far from it.
    Rule: the scenario action starts on the second round; "If there is no satellite in
    range, the action fails." Expected: not offered in round 1; fails in round 2, leaving no
    marker."""
    game = _scramble(CY - 180)
    d = drive(game, at("perform_action", "p1.1"))
    assert "scramble" not in d.option_keys()
    game.state.features[0] = satellite(1, CX, 850)
    to_round(game, 2)
    drive(game, at("perform_action", "p1.1"))
    game.answer("scramble")
    assert failed(game, "p1.1") and game.state.features[0].marker is None


def test_a_scramble_granted_outside_the_perform_action_step_is_not_offered():
    """Situation: round 2, a ship performs an action granted outside its Perform Action
    step (a coordinate-like grant: PerformAction without the scenario's extra). Rule: "a
    ship cannot perform a scenario action if it is granted an action at any other time."
    Expected: scramble is offered in the Perform Action step only."""
    from tallon.engine.actions import PerformAction

    game = _scramble()
    to_round(game, 2)
    drive(game, at("perform_action", "p1.1"))
    granted = PerformAction("p1.1").choice(game)
    assert granted is not None and "scramble" not in granted.option_keys()
