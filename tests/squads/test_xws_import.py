"""XWS 2.0.0 import: every unknown id, slot or faction is an error naming where it is;
builder id suffixes are tolerated with a warning; the file's points are not trusted."""

from __future__ import annotations

import json

import pytest

from tallon.squads import Rule, XwsError, check_squad, read_xws, read_xws_file


def _squad(*pilots, faction="rebelalliance", **extra):
    return {"version": "2.0.0", "faction": faction, "pilots": list(pilots), **extra}


def _wheres(problems):
    return [p.where for p in problems]


def test_a_clean_file_reads_without_problems(db):
    """Pilot ids, slot keys and upgrade ids all known: no errors, no warnings."""
    imported = read_xws(_squad({"id": "lukeskywalker", "ship": "t65xwing",
                                "upgrades": {"astromech": ["r2d2"],
                                             "force-power": ["instinctiveaim"]}}), db)
    assert imported.errors == () and imported.warnings == ()
    ship = imported.squad.ships[0]
    assert ship.pilot.xws == "lukeskywalker"
    assert [(u.slot, u.xws) for u in ship.upgrades] == [("astromech", "r2d2"),
                                                        ("force-power", "instinctiveaim")]


def test_reads_json_text_too(db):
    """The reader takes JSON text as well as parsed data."""
    text = json.dumps(_squad({"id": "bluesquadronescort"}))
    assert read_xws(text, db).squad.ships[0].pilot.xws == "bluesquadronescort"


def test_an_unknown_pilot_id_is_an_error_naming_its_place_and_close_ids(db):
    """pilots[1].id 'lukeskywalkr': an XWS error at that place suggesting lukeskywalker; the
    other pilots are kept."""
    imported = read_xws(_squad({"id": "bluesquadronescort"}, {"id": "lukeskywalkr"}), db)
    [error] = imported.errors
    assert (error.rule, error.where, error.card) == (Rule.XWS, "pilots[1].id", "lukeskywalkr")
    assert "lukeskywalker" in error.message
    assert [s.pilot.xws for s in imported.squad.ships] == ["bluesquadronescort"]


def test_an_unknown_upgrade_id_is_an_error_naming_its_place(db):
    """An unknown astromech id is reported at pilots[0].upgrades.astromech[1]."""
    imported = read_xws(_squad({"id": "bluesquadronescort",
                                "upgrades": {"astromech": ["r3astromech", "r9astromech"]}}), db)
    assert _wheres(imported.errors) == ["pilots[0].upgrades.astromech[1]"]
    assert [u.xws for u in imported.squad.ships[0].upgrades] == ["r3astromech"]


def test_an_unknown_slot_key_is_an_error_but_its_upgrades_are_kept(db):
    """Slot key 'bomb' does not exist: an error at pilots[0].upgrades.bomb, and the known
    upgrade listed there is still read (under its own slot) so nothing is lost."""
    imported = read_xws(_squad({"id": "bluesquadronescort",
                                "upgrades": {"bomb": ["r3astromech"]}}), db)
    assert _wheres(imported.errors) == ["pilots[0].upgrades.bomb"]
    assert [(u.slot, u.xws) for u in imported.squad.ships[0].upgrades] == [
        ("astromech", "r3astromech")]


def test_an_upgrade_under_the_wrong_slot_key_is_an_error(db):
    """Proton Torpedoes listed under 'missile' are reported as in the wrong slot key."""
    imported = read_xws(_squad({"id": "bluesquadronescort",
                                "upgrades": {"missile": ["protontorpedoes"]}}), db)
    [error] = imported.errors
    assert error.where == "pilots[0].upgrades.missile[0]" and "torpedo" in error.message


@pytest.mark.parametrize(("faction", "hint"), [("rebel", "rebelalliance"),
                                              ("rebelaliance", "rebelalliance")])
def test_an_unknown_faction_is_an_error_with_a_hint(db, faction, hint):
    """A first-edition or misspelt faction is an error at 'faction' naming the right id."""
    imported = read_xws(_squad({"id": "bluesquadronescort"}, faction=faction), db)
    [error] = imported.errors
    assert error.where == "faction" and hint in error.message
    assert imported.squad.faction is None


def test_a_missing_faction_is_an_error(db):
    """XWS requires a faction (and a version, whose absence is only a warning)."""
    imported = read_xws({"pilots": [{"id": "bluesquadronescort"}]}, db)
    assert _wheres(imported.errors) == ["faction"]
    assert _wheres(imported.warnings) == ["version"]


def test_obstacles_must_be_three_ids(db):
    """Two obstacles instead of three: a warning at 'obstacles'."""
    imported = read_xws(_squad({"id": "bluesquadronescort"}, obstacles=["a", "b"]), db)
    assert _wheres(imported.warnings) == ["obstacles"]


def test_a_pilot_id_with_a_ship_suffix_is_read_with_a_warning(db):
    """The XWS sample's 'dfs311-vultureclassdroidfighter' is the database's 'dfs311'."""
    imported = read_xws(_squad({"id": "dfs311-vultureclassdroidfighter"},
                               faction="separatistalliance"), db)
    assert imported.errors == ()
    assert imported.squad.ships[0].pilot.xws == "dfs311"
    assert _wheres(imported.warnings) == ["pilots[0].id"]


def test_the_ship_field_picks_the_suffixed_pilot(db):
    """'bossk' with ship z95af4headhunter means the database's 'bossk-z95af4headhunter'
    (plain 'bossk' flies a YV-666)."""
    imported = read_xws(_squad({"id": "bossk", "ship": "z95af4headhunter"},
                               faction="scumandvillainy"), db)
    assert imported.squad.ships[0].pilot.xws == "bossk-z95af4headhunter"
    assert imported.errors == ()


def test_a_ship_field_contradicting_the_pilot_is_an_error(db):
    """Luke Skywalker listed as flying a YT-1300: an error at pilots[0].ship."""
    imported = read_xws(_squad({"id": "lukeskywalker",
                                "ship": "modifiedyt1300lightfreighter"}), db)
    assert _wheres(imported.errors) == ["pilots[0].ship"]


def test_an_upgrade_id_without_its_slot_suffix_is_read_with_a_warning(db):
    """'garsaxon' is Gar Saxon's crew card; listed under 'gunner' it means his gunner card,
    'garsaxon-gunner'."""
    imported = read_xws(_squad({"id": "bluesquadronescort",
                                "upgrades": {"gunner": ["garsaxon"]}}), db)
    assert imported.errors == ()
    assert imported.squad.ships[0].upgrades[0].xws == "garsaxon-gunner"
    assert _wheres(imported.warnings) == ["pilots[0].upgrades.gunner[0]"]


def test_a_multi_slot_card_may_be_listed_under_any_of_its_slot_keys(db):
    """Ruling: Admiral Ozzel (Command + Crew) listed under 'crew', and L3-37 under its back
    side's 'configuration', are read without errors (legality is judged later)."""
    imported = read_xws(_squad({"id": "bluesquadronescort",
                                "upgrades": {"crew": ["admiralozzel"]}},
                               {"id": "bluesquadronescort",
                                "upgrades": {"configuration": ["l337"]}}), db)
    assert [e for e in imported.errors if "admiralozzel" in e.message or "l337" in e.message] == []
    assert [u.xws for s in imported.squad.ships for u in s.upgrades] == ["admiralozzel", "l337"]


def test_points_in_the_file_are_not_trusted(db):
    """The file claims 99 points for the squad and 9 for a 5-point pilot: both are warnings
    and the report uses the real costs."""
    imported = read_xws(_squad({"id": "bluesquadronescort", "points": 9}, points=99), db)
    assert sorted(_wheres(imported.warnings)) == ["pilots[0].points", "points"]
    assert check_squad(imported.squad, db).points == db.pilot("bluesquadronescort").cost


def test_a_standard_loadout_listed_without_upgrades_gets_its_printed_ones(db):
    """Ruling: a standard-loadout pilot with no 'upgrades' key carries its printed
    upgrades (the card always does), with a warning."""
    imported = read_xws(_squad({"id": "wedgeantilles-battleofyavin"}), db)
    carried = [u.xws for u in imported.squad.ships[0].upgrades]
    assert carried == list(db.pilot("wedgeantilles-battleofyavin").standard_loadout)
    assert _wheres(imported.warnings) == ["pilots[0]"]


def test_first_edition_style_name_instead_of_id_is_read_with_a_warning(db):
    """A pilot given only by 'name' (XWS 1.0 style) is read, with a warning."""
    imported = read_xws(_squad({"name": "bluesquadronescort", "ship": "t65xwing"}), db)
    assert imported.squad.ships[0].pilot.xws == "bluesquadronescort"
    assert _wheres(imported.warnings) == ["pilots[0].name"]


def test_unknown_fields_are_warnings(db):
    """Fields outside XWS are ignored with a warning naming them."""
    imported = read_xws(_squad({"id": "bluesquadronescort", "colour": "red"}, mood="bold"), db)
    assert sorted(_wheres(imported.warnings)) == ["mood", "pilots[0].colour"]


def test_ship_numbers_of_problems_follow_the_squad_not_the_file(db):
    """When pilots[0] cannot be read, a problem of pilots[1] refers to squad ship 0."""
    imported = read_xws(_squad({"id": "nobody"}, {"id": "bluesquadronescort", "points": 1}), db)
    [warning] = imported.warnings
    assert warning.where == "pilots[1].points" and warning.ship == 0
    [error] = imported.errors
    assert error.ship is None


@pytest.mark.parametrize("text", ["[1, 2", "[]", '{"faction": "rebelalliance"}',
                                  '{"faction": "rebelalliance", "pilots": {}}'])
def test_input_that_is_no_squad_at_all_raises(db, text):
    """Broken JSON, a non-object, or no pilot list: XwsError, not a half-read squad."""
    with pytest.raises(XwsError):
        read_xws(text, db)


def test_an_unreadable_file_names_the_file(db, tmp_path):
    """A missing file and a file of invalid JSON both raise XwsError naming the path."""
    missing = tmp_path / "missing.json"
    broken_file = tmp_path / "broken.json"
    broken_file.write_text("{nope")
    for path in (missing, broken_file):
        with pytest.raises(XwsError, match=str(path)):
            read_xws_file(path, db)
