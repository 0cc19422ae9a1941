"""First-edition squad building (tallon.squads.legality_1e, xws_1e): XWS 1.0 squads
checked with first-edition points and rules - the core-set rulebook's Squad Building,
Unique Names and Upgrade Cards, the "Modifications and Titles" reference card, limited
cards, card restrictions and factions - each problem naming ship, card and rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tallon.data import load_cards_1e
from tallon.squads import Rule1e, XwsError, check_squad_1e, read_xws_1e

LISTS = Path(__file__).resolve().parents[1] / "lists" / "1e"


def _check(faction: str, *pilots: dict, limit: int = 100, **extra):
    imported = read_xws_1e({"version": "1.0.0", "faction": faction, "pilots": list(pilots),
                            **extra})
    return check_squad_1e(imported.squad, points=limit, errors=imported.errors,
                          warnings=imported.warnings)


def _pilot(name: str, ship: str, **upgrades: list[str]) -> dict:
    return {"name": name, "ship": ship, "upgrades": upgrades}


def _rules(report) -> list[tuple[str, str | None, int | None]]:
    return [(e.rule, e.card, e.ship) for e in report.errors]


def test_the_core_set_x_wing_with_r2_d2_costs_32():
    """Situation: the core set's Luke Skywalker (28) with R2-D2 (4). Rule: a squad costs
    its ship and upgrade cards' squad points (rulebook: Squad Building). Expected: legal,
    32 points, the ship costing 32 of which 4 for the upgrade."""
    report = _check("rebel", _pilot("lukeskywalker", "xwing", amd=["r2d2"]))
    assert report.legal and report.points == 32
    [ship] = report.ships
    assert (ship.cost, ship.loadout_used, ship.upgrades[0].cost) == (32, 4, 4)


def test_the_core_set_tie_fighters_cost_28():
    """Situation: Night Beast (15) and an Obsidian Squadron Pilot (13). Expected: legal,
    28 points, each ship at its card's cost."""
    report = _check("imperial", _pilot("nightbeast", "tiefighter"),
                    _pilot("obsidiansquadronpilot", "tiefighter"))
    assert report.legal and [s.cost for s in report.ships] == [15, 13]
    assert report.points == 28


@pytest.mark.parametrize("name", sorted(p.name for p in LISTS.glob("*.json")))
def test_the_example_lists_are_legal(name):
    """Situation: each example list in tests/lists/1e. Expected: legal at 100 points,
    and the 100-point lists spend exactly 100."""
    data = json.loads((LISTS / name).read_text())
    report = _check(data.pop("faction"), *data.pop("pilots"), **data)
    assert report.legal, report.errors
    assert report.warnings == ()
    if "100" in name:
        assert report.points == 100


def test_a_squad_over_the_agreed_total_is_not_legal():
    """Situation: the 32-point X-wing against a 31-point total (the rulebook's total for
    the core set's ships). Rule: combined squad points equal to or lower than the agreed
    total. Expected: one SQUAD POINTS error naming both figures."""
    report = _check("rebel", _pilot("lukeskywalker", "xwing", amd=["r2d2"]), limit=31)
    [error] = report.errors
    assert error.rule == Rule1e.SQUAD_POINTS and "32" in error.message and "31" in error.message


def test_a_unique_name_twice_is_not_legal_across_pilots_and_upgrades():
    """Situation: Luke Skywalker the pilot with Luke Skywalker the crew card (on a ship
    with a crew icon), and R2-D2 on two X-wings. Rule: a player cannot field two cards
    that share a unique name (rulebook: Unique Names). Expected: one UNIQUE NAMES error
    for each second card, naming it and its ship."""
    report = _check("rebel", _pilot("lukeskywalker", "xwing", amd=["r2d2"]),
                    _pilot("rebeloperative", "hwk290", crew=["lukeskywalker"]),
                    _pilot("rookiepilot", "xwing", amd=["r2d2"]))
    assert _rules(report) == [(Rule1e.UNIQUE_NAMES, "lukeskywalker", 1),
                              (Rule1e.UNIQUE_NAMES, "r2d2", 2)]


def test_a_second_modification_or_title_is_not_legal():
    """Situation: an X-wing with two modifications, a TIE Advanced with two titles. Rule:
    each ship is limited to one modification and one title (reference card). Expected: a
    MODIFICATIONS AND TITLES error for each second card."""
    report = _check("rebel", _pilot("rookiepilot", "xwing",
                                    mod=["stealthdevice", "engineupgrade"]))
    assert _rules(report) == [(Rule1e.MODIFICATIONS_AND_TITLES, "engineupgrade", 0)]
    report = _check("imperial", _pilot("darthvader", "tieadvanced", title=["tiex1", "tiev1"]))
    assert (Rule1e.MODIFICATIONS_AND_TITLES, "tiev1", 0) in _rules(report)


def test_a_card_granting_a_modification_icon_allows_a_second():
    """Situation: a TIE interceptor with Royal Guard TIE (its upgrade bar gains a
    modification icon) and two modifications. Expected: legal."""
    report = _check("imperial", _pilot("royalguardpilot", "tieinterceptor",
                                       title=["royalguardtie"],
                                       mod=["stealthdevice", "hullupgrade"]))
    assert report.legal, report.errors


def test_an_upgrade_without_its_icon_is_not_legal():
    """Situation: Proton Torpedoes on an Obsidian Squadron Pilot (no torpedo icon), and
    R2-D2 listed under the crew key. Rule: a ship equips one upgrade per matching icon of
    its upgrade bar (rulebook: Upgrade Cards). Expected: UPGRADE CARDS errors naming the
    cards."""
    report = _check("imperial", _pilot("obsidiansquadronpilot", "tiefighter",
                                       torpedo=["protontorpedoes"]))
    assert _rules(report) == [(Rule1e.UPGRADE_BAR, "protontorpedoes", 0)]
    assert "no torpedo icon" in report.errors[0].message
    report = _check("rebel", _pilot("rookiepilot", "xwing", crew=["r2d2"]))
    assert (Rule1e.UPGRADE_BAR, "r2d2", 0) in _rules(report)


def test_cards_restricted_to_another_ship_size_or_faction_are_not_legal():
    """Situation: TIE/x1 on a TIE fighter, Countermeasures (large ship only) on an
    X-wing, Luke Skywalker crew (Rebel only) on a scum HWK-290. Rule: a card restricted
    to a ship, size or faction equips only those (reference card "Modifications and
    Titles"; card restrictions). Expected: one UPGRADE RESTRICTIONS error each, naming
    the restriction."""
    report = _check("imperial", _pilot("blacksquadronpilot", "tiefighter", title=["tiex1"]))
    assert _rules(report) == [(Rule1e.RESTRICTIONS, "tiex1", 0)]
    assert "TIE Advanced only" in report.errors[0].message
    report = _check("rebel", _pilot("rookiepilot", "xwing", mod=["countermeasures"]))
    assert _rules(report) == [(Rule1e.RESTRICTIONS, "countermeasures", 0)]
    assert "large" in report.errors[0].message
    report = _check("scum", _pilot("spicerunner", "hwk290", crew=["lukeskywalker"]))
    assert _rules(report) == [(Rule1e.RESTRICTIONS, "lukeskywalker", 0)]
    assert "Rebel only" in report.errors[0].message


def test_a_pilot_of_another_faction_is_not_legal():
    """Situation: Darth Vader in a rebel squad. Rule: both players field their
    faction's cards (rulebook: Gather Forces). Expected: a FACTION error naming Vader."""
    report = _check("rebel", _pilot("darthvader", "tieadvanced"))
    assert _rules(report) == [(Rule1e.FACTION, "darthvader", 0)]


def test_resistance_pilots_fly_in_rebel_squads_and_take_rebel_only_cards():
    """Situation: Poe Dameron (Resistance) in a rebel squad, then in an imperial one;
    a Resistance YT-1300 with the Rebel-only crew card Luke Skywalker. Rule: the
    Resistance is the rebel side of first-edition squad building, the First Order the
    imperial one (ruling "Subfactions"). Expected: legal as a rebel squad with the card,
    a FACTION error as an imperial one."""
    assert _check("rebel", _pilot("poedameron", "t70xwing")).legal
    assert _rules(_check("imperial", _pilot("poedameron", "t70xwing"))) == [
        (Rule1e.FACTION, "poedameron", 0)]
    assert _check("rebel", _pilot("poedameron", "t70xwing", ept=["adaptability"])).legal
    assert load_cards_1e().pilot("rey").faction == "resistance"
    assert _check("rebel", _pilot("rey", "yt1300", crew=["lukeskywalker"])).legal


def test_a_limited_card_twice_on_one_ship_is_not_legal():
    """Situation: an Outer Rim Smuggler (two crew icons) with two Tacticians (limited by
    FAQ erratum). Rule: a ship equips one copy of a limited card. Expected: one LIMITED
    error; one Tactician on each of two ships is legal."""
    report = _check("rebel", _pilot("outerrimsmuggler", "yt1300",
                                    crew=["tactician", "tactician"]))
    assert _rules(report) == [(Rule1e.LIMITED, "tactician", 0)]
    assert _check("rebel", _pilot("outerrimsmuggler", "yt1300", crew=["tactician"]),
                  _pilot("rebeloperative", "hwk290", crew=["tactician"])).legal


def test_a_card_limited_per_squad_is_counted_across_the_squad():
    """Situation: three Tansarii Point Veterans, each with Attanni Mindlink (2 per squad).
    Expected: one LIMITED error naming the card and the counts."""
    ship = _pilot("tansariipointveteran", "m3ainterceptor", ept=["attannimindlink"])
    report = _check("scum", ship, ship, ship)
    assert _rules(report) == [(Rule1e.LIMITED, "attannimindlink", 0)]
    assert "at most 2" in report.errors[0].message


def test_tie_x1_takes_4_points_off_a_system_upgrade():
    """Situation: Darth Vader with TIE/x1 and Accuracy Corrector (3 points), then with
    Fire-Control System (2) - FAQ's TIE/x1: a system upgrade costs 4 less, to a minimum
    of 0. Expected: the system upgrade costs 0; without the title it costs its points
    and needs a system icon Vader lacks."""
    report = _check("imperial", _pilot("darthvader", "tieadvanced", title=["tiex1"],
                                       system=["accuracycorrector"]))
    assert report.legal and report.points == 29
    assert [u.cost for u in report.ships[0].upgrades] == [0, 0]
    report = _check("imperial", _pilot("darthvader", "tieadvanced",
                                       system=["accuracycorrector"]))
    assert report.points == 32 and _rules(report) == [(Rule1e.UPGRADE_BAR,
                                                       "accuracycorrector", 0)]


def test_heavy_scyk_gives_one_icon_of_three():
    """Situation: a Cartel Spacer with "Heavy Scyk" Interceptor and an Autoblaster
    (cannon), then with a cannon and a missile. Rule: the title's upgrade bar gains a
    cannon, torpedo or missile icon: one of them (FAQ text). Expected: the first legal;
    the second an UPGRADE CARDS error for the missile."""
    assert _check("scum", _pilot("cartelspacer", "m3ainterceptor",
                                 title=["heavyscykinterceptor"], cannon=["autoblaster"])).legal
    report = _check("scum", _pilot("cartelspacer", "m3ainterceptor",
                                   title=["heavyscykinterceptor"], cannon=["autoblaster"],
                                   missile=["clustermissiles"]))
    assert _rules(report) == [(Rule1e.UPGRADE_BAR, "clustermissiles", 0)]


def test_reading_problems_name_their_place_in_the_file():
    """Situation: an unknown pilot, a pilot on the wrong ship, an unknown upgrade and an
    unknown slot key. Rule: XWS 1.0 names pilots by name and ship. Expected: XWS errors
    naming pilots[i] and the id; the squad read keeps the cards it could identify."""
    report = _check("rebel", {"name": "lukeskywalkr", "ship": "xwing"},
                    {"name": "lukeskywalker", "ship": "ywing"},
                    _pilot("rookiepilot", "xwing", amd=["r2d9"], jetpack=["x"]))
    messages = [e.message for e in report.errors]
    assert all(e.rule == Rule1e.XWS for e in report.errors)
    assert messages[0].startswith("pilots[0].name: unknown pilot 'lukeskywalkr'")
    assert "flies xwing, not 'ywing'" in messages[1]
    assert any(m.startswith("pilots[2].upgrades.amd[0]: unknown upgrade 'r2d9'")
               for m in messages)
    assert any("unknown upgrade slot key 'jetpack'" in m for m in messages)
    assert [s.pilot for s in report.ships] == ["rookiepilot"]


def test_a_second_edition_file_is_pointed_to_the_right_reader():
    """Situation: an XWS 2.0 squad (pilot 'id', faction 'rebelalliance') read as a
    first-edition one. Expected: a warning reading the faction as 'rebel', and an error
    saying the pilot entry is 2.0's; a non-object input is no squad at all."""
    imported = read_xws_1e({"faction": "rebelalliance", "pilots": [{"id": "lukeskywalker"}]})
    assert imported.squad.faction == "rebel"
    assert "2.0 faction" in imported.warnings[0].message
    assert "XWS 2.0 pilot entry" in imported.errors[0].message
    with pytest.raises(XwsError, match="no 'pilots' list"):
        read_xws_1e({"faction": "rebel"})


def test_the_files_points_are_compared_not_trusted():
    """Situation: a file claiming 30 points for the 32-point X-wing. Expected: 32
    points, legal, and an XWS warning giving both totals."""
    report = _check("rebel", _pilot("lukeskywalker", "xwing", amd=["r2d2"]), points=30)
    assert report.points == 32 and report.legal
    assert "says 30" in report.warnings[0].message


def test_a_pilot_without_a_cost_of_its_own_is_not_legal():
    """Situation: Nashtah Pup Pilot, whose skill and cost print "?" (set by Hound's
    Tooth). Expected: a SQUAD POINTS error naming it."""
    report = _check("scum", _pilot("nashtahpuppilot", "z95headhunter"))
    assert (Rule1e.SQUAD_POINTS, "nashtahpuppilot", 0) in _rules(report)


def test_a_huge_ship_gets_a_note_that_epic_play_is_not_checked():
    """Situation: a rebel squad with a GR-75 medium transport. Expected: a note that huge
    ships are epic play, whose rules Tallon does not check yet; no error for it."""
    report = _check("rebel", _pilot("gr75mediumtransport", "gr75mediumtransport"))
    assert any("epic play" in note for note in report.notes)
    assert report.ships[0].huge


@pytest.mark.parametrize(("pilot", "mods", "problems"), [
    ("alphasquadronpilot", ["stealthdevice", "shieldupgrade"], ["pilot skill of 5"]),
    ("soontirfel", ["stealthdevice", "stealthdevice"], ["must all differ"]),
    ("soontirfel", ["stealthdevice", "shieldupgrade"], []),
])
def test_royal_guard_tie_asks_a_skilled_pilot_and_two_different_modifications(
        pilot, mods, problems):
    """An Alpha Squadron Pilot (pilot skill 1) or Soontir Fel (9) with the Royal Guard TIE
    title and two modifications. The card: not equipped with a pilot skill of 4 or lower;
    up to 2 different modifications. Expected: the skill and duplicate problems named, as
    UPGRADE RESTRICTIONS; Soontir Fel with two different ones is legal."""
    report = check_squad_1e(read_xws_1e({
        "version": "1.0.0", "faction": "imperial", "pilots": [
            {"name": pilot, "ship": "tieinterceptor",
             "upgrades": {"title": ["royalguardtie"], "mod": mods}}]}).squad)
    messages = [p.message for p in report.errors]
    assert report.legal == (not problems)
    for part in problems:
        assert any(part in m for m in messages), messages
    assert all(p.rule == Rule1e.RESTRICTIONS for p in report.errors)


@pytest.mark.parametrize(("upgrades", "legal"), [
    ({"title": ["misthunter"], "cannon": ["tractorbeam"]}, True),
    ({"title": ["misthunter"]}, False),
])
def test_mist_hunter_comes_with_its_tractor_beam(upgrades, legal):
    """A G-1A (Ruthless Freelancer) with the Mist Hunter title, with and without a Tractor
    Beam. The card: "you must equip 1 Tractor Beam" (which needs no cannon icon of the
    ship's own). Expected: legal with it; without it, an UPGRADE RESTRICTIONS problem
    naming the beam."""
    report = check_squad_1e(read_xws_1e({
        "version": "1.0.0", "faction": "scum", "pilots": [
            {"name": "ruthlessfreelancer", "ship": "g1astarfighter",
             "upgrades": upgrades}]}).squad)
    assert report.legal is legal, [p.message for p in report.errors]
    if not legal:
        assert any("tractorbeam" in p.message for p in report.errors)


def test_renegade_refit_takes_1_point_off_each_elite_upgrade():
    """Heff Tobber (U-wing) with Renegade Refit and Push the Limit (3 points). The card:
    the squad point cost of equipped elite upgrades is 1 lower (minimum 0). Expected: Push
    the Limit costs 2 on the ship."""
    imported = read_xws_1e({"version": "1.0.0", "faction": "rebel", "pilots": [
        {"name": "hefftobber", "ship": "uwing",
         "upgrades": {"mod": ["renegaderefit"], "ept": ["pushthelimit"]}}]})
    report = check_squad_1e(imported.squad, errors=imported.errors)
    pushed = [u for u in report.ships[0].upgrades if u.xws == "pushthelimit"]
    assert pushed and pushed[0].cost == 2, [(u.xws, u.cost) for u in report.ships[0].upgrades]


@pytest.mark.parametrize(("upgrades", "legal"), [
    ({"title": ["tiex7"]}, True),
    ({"title": ["tiex7"], "missile": ["concussionmissiles"]}, False),
])
def test_tie_x7_takes_the_cannon_and_missile_icons_away(upgrades, legal):
    """An Onyx Squadron Pilot (TIE Defender: cannon and missile icons) with the TIE/x7 title.
    The card: the upgrade bar loses its cannon and missile icons. Expected: a missile on it
    is not legal (UPGRADE BAR), the title alone is."""
    report = check_squad_1e(read_xws_1e({
        "version": "1.0.0", "faction": "imperial", "pilots": [
            {"name": "onyxsquadronpilot", "ship": "tiedefender", "upgrades": upgrades}]}).squad)
    assert report.legal is legal, [p.message for p in report.errors]


def test_a_card_with_negative_points_lowers_the_total():
    """A Prototype Pilot A-wing (17) with Chardaan Refit (-2 squad points). Rulebook (1e),
    Squad Building: the squad's total is the cards' points. Expected: 15, as the game
    counts it (a cut by another card stops at 0; a printed negative cost does not)."""
    imported = read_xws_1e({"version": "1.0.0", "faction": "rebel", "pilots": [
        {"name": "prototypepilot", "ship": "awing", "upgrades": {"mod": ["chardaanrefit"]}}]})
    report = check_squad_1e(imported.squad, errors=imported.errors)
    assert report.points == 15, [p.message for p in report.errors]
