"""RR: GAME MODE; RR: BAN LIST, RR: RESTRICTED LIST — which cards each
format allows, from the database's legality flags and the lists (data, empty by default)."""

from __future__ import annotations

import json

import pytest
from squad_helpers import broken, judge

from tallon.squads import ListsError, Rule, SquadRules, build_squad, check_squad, rules_for

ESCORT = ("bluesquadronescort", ())


def test_an_upgrade_legal_only_in_extended(db):
    """R5 Astromech is flagged extended-only: an error in standard, fine in extended."""
    ships = [("bluesquadronescort", ("r5astromech",)), ESCORT, ESCORT]
    standard = judge(db, "rebelalliance", ships, format="standard")
    extended = judge(db, "rebelalliance", ships, format="extended")
    assert [(e.ship, e.card) for e in broken(standard, Rule.GAME_MODE)] == [(0, "r5astromech")]
    assert extended.legal, extended.errors


def test_a_pilot_legal_only_in_extended(db):
    """Zeb Orrelios (Attack Shuttle) is extended-only."""
    ships = [("zeborrelios", ()), ESCORT, ESCORT]
    assert [e.card for e in broken(judge(db, "rebelalliance", ships), Rule.GAME_MODE)] == [
        "zeborrelios"]
    assert not broken(judge(db, "rebelalliance", ships, format="extended"), Rule.GAME_MODE)


def test_huge_ships_are_in_neither_format(db):
    """The card database flags huge ships (epic play) as neither standard nor extended."""
    for game_format in ("standard", "extended"):
        report = judge(db, "rebelalliance", [("alderaanianguard", ()), ESCORT, ESCORT],
                       format=game_format, points=100)
        assert "alderaanianguard" in [e.card for e in broken(report, Rule.GAME_MODE)]


def test_the_packaged_lists_are_empty(db):
    """By default no card is banned or restricted."""
    for game_format in ("standard", "extended"):
        rules = rules_for(game_format)
        assert not rules.ban_list and not rules.restricted_list
        assert rules.restricted_limit == 4


def test_a_banned_pilot_is_an_error_on_each_copy(db):
    """With the escort on the ban list, each of the three escorts is reported."""
    report = judge(db, "rebelalliance", [ESCORT] * 3,
                   ban_list=frozenset({"pilot:bluesquadronescort"}))
    assert [e.ship for e in broken(report, Rule.BAN_LIST)] == [0, 1, 2]


def test_a_banned_ship_type_bans_all_its_pilots(db):
    """Banning the ship type t65xwing bans Luke Skywalker's X-wing, not his gunner card."""
    report = judge(db, "rebelalliance", [("lukeskywalker", ()), ("kylekatarn", ()),
                                         ("kylekatarn", ())],
                   ban_list=frozenset({"ship:t65xwing"}))
    assert [e.card for e in broken(report, Rule.BAN_LIST)] == ["lukeskywalker"]


def test_a_banned_upgrade(db):
    """A banned upgrade is reported on the ship that equips it."""
    report = judge(db, "rebelalliance", [("bluesquadronescort", ("r3astromech",)), ESCORT,
                                         ESCORT], ban_list=frozenset({"r3astromech"}))
    assert [(e.ship, e.card) for e in broken(report, Rule.BAN_LIST)] == [(0, "r3astromech")]


def test_the_restricted_list_allows_up_to_its_limit(db):
    """Restricted list limit 4: four restricted cards are fine, a fifth is an error."""
    restricted = frozenset({"pilot:bluesquadronescort", "upgrade:r3astromech"})
    four = judge(db, "rebelalliance", [("bluesquadronescort", ("r3astromech",))] * 2,
                 restricted_list=restricted, min_ships=2)
    five = judge(db, "rebelalliance",
                 [("bluesquadronescort", ("r3astromech",))] * 2 + [ESCORT],
                 restricted_list=restricted)
    assert not broken(four, Rule.RESTRICTED_LIST)
    [error] = broken(five, Rule.RESTRICTED_LIST)
    assert "5 cards" in error.message


def test_lists_are_read_from_a_file(db, tmp_path):
    """A lists file per format: its ban list applies to that format only."""
    path = tmp_path / "lists.json"
    path.write_text(json.dumps({"standard": {"ban_list": ["r3astromech"],
                                             "restricted_limit": 2}}))
    standard = rules_for("standard", lists_file=path)
    extended = rules_for("extended", lists_file=path)
    assert standard.ban_list == {"r3astromech"} and standard.restricted_limit == 2
    assert not extended.ban_list
    squad = build_squad("rebelalliance", [("bluesquadronescort", ("r3astromech",))] * 3, db)
    assert broken(check_squad(squad, db, standard), Rule.BAN_LIST)
    assert not broken(check_squad(squad, db, extended), Rule.BAN_LIST)


@pytest.mark.parametrize(("content", "complaint"), [
    ("{", "line 1"),
    ('{"standard": {"ban_list": "r3astromech"}}', "standard.ban_list"),
    ('{"standard": {"bans": []}}', "standard.bans"),
    ('{"standard": {"ban_list": ["crew:r3astromech"]}}', "bad entry"),
])
def test_a_bad_lists_file_is_reported_with_file_and_field(tmp_path, content, complaint):
    """A lists file that cannot be understood names itself and the bad field."""
    path = tmp_path / "lists.json"
    path.write_text(content)
    with pytest.raises(ListsError, match=complaint) as raised:
        rules_for("standard", lists_file=path)
    assert str(path) in str(raised.value)


def test_squad_rules_default_to_standard_twenty_points_three_to_eight_ships():
    """The defaults are those of a standard game."""
    rules = SquadRules()
    assert (rules.format, rules.points, rules.min_ships, rules.max_ships) == (
        "standard", 20, 3, 8)
