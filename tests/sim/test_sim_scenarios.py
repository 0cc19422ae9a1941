"""``tallon sim --scenario``: the games are played in the scenario asked for (or one drawn
per game from its seed), the records, summary, text and saved runs say which, and a bad
name is refused before any game (issue 19). Short games of the random agents."""

from __future__ import annotations

import json

import pytest

from tallon.cards import CARDS
from tallon.engine import Game
from tallon.engine.scenarios import SCENARIO_CHOICES, SCENARIOS, chosen_scenario
from tallon.server.opponents import OPPONENTS
from tallon.sim import runner, simulate
from tallon.sim.history import History, database_url
from tallon.sim.runner import Matchup, derive_seed, play_game
from tallon.sim.stats import played_scenarios
from tests.cli.helpers import said
from tests.sim.test_cli_sim import REBELS, TIES, sim, sim_json, without_run
from tests.sim.test_runner import MATCHUP

SHORT = ("--agents", "random", "--rounds", "2", "--seed", "3")


@pytest.fixture(autouse=True)
def _no_default_database(tmp_path, monkeypatch):
    monkeypatch.setenv("TALLON_SIM_DB", str(tmp_path / "default.sqlite"))


def matchup(scenario: str | None) -> Matchup:
    return Matchup(MATCHUP.squads, MATCHUP.agents, MATCHUP.seed, 2, None, scenario)


def test_a_named_scenario_is_played_in_every_game(monkeypatch):
    """Situation: a matchup in Salvage Mission. Expected: each game's setup is that
    scenario (its supply caches are placed) and its record names it."""
    made = []
    original = Game.__init__

    def keep(self, setup, *args, **kwargs):
        made.append(setup.scenario)
        original(self, setup, *args, **kwargs)

    monkeypatch.setattr(Game, "__init__", keep)
    records = [play_game(matchup("salvage-mission"), number) for number in range(2)]
    assert made == ["salvage-mission", "salvage-mission"]
    assert [r["scenario"] for r in records] == ["salvage-mission", "salvage-mission"]


def test_random_draws_each_games_scenario_from_its_seed():
    """Situation: "random" over games 0-5. Rule: ruling cli-2 - each game's scenario is
    drawn from that game's seed. Expected: each record names the scenario drawn from its
    game's seed, playing the game again draws the same one, and the six games are not all
    the same scenario."""
    games = range(6)
    records = [play_game(matchup("random"), number) for number in games]
    expected = [chosen_scenario("random", derive_seed(MATCHUP.seed, n, "game")) for n in games]
    assert [r["scenario"] for r in records] == expected
    assert play_game(matchup("random"), 3) == records[3]
    assert len(set(expected)) > 1 and set(expected) <= set(SCENARIOS)


def test_no_scenario_plays_practice_games():
    """Situation: a matchup without a scenario (None, the Python API's default).
    Expected: the record's scenario is None; the summary counts it as "none"."""
    record = play_game(matchup(None), 0)
    assert record["scenario"] is None
    assert played_scenarios([record]) == {"none": 1}


def test_the_summary_counts_the_scenarios_played():
    """Situation: records of three scenario games and one from before scenarios (no
    "scenario" key). Expected: counts by name, most played first, the old record as
    "none"."""
    records = [{"scenario": "salvage-mission"}, {"scenario": "chance-engagement"},
               {"scenario": "salvage-mission"}, {}]
    assert list(played_scenarios(records).items()) == [
        ("salvage-mission", 2), ("chance-engagement", 1), ("none", 1)]


def test_the_python_api_passes_the_scenario():
    """Situation: ``simulate(..., scenario="scramble-transmissions")``. Expected: the
    summary's "scenario" and "scenarios" say so for all its games."""
    summary = simulate(REBELS, TIES, games=2, agents=("random", "random"), seed=2,
                       rounds=2, scenario="scramble-transmissions")
    assert summary["scenario"] == "scramble-transmissions"
    assert summary["scenarios"] == {"scramble-transmissions": 2}


def test_the_cli_reports_the_scenarios_and_saves_them(tmp_path):
    """Situation: ``tallon sim --scenario random --save`` (the default), then a run in
    Assault at the Satellite Array, listed and compared. Expected: the JSON says "random"
    with the count of each scenario drawn (4 games in all); the text names them; the
    saved runs keep the scenario and its counts; the comparison lists both."""
    database = str(tmp_path / "runs.sqlite")
    drawn = sim_json(REBELS, TIES, "--games", "4", *SHORT, "--save", "--database", database)
    assert drawn["scenario"] == "random" and sum(drawn["scenarios"].values()) == 4
    assert set(drawn["scenarios"]) <= set(SCENARIOS)
    named = sim_json(REBELS, TIES, "--games", "2", *SHORT, "--scenario", "satellite-array",
                     "--save", "--database", database)
    assert named["scenario"] == "satellite-array"
    assert named["scenarios"] == {"satellite-array": 2}
    text = sim(REBELS, TIES, "--games", "2", *SHORT, "--scenario", "satellite-array").stdout
    assert "Scenario: satellite-array" in text
    text = sim(REBELS, TIES, "--games", "2", *SHORT).stdout
    assert "Scenarios: random (" in text
    listed = sim_json("history", "--database", database)
    assert [(r["id"], r["scenario"]) for r in listed] == [(2, "satellite-array"), (1, "random")]
    assert listed[1]["scenarios"] == drawn["scenarios"]
    url, path = database_url(database)
    history = History(url, path, create=False)
    try:
        stored = history.run(1)["summary"]
        assert (stored["scenario"], stored["scenarios"]) == ("random", drawn["scenarios"])
    finally:
        history.close()
    compared = sim_json("history", "--database", database, "--compare", "1", "2")
    assert compared["scenario"] == ["random", "satellite-array"]
    shown = sim("history", "--database", database, "--compare", "1", "2").stdout
    assert "scenario" in shown and "satellite-array" in shown


def test_none_is_reported_as_practice_games():
    """Situation: ``tallon sim --scenario none``. Expected: "scenario" null, every game
    counted as "none", the text says no scenario."""
    data = sim_json(REBELS, TIES, "--games", "2", *SHORT, "--scenario", "none")
    assert data["scenario"] is None and data["scenarios"] == {"none": 2}
    assert "No scenario (practice games)" in sim(REBELS, TIES, "--games", "2", *SHORT,
                                                 "--scenario", "none").stdout


def test_workers_play_the_same_scenario_games():
    """Situation: the same seeded run in random scenarios on one and on two worker
    processes. Expected: the same results (the scenario travels with the matchup)."""
    one = sim_json(REBELS, TIES, "--games", "4", *SHORT)
    two = sim_json(REBELS, TIES, "--games", "4", *SHORT, "--workers", "2")
    assert without_run(one) == without_run(two)


def test_an_unknown_scenario_is_refused_before_any_game(monkeypatch):
    """Situation: ``tallon sim --scenario bogus``. Expected: exit 2 listing every
    choice, no game played."""
    def refuse(*_args, **_kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(runner, "play_game", refuse)
    result = sim(REBELS, TIES, "--games", "2", *SHORT, "--scenario", "bogus")
    assert result.exit_code == 2
    text = said(result.output)
    assert all(choice in text for choice in (*SCENARIO_CHOICES, "none")), text


def test_a_scenario_game_record_replays(monkeypatch):
    """Situation: a simulated game in Chance Engagement. Expected: its Game rebuilds from
    its own record with the scenario (the setup carries it)."""
    kept = []
    original = Game.__init__

    def keep(self, setup, *args, **kwargs):
        original(self, setup, *args, **kwargs)
        kept.append(self)

    monkeypatch.setattr(Game, "__init__", keep)
    play_game(matchup("chance-engagement"), 0)
    monkeypatch.setattr(Game, "__init__", original)
    record = kept[0].to_record()
    assert record["setup"]["scenario"] == "chance-engagement"
    assert Game.from_record(record, CARDS).reproduces(record)


def test_a_field_run_names_its_scenario(tmp_path):
    """Situation: ``tallon sim A --field F --scenario salvage-mission`` against two
    opponents. Expected: the field's JSON names the scenario, and each opponent's results
    count their games as Salvage Mission games; the text header names it."""
    field = tmp_path / "field.json"
    field.write_text(json.dumps([o.summary()["xws"] for o in OPPONENTS[:2]]))
    data = sim_json(REBELS, "--field", str(field), "--games", "2", *SHORT,
                    "--scenario", "salvage-mission")
    assert data["scenario"] == "salvage-mission"
    assert [r["scenarios"] for r in data["field"]] == [{"salvage-mission": 2}] * 2
    text = sim(REBELS, "--field", str(field), "--games", "2", *SHORT,
               "--scenario", "salvage-mission").stdout
    assert "scenario salvage-mission" in text
