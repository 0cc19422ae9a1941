"""Rulebook: Standard Loadouts — standard loadout ships carry exactly the upgrades printed
on their card and cannot equip others; cards made for standard loadouts are not sold
separately."""

from __future__ import annotations

from squad_helpers import broken, judge

from tallon.squads import Rule

WEDGE = "wedgeantilles-battleofyavin"
ESCORT = ("bluesquadronescort", ())


def test_a_standard_loadout_with_its_printed_upgrades_is_legal(db):
    """Wedge Antilles (Battle of Yavin) with exactly his four printed upgrades: legal, and
    his upgrades spend no loadout points."""
    printed = db.pilot(WEDGE).standard_loadout
    report = judge(db, "rebelalliance", [(WEDGE, printed), ESCORT, ESCORT])
    assert report.legal, report.errors
    assert report.ships[0].loadout_value is None and report.ships[0].loadout_used == 0


def test_a_missing_printed_upgrade_is_an_error(db):
    """Wedge without his R2-A3: STANDARD LOADOUT names the missing card."""
    printed = db.pilot(WEDGE).standard_loadout
    carried = tuple(u for u in printed if u != "r2a3-battleofyavin")
    report = judge(db, "rebelalliance", [(WEDGE, carried), ESCORT, ESCORT])
    assert [e.card for e in broken(report, Rule.STANDARD_LOADOUT)] == ["r2a3-battleofyavin"]


def test_an_extra_upgrade_is_an_error(db):
    """Wedge with one more upgrade than printed: STANDARD LOADOUT names the extra card."""
    printed = db.pilot(WEDGE).standard_loadout
    report = judge(db, "rebelalliance", [(WEDGE, (*printed, "servomotorsfoils")), ESCORT,
                                         ESCORT])
    assert [e.card for e in broken(report, Rule.STANDARD_LOADOUT)] == ["servomotorsfoils"]


def test_a_standard_loadout_card_on_another_pilot_is_an_error(db):
    """Attack Speed (Battle of Yavin) exists only in standard loadouts: on Biggs it is an
    error even though he has a Talent slot."""
    report = judge(db, "rebelalliance", [("biggsdarklighter", ("attackspeed-battleofyavin",)),
                                         ESCORT, ESCORT])
    assert [e.card for e in broken(report, Rule.STANDARD_LOADOUT)] == [
        "attackspeed-battleofyavin"]


def test_every_standard_loadout_of_the_database_resolves(db):
    """Every standard-loadout pilot's printed upgrades exist and the pilot has no slots of
    its own; carrying them raises no STANDARD LOADOUT error."""
    standard = [p for p in db.pilots if p.is_standard_loadout]
    assert len(standard) > 50
    for pilot in standard:
        assert pilot.loadout is None and not pilot.slots
        report = judge(db, pilot.faction, [(pilot.xws, pilot.standard_loadout)], min_ships=1)
        assert not broken(report, Rule.STANDARD_LOADOUT), pilot.xws
