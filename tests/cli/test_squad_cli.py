"""`tallon squad check`, `tallon squad show` and `tallon squad quickbuild`."""

from __future__ import annotations

import json

import pytest
import typer

from tallon.cli import registry, squad
from tests.cli.helpers import app_with, runner

LEGAL = {"faction": "rebelalliance", "version": "2.0.0", "name": "Three escorts",
         "pilots": [{"id": "bluesquadronescort", "upgrades": {"astromech": ["r3astromech"]}},
                    {"id": "bluesquadronescort"}, {"id": "bluesquadronescort"}]}
ILLEGAL = {"faction": "rebelalliance",
           "pilots": [{"id": "chewbacca"}, {"id": "kylekatarn",
                                            "upgrades": {"crew": ["chewbacca"]}}]}


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    return app_with(squad.register)


@pytest.fixture
def write(tmp_path):
    def write_file(data, name="squad.json"):
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data))
        return str(path)

    return write_file


def test_the_squad_group_is_registered():
    """The tallon command line lists the squad group."""
    assert squad.register in registry.REGISTRARS


def test_a_legal_squad_exits_0_with_its_points(app, write):
    """A legal squad: exit 0; the text says LEGAL and shows points and deficit."""
    result = runner.invoke(app, ["squad", "check", write(LEGAL)])
    assert result.exit_code == 0, result.output
    assert "LEGAL" in result.output and "15/20" in result.output and "deficit 5" in result.output


def test_json_verdict_has_the_documented_shape(app, write):
    """--json: legal, points, ships (cost and loadout use), errors, warnings."""
    result = runner.invoke(app, ["squad", "check", write(LEGAL), "--json"])
    report = json.loads(result.output)
    assert report["legal"] is True and report["points"] == 15 and report["errors"] == []
    assert report["ships"][0]["loadout_used"] == 3 and report["ships"][0]["cost"] == 5
    assert set(report) >= {"legal", "points", "ships", "errors", "warnings"}


def test_an_illegal_squad_exits_1_listing_each_error_with_rule_and_card(app, write):
    """Two ships and a twice-used unique name: exit 1; both errors with their rules."""
    result = runner.invoke(app, ["squad", "check", write(ILLEGAL), "--json"])
    assert result.exit_code == 1
    errors = json.loads(result.output)["errors"]
    assert {(e["rule"], e["card"]) for e in errors} == {("SQUAD BUILDING", None),
                                                        ("LIMITED", "chewbacca")}
    assert all(set(e) >= {"ship", "card", "rule", "message"} for e in errors)


def test_unknown_ids_make_the_squad_illegal_not_unreadable(app, write):
    """An unknown pilot id is an error naming its place: exit 1."""
    data = {**LEGAL, "pilots": [*LEGAL["pilots"], {"id": "nosuchpilot"}]}
    result = runner.invoke(app, ["squad", "check", write(data), "--json"])
    assert result.exit_code == 1
    [error] = json.loads(result.output)["errors"]
    assert error["rule"] == "XWS" and error["where"] == "pilots[3].id"


@pytest.mark.parametrize("content", ["{not json", "[]", '{"faction": "rebelalliance"}'])
def test_unreadable_input_exits_2(app, write, content):
    """Input that is no XWS squad exits 2 with a message naming the file."""
    path = write(content)
    result = runner.invoke(app, ["squad", "check", path])
    assert result.exit_code == 2
    assert path in result.output


def test_a_missing_file_exits_2(app, tmp_path):
    """A file that does not exist exits 2."""
    result = runner.invoke(app, ["squad", "check", str(tmp_path / "nope.json"), "--json"])
    assert result.exit_code == 2 and "error" in json.loads(result.output)


def test_format_and_points_options(app, write):
    """--points 14 makes 15 points illegal; --format extended allows R5 Astromech."""
    over = runner.invoke(app, ["squad", "check", write(LEGAL), "--points", "14", "--json"])
    assert over.exit_code == 1
    r5 = {**LEGAL, "pilots": [{"id": "bluesquadronescort",
                               "upgrades": {"astromech": ["r5astromech"]}}] * 3}
    standard = runner.invoke(app, ["squad", "check", write(r5)])
    extended = runner.invoke(app, ["squad", "check", write(r5), "--format", "extended"])
    assert (standard.exit_code, extended.exit_code) == (1, 0)


def test_a_lists_file_applies_its_ban_list(app, write):
    """--lists with R3 Astromech banned in standard makes the legal squad illegal."""
    lists = write({"standard": {"ban_list": ["r3astromech"]}}, name="lists.json")
    result = runner.invoke(app, ["squad", "check", write(LEGAL), "--lists", lists, "--json"])
    assert result.exit_code == 1
    assert [e["rule"] for e in json.loads(result.output)["errors"]] == ["BAN LIST"]


def test_an_unknown_format_exits_2(app, write):
    """--format wildspace is no format (epic is: tests/cli/test_squad_epic.py): exit 2."""
    result = runner.invoke(app, ["squad", "check", write(LEGAL), "--format", "wildspace"])
    assert result.exit_code == 2


def test_show_prints_pilots_upgrades_and_points(app, write):
    """squad show prints each pilot, its ship, and its upgrades with their cost."""
    result = runner.invoke(app, ["squad", "show", write(LEGAL)])
    assert result.exit_code == 0
    for expected in ("Three escorts", "Blue Squadron Escort", "T-65 X-wing", "R3 Astromech",
                     "15 squad points", "loadout 3/4"):
        assert expected in result.output


def test_show_json_prints_normalised_xws(app, write):
    """squad show --json prints the squad as XWS with ship and points filled in."""
    result = runner.invoke(app, ["squad", "show", write(LEGAL), "--json"])
    data = json.loads(result.output)
    assert data["version"] == "2.0.0" and data["points"] == 15
    assert data["pilots"][0]["ship"] == "t65xwing"


def test_quickbuild_lists_and_prints(app, db):
    """quickbuild without an id lists builds; with an id prints XWS that reads back."""
    listing = runner.invoke(app, ["squad", "quickbuild", "--faction", "resistance"])
    assert listing.exit_code == 0 and "resistance-001" in listing.output
    printed = runner.invoke(app, ["squad", "quickbuild", "resistance-001"])
    data = json.loads(printed.output)
    assert data["faction"] == "resistance"
    assert [p["id"] for p in data["pilots"]] == [
        p.pilot for p in db.quick_build("resistance-001").pilots]


def test_every_command_has_help(app):
    """Each squad command explains itself with --help."""
    for command in ("check", "show", "quickbuild"):
        result = runner.invoke(app, ["squad", command, "--help"])
        assert result.exit_code == 0 and "Usage" in result.output


def test_check_reads_standard_input(app):
    """FILE '-' reads the squad from standard input."""
    result = runner.invoke(app, ["squad", "check", "-", "--json"], input=json.dumps(LEGAL))
    assert result.exit_code == 0 and json.loads(result.output)["legal"] is True


def test_damaged_card_data_exits_2_with_the_reason(app, write, monkeypatch):
    """If the installed card data cannot be loaded, the command says so and exits 2."""
    from tallon.cli import common
    from tallon.data import CardDataError

    def damaged():
        raise CardDataError("pilots.json", "[0].cost", "expected an integer")

    monkeypatch.setattr(common, "load_cards", damaged)
    result = runner.invoke(app, ["squad", "check", write(LEGAL)])
    assert result.exit_code == 2
    assert "pilots.json: [0].cost" in result.output
