"""Squad Building Appendix: Upgrades — a ship cannot equip more than one copy of an
upgrade card with the same name."""

from __future__ import annotations

from squad_helpers import broken, judge

from tallon.squads import Rule

ESCORT = ("bluesquadronescort", ())


def test_two_different_modifications_are_fine(db):
    """Chewbacca's YT-1300 has two Modification slots: two different modifications
    (Targeting Computer, Electronic Baffle) are legal."""
    report = judge(db, "rebelalliance",
                   [("chewbacca", ("targetingcomputer", "electronicbaffle")), ESCORT, ESCORT])
    assert not broken(report, Rule.ONE_COPY)


def test_two_copies_of_a_non_limited_upgrade_on_one_ship_is_an_error(db):
    """Two Targeting Computers on one ship: the slots exist, but one copy per ship."""
    report = judge(db, "rebelalliance",
                   [("chewbacca", ("targetingcomputer", "targetingcomputer")), ESCORT, ESCORT])
    [error] = broken(report, Rule.ONE_COPY)
    assert (error.ship, error.card) == (0, "targetingcomputer")
    assert not broken(report, Rule.UPGRADE_BAR)


def test_the_same_upgrade_on_different_ships_is_fine(db):
    """A Targeting Computer on each of two ships is one copy per ship."""
    report = judge(db, "rebelalliance", [("chewbacca", ("targetingcomputer",)),
                                         ("kylekatarn", ("targetingcomputer",)), ESCORT])
    assert not broken(report, Rule.ONE_COPY)
