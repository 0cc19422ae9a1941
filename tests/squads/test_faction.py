"""RR: FACTION; RR: SQUAD BUILDING APPENDIX — all ship cards from a single faction."""

from __future__ import annotations

from squad_helpers import broken, judge

from tallon.squads import Rule, Squad, build_squad, check_squad

ESCORT = ("bluesquadronescort", ())  # Rebel T-65 X-wing, 5 points, non-limited


def test_ships_of_the_squads_faction_are_legal(db):
    """Three Rebel X-wings in a Rebel squad: the faction rule holds, the squad is legal."""
    report = judge(db, "rebelalliance", [ESCORT, ESCORT, ESCORT])
    assert report.legal, report.errors


def test_a_ship_card_of_another_faction_is_an_error_naming_it(db):
    """An Imperial TIE pilot in a Rebel squad breaks FACTION, reported on that ship."""
    report = judge(db, "rebelalliance", [ESCORT, ESCORT, ("academypilot", ())])
    errors = broken(report, Rule.FACTION)
    assert [(e.ship, e.card) for e in errors] == [(2, "academypilot")]
    assert not report.legal


def test_the_same_ship_type_of_another_faction_is_still_another_faction(db):
    """A Rebel TIE/ln pilot is legal for Rebels; an Imperial TIE/ln pilot is not, though
    both fly the same ship type."""
    rebel = judge(db, "rebelalliance", [ESCORT, ESCORT, ("captainrex", ())])
    imperial = judge(db, "rebelalliance", [ESCORT, ESCORT, ("academypilot", ())])
    assert not broken(rebel, Rule.FACTION)
    assert broken(imperial, Rule.FACTION)


def test_without_a_declared_faction_mixed_ships_are_an_error(db):
    """A squad read from a file without a known faction still may not mix factions."""
    built = build_squad("rebelalliance", [ESCORT, ESCORT, ("academypilot", ())], db)
    squad = Squad(faction=None, ships=built.ships)
    report = check_squad(squad, db)
    assert len(broken(report, Rule.FACTION)) == 1


def test_without_a_declared_faction_one_faction_is_fine(db):
    """No declared faction, but every ship Rebel: no FACTION error."""
    built = build_squad("rebelalliance", [ESCORT, ESCORT, ESCORT], db)
    report = check_squad(Squad(faction=None, ships=built.ships), db)
    assert not broken(report, Rule.FACTION)


def test_an_upgrade_restricted_to_another_faction_cannot_be_equipped(db):
    """R2-D2 (the Rebel astromech) on a Resistance T-70 breaks its faction restriction."""
    report = judge(db, "resistance", [("bluesquadronrookie", ("r2d2",)),
                                      ("bluesquadronrookie", ()), ("bluesquadronrookie", ())])
    errors = broken(report, Rule.RESTRICTIONS)
    assert [(e.ship, e.card) for e in errors] == [(0, "r2d2")]
    assert "Rebel Alliance" in errors[0].message
