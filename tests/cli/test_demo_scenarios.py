"""``tallon demo --scenario`` and ``tallon replay`` of a scenario game: the JSON summary,
the log's mission points, the default (a standard scenario drawn from the seed), practice
games and bad names (issue 19)."""

from __future__ import annotations

import json

import pytest

from tallon.cards import CARDS
from tallon.engine import Game
from tallon.engine.scenarios import SCENARIO_CHOICES, SCENARIOS, chosen_scenario
from tests.cli.helpers import run, said


def demo_json(tmp_path, *args: str) -> dict:
    result = run("demo", "--out", str(tmp_path), "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def replayed(tmp_path) -> tuple[dict, Game]:
    record = json.loads((tmp_path / "replay.json").read_text())
    return record, Game.from_record(record, CARDS)


def test_the_json_names_the_scenario_and_lists_the_mission_points(tmp_path):
    """Situation: ``demo --scenario satellite-array --json``. Rule: issue 19 - the summary
    reports "scenario", "mission_points" as [player 1, player 2] and "winner". Expected:
    the scenario's name, the points of the recorded game's end state in that order, and
    the record's setup carries the scenario (so a replay plays it)."""
    summary = demo_json(tmp_path, "--scenario", "satellite-array", "--rounds", "3",
                        "--seed", "2")
    record, game = replayed(tmp_path)
    assert summary["scenario"] == "satellite-array" == record["setup"]["scenario"]
    assert game.state.scenario == "satellite-array"
    assert summary["mission_points"] == [game.state.mission_points[1],
                                         game.state.mission_points[2]]
    assert summary["winner"] == game.state.winner
    assert len(game.state.features) == SCENARIOS["satellite-array"].features


def test_the_default_demo_plays_a_standard_scenario_drawn_from_the_seed(tmp_path):
    """Situation: ``demo`` without ``--scenario``, twice with seed 5 and once with seed 6.
    Rule: issue 19 - the default demo plays a random standard scenario; ruling cli-1: it
    is drawn from the seed. Expected: a standard scenario, the same one for the same seed
    (the one ``chosen_scenario("random", seed)`` names)."""
    first = demo_json(tmp_path / "a", "--rounds", "1", "--seed", "5")
    again = demo_json(tmp_path / "b", "--rounds", "1", "--seed", "5")
    other = demo_json(tmp_path / "c", "--rounds", "1", "--seed", "6")
    assert first["scenario"] in SCENARIOS
    assert first["scenario"] == again["scenario"] == chosen_scenario("random", 5)
    assert other["scenario"] == chosen_scenario("random", 6)


def test_random_draws_every_scenario_and_the_same_one_for_a_seed():
    """Situation: ``chosen_scenario("random", seed)`` for seeds 0-99. Expected: the same
    answer each time for a seed, each of the four standard scenarios for some seed, and
    a name passes through as it is; "none" and None are no scenario."""
    drawn = [chosen_scenario("random", seed) for seed in range(100)]
    assert drawn == [chosen_scenario("random", seed) for seed in range(100)]
    assert set(drawn) == set(SCENARIOS)
    assert chosen_scenario("salvage-mission", 3) == "salvage-mission"
    assert chosen_scenario("none", 3) is None and chosen_scenario(None, 3) is None


def test_none_plays_a_practice_game_without_a_scenario(tmp_path):
    """Situation: ``demo --scenario none``. Rule: issue 19 - a game without a scenario
    stays available for practice. Expected: "scenario" null, no features, and a record
    whose setup has no "scenario" (as records did before scenarios)."""
    summary = demo_json(tmp_path, "--scenario", "none", "--rounds", "1", "--seed", "5")
    record, game = replayed(tmp_path)
    assert summary["scenario"] is None and "scenario" not in record["setup"]
    assert game.state.scenario is None and game.state.features == []
    assert len(summary["mission_points"]) == 2


def test_the_log_shows_each_mission_point_scored_and_why(tmp_path):
    """Situation: a demo game in Chance Engagement (seed 1, 5 rounds). Rule: issue 19 -
    the log shows each mission point scored and why. Expected: the output names the
    scenario's title, prints the text of every "score" event of the recorded game (at
    least one: the satellite is contested from round 2), and ends with the scenario and
    the final mission points."""
    result = run("demo", "--out", str(tmp_path), "--scenario", "chance-engagement",
                 "--rounds", "5", "--seed", "1")
    assert result.exit_code == 0, result.output
    _, game = replayed(tmp_path)
    scored = [e["text"] for e in game.log if e["kind"] == "score"]
    assert scored
    lines = [line.strip() for line in result.output.splitlines()]
    assert all(text in lines for text in scored)
    assert all("mission point" in text for text in scored)
    assert f"Scenario: {SCENARIOS['chance-engagement'].title} (chance-engagement)." in \
        result.output
    points = game.state.mission_points
    final = next(line for line in lines if line.startswith("After "))
    assert "(chance-engagement)" in final and f"mission points {points[1]}-{points[2]}" in final


def test_replay_reproduces_a_scenario_game(tmp_path):
    """Situation: ``tallon replay`` of the replay a scenario demo wrote. Expected: exit 0,
    the game reproduces the recorded state."""
    demo_json(tmp_path, "--scenario", "scramble-transmissions", "--rounds", "3",
              "--seed", "4")
    result = run("replay", str(tmp_path / "replay.json"), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["reproduced"] is True


@pytest.mark.parametrize("name", ["bogus", "standard", ""])
def test_an_unknown_scenario_exits_2_naming_the_choices(tmp_path, name):
    """Situation: ``demo --scenario`` with a name that is no choice. Expected: exit 2
    before any game is played (no replay written), the message listing every choice."""
    result = run("demo", "--out", str(tmp_path), "--scenario", name)
    assert result.exit_code == 2
    text = said(result.output)
    assert all(choice in text for choice in (*SCENARIO_CHOICES, "none")), text
    assert not (tmp_path / "replay.json").exists()


def test_the_help_describes_the_option():
    """Expected: ``demo --help`` names --scenario, its choices and its default."""
    text = said(run("demo", "--help").output)
    assert "--scenario" in text and "practice game" in text and "random" in text
    assert all(name in text for name in SCENARIOS)


def test_an_environment_card_is_dealt_and_reported(tmp_path):
    """Situation: ``demo --environment minefield --scenario none --rounds 2 --json``, then
    the same without --json. Rule: RR: ENVIRONMENT CARDS (Tallon's house rules). Expected:
    the summary and the record's setup name the card; the log prints the house rule and
    the mines placed; ``--environment bogus`` exits 2 naming the cards."""
    summary = demo_json(tmp_path, "--environment", "minefield", "--scenario", "none",
                        "--rounds", "2")
    record, game = replayed(tmp_path)
    assert summary["environment"] == "minefield" == record["setup"]["environment"]
    assert game.state.environment == "minefield"
    text = run("demo", "--out", str(tmp_path), "--environment", "minefield", "--rounds",
               "1").output
    assert "Environment card: Minefield. House rule" in text and "(Minefield)" in text
    bad = run("demo", "--out", str(tmp_path / "x"), "--environment", "bogus")
    assert bad.exit_code == 2 and "asteroid-shower" in said(bad.output)
