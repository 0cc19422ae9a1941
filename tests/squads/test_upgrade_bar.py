"""Squad Building Appendix: Upgrades — a ship equips upgrades only into the slots of its
upgrade bar; a dual-slot card needs both slots; other upgrades and ship abilities can add
or remove slots."""

from __future__ import annotations

from squad_helpers import broken, judge

from tallon.squads import Rule, fit_upgrades, upgrade_bar

ESCORT = ("bluesquadronescort", ())


def test_upgrades_in_matching_slots_fit(db):
    """A T-65 escort with an astromech and a configuration: both slots are on its bar."""
    report = judge(db, "rebelalliance",
                   [("bluesquadronescort", ("r3astromech", "servomotorsfoils")), ESCORT, ESCORT])
    assert not broken(report, Rule.UPGRADE_BAR)
    assert report.legal, report.errors


def test_an_upgrade_without_a_slot_is_an_error_naming_the_card_and_slot(db):
    """A crew card on an X-wing, which has no Crew slot, breaks the upgrade bar rule."""
    report = judge(db, "rebelalliance", [("bluesquadronescort", ("novicetechnician",)),
                                         ESCORT, ESCORT])
    [error] = broken(report, Rule.UPGRADE_BAR)
    assert (error.ship, error.card) == (0, "novicetechnician")
    assert "no free Crew slot" in error.message


def test_more_upgrades_of_a_type_than_slots_is_an_error_on_the_extra_one(db):
    """Two astromechs, one Astromech slot: the second one listed has no slot."""
    report = judge(db, "rebelalliance", [("bluesquadronescort", ("q7astromech", "r3astromech")),
                                         ESCORT, ESCORT])
    assert [e.card for e in broken(report, Rule.UPGRADE_BAR)] == ["r3astromech"]


def test_a_dual_slot_upgrade_fits_a_ship_with_both_slots(db):
    """Synced Laser Cannons need two Cannon slots; Braylen Stramm's B-wing has two."""
    report = judge(db, "rebelalliance", [("braylenstramm", ("syncedlasercannons",)),
                                         ESCORT, ESCORT])
    assert not broken(report, Rule.UPGRADE_BAR)


def test_a_dual_slot_upgrade_on_a_ship_with_one_of_the_slots_is_an_error(db):
    """Synced Laser Cannons on an Alpha-class Star Wing with one Cannon slot: no fit."""
    report = judge(db, "galacticempire", [("nusquadronpilot", ("syncedlasercannons",)),
                                          ("academypilot", ()), ("academypilot", ())])
    [error] = broken(report, Rule.UPGRADE_BAR)
    assert error.card == "syncedlasercannons"
    assert "Cannon" in error.message


def test_a_slot_granted_by_a_configuration_can_be_used(db):
    """Os-1 Arsenal Loadout adds a Torpedo and a Missile slot to an Alpha-class Star Wing,
    so a torpedo and a missile fit on a pilot whose printed bar has neither."""
    pilot = db.pilot("rhosquadronpilot")
    assert "torpedo" not in pilot.slots and "missile" not in pilot.slots
    with_config = judge(db, "galacticempire",
                        [("rhosquadronpilot", ("os1arsenalloadout", "iontorpedoes",
                                               "clustermissiles")),
                         ("academypilot", ()), ("academypilot", ())])
    without = judge(db, "galacticempire",
                    [("rhosquadronpilot", ("iontorpedoes", "clustermissiles")),
                     ("academypilot", ()), ("academypilot", ())])
    assert with_config.legal, with_config.errors
    assert {e.card for e in broken(without, Rule.UPGRADE_BAR)} == {"iontorpedoes",
                                                                    "clustermissiles"}


def test_a_slot_removed_by_a_title_cannot_be_used(db):
    """Havoc takes away the Scurrg's Crew slot (and adds Sensor and Astromech): a crew card
    no longer fits, an astromech does."""
    pilot = db.pilot("captainnym")
    bar = upgrade_bar(pilot, [db.upgrade("havoc")])
    assert bar["crew"] == pilot.slots.count("crew") - 1
    assert bar["astromech"] == 1
    crew = fit_upgrades(pilot, [db.upgrade("havoc"), db.upgrade("novicetechnician")])
    astromech = fit_upgrades(pilot, [db.upgrade("havoc"), db.upgrade("r3astromech")])
    assert [m.upgrade.xws for m in crew.misfits] == ["novicetechnician"]
    assert astromech.fits


def test_weapon_hardpoint_holds_one_torpedo_cannon_or_missile(db):
    """A T-70's Weapon Hardpoint: Ion Torpedoes fit though its printed bar has no Torpedo
    slot."""
    report = judge(db, "resistance", [("bluesquadronrookie", ("iontorpedoes",)),
                                      ("bluesquadronrookie", ()), ("bluesquadronrookie", ())])
    assert not broken(report, Rule.UPGRADE_BAR)
    assert report.legal, report.errors


def test_weapon_hardpoint_holds_only_one_upgrade(db):
    """A torpedo and a missile on a T-70: the hardpoint takes one, the other has no slot."""
    fit = fit_upgrades(db.pilot("bluesquadronrookie"),
                       [db.upgrade("iontorpedoes"), db.upgrade("clustermissiles")])
    assert [m.upgrade.xws for m in fit.misfits] == ["clustermissiles"]


def test_weapon_hardpoint_cannot_hold_a_multi_slot_upgrade(db):
    """FAQ: the hardpoint takes only an upgrade exactly matching one icon, so Synced Laser
    Cannons (two Cannon icons) do not fit on a T-70."""
    report = judge(db, "resistance", [("bluesquadronrookie", ("syncedlasercannons",)),
                                      ("bluesquadronrookie", ()), ("bluesquadronrookie", ())])
    assert [e.card for e in broken(report, Rule.UPGRADE_BAR)] == ["syncedlasercannons"]


def test_versatile_frame_holds_a_torpedo_or_missile_but_not_a_cannon(db):
    """The Clone Z-95's Versatile Frame adds a slot for one torpedo or missile only."""
    pilot = db.pilot("7thskycorpspilot")
    assert fit_upgrades(pilot, [db.upgrade("clustermissiles")]).fits
    assert not fit_upgrades(pilot, [db.upgrade("ioncannon")]).fits
