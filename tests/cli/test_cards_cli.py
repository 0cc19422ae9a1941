"""`tallon cards show` and `tallon cards search`."""

from __future__ import annotations

import json

import pytest
import typer

from tallon.cli import cards, registry
from tallon.cli.cards import dial_table
from tests.cli.helpers import app_with, runner


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    return app_with(cards.register)


def test_the_cards_group_is_registered():
    """The tallon command line lists the cards group."""
    assert cards.register in registry.REGISTRARS


def test_show_a_pilot(app):
    """A pilot shows its ship, initiative, cost, loadout, slots, legality, engine status
    and its ship's dial."""
    result = runner.invoke(app, ["cards", "show", "lukeskywalker"])
    assert result.exit_code == 0, result.output
    for expected in ("Luke Skywalker", "T-65 X-wing", "Initiative: 5", "6 squad points",
                     "Loadout: 24", "Force Power", "standard yes", "Engine:", "Dial"):
        assert expected in result.output


def test_show_lists_every_card_sharing_an_id(app):
    """'chewbacca' is a pilot and a crew card: both are shown."""
    result = runner.invoke(app, ["cards", "show", "chewbacca"])
    assert result.exit_code == 0
    assert "pilot" in result.output and "Crew upgrade" in result.output


def test_show_an_upgrade_with_restrictions_and_grants(app):
    """Os-1 Arsenal Loadout shows its ship restriction and the slots it adds."""
    result = runner.invoke(app, ["cards", "show", "os1arsenalloadout"])
    assert "Alpha-class Star Wing" in result.output
    assert "+1 Torpedo slot" in result.output and "+1 Missile slot" in result.output


def test_show_accepts_a_printed_name(app):
    """'Han Solo' is no id, but names several pilots and upgrades: all are shown."""
    result = runner.invoke(app, ["cards", "show", "Han Solo", "--json"])
    kinds = {card["kind"] for card in json.loads(result.output)}
    assert result.exit_code == 0 and kinds == {"pilot", "upgrade"}


def test_show_json_gives_the_facts(app):
    """--json prints the card's facts, with its kind."""
    result = runner.invoke(app, ["cards", "show", "protontorpedoes", "--json"])
    [card] = json.loads(result.output)
    assert card["kind"] == "upgrade" and card["cost"] == {"value": 12}
    assert card["sides"][0]["attack"]["min_range"] == 2


def test_show_an_unknown_id_fails_with_suggestions(app):
    """An unknown id is bad input (docs/cli.md): exit 2, with close ids suggested."""
    result = runner.invoke(app, ["cards", "show", "lukeskywalkr"])
    assert result.exit_code == 2
    assert "lukeskywalker" in result.output


def test_show_a_ship_of_one_faction(app):
    """--faction picks one faction's copy of a shared ship type."""
    result = runner.invoke(app, ["cards", "show", "tielnfighter", "--faction", "rebelalliance",
                                 "--json"])
    assert [card["faction"] for card in json.loads(result.output)] == ["rebelalliance"]


def test_search_filters_by_slot_and_faction(app):
    """Searching 'r2-d2' astromechs for the Resistance finds the Resistance R2-D2, not the
    Rebel one."""
    result = runner.invoke(app, ["cards", "search", "r2-d2", "--slot", "astromech",
                                 "--faction", "resistance", "--kind", "upgrade", "--json"])
    assert result.exit_code == 0, result.output
    found = {card["xws"] for card in json.loads(result.output)}
    assert "r2d2-resistance" in found and "r2d2" not in found


def test_search_by_ship_lists_its_pilots(app):
    """--ship t70xwing --kind pilot lists only T-70 pilots."""
    result = runner.invoke(app, ["cards", "search", "--ship", "t70xwing", "--kind", "pilot",
                                 "--json"])
    ships = {card["ship"] for card in json.loads(result.output)}
    assert ships == {"t70xwing"}


@pytest.mark.parametrize("option", [["--slot", "bomb"], ["--faction", "rebels"],
                                    ["--ship", "xwing"], ["--kind", "token"]])
def test_search_rejects_unknown_filter_values(app, option):
    """An unknown slot, faction, ship or kind is a usage error (exit 2) naming it."""
    result = runner.invoke(app, ["cards", "search", "x", *option])
    assert result.exit_code == 2
    assert option[1] in result.output


def test_dial_table_has_a_row_per_speed_and_a_column_per_bearing(db):
    """The T-65 dial: speeds 1-4 as rows; its eight bearings as columns besides speed."""
    table = dial_table(db.ship("t65xwing").dial)
    assert table.row_count == 4
    assert len(table.columns) == 1 + 8


def test_every_command_has_help(app):
    """Each cards command explains itself with --help."""
    for command in ("show", "search"):
        result = runner.invoke(app, ["cards", command, "--help"])
        assert result.exit_code == 0 and "Usage" in result.output
