"""The first edition from the command line (issue 21): `tallon demo --ruleset 1e` (the core
set's game, XWS 1.0 files, random 100-point squads, the missions), `tallon sim` with XWS 1.0
squads, and `tallon cards coverage --ruleset 1e`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import run

LISTS = Path(__file__).resolve().parent.parent / "lists" / "1e"

ROOKIES = {"version": "1.0.0", "faction": "rebel", "name": "Rookies", "pilots": [
    {"name": "rookiepilot", "ship": "xwing"}, {"name": "goldsquadronpilot", "ship": "ywing"}]}
ACADEMY = {"version": "1.0.0", "faction": "imperial", "name": "Academy", "pilots": [
    {"name": "academypilot", "ship": "tiefighter"},
    {"name": "obsidiansquadronpilot", "ship": "tiefighter"},
    {"name": "blacksquadronpilot", "ship": "tiefighter"}]}


def _files(tmp_path: Path) -> tuple[Path, Path]:
    a, b = tmp_path / "rookies.json", tmp_path / "academy.json"
    a.write_text(json.dumps(ROOKIES))
    b.write_text(json.dumps(ACADEMY))
    return a, b


def test_demo_plays_the_core_set_game(tmp_path):
    """`tallon demo --ruleset 1e --json`. Expected: exit 0, a whole first-edition game of the
    core set's ships (rulebook (1e), Setup step 2: Luke Skywalker against Night Beast and an
    Obsidian Squadron Pilot) with a result, and a replay that reproduces."""
    result = run("demo", "--ruleset", "1e", "--json", "--agents", "simple", "--out",
                 str(tmp_path))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ruleset"] == "1e" and data["scenario"] is None
    assert [s["pilot"] for s in data["squads"][0]["ships"]] == ["1e-xwing-lukeskywalker"]
    assert [s["pilot"] for s in data["squads"][1]["ships"]] == [
        "1e-tiefighter-nightbeast", "1e-tiefighter-obsidiansquadronpilot"]
    assert data["winner"] in (1, 2, None) and data["rounds"] >= 1
    replayed = run("replay", str(tmp_path / "replay.json"), "--json")
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.output)["reproduced"]


def test_xws_1_files_select_the_first_edition(tmp_path):
    """Two XWS 1.0 files and no --ruleset. Expected: the game is played under the first
    edition (its ships' play ids), exit 0."""
    a, b = _files(tmp_path)
    result = run("demo", "--squad1", str(a), "--squad2", str(b), "--json", "--agents",
                 "simple", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ruleset"] == "1e"
    assert data["squads"][1]["points"] == 12 + 13 + 14


def test_random_first_edition_squads(tmp_path):
    """`--ruleset 1e --random-squads --points 60`. Expected: two random legal squads of at
    most 60 points each play a whole game."""
    result = run("demo", "--ruleset", "1e", "--random-squads", "--points", "60", "--seed",
                 "4", "--json", "--agents", "simple", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert all(0 < squad["points"] <= 60 for squad in data["squads"])


def test_random_squads_of_too_few_points_are_refused(tmp_path):
    """`--ruleset 1e --random-squads --points 20` (found by the command-line fuzz: it was an
    internal error). Expected: exit 2, saying a random squad has two ships at least and
    what the two cheapest cost."""
    result = run("demo", "--ruleset", "1e", "--random-squads", "--points", "20", "--out",
                 str(tmp_path))
    assert result.exit_code == 2, result.output
    assert "--points 20" in result.output and "two ships at least" in result.output
    assert "internal error" not in result.output


def test_an_illegal_first_edition_squad_is_refused_naming_the_rule(tmp_path):
    """Four Rookie Pilots (84 points) checked against --points 60. Expected: exit 2 and
    the file and the SQUAD POINTS rule named."""
    squad = {**ROOKIES, "pilots": [{"name": "rookiepilot", "ship": "xwing"}] * 4}
    path = tmp_path / "big.json"
    path.write_text(json.dumps(squad))
    result = run("demo", "--squad1", str(path), "--points", "60", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "SQUAD POINTS" in result.output and "big.json" in result.output


@pytest.mark.parametrize("args", [("--ruleset", "3e"), ("--mission", "nowhere"),
                                  ("--ruleset", "2.5", "--mission", "asteroid-run")])
def test_bad_rulesets_and_missions_exit_2(tmp_path, args):
    """An unknown ruleset, an unknown mission, a mission under 2.5. Expected: exit 2 with
    a message naming the option."""
    result = run("demo", *args, "--out", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert "--ruleset" in result.output or "--mission" in result.output


def test_sim_plays_first_edition_squads(tmp_path):
    """`tallon sim` with two XWS 1.0 files. Expected: the games are played under the first
    edition and the summary says so."""
    a, b = _files(tmp_path)
    result = run("sim", str(a), str(b), "--games", "2", "--agents", "simple", "--seed", "1",
                 "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 2
    assert [s["ruleset"] for s in data["squads"]] == ["1e", "1e"]


def test_sim_refuses_squads_of_two_rulesets(tmp_path):
    """An XWS 1.0 squad against a 2.5 list. Expected: exit 2 naming the rulesets."""
    a, _ = _files(tmp_path)
    other = Path(__file__).resolve().parent.parent / "lists" / "rebel-a-wing-aces.json"
    result = run("sim", str(a), str(other), "--games", "1", "--json")
    assert result.exit_code == 2
    assert "ruleset" in result.output


def test_coverage_counts_the_first_edition_pool():
    """`tallon cards coverage --ruleset 1e --json`. Expected: every first-edition pilot (297)
    and upgrade (362) counted, the generic pilots among the playable."""
    result = run("cards", "coverage", "--ruleset", "1e", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["format"] == "1e"
    assert data["pilots"]["total"] == 297
    assert data["upgrades"]["total"] == 362
    rebels = data["pilots"]["by_faction"]["rebelalliance"]
    assert rebels["playable"] > 0 and "xwing/rookiepilot" not in rebels["missing"]


def test_the_force_awakens_damage_deck_can_be_chosen(tmp_path):
    """`--ruleset 1e --damage-deck core-tfa`. Expected: the game's setup names the deck and
    every damage card dealt is one of The Force Awakens core set's; under 2.5 the option
    is refused (exit 2)."""
    result = run("demo", "--ruleset", "1e", "--damage-deck", "core-tfa", "--json",
                 "--agents", "simple", "--seed", "2", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "replay.json").read_text())
    assert record["setup"]["damage_deck"] == "1e-core-tfa"
    from tallon.cards import CARDS
    from tallon.engine import Game

    game = Game.from_record(record, CARDS)
    cards = [card.card for ship in game.state.ships.values() for card in ship.damage] + [
        card for player in game.state.players for card in player.deck]
    assert cards and all(card.startswith("1e-core-tfa-") for card in cards)
    refused = run("demo", "--damage-deck", "core-tfa", "--out", str(tmp_path))
    assert refused.exit_code == 2


def test_sim_takes_a_ruleset_that_must_match_the_squads(tmp_path):
    """`tallon sim A B --ruleset 1e` with XWS 1.0 squads plays (exit 0); `--ruleset 2.5`
    with them is refused naming the squad's ruleset (exit 2)."""
    a, b = _files(tmp_path)
    ok = run("sim", str(a), str(b), "--games", "1", "--agents", "random", "--seed", "2",
             "--ruleset", "1e", "--json")
    assert ok.exit_code == 0, ok.output
    refused = run("sim", str(a), str(b), "--games", "1", "--ruleset", "2.5", "--json")
    assert refused.exit_code == 2 and "1e squad" in refused.output


def test_the_servers_examples_follow_its_ruleset(tmp_path):
    """`tallon serve --ruleset 1e`: the lobby's example squads are the core set's game as
    XWS 1.0 (GET /api/examples). Expected: two XWS 1.0 squads, Luke against two TIEs; an
    unknown ruleset exits 2."""
    from tests.server.helpers import Server

    server = Server(tmp_path / "games.db", args=("--ruleset", "1e")).start()
    try:
        status, answer = server.call("GET", "/api/examples")
    finally:
        server.stop()
    assert status == 200
    squads = answer["squads"]
    assert [s["version"] for s in squads] == ["1.0.0", "1.0.0"]
    assert squads[0]["pilots"] == [{"name": "lukeskywalker", "ship": "xwing"}]
    assert run("serve", "--ruleset", "3e").exit_code == 2
