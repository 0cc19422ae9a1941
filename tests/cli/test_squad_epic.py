"""`tallon squad check --format epic` and `squad show` for squads with huge ships: the
verdict, the huge ship's cost from the card data, the note that huge ships carry older
(first 2.0) costs, and the cards the engine does not play yet."""

from __future__ import annotations

import json

import pytest
import typer

from tallon.cli import squad
from tests.cli.helpers import app_with, runner

CORVETTE = {"id": "alderaanianguard",
            "upgrades": {"hardpoint": ["turbolaserbattery"], "title": ["tantiveiv"]}}
EPIC = {"faction": "rebelalliance", "version": "2.0.0", "name": "Corvette and escorts",
        "pilots": [CORVETTE, {"id": "bluesquadronescort"}, {"id": "bluesquadronescort"}]}


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    return app_with(squad.register)


@pytest.fixture
def epic_file(tmp_path):
    def write_file(data=EPIC):
        path = tmp_path / "epic.json"
        path.write_text(json.dumps(data))
        return str(path)

    return write_file


def check(app, path, *options):
    return runner.invoke(app, ["squad", "check", path, *options], env={"COLUMNS": "200"})


def test_a_legal_epic_squad_passes_with_its_data_cost_and_the_note(app, epic_file, db):
    """Situation: a CR90 with two upgrades and two escorts, --format epic --points 200.
    Rule: epic legality by the data's flags; the CR90 costs its card's cost plus its
    upgrades', in squad points. Expected: exit 0, LEGAL for epic play, 159/200, and a note
    line saying huge ships carry older (first 2.0) costs."""
    result = check(app, epic_file(), "--format", "epic", "--points", "200")
    assert result.exit_code == 0, result.output
    assert "LEGAL for epic play" in result.output and "159/200" in result.output
    card = db.pilot("alderaanianguard").cost
    assert f"{card + 15} squad points: its card's {card}" in result.output
    notes = [line for line in result.output.splitlines() if line.startswith("Note: ")]
    assert "huge ships carry older (first 2.0) costs" in notes[0]


def test_the_json_verdict_has_notes_and_the_huge_ship(app, epic_file, db):
    """Situation: the same squad with --json. Expected: legal, points 159, the CR90 entry
    flagged huge with cost 149 and no loadout value, and a "notes" list whose first entry
    names the first 2.0 costs."""
    result = check(app, epic_file(), "--format", "epic", "--points", "200", "--json")
    data = json.loads(result.output)
    assert (data["legal"], data["format"], data["points"]) == (True, "epic", 159)
    corvette = data["ships"][0]
    assert (corvette["huge"], corvette["cost"], corvette["loadout_value"]) == (True, 149, None)
    assert data["ships"][1]["huge"] is False
    assert "first 2.0" in data["notes"][0] and len(data["notes"]) == 2


def test_the_same_squad_as_standard_fails_naming_the_huge_ship(app, epic_file):
    """Situation: the epic squad checked as standard (points high enough). Rule:
    RR: GAME MODE, huge ships are not standard-legal. Expected: exit 1, a GAME MODE error naming
    the Alderaanian Guard as a huge ship legal only in epic, and the note still shown."""
    result = check(app, epic_file(), "--points", "200", "--json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    [pilot_error] = [e for e in data["errors"] if e["card"] == "alderaanianguard"]
    assert pilot_error["rule"] == "GAME MODE" and "huge ship" in pilot_error["message"]
    assert "only in the epic format" in pilot_error["message"]
    assert "first 2.0" in data["notes"][0]


def test_epic_without_points_uses_the_default_limit(app, epic_file):
    """Situation: --format epic without --points. Rule (ruling): epic has no limit of its
    own; the --points default (20) applies. Expected: exit 1, a SQUAD POINTS error only."""
    result = check(app, epic_file(), "--format", "epic", "--json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["points_limit"] == 20
    assert [e["rule"] for e in data["errors"]] == ["SQUAD POINTS"]


def test_an_epic_illegal_card_is_refused_naming_it(app, epic_file):
    """Situation: a Republic CR90 and two Jedi Knights, one with Delta-7B, as epic. Rule:
    Delta-7B is not epic-legal in the data. Expected: exit 1 and a GAME MODE error naming
    delta7b in the text output."""
    data = {"faction": "galacticrepublic",
            "pilots": [{"id": "republicjudiciary"},
                       {"id": "jediknight", "upgrades": {"configuration": ["delta7b"]}},
                       {"id": "jediknight"}]}
    result = check(app, epic_file(data), "--format", "epic", "--points", "200")
    assert result.exit_code == 1
    [line] = [line for line in result.output.splitlines() if "(GAME MODE)" in line]
    assert "Delta-7B (upgrade) is not legal in epic games [delta7b]" in line


def test_limited_cards_still_apply_in_epic(app, epic_file):
    """Situation: two CR90s each with Tantive IV (one bullet), and an escort. Rule:
    RR: LIMITED. Expected: exit 1 with a LIMITED error on tantiveiv."""
    data = {**EPIC, "pilots": [CORVETTE, CORVETTE, {"id": "bluesquadronescort"}]}
    result = check(app, epic_file(data), "--format", "epic", "--points", "400", "--json")
    assert result.exit_code == 1
    assert [(e["rule"], e["card"]) for e in json.loads(result.output)["errors"]] == [
        ("LIMITED", "tantiveiv")]


def test_the_engine_plays_the_huge_ship_and_names_what_it_lacks(app, epic_file):
    """Situation: the legal epic squad (a CR90 with Turbolaser Battery and Tantive IV, two
    escorts), then the same CR90 with Damage Control Team as well. Rule: the engine plays
    huge ships by their appendix and these cards; a card it lacks is a warning apart from
    the verdict. Expected: the first is playable with no warning section; the second lists
    the wing leader card only."""
    data = json.loads(check(app, epic_file(), "--format", "epic", "--points", "200",
                            "--json").output)
    assert data["playable"] is True and data["not_playable"] == []
    corvette = {**CORVETTE, "upgrades": {**CORVETTE["upgrades"],
                                         "command": ["veteranwingleader"]}}
    result = check(app, epic_file({**EPIC, "pilots": [corvette, *EPIC["pilots"][1:]]}),
                   "--format", "epic", "--points", "200", "--json")
    found = json.loads(result.output)
    assert result.exit_code == 0 and found["playable"] is False
    assert [(c["kind"], c["xws"]) for c in found["not_playable"]] == [
        ("upgrade", "veteranwingleader")]


def test_show_prices_the_huge_ship_and_notes_its_costs(app, epic_file):
    """Situation: squad show of the epic squad. Expected: 159 squad points in the header,
    the CR90's upgrades paid in squad points, and the note on first 2.0 costs."""
    result = runner.invoke(app, ["squad", "show", epic_file()], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "159 squad points" in result.output
    assert "upgrades 15, paid in squad points (huge ship)" in result.output
    assert "Note: huge ships carry older (first 2.0) costs" in result.output


def test_an_epic_squad_over_the_default_limit_is_told_to_give_one(app, epic_file):
    """Situation: the 159-point epic squad checked without --points, then with --points 20.
    Rule: the seeds give epic no point limit (docs/rulings.md, Squad building 20): the
    default 20 applies. Expected: both fail on SQUAD POINTS; only the first adds a note
    saying the limit is the players' to give with --points."""
    default = check(app, epic_file(), "--format", "epic", "--json")
    given = check(app, epic_file(), "--format", "epic", "--points", "20", "--json")
    assert default.exit_code == given.exit_code == 1
    notes = json.loads(default.output)["notes"]
    assert any("pass --points" in note for note in notes)
    assert not any("pass --points" in note for note in json.loads(given.output)["notes"])
