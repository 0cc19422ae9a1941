"""RR: STANDARDIZED — if a ship has a standardized upgrade, every ship of that ship type
in the squad must be equipped with a copy."""

from __future__ import annotations

from squad_helpers import broken, judge

from tallon.squads import Rule

TIE_D = "deltasquadronpilot"  # TIE/D Defender with a configuration slot, non-limited


def test_every_ship_of_the_type_carrying_it_is_legal(db):
    """Two TIE/D Defenders, both with TIE Defender Elite: the rule holds."""
    report = judge(db, "galacticempire", [(TIE_D, ("tiedefenderelite",)),
                                          (TIE_D, ("tiedefenderelite",)),
                                          ("academypilot", ())])
    assert not broken(report, Rule.STANDARDIZED)
    assert report.legal, report.errors


def test_a_standardized_upgrade_missing_on_one_ship_of_the_type_is_an_error(db):
    """One TIE/D with TIE Defender Elite, one without: the second ship breaks STANDARDIZED."""
    report = judge(db, "galacticempire", [(TIE_D, ("tiedefenderelite",)), (TIE_D, ()),
                                          ("academypilot", ())])
    [error] = broken(report, Rule.STANDARDIZED)
    assert (error.ship, error.card) == (1, "tiedefenderelite")


def test_ships_of_other_types_need_no_copy(db):
    """A TIE/ln in the same squad is another ship type and needs no TIE Defender Elite."""
    report = judge(db, "galacticempire", [(TIE_D, ("tiedefenderelite",)),
                                          ("academypilot", ()), ("academypilot", ())])
    assert not broken(report, Rule.STANDARDIZED)


def test_a_ship_of_the_type_that_cannot_carry_it_still_breaks_the_rule(db):
    """Ruling: Sensitive Controls (standardized) on a TIE/in Interceptor means every TIE/in
    must carry it; a standard-loadout TIE/in cannot, so the squad is illegal."""
    sigma = db.pilot("sigma4-battleofyavin")
    report = judge(db, "galacticempire",
                   [("alphasquadronpilot", ("sensitivecontrols",)),
                    ("sigma4-battleofyavin", sigma.standard_loadout),
                    ("academypilot", ())])
    [error] = broken(report, Rule.STANDARDIZED)
    assert (error.ship, error.card) == (1, "sensitivecontrols")
