"""``tallon sim``: results as text and JSON, the same results however many workers play,
a field of opponents, the saved history, plots, bad input refused before any game, and
Ctrl-C keeping the games played. Few games of the random agents keep it quick."""

from __future__ import annotations

import json

import pytest

from tallon.cards import CARDS
from tallon.data import load_cards
from tallon.engine.loadout import unplayable_cards
from tallon.server.opponents import OPPONENTS
from tallon.sim import runner
from tallon.squads import quick_build_xws, read_xws, to_xws
from tests.cli.helpers import run, said

REBELS, TIES = "Rebel X-wing aces", "Imperial TIE swarm"
QUICK = ("--agents", "random", "--rounds", "4", "--seed", "3")


def sim(*args: str):
    return run("sim", *args)


def sim_json(*args: str) -> dict:
    result = sim(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def without_run(data: dict) -> dict:
    return {key: value for key, value in data.items() if key != "run"}


@pytest.fixture(autouse=True)
def _no_default_database(tmp_path, monkeypatch):
    # a run that saves without --database must not write to the user's data directory
    monkeypatch.setenv("TALLON_SIM_DB", str(tmp_path / "default.sqlite"))


def test_the_json_has_the_documented_shape():
    data = sim_json(REBELS, TIES, "--games", "6", *QUICK)
    assert data["games"] == data["games_planned"] == 6 and not data["interrupted"]
    assert data["seed"] == 3 and data["agents"] == ["random", "random"]
    assert len(data["wins"]) == 2 and sum(data["wins"]) + data["draws"] == 6
    assert data["win_rate"] == [round(w / 6, 6) for w in data["wins"]]
    assert all(lo <= rate <= hi for (lo, hi), rate in zip(data["ci95"], data["win_rate"],
                                                          strict=True))
    assert data["mean_margin"] == pytest.approx(
        sum(m * c for m, c in data["margins"]) / 6, abs=1e-6)
    assert 1 <= data["rounds"] <= 4
    assert [s["name"] for s in data["squads"]] == [REBELS, TIES]
    assert [(s["squad"], s["index"]) for s in data["ships"]] == \
        [("A", k) for k in range(1, 5)] + [("B", k) for k in range(1, 9)]
    for ship in data["ships"]:
        assert set(ship) >= {"pilot", "name", "survival", "survival_ci95", "damage_dealt",
                             "damage_taken"}
        assert 0 <= ship["survival"] <= 1 and ship["damage_taken"] >= 0
    assert sum(f["games"] for f in data["first_losses"]) + data["no_loss"] == 6
    assert [s["games"] for s in data["seats"]] == [3, 3]
    assert data["run"]["backend"] == "local" and data["run"]["workers"] == 1


def test_the_text_shows_rates_ships_and_first_losses():
    result = sim(REBELS, TIES, "--games", "6", *QUICK)
    assert result.exit_code == 0, result.output
    text = result.stdout
    for words in ("Squad A: Rebel X-wing aces", "A wins", "B wins", "draws",
                  "95% interval", "margin (A - B)", "Rounds played", "Skywalker",
                  "games/s"):
        assert words in text, words
    assert result.stderr == ""  # no progress bar when standard error is not a terminal


def test_the_same_seed_gives_the_same_results_on_one_or_two_workers():
    one = sim_json(REBELS, TIES, "--games", "8", *QUICK)
    two = sim_json(REBELS, TIES, "--games", "8", *QUICK, "--workers", "2")
    assert two["run"]["workers"] == 2
    assert without_run(one) == without_run(two)
    other = sim_json(REBELS, TIES, "--games", "8", "--agents", "random", "--rounds", "4",
                     "--seed", "4")
    assert without_run(other) != without_run(one)


def test_the_master_gives_the_same_results_on_one_or_two_workers():
    """Situation: the master (20 imagined decisions a decision) against the ace, two
    two-round games, played by one process and by two. Expected: the same summary, the
    budget reported as given: a budget of work makes the master's runs repeat."""
    args = (REBELS, TIES, "--games", "2", "--agents", "master,ace", "--think", "20",
            "--rounds", "2", "--seed", "5")
    one, two = sim_json(*args), sim_json(*args, "--workers", "2")
    assert without_run(one) == without_run(two)
    assert one["think"] == "20" and one["agents"] == ["master", "ace"]


def test_squads_by_quick_build_id_file_and_standard_input(tmp_path):
    db = load_cards()
    build = next(b for b in db.quick_builds if not unplayable_cards(
        read_xws(quick_build_xws(b, db)).squad, CARDS))
    path = tmp_path / "ties.json"
    path.write_text(json.dumps(OPPONENTS[3].xws()))
    data = sim_json(build.id, str(path), "--games", "2", *QUICK)
    assert data["squads"][0]["source"] == build.id
    assert data["squads"][0]["legal"] is False  # one ship: not a standard squad
    assert data["squads"][1]["name"] == TIES


def test_a_squad_the_engine_cannot_play_is_refused_before_any_game(monkeypatch):
    def no_game(*_args):
        raise AssertionError("a game was played")

    monkeypatch.setattr(runner, "play_game", no_game)
    db = load_cards()
    build = next(b for b in db.quick_builds if unplayable_cards(
        read_xws(quick_build_xws(b, db)).squad, CARDS))
    result = sim(REBELS, build.id, "--games", "2", *QUICK)
    assert result.exit_code == 2
    assert "SQUAD_B cannot be simulated" in result.stderr
    assert "not implemented by the engine yet" in result.stderr


def test_a_squad_that_cannot_be_read_names_its_problems(tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "play_game", None)  # any game would fail
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"faction": "rebelalliance",
                                "pilots": [{"id": "lukeskywalkr"}, {"id": "wedgeantilles"}]}))
    result = sim(str(path), TIES, "--games", "2", *QUICK)
    assert result.exit_code == 2
    assert "unknown pilot 'lukeskywalkr'" in result.stderr
    result = sim("nosuchsquad", TIES, *QUICK)
    assert result.exit_code == 2 and "tallon sim opponents" in said(result.stderr)


@pytest.mark.parametrize(("args", "says"), [
    (("--agents", "grandmaster"), "random, simple, ace, master"),
    (("--agents", "random,simple,ace"), "random, simple, ace, master"),
    (("--think", "nans"), "seconds from 0 to 600"),
    (("--think", "0.2"), "whole number (e.g. 400"),
    (("--rounds", "0"), "--rounds"),
    (("--games", "0"), "--games"),
    (("--backend", "slurm"), "local"),
    (("--ray-address", "10.0.0.1:6379"), "--backend ray"),
    (("--plot", "out.pdf"), ".png, .svg or .html"),
    (("--plot", "/nonexistdir/x.png"), "does not exist"),
], ids=["level", "three-levels", "think", "think-unit", "rounds", "games", "backend", "address",
        "plot", "plot-dir"])
def test_bad_options_are_refused_with_exit_2(args, says, monkeypatch):
    monkeypatch.setattr(runner, "play_game", None)
    result = sim(REBELS, TIES, "--games", "2", *args)
    assert result.exit_code == 2, result.output
    assert says in said(result.output)


def test_the_ray_backend_without_ray_names_the_extra(monkeypatch):
    monkeypatch.setattr("tallon.cli.sim.ray_installed", lambda: False)
    result = sim(REBELS, TIES, "--games", "2", *QUICK, "--backend", "ray")
    assert result.exit_code == 2
    assert "pip install 'tallon[cluster]'" in result.stderr


def test_second_squad_or_field_not_both(tmp_path):
    assert sim(REBELS, *QUICK).exit_code == 2
    assert sim(REBELS, TIES, "--field", str(tmp_path), *QUICK).exit_code == 2


def test_ctrl_c_prints_and_saves_the_games_played(tmp_path, monkeypatch):
    played = runner.play_game

    def interrupted_at_game_3(matchup, game):
        if game == 3:
            raise KeyboardInterrupt
        return played(matchup, game)

    monkeypatch.setattr(runner, "play_game", interrupted_at_game_3)
    database = str(tmp_path / "runs.sqlite")
    result = sim(REBELS, TIES, "--games", "10", *QUICK, "--save", "--database", database,
                 "--json")
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert data["games"] == 3 and data["games_planned"] == 10 and data["interrupted"]
    assert data["saved"] == 1
    listed = json.loads(sim("history", "--database", database, "--json").stdout)
    assert [(r["id"], r["games"], r["games_planned"]) for r in listed] == [(1, 3, 10)]
    text = sim(REBELS, TIES, "--games", "10", *QUICK)
    assert text.exit_code == 130 and "Interrupted: 3 of 10 games played" in text.stdout


def test_a_field_is_played_against_each_opponent_and_ranked(tmp_path):
    field = tmp_path / "field"
    field.mkdir()
    for opponent in OPPONENTS[3:6]:
        (field / f"{opponent.name}.json").write_text(json.dumps(opponent.xws()))
    (field / "notes.txt").write_text("not a squad")
    # two workers share the whole field's games
    data = sim_json(REBELS, "--field", str(field), "--games", "4", *QUICK, "--workers", "2")
    assert data["games"] == 12 and data["games_per_opponent"] == 4
    rates = [r["win_rate"][0] for r in data["field"]]
    assert rates == sorted(rates, reverse=True)
    assert sorted(r["squads"][1]["name"] for r in data["field"]) == sorted(
        o.name for o in OPPONENTS[3:6])
    # each matchup is the run it would be alone, in one process
    alone = sim_json(REBELS, OPPONENTS[4].name, "--games", "4", *QUICK)
    matched = next(r for r in data["field"] if r["squads"][1]["name"] == OPPONENTS[4].name)
    assert {**matched, "squads": None} == {**without_run(alone), "squads": None}
    text = sim(REBELS, "--field", str(field), "--games", "4", *QUICK)
    assert text.exit_code == 0 and "against 3 opponents" in text.stdout


def test_a_field_file_lists_squads_and_names(tmp_path):
    path = tmp_path / "field.json"
    # an XWS squad, a name, and a squad as `tallon sim opponents --json` lists it
    path.write_text(json.dumps([to_xws(OPPONENTS[6].squad()), OPPONENTS[7].name,
                                OPPONENTS[8].summary()]))
    data = sim_json(REBELS, "--field", str(path), "--games", "2", *QUICK)
    assert sorted(r["squads"][1]["name"] for r in data["field"]) == sorted(
        o.name for o in OPPONENTS[6:9])
    path.write_text(json.dumps({"not": "a list"}))
    result = sim(REBELS, "--field", str(path), "--games", "2", *QUICK)
    assert result.exit_code == 2 and "expected a list" in result.stderr


def test_history_saves_lists_and_compares_runs(tmp_path):
    database = str(tmp_path / "runs.sqlite")
    first = sim_json(REBELS, TIES, "--games", "6", *QUICK, "--save", "--database", database)
    second = sim_json(REBELS, TIES, "--games", "6", "--agents", "random,simple", "--rounds",
                      "4", "--seed", "3", "--save", "--database", database)
    assert (first["saved"], second["saved"]) == (1, 2)
    listed = json.loads(sim("history", "--database", database, "--json").stdout)
    assert [r["id"] for r in listed] == [2, 1]
    assert listed[1]["agents"] == ["random", "random"] and listed[1]["seed"] == 3
    assert listed[0]["win_rate"] == second["win_rate"]
    text = sim("history", "--database", database)
    assert text.exit_code == 0 and "Rebel" in text.stdout
    compared = json.loads(sim("history", "--database", database, "--compare", "1", "2",
                              "--json").stdout)
    assert [r["id"] for r in compared["runs"]] == [1, 2]
    assert compared["a_win_rate"] == [first["win_rate"][0], second["win_rate"][0]]
    assert compared["same_squads"] and len(compared["ships"]) == 12
    text = sim("history", "--database", database, "--compare", "1", "2")
    assert text.exit_code == 0 and "Squad A's win rate, run 2 minus run 1" in said(text.stdout)
    missing = sim("history", "--database", database, "--compare", "1", "7")
    assert missing.exit_code == 2 and "no saved run 7" in missing.stderr


def test_an_empty_history_is_not_created(tmp_path):
    database = tmp_path / "none.sqlite"
    result = sim("history", "--database", str(database))
    assert result.exit_code == 0 and "No saved runs" in result.stdout
    assert not database.exists()


def test_a_database_that_cannot_be_used_is_refused_before_any_game(monkeypatch, tmp_path):
    monkeypatch.setattr(runner, "play_game", None)
    for database in ("/nonexistdir/runs.sqlite", str(tmp_path), "nosuchdriver://x"):
        result = sim(REBELS, TIES, "--games", "2", *QUICK, "--save", "--database", database)
        assert result.exit_code == 2, (database, result.output)
        assert result.stderr.startswith("error: ")


@pytest.mark.parametrize("suffix", [".png", ".svg", ".html"])
def test_a_plot_is_written(tmp_path, suffix):
    path = tmp_path / f"plot{suffix}"
    result = sim(REBELS, TIES, "--games", "4", *QUICK, "--plot", str(path))
    assert result.exit_code == 0, result.output
    data = path.read_bytes()
    if suffix == ".png":
        assert data.startswith(b"\x89PNG")
    else:
        text = data.decode("utf-8").rstrip()
        assert text.endswith("</html>" if suffix == ".html" else "</svg>")
        assert "<svg" in text
    assert not list(tmp_path.glob("*.part"))


def test_a_field_plot_is_written(tmp_path):
    path = tmp_path / "field.png"
    field = tmp_path / "field.json"
    field.write_text(json.dumps([OPPONENTS[3].name, OPPONENTS[4].name]))
    result = sim(REBELS, "--field", str(field), "--games", "2", *QUICK, "--plot", str(path))
    assert result.exit_code == 0, result.output
    assert path.read_bytes().startswith(b"\x89PNG")


def test_the_ready_made_opponents_are_listed():
    result = sim("opponents")
    assert result.exit_code == 0
    assert all(o.name in result.stdout for o in OPPONENTS)
    listed = json.loads(sim("opponents", "--json").stdout)
    assert [o["name"] for o in listed] == [o.name for o in OPPONENTS]


def test_ctrl_c_in_a_field_keeps_the_opponents_met(tmp_path, monkeypatch):
    played, calls = runner.play_game, []

    def interrupted_at_the_fourth_game(matchup, game):
        calls.append(game)
        if len(calls) == 4:  # the second game against the second opponent
            raise KeyboardInterrupt
        return played(matchup, game)

    monkeypatch.setattr(runner, "play_game", interrupted_at_the_fourth_game)
    field = tmp_path / "field.json"
    field.write_text(json.dumps([o.name for o in OPPONENTS[3:6]]))
    result = sim(REBELS, "--field", str(field), "--games", "2", *QUICK, "--json")
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert data["interrupted"] and data["opponents"] == 3 and data["games"] == 3
    assert sorted((r["games"], r["interrupted"]) for r in data["field"]) == [(1, True),
                                                                            (2, False)]
