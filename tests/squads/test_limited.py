"""RR: LIMITED — no more copies of cards sharing a name than the bullets before it,
counted across ship cards and upgrade cards."""

from __future__ import annotations

from squad_helpers import broken, judge

from tallon.squads import Rule

ESCORT = ("bluesquadronescort", ())


def test_one_unique_pilot_is_legal(db):
    """•Chewbacca (pilot) once in the squad: legal."""
    report = judge(db, "rebelalliance", [("chewbacca", ()), ESCORT, ESCORT])
    assert not broken(report, Rule.LIMITED)
    assert report.legal, report.errors


def test_a_unique_name_shared_by_a_pilot_and_a_crew_upgrade_is_counted_once_each(db):
    """•Chewbacca the pilot and •Chewbacca the crew card share a name: two copies of a
    one-bullet name break LIMITED, reported on the second copy (the crew on ship 2)."""
    report = judge(db, "rebelalliance",
                   [("chewbacca", ()), ("kylekatarn", ("chewbacca",)), ESCORT])
    [error] = broken(report, Rule.LIMITED)
    assert (error.ship, error.card) == (1, "chewbacca")
    assert "2 times" in error.message


def test_the_same_unique_upgrade_on_two_ships_is_an_error(db):
    """•“Chopper” crew on two HWK-290s: one name, two copies, limit one."""
    report = judge(db, "rebelalliance", [("kylekatarn", ("chopper-crew",)),
                                         ("roarkgarnet", ("chopper-crew",)), ESCORT])
    assert [(e.ship, e.card) for e in broken(report, Rule.LIMITED)] == [(1, "chopper-crew")]


def test_different_upgrade_cards_with_one_name_count_together(db):
    """•R2-D2 the astromech and •R2-D2 the crew card are different cards with one name:
    fielding both breaks LIMITED."""
    report = judge(db, "rebelalliance", [("biggsdarklighter", ("r2d2",)),
                                         ("kylekatarn", ("r2d2-crew",)), ESCORT])
    assert [(e.ship, e.card) for e in broken(report, Rule.LIMITED)] == [(1, "r2d2-crew")]
    assert report.errors == tuple(broken(report, Rule.LIMITED))


def test_quotes_in_names_do_not_separate_them(db):
    """The pilot “Leebo” and the crew “Leebo” of Dash Rendar's standard loadout share a
    name, whatever quote marks the card database uses: the pilot (second copy) breaks
    LIMITED. (Both standard loadouts also carry the •Outrider title.)"""
    report = judge(db, "scumandvillainy",
                   [("dashrendar-swz103-sl-scumandvillainy",
                     db.pilot("dashrendar-swz103-sl-scumandvillainy").standard_loadout),
                    ("leebo-swz103-sl-scumandvillainy",
                     db.pilot("leebo-swz103-sl-scumandvillainy").standard_loadout)],
                   min_ships=2)
    cards = {e.card for e in broken(report, Rule.LIMITED)}
    assert cards == {"leebo-swz103-sl-scumandvillainy", "outrider"}


def test_two_bullets_allow_two_copies(db):
    """••Clan Wren Volunteer twice: legal."""
    report = judge(db, "rebelalliance", [("clanwrenvolunteer", ())] * 2 + [ESCORT])
    assert not broken(report, Rule.LIMITED)


def test_two_bullets_forbid_a_third_copy(db):
    """••Clan Wren Volunteer three times breaks LIMITED on the third copy."""
    report = judge(db, "rebelalliance", [("clanwrenvolunteer", ())] * 3)
    [error] = broken(report, Rule.LIMITED)
    assert (error.ship, error.card) == (2, "clanwrenvolunteer")


def test_non_limited_cards_may_repeat(db):
    """A card without bullets (Blue Squadron Escort, R3 Astromech) can appear any number
    of times."""
    report = judge(db, "rebelalliance", [("bluesquadronescort", ("r3astromech",))] * 4)
    assert not broken(report, Rule.LIMITED)


def test_when_bullets_differ_the_fewest_apply(db):
    """Ruling: ••Haor Chall Prototype and the •Haor Chall Prototype standard loadout share a
    name; with both in the squad the one-bullet limit applies, so the pair is illegal."""
    standard = db.pilot("haorchallprototype-siegeofcoruscant")
    report = judge(db, "separatistalliance",
                   [("haorchallprototype", ()),
                    ("haorchallprototype-siegeofcoruscant", standard.standard_loadout),
                    ("tradefederationdrone", ())])
    [error] = broken(report, Rule.LIMITED)
    assert "limit is 1" in error.message
    both_two = judge(db, "separatistalliance",
                     [("haorchallprototype", ())] * 2 + [("tradefederationdrone", ())])
    assert not broken(both_two, Rule.LIMITED)
