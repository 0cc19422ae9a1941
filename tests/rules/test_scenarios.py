"""Rulebook: SCENARIOS, SCENARIO FEATURE, MISSION POINTS - what the four standard scenarios
share: their features placed at the start of the Place Obstacles step, features that
neither obstruct nor block, mission points from the second round, the 20-point victory.
Each scenario's own rules: test_satellite_array, test_chance_engagement,
test_salvage_mission, test_scramble_transmissions."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.engine import Game, GameSetup, IllegalChoiceError, SetupError
from tallon.engine.scenarios import SCENARIOS
from tests.rules.game_helpers import events
from tests.rules.scenario_helpers import (
    CX,
    CY,
    play_end_phase,
    points,
    satellite,
    scenario_game,
    scenario_start,
    scores,
    set_up,
    to_round,
    two_squads,
)


def test_an_unknown_scenario_is_refused_naming_the_standard_ones():
    """Situation: a game set up with the scenario "capture-the-flag". Rule: the rulebook's
    four standard scenarios. Expected: SetupError naming each of them."""
    with pytest.raises(SetupError) as error:
        scenario_game("capture-the-flag")
    for name in SCENARIOS:
        assert name in str(error.value)


@pytest.mark.parametrize(("name", "kind", "count"), [
    ("satellite-array", "satellite", 5), ("chance-engagement", "satellite", 1),
    ("salvage-mission", "supply_cache", 5), ("scramble-transmissions", "satellite", 3)])
def test_each_scenario_places_its_features_first_in_the_centre(name, kind, count):
    """Situation: setup of each scenario. Rule: "At the start of the Place Obstacles step of
    Setup, place one [feature] in the center of the play area (centered at range 4.5 of all
    board edges). Then, starting with the first player, players take turns placing the
    remaining ...". Expected: the scenario's number of features of its kind, the first at
    the centre; the placements alternate, the first player first; then obstacles."""
    game = scenario_game(name)
    asked = []
    while game.decision.kind == "place_feature":
        asked.append(game.decision.player)
        game.answer(game.decision.options[0].key)
    assert game.decision.kind == "place_obstacle"
    features = game.state.features
    assert [f.kind for f in features] == [kind] * count
    assert (features[0].x, features[0].y) == (CX, CY)
    first = game.state.first_player
    assert asked == [first, 3 - first] * ((count - 1) // 2)


def test_obstacles_cannot_be_placed_overlapping_a_feature():
    """Situation: Chance Engagement's obstacle placement, a free answer putting an asteroid
    on the centre satellite. Rule: "Obstacles cannot be placed overlapping a satellite."
    Expected: refused naming the rule; no offered spot overlaps the satellite."""
    game = scenario_game("chance-engagement")
    d = game.decision
    assert d.kind == "place_obstacle"
    obstacle = d.options[0].info["obstacle"]
    with pytest.raises(IllegalChoiceError, match="overlapping a scenario feature"):
        game.answer({"obstacle": obstacle, "x": CX, "y": CY + 10, "rotation": 0})
    for option in d.options:
        assert (option.info["x"], option.info["y"]) != (CX, CY)
    set_up(game)
    assert game.state.obstacles  # the rest of the setup went on


def test_a_ship_ending_on_a_feature_neither_overlaps_nor_skips_its_action():
    """Situation: a ship's [1 straight] ends on the centre satellite. Rule: SCENARIO
    FEATURE - features are objects that cannot be moved, ... and do not obstruct; they are
    markers, not obstacles. Expected: the ship ends where the maneuver puts it and is asked
    its Perform Action step (a ship ending on an obstacle skips it)."""
    game = scenario_start("chance-engagement", poses={
        "p1.1": (CX, CY - 80, 0), "p1.2": (100, 60, 0), "p2.1": (100, 850, 180),
        "p2.2": (800, 850, 180)})
    to_round(game, 1)
    from tests.rules.game_helpers import at, drive
    d = drive(game, at("perform_action", "p1.1"))
    assert d is not None
    assert game.state.ships["p1.1"].pose.y == pytest.approx(CY)


AWAY = {"p1.2": (60, 60, 0), "p2.1": (60, 850, 180), "p2.2": (860, 850, 180)}


def test_features_score_from_the_second_round_at_the_start_of_the_end_phase():
    """Situation: Assault at the Satellite Array, player 1's X-wing at range 1 of the centre
    satellite through rounds 1 and 2 (other ships far away). Rule: "Starting on the second
    round, at the start of the End Phase, each player earns 1 mission point for each
    satellite under their control." Expected: nothing in round 1; 1 point in round 2, and
    the log says why."""
    game = scenario_start("satellite-array", poses={"p1.1": (CX, CY - 200, 0), **AWAY},
                          features=[satellite(1, CX, CY)])
    before = points(game)
    to_round(game, 2)
    assert points(game) == before and scores(game) == []
    play_end_phase(game)
    assert points(game) == (before[0] + 1, before[1])
    assert scores(game) == ["Player 1 scores 1 mission point: controls satellite 1"]


def test_twenty_points_and_ahead_end_the_game_at_the_end_of_the_end_phase():
    """Situation: a scenario game whose player 1 reaches 20 mission points in round 1,
    player 2 having fewer. Rule: "At the end of the End Phase, if one player has 20 or more
    mission points and has more mission points than their opponent, the game ends" (and
    the one with more wins). Expected: over after round 1, player 1 the winner."""
    game = scenario_start("chance-engagement", poses={"p1.1": (460, 60, 0), **AWAY},
                          features=[satellite(1, CX, CY)])
    game.state.player(1).mission_points = 20
    game.state.player(2).mission_points = 16
    play_end_phase(game)
    assert game.over and game.state.winner == 1 and game.state.round == 1
    assert "20-16 mission points" in game.state.end_reason


def test_twenty_points_each_or_without_a_scenario_the_game_goes_on():
    """Situation: 20 mission points each in a scenario; 20 to 5 in a practice game without
    a scenario. Rule: the 20-point victory needs more points than the opponent, and is a
    scenario's rule. Expected: both games go on to round 2."""
    tied = scenario_start("chance-engagement", poses={"p1.1": (460, 60, 0), **AWAY},
                          features=[satellite(1, CX, CY)])
    tied.state.player(1).mission_points = tied.state.player(2).mission_points = 20
    play_end_phase(tied)
    practice = scenario_start("chance-engagement", poses={"p1.1": (460, 60, 0), **AWAY})
    practice.state.scenario = None
    practice.state.features = []
    practice.state.player(1).mission_points = 20
    play_end_phase(practice)
    for game in (tied, practice):
        assert not game.over and game.state.round == 2


def test_each_player_starts_with_the_opponents_deficit():
    """Situation: a scenario game of 10 points (X-wings) against 4 (TIEs). Rule: "At the
    start of the game, each player earns mission points equal to their opponent's
    deficit." Expected: player 1 has 16, player 2 has 10, before any round."""
    game = set_up(scenario_game("salvage-mission"))
    assert points(game) == (16, 10)


def test_a_scenario_game_is_saved_replayed_and_viewed_with_its_features():
    """Situation: a Scramble the Transmissions game played on for two rounds. Rule:
    architecture (records and saves hold everything). Expected: the setup's JSON names the
    scenario; replaying the record and loading the save give the same state; each player's
    view lists the three satellites."""
    game = set_up(scenario_game("scramble-transmissions"))
    to_round(game, 3)
    assert game.setup.to_json()["scenario"] == "scramble-transmissions"
    record = game.to_record()
    assert Game.from_record(record, CARDS).reproduces(record)
    assert Game.load(game.save(), CARDS).state_hash() == game.state_hash()
    view = game.view(2)
    assert view["scenario"] == "scramble-transmissions"
    assert [f["id"] for f in view["features"]] == ["satellite-1", "satellite-2", "satellite-3"]
    assert "scenario" not in GameSetup(two_squads(), cards=CARDS).to_json()


def test_the_red_player_is_named_where_the_scenario_has_colours():
    """Situation: Salvage Mission and Chance Engagement setups. Rule: "At the end of the
    Determine Player Order step of Setup, the first player becomes the red player" (Salvage
    Mission, Scramble the Transmissions only). Expected: the log names the red player in
    Salvage Mission only."""
    salvage = scenario_game("salvage-mission")
    chance = scenario_game("chance-engagement")
    assert any("the red player" in e["text"] for e in events(salvage, "setup"))
    assert not any("the red player" in e["text"] for e in events(chance, "setup"))
