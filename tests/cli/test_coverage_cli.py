"""`tallon cards coverage`: the share of the card pool the engine plays, counted by the
rule setup refuses squads with."""

from __future__ import annotations

import json

from tallon.cards import CARDS
from tallon.cards.coverage import coverage
from tallon.cards.pool import pilot_playable
from tallon.cli import coverage as coverage_cli
from tallon.cli import registry
from tallon.data import load_cards
from tallon.engine.loadout import unplayable_ship
from tests.cli.helpers import run


def test_the_coverage_command_is_registered():
    """The tallon command line adds coverage to the cards group."""
    assert coverage_cli.register in registry.REGISTRARS


def test_counts_follow_the_setup_refusal_rule():
    """Situation: every standard or extended pilot. Rule: a pilot counts as playable
    exactly when setup would not refuse it with its standard loadout. Expected: the
    missing ids are those setup refuses, and no refused pilot is counted playable."""
    db = load_cards()
    found = coverage()
    missing = set(found.pilot_total().missing)
    for pilot in db.pilots:
        if not (pilot.standard or pilot.extended):
            continue
        loadout = [db.upgrade(u) for u in pilot.standard_loadout]
        refused = bool(unplayable_ship(pilot, loadout, CARDS))
        assert (pilot.xws in missing) == refused, pilot.xws
        assert pilot_playable(pilot) != refused


def test_json_counts_add_up():
    """--json prints one object whose per-faction and per-slot counts sum to the totals,
    with conditions counted apart."""
    result = run("cards", "coverage", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    factions = data["pilots"]["by_faction"]
    assert sum(f["total"] for f in factions.values()) == data["pilots"]["total"]
    assert sum(f["playable"] for f in factions.values()) == data["pilots"]["playable"]
    slots = data["upgrades"]["by_slot"]
    assert sum(s["total"] for s in slots.values()) == data["upgrades"]["total"]
    assert {"crew", "cannon", "device", "talent"} <= set(slots)
    assert data["conditions"]["total"] == len(load_cards().conditions)


def test_a_faction_and_format_narrow_the_count():
    """--faction counts only that faction's pilots; --format standard excludes cards
    legal only in extended."""
    every = coverage()
    rebels = coverage("standard", "rebelalliance")
    assert set(rebels.pilots) == {"rebelalliance"}
    assert rebels.pilots["rebelalliance"].total <= every.pilots["rebelalliance"].total


def test_table_and_bad_input():
    """The table names each faction and slot; an unknown faction or format is refused
    naming the choices."""
    result = run("cards", "coverage", "--missing")
    assert result.exit_code == 0, result.output
    assert "rebelalliance" in result.output and "Crew" in result.output
    bad = run("cards", "coverage", "--faction", "jedi")
    assert bad.exit_code != 0 and "rebelalliance" in bad.output
    bad = run("cards", "coverage", "--format", "legacy")
    assert bad.exit_code != 0 and "standard" in bad.output and "epic" in bad.output


def test_the_epic_format_counts_huge_ships():
    """Situation: --format epic. Rule: epic cards are counted like the others, by the rule
    setup refuses squads with (a huge pilot is refused while its ship ability is not
    implemented). Expected: huge pilots are in scope: the CR90, Raider, GR-75, Gozanti,
    C-ROC and Trident pilots count as playable; a huge upgrade not implemented (Damage
    Control Team) as missing; the table names the epic scope; standard counts leave huge
    pilots out."""
    found = coverage("epic")
    missing = set(found.pilot_total().missing)
    in_scope = {p.xws for p in load_cards().pilots if p.epic}
    for xws in ("alderaanianguard", "republicjudiciary", "outerrimpatrol",
                "firstordercollaborators", "echobaseevacuees", "newrepublicvolunteers",
                "outerrimgarrison", "firstordersympathizers", "syndicatesmugglers",
                "lawlesspirates", "colicoiddestroyer"):
        assert xws in in_scope and xws not in missing, xws
    assert "veteranwingleader" in found.upgrade_total().missing
    assert "alderaanianguard" not in in_scope & {p.xws for p in load_cards().pilots
                                                  if p.standard or p.extended}
    result = run("cards", "coverage", "--format", "epic", "--missing")
    assert result.exit_code == 0 and "Pilots (epic)" in result.output
    assert found.pilot_total().total > coverage("any").pilot_total().total
