"""`tallon cards show`, `tallon cards search` and `tallon cards list`."""

from __future__ import annotations

import json

import pytest
import typer

from tallon.cards import CARDS
from tallon.cli import cards, registry
from tallon.cli.cards import dial_table
from tallon.data import load_cards
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
    for command in ("show", "search", "list"):
        result = runner.invoke(app, ["cards", command, "--help"])
        assert result.exit_code == 0 and "Usage" in result.output


def _engine_plays(kind: str, xws: str, faction: str | None = None) -> bool:
    """The engine's rule, written out with CARDS.implements: a pilot whose ability and
    ship ability are implemented or absent (huge ships included), whose standard loadout
    (if any) is playable; an upgrade whose ability is implemented or absent; a ship with such a
    pilot; a condition whose ability is implemented or absent."""
    db = load_cards()
    if kind == "pilot":
        pilot = db.pilot(xws)
        return ((not pilot.has_ability or CARDS.implements("pilot", xws))
                and (not pilot.ship_ability
                     or CARDS.implements("ship_ability", pilot.ship_ability))
                and all(_engine_plays("upgrade", u) for u in pilot.standard_loadout))
    if kind == "upgrade":
        upgrade = db.upgrade(xws)
        return not upgrade.has_ability or CARDS.implements("upgrade", xws)
    if kind == "ship":
        return any(_engine_plays("pilot", p.xws) for p in db.pilots_of(xws, faction))
    return not db.condition(xws).has_ability or CARDS.implements("condition", xws)


def _unplayed(kind: str) -> str:
    """A card of this kind whose ability the engine does not implement (found, not
    written down, so the test survives new abilities)."""
    db = load_cards()
    cards_of_kind = db.pilots if kind == "pilot" else db.upgrades
    return next(c.xws for c in cards_of_kind
                if c.has_ability and not CARDS.implements(kind, c.xws))


def test_playable_lists_only_cards_the_engine_plays(app):
    """Situation: `cards list --playable --json`, every card of the database. Rule: the
    engine plays a pilot or upgrade whose ability is implemented (CARDS.implements) or
    absent, and a ship with a playable pilot. Expected: every result passes that rule and
    says playable true; pilots, upgrades and ships are all represented; fewer cards than
    the whole list."""
    result = runner.invoke(app, ["cards", "list", "--playable", "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    for card in found:
        assert _engine_plays(card["kind"], card["xws"], card.get("faction")), card["xws"]
        assert card["playable"] is True
    assert {"pilot", "upgrade", "ship"} <= {card["kind"] for card in found}
    everything = json.loads(runner.invoke(app, ["cards", "list", "--json"]).output)
    assert len(found) < len(everything)
    assert len(found) == sum(card["playable"] for card in everything)


def test_playable_search_leaves_out_an_unplayed_card(app):
    """Situation: a search for a card whose ability the engine does not implement. Rule:
    --playable keeps only cards the engine plays. Expected: found without --playable
    (with playable false in JSON), left out with it, in JSON and in the table."""
    kind = "upgrade"  # every pilot plays now; some epic upgrades do not
    xws = _unplayed(kind)
    plain = json.loads(runner.invoke(app, ["cards", "search", xws, "--kind", kind,
                                           "--json"]).output)
    assert any(c["xws"] == xws and c["playable"] is False for c in plain)
    playable = runner.invoke(app, ["cards", "search", xws, "--kind", kind, "--playable",
                                   "--json"])
    assert playable.exit_code == 0, playable.output
    assert xws not in {c["xws"] for c in json.loads(playable.output)}
    table = runner.invoke(app, ["cards", "search", xws, "--kind", kind, "--playable"])
    assert table.exit_code == 0 and f" {xws} " not in table.output


def test_playable_search_keeps_a_played_card(app):
    """Situation: Luke Skywalker, whose pilot ability the engine plays (the demo fields
    him). Expected: --playable still finds him."""
    assert _engine_plays("pilot", "lukeskywalker")
    result = runner.invoke(app, ["cards", "search", "lukeskywalker", "--kind", "pilot",
                                 "--playable", "--json"])
    assert "lukeskywalker" in {c["xws"] for c in json.loads(result.output)}


def test_list_is_search_without_text(app):
    """Situation: `cards list` and `cards search` with no text, same filters. Expected:
    the same cards; list takes the filters and refuses unknown values as search does."""
    options = ["--ship", "t70xwing", "--playable", "--json"]
    listed = runner.invoke(app, ["cards", "list", *options])
    searched = runner.invoke(app, ["cards", "search", *options])
    assert listed.exit_code == 0 and json.loads(listed.output) == json.loads(searched.output)
    assert runner.invoke(app, ["cards", "list", "--kind", "token"]).exit_code == 2
