"""Squad Building Appendix: Loadout Value and Loadout Points — the combined cost of a
ship's upgrades cannot exceed its loadout value."""

from __future__ import annotations

import dataclasses

from squad_helpers import broken, judge

from tallon.data import CostStep, UpgradeCost
from tallon.squads import EquippedUpgrade, Rule, build_squad, check_squad, upgrade_cost

ESCORT = ("bluesquadronescort", ())


def test_upgrades_costing_exactly_the_loadout_value_are_legal(db):
    """Kyle Katarn (loadout 8) with Engine Upgrade (3) and Daredevil (5): exactly 8."""
    report = judge(db, "rebelalliance", [("kylekatarn", ("engineupgrade", "daredevil")),
                                         ESCORT, ESCORT])
    assert db.pilot("kylekatarn").loadout == 8
    assert report.ships[0].loadout_used == 8
    assert report.legal, report.errors


def test_a_ship_over_its_loadout_by_one_point_is_an_error(db):
    """Adding Deadeye Shot (1) makes 9 of 8: LOADOUT VALUE is broken, one point over."""
    report = judge(db, "rebelalliance",
                   [("kylekatarn", ("engineupgrade", "daredevil", "deadeyeshot")), ESCORT, ESCORT])
    [error] = broken(report, Rule.LOADOUT_VALUE)
    assert (error.ship, error.card) == (0, "kylekatarn")
    assert "9 loadout points" in error.message and "(1 over)" in error.message
    assert report.ships[0].loadout_used == 9


def test_each_ship_reports_its_cost_and_loadout_use(db):
    """The report lists every ship's squad-point cost and loadout used of its value."""
    report = judge(db, "rebelalliance", [("bluesquadronescort", ("r3astromech",)), ESCORT,
                                         ESCORT])
    first = report.ships[0]
    assert (first.pilot, first.cost) == ("bluesquadronescort", db.pilot("bluesquadronescort").cost)
    assert (first.loadout_used, first.loadout_value) == (db.upgrade("r3astromech").cost.value,
                                                         db.pilot("bluesquadronescort").loadout)


def test_a_card_without_a_printed_cost_is_an_error(db):
    """Combat Boarding Tube prints no cost (“?”): it has no loadout cost and is reported."""
    upgrade = db.upgrade("combatboardingtube")
    pilot = db.pilot("mandalorianresistancepilot")
    assert upgrade_cost(db, pilot, upgrade) is None
    report = judge(db, "rebelalliance", [("mandalorianresistancepilot",
                                          ("combatboardingtube",)), ESCORT, ESCORT])
    assert [e.card for e in broken(report, Rule.LOADOUT_POINTS)] == ["combatboardingtube"]


def _with_cost(db, upgrade_id: str, cost: UpgradeCost):
    return dataclasses.replace(db.upgrade(upgrade_id), cost=cost)


def test_a_variable_cost_by_size_uses_the_ships_size(db):
    """A cost table by ship size (none in today's data, so built here) charges the small
    T-65 and the large YT-1300 differently."""
    by_size = UpgradeCost(variable="size", table=(CostStep("small", 2), CostStep("medium", 4),
                                                   CostStep("large", 6)))
    upgrade = _with_cost(db, "targetingcomputer", by_size)
    assert upgrade_cost(db, db.pilot("biggsdarklighter"), upgrade) == 2
    assert upgrade_cost(db, db.pilot("chewbacca"), upgrade) == 6


def test_a_variable_cost_by_agility_uses_the_printed_agility(db):
    """FAQ (List Building): other upgrades are ignored for variable costs. A Jedi Knight's
    Delta-7 prints agility 3; Delta-7B lowers it to 2, yet the agility-3 price applies."""
    by_agility = UpgradeCost(variable="agility", table=(CostStep("2", 1), CostStep("3", 4)))
    upgrade = _with_cost(db, "targetingcomputer", by_agility)
    assert db.stats_of(db.pilot("jediknight")).agility == 3
    assert db.upgrade("delta7b").front.grants.stats[0].amount == -1
    squad = build_squad("galacticrepublic", [("jediknight", ("delta7b",))] * 3, db)
    ship = dataclasses.replace(squad.ships[0], upgrades=(*squad.ships[0].upgrades,
                                                         EquippedUpgrade(upgrade, upgrade.slot)))
    report = check_squad(dataclasses.replace(squad, ships=(ship, *squad.ships[1:])), db)
    assert report.ships[0].upgrades[-1].cost == 4


def test_a_variable_cost_by_initiative_uses_the_pilots_initiative(db):
    """Initiative 5 Luke and initiative 2 escort pay their own rows of the table."""
    by_initiative = UpgradeCost(variable="initiative",
                                table=tuple(CostStep(str(i), i) for i in range(7)))
    upgrade = _with_cost(db, "targetingcomputer", by_initiative)
    assert upgrade_cost(db, db.pilot("lukeskywalker"), upgrade) == 5
    assert upgrade_cost(db, db.pilot("bluesquadronescort"), upgrade) == 2
