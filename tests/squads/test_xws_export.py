"""XWS 2.0.0 export and round trips: export(import(x)) keeps every pilot and upgrade, and
every quick build of the database converts to XWS and back."""

from __future__ import annotations

import json

from tallon.squads import build_squad, dump_xws, quick_build_xws, read_xws, to_xws

SQUAD = {
    "version": "2.0.0",
    "ruleset": "AMG",
    "name": "Rogue test",
    "description": "written for the round trip",
    "faction": "rebelalliance",
    "obstacles": ["coreasteroid0", "coreasteroid1", "coreasteroid2"],
    "pilots": [
        {"id": "lukeskywalker", "ship": "t65xwing",
         "upgrades": {"astromech": ["r2d2"], "force-power": ["instinctiveaim"],
                      "configuration": ["servomotorsfoils"]},
         "vendor": {"builder": {"note": "kept"}}},
        {"id": "kylekatarn", "upgrades": {"talent": ["daredevil"],
                                          "modification": ["engineupgrade"]}},
        {"id": "wedgeantilles-battleofyavin"},
    ],
    "vendor": {"tallon-tests": {"url": "https://example.invalid"}},
}


def _cards(data):
    return [(p["id"], sorted((slot, u) for slot, ids in p.get("upgrades", {}).items()
                             for u in ids)) for p in data["pilots"]]


def test_export_writes_the_2_5_era_fields(db):
    """Every pilot gets id, name (its xws id), ship and points; the squad gets version
    2.0.0, the ruleset, the faction and the real total points."""
    squad = build_squad("rebelalliance", [("lukeskywalker", ("r2d2",))], db)
    data = to_xws(squad)
    assert (data["version"], data["ruleset"], data["faction"]) == ("2.0.0", "AMG",
                                                                   "rebelalliance")
    assert data["points"] == db.pilot("lukeskywalker").cost
    assert data["pilots"] == [{"id": "lukeskywalker", "name": "lukeskywalker",
                               "ship": "t65xwing", "points": db.pilot("lukeskywalker").cost,
                               "upgrades": {"astromech": ["r2d2"]}}]


def test_round_trip_keeps_every_pilot_and_upgrade(db):
    """export(import(x)) lists the same pilots with the same upgrades under the same slots
    (the standard loadout's printed upgrades are filled in on import)."""
    imported = read_xws(SQUAD, db)
    exported = to_xws(imported.squad)
    expected = _cards(SQUAD)
    wedge = db.pilot("wedgeantilles-battleofyavin")
    expected[2] = (wedge.xws, sorted((db.upgrade(u).slot, u) for u in wedge.standard_loadout))
    assert _cards(exported) == expected


def test_round_trip_keeps_name_description_obstacles_and_vendor_data(db):
    """Squad name, description, obstacles and vendor blocks survive import and export."""
    exported = to_xws(read_xws(SQUAD, db).squad)
    for key in ("name", "description", "obstacles", "vendor", "ruleset"):
        assert exported[key] == SQUAD[key]
    assert exported["pilots"][0]["vendor"] == SQUAD["pilots"][0]["vendor"]


def test_a_second_round_trip_changes_nothing(db):
    """Exported XWS read again exports identically, without errors or warnings."""
    first = to_xws(read_xws(SQUAD, db).squad)
    again = read_xws(json.loads(dump_xws(read_xws(first, db).squad)), db)
    assert again.errors == () and again.warnings == ()
    assert to_xws(again.squad) == first


def test_every_quick_build_converts_to_xws_and_back(db):
    """Each of the database's quick builds, as XWS, reads back to exactly its own pilots
    and upgrades with no errors."""
    assert len(db.quick_builds) > 600
    for build in db.quick_builds:
        data = quick_build_xws(build, db)
        imported = read_xws(data, db)
        assert imported.errors == (), build.id
        got = [(s.pilot.xws, [(u.slot, u.xws) for u in s.upgrades])
               for s in imported.squad.ships]
        want = [(p.pilot, [(u.slot, u.upgrade) for u in p.upgrades]) for p in build.pilots]
        assert got == want, build.id
        assert _cards(to_xws(imported.squad)) == _cards(data), build.id
