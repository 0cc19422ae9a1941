"""The epic format (RR: GAME MODE; RR: APPENDIX: HUGE SHIPS): squads with huge ships, judged
by the card data's epic flags, with huge ships priced as the data gives them (first 2.0
costs: a huge ship's upgrades are paid in squad points). Rulings: /tmp/work/rulings-epic.md,
merged into docs/rulings.md (Squad building: the epic format)."""

from __future__ import annotations

import json

import pytest
from squad_helpers import broken, judge, rules_broken

from tallon.squads import Rule, SquadRules, build_squad, check_squad, rules_for
from tallon.squads.huge import OLDER_COSTS, is_huge

ESCORT = ("bluesquadronescort", ())
CORVETTE = ("alderaanianguard", ("turbolaserbattery", "tantiveiv"))
EPIC_SQUAD = [CORVETTE, ESCORT, ESCORT]


def test_a_corvette_squad_is_legal_in_epic_at_its_data_cost(db):
    """Situation: a CR90 (Alderaanian Guard) with Turbolaser Battery and Tantive IV, and two
    X-wing escorts, judged as epic with a 200-point limit. Rule: the CR90 is flagged epic in
    the data and costs what the data says; its upgrades are paid in squad points. Expected:
    legal; the CR90 counts its card cost plus 10 + 5; the squad 5 + 5 more; a note."""
    report = judge(db, "rebelalliance", EPIC_SQUAD, format="epic", points=200)
    assert report.legal, report.errors
    card = db.pilot("alderaanianguard").cost
    upgrades = db.upgrade("turbolaserbattery").cost.value + db.upgrade("tantiveiv").cost.value
    corvette = report.ships[0]
    assert (corvette.cost, corvette.loadout_used, corvette.huge) == (card + upgrades, 15, True)
    assert corvette.loadout_value is None
    assert report.points == card + upgrades + 10 and report.deficit == 200 - report.points
    assert report.notes[0] == OLDER_COSTS and "first 2.0" in report.notes[0]
    assert f"counts {card + upgrades} squad points" in report.notes[1]


def test_the_data_still_gives_the_corvette_its_first_edition_scale_cost(db):
    """Situation: the generated card data for the CR90. Rule: huge ships carry first 2.0
    costs (data-and-formats.md, known gaps), epic-only. Expected: a cost far above a 2.5
    ship's (over 100), a loadout value of 0, and only the epic flag set."""
    pilot = db.pilot("alderaanianguard")
    assert is_huge(db, pilot)
    assert pilot.cost > 100 and pilot.loadout == 0
    assert (pilot.standard, pilot.extended, pilot.epic) == (False, False, True)


@pytest.mark.parametrize("game_format", ["standard", "extended"])
def test_the_same_squad_fails_outside_epic_naming_the_huge_ship(db, game_format):
    """Situation: the legal epic squad judged as standard or extended (200 points, so only
    the format matters). Rule: RR: GAME MODE, huge ships are legal only in epic. Expected:
    a GAME MODE error on ship 1 naming the Alderaanian Guard as a huge ship, and errors on
    the epic-only upgrades saying so."""
    report = judge(db, "rebelalliance", EPIC_SQUAD, format=game_format, points=200)
    errors = broken(report, Rule.GAME_MODE)
    assert [(e.ship, e.card) for e in errors] == [
        (0, "alderaanianguard"), (0, "turbolaserbattery"), (0, "tantiveiv")]
    assert "huge ship (CR90 Corellian Corvette)" in errors[0].message
    assert "legal only in the epic format" in errors[0].message
    assert errors[1].message.endswith("it is legal only in the epic format")


def test_an_epic_illegal_card_is_refused_naming_it(db):
    """Situation: a Republic CR90 with two Jedi Knights, one carrying Delta-7B, as epic.
    Rule: Delta-7B is flagged illegal in every format, epic included. Expected: a GAME MODE
    error naming delta7b on ship 2, and no other card refused by format."""
    report = judge(db, "galacticrepublic",
                   [("republicjudiciary", ()), ("jediknight", ("delta7b",)), ("jediknight", ())],
                   format="epic", points=200)
    assert [(e.ship, e.card) for e in broken(report, Rule.GAME_MODE)] == [(1, "delta7b")]
    assert "Delta-7B" in broken(report, Rule.GAME_MODE)[0].message


def test_the_point_limit_applies_with_the_upgrades_counted(db):
    """Situation: the 159-point epic squad against a 150-point limit. Rule:
    RR: SQUAD POINTS, with the huge ship's upgrades in squad points. Expected: SQUAD POINTS error,
    9 over, naming 159."""
    report = judge(db, "rebelalliance", EPIC_SQUAD, format="epic", points=150)
    [error] = broken(report, Rule.SQUAD_POINTS)
    assert "costs 159 squad points" in error.message and "(9 over)" in error.message
    assert rules_broken(report) == {Rule.SQUAD_POINTS}


def test_the_default_epic_limit_is_the_usual_point_option(db):
    """Situation: check_squad(format="epic") with no point limit given. Rule (ruling): the
    seeds state no epic limit, so epic takes the same default as the others (20). Expected:
    the limit is 20, and the corvette squad is over it."""
    report = check_squad(build_squad("rebelalliance", EPIC_SQUAD, db), db, format="epic")
    assert (report.format, report.points_limit) == ("epic", 20)
    assert not report.legal and rules_broken(report) == {Rule.SQUAD_POINTS}


def test_limited_cards_still_apply(db):
    """Situation: two CR90s, each with the title Tantive IV (one bullet). Rule: RR: LIMITED.
    Expected: a LIMITED error on the second copy."""
    two = [CORVETTE, CORVETTE, ESCORT]
    report = judge(db, "rebelalliance", two, format="epic", points=400)
    assert [(e.ship, e.card) for e in broken(report, Rule.LIMITED)] == [(1, "tantiveiv")]
    assert rules_broken(report) == {Rule.LIMITED}


def test_the_ship_count_still_applies(db):
    """Situation: a lone CR90 as epic. Rule (ruling): the only ship count the seeds state, 3
    to 8, applies to epic too. Expected: SQUAD BUILDING error."""
    report = judge(db, "rebelalliance", [CORVETTE], format="epic", points=200)
    assert rules_broken(report) == {Rule.SHIP_COUNT}


def test_standard_ships_keep_their_loadout_value_in_epic(db):
    """Situation: an epic squad where a Blade Squadron Veteran (loadout value 4) carries
    Proton Torpedoes (12). Rule: only huge ships are priced the first 2.0 way; other ships
    follow RR: LOADOUT VALUE. Expected: a LOADOUT VALUE error on the veteran, 8 over, none
    on the CR90 (whose upgrades exceed its data loadout value of 0)."""
    report = judge(db, "rebelalliance", [CORVETTE, ESCORT, ("bladesquadronveteran", (
        "protontorpedoes",))], format="epic", points=200)
    [error] = broken(report, Rule.LOADOUT_VALUE)
    assert (error.ship, error.card) == (2, "bladesquadronveteran") and "(8 over)" in error.message


def test_huge_only_upgrades_need_a_huge_ship(db):
    """Situation: an epic squad with Turbolaser Battery on an X-wing escort and Tracking
    Torpedoes (restricted to huge ships) on a Blade Squadron Veteran. Rule:
    RR: UPGRADE CARDS (slots, size restriction). Expected: UPGRADE BAR error for the battery,
    UPGRADE RESTRICTIONS error naming huge ship for the torpedoes."""
    report = judge(db, "rebelalliance",
                   [CORVETTE, ("bluesquadronescort", ("turbolaserbattery",)),
                    ("bladesquadronveteran", ("trackingtorpedoes",))],
                   format="epic", points=200)
    assert [(e.ship, e.card) for e in broken(report, Rule.UPGRADE_BAR)] == [
        (1, "turbolaserbattery")]
    [restriction] = broken(report, Rule.RESTRICTIONS)
    assert restriction.card == "trackingtorpedoes" and "huge ship" in restriction.message


def test_a_squad_without_huge_ships_has_no_notes(db):
    """Situation: three escorts as epic. Rule: the note is about huge ships only. Expected:
    legal, 15 points, no notes, and the same report as standard but for the format."""
    epic = judge(db, "rebelalliance", [ESCORT] * 3, format="epic")
    standard = judge(db, "rebelalliance", [ESCORT] * 3)
    assert epic.legal and epic.notes == () and epic.points == standard.points == 15


def test_a_format_that_contradicts_the_rules_is_refused(db):
    """Situation: check_squad with extended rules and format="epic". Expected: ValueError
    naming both formats; agreeing ones are accepted."""
    squad = build_squad("rebelalliance", [ESCORT] * 3, db)
    with pytest.raises(ValueError, match=r"'epic'.*'extended'"):
        check_squad(squad, db, SquadRules(format="extended"), format="epic")
    assert check_squad(squad, db, SquadRules(format="epic"), format="epic").format == "epic"


def test_epic_lists_come_from_their_own_section(db, tmp_path):
    """Situation: a lists file banning the CR90 ship type under "epic" only. Rule:
    RR: BAN LIST, per game mode. Expected: epic reports BAN LIST on the CR90; the packaged epic
    lists are empty."""
    path = tmp_path / "lists.json"
    path.write_text(json.dumps({"epic": {"ban_list": ["ship:cr90corelliancorvette"]}}))
    rules = rules_for("epic", points=200, lists_file=path)
    report = check_squad(build_squad("rebelalliance", EPIC_SQUAD, db), db, rules)
    assert [(e.ship, e.card) for e in broken(report, Rule.BAN_LIST)] == [
        (0, "alderaanianguard")]
    assert not rules_for("epic").ban_list and not rules_for("epic").restricted_list
