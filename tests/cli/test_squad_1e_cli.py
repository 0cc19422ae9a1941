"""`tallon squad check FILE --ruleset 1e`: first-edition squads judged from the command
line, and the ruleset names the CLI and the game setup accept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer

from tallon.cards import CARDS
from tallon.cli import squad
from tallon.engine.game import GameSetup
from tallon.engine.setup import SetupError
from tallon.rulesets import PLAYED_RULESETS, RULESETS, ruleset_problem
from tallon.squads import build_squad
from tests.cli.helpers import app_with, runner, said

LISTS = Path(__file__).resolve().parents[1] / "lists" / "1e"


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    return app_with(squad.register)


def _check(app: typer.Typer, *args: str, input: str | None = None):
    return runner.invoke(app, ["squad", "check", *args, "--ruleset", "1e"], input=input)


def test_a_legal_100_point_list_passes_with_its_points_in_json(app):
    """Situation: the three-X-wing list, checked with --json. Rule: 100 squad points
    (rulebook: Squad Building). Expected: exit 0; ruleset 1e, legal, 100 of 100 points,
    each ship's cost with its upgrades, no errors; no 2.5 deficit."""
    result = _check(app, str(LISTS / "rebel-x-wings-100.json"), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["ruleset"], data["legal"], data["points"], data["points_limit"]) == (
        "1e", True, 100, 100)
    assert [s["cost"] for s in data["ships"]] == [40, 31, 29]
    assert data["errors"] == [] and "deficit" not in data


def test_an_illegal_squad_exits_1_naming_ship_card_and_rule(app, tmp_path):
    """Situation: Luke Skywalker with a second modification and his own crew card.
    Expected: exit 1; the text names the ship, the cards and the rules; --points 31
    adds the squad points error."""
    path = tmp_path / "squad.json"
    path.write_text(json.dumps({"faction": "rebel", "pilots": [
        {"name": "lukeskywalker", "ship": "xwing",
         "upgrades": {"amd": ["r2d2"], "mod": ["stealthdevice", "engineupgrade"]}}]}))
    result = _check(app, str(path), "--points", "31")
    assert result.exit_code == 1
    text = said(result.output)
    assert "NOT LEGAL" in text
    assert "ship 1: Luke Skywalker equips 2 modification upgrades" in text
    assert "[engineupgrade] (MODIFICATIONS AND TITLES)" in text
    assert "costs 39 squad points, over the agreed 31" in text


def test_a_squad_is_read_from_standard_input(app):
    """Situation: the core-set TIE fighters piped in as '-'. Expected: exit 0, 28/100."""
    text = (LISTS / "core-set-tie-fighters.json").read_text()
    result = _check(app, "-", input=text)
    assert result.exit_code == 0
    assert "28/100 squad points" in said(result.output)


def test_an_unreadable_file_or_unknown_ruleset_exits_2(app, tmp_path):
    """Situation: a file that is not JSON; then --ruleset 3e. Expected: exit 2 with an
    error naming the file, then one listing the known rulesets."""
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    result = _check(app, str(path), "--json")
    assert result.exit_code == 2 and "broken.json" in json.loads(result.output)["error"]
    result = runner.invoke(app, ["squad", "check", str(path), "--ruleset", "3e", "--json"])
    assert result.exit_code == 2
    assert "known rulesets: 2.5, 1e" in json.loads(result.output)["error"]


def test_rulesets_are_named_in_one_place_and_a_game_takes_only_its_rulesets_squads():
    """Situation: the rulesets module and a game set up for "1e" with 2.5 squads. Rule:
    Tallon reads and plays both rulesets (issue 21); a game's squads are of its ruleset.
    Expected: both rulesets known and played; an unknown one is refused naming them;
    GameSetup refuses 2.5 squads in a first-edition game, naming the squad."""
    assert RULESETS == ("2.5", "1e") and PLAYED_RULESETS == ("2.5", "1e")
    assert ruleset_problem("1e") is None
    assert "known rulesets: 2.5, 1e" in (ruleset_problem("3e") or "")
    squads = (build_squad("rebelalliance", [("lukeskywalker", [])]),
              build_squad("galacticempire", [("darthvader", [])]))
    with pytest.raises(SetupError, match=r"squad 1 is a 2\.5 squad"):
        GameSetup(squads, ruleset="1e", cards=CARDS)


def test_cards_show_and_list_read_the_first_editions_cards():
    """Situation: `tallon cards show wedgeantilles --ruleset 1e --json`, then `cards list
    --ruleset 1e --kind upgrade --slot torpedo`, then an unknown faction. Expected: Wedge's
    first-edition facts (pilot skill 9, 29 points); the torpedo upgrades, Proton Torpedoes
    among them; exit 2 for the faction, naming the first-edition ones."""
    from tallon.cli import cards
    app = app_with(cards.register)
    result = runner.invoke(app, ["cards", "show", "wedgeantilles", "--ruleset", "1e",
                                 "--json"])
    assert result.exit_code == 0, result.output
    [wedge] = json.loads(result.output)
    assert (wedge["kind"], wedge["skill"], wedge["points"]) == ("pilot", 9, 29)
    result = runner.invoke(app, ["cards", "list", "--ruleset", "1e", "--kind", "upgrade",
                                 "--slot", "torpedo", "--json"])
    listed = json.loads(result.output)
    assert {c["slot"] for c in listed} == {"torpedo"}
    assert "protontorpedoes" in {c["xws"] for c in listed}
    result = runner.invoke(app, ["cards", "list", "--ruleset", "1e", "--faction", "rebel"])
    assert result.exit_code == 2 and "rebelalliance" in said(result.output)
