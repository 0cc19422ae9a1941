"""RR: UPGRADE CARDS — only ships matching an upgrade's restrictions can equip it:
faction, size, ship type, action (not linked), builder keywords, arcs, Force side,
equipped upgrades, squad including a name, ship ability, non-limited."""

from __future__ import annotations

import dataclasses

from squad_helpers import broken, judge

from tallon.squads import EquippedUpgrade, Rule, build_squad, check_squad
from tallon.squads.restrictions import group_met, ship_profile

ESCORT = ("bluesquadronescort", ())
TIE = ("academypilot", ())


def _restriction_cards(report):
    return [(e.ship, e.card) for e in broken(report, Rule.RESTRICTIONS)]


def test_size_restriction(db):
    """Angled Deflectors (small or medium ship): fine on a T-65, an error on the large
    YT-1300 of Chewbacca."""
    small = judge(db, "rebelalliance", [("biggsdarklighter", ("angleddeflectors",)), ESCORT,
                                        ESCORT])
    large = judge(db, "rebelalliance", [("chewbacca", ("angleddeflectors",)), ESCORT, ESCORT])
    assert _restriction_cards(small) == []
    assert _restriction_cards(large) == [(0, "angleddeflectors")]


def test_ship_type_restriction(db):
    """Servomotor S-foils are for T-65 X-wings only: an error on a T-70."""
    report = judge(db, "resistance", [("bluesquadronrookie", ("servomotorsfoils",)),
                                      ("bluesquadronrookie", ()), ("bluesquadronrookie", ())])
    assert _restriction_cards(report) == [(0, "servomotorsfoils")]


def test_action_restriction_with_difficulty(db):
    """Engine Upgrade needs a red Boost on the action bar: the HWK-290 has one; the T-65
    has no Boost at all."""
    hwk = judge(db, "rebelalliance", [("kylekatarn", ("engineupgrade",)), ESCORT, ESCORT])
    xwing = judge(db, "rebelalliance", [("biggsdarklighter", ("engineupgrade",)), ESCORT,
                                        ESCORT])
    assert _restriction_cards(hwk) == []
    assert _restriction_cards(xwing) == [(0, "engineupgrade")]


def test_a_white_action_requirement_is_not_met_by_a_red_action(db):
    """Daredevil needs a white Boost; the HWK-290's Boost is red."""
    report = judge(db, "rebelalliance", [("kylekatarn", ("daredevil",)), ESCORT, ESCORT])
    assert _restriction_cards(report) == [(0, "daredevil")]
    assert "white Boost" in broken(report, Rule.RESTRICTIONS)[0].message


def test_an_action_added_by_another_upgrade_counts(db):
    """Ruling: upgrade action bars are added to the ship's action bar (RR: ACTIONS), so
    Engine Upgrade's white Boost lets the HWK-290 equip Daredevil."""
    report = judge(db, "rebelalliance", [("kylekatarn", ("engineupgrade", "daredevil")),
                                         ESCORT, ESCORT])
    assert _restriction_cards(report) == []
    assert report.legal, report.errors


def test_a_linked_action_does_not_meet_an_action_restriction(db):
    """The TIE/sf has Rotate Arc only on its linked action bar, so it cannot equip Veteran
    Turret Gunner (requires Rotate Arc); the Scavenged YT-1300 has it on its bar."""
    tie_sf = judge(db, "firstorder", [("backdraft", ("veteranturretgunner",)),
                                      ("omegasquadronexpert", ()), ("omegasquadronexpert", ())])
    yt = judge(db, "resistance", [("resistancesympathizer", ("veteranturretgunner",)),
                                  ("bluesquadronrookie", ()), ("bluesquadronrookie", ())])
    assert _restriction_cards(tie_sf) == [(0, "veteranturretgunner")]
    assert _restriction_cards(yt) == []


def test_keyword_restriction(db):
    """Clan Training needs the Mandalorian keyword: a Fang Fighter has it, an X-wing not."""
    fang = judge(db, "rebelalliance", [("bodicavenj", ("clantraining",)), ESCORT, ESCORT])
    xwing = judge(db, "rebelalliance", [("biggsdarklighter", ("clantraining",)), ESCORT,
                                        ESCORT])
    assert _restriction_cards(fang) == []
    assert _restriction_cards(xwing) == [(0, "clantraining")]


def test_twin_ion_engines_count_as_the_tie_keyword(db):
    """The Nimbus-class V-wing ignores the TIE restriction (Twin Ion Engines): it may equip
    Ion Limiter Override; an X-wing pilot may not."""
    vwing = judge(db, "galacticrepublic", [("wilhufftarkin", ("ionlimiteroverride",)),
                                           ("shadowsquadronescort", ()),
                                           ("shadowsquadronescort", ())])
    xwing = judge(db, "rebelalliance", [("biggsdarklighter", ("ionlimiteroverride",)), ESCORT,
                                        ESCORT])
    assert _restriction_cards(vwing) == []
    assert _restriction_cards(xwing) == [(0, "ionlimiteroverride")]


def test_arc_restriction(db):
    """Veteran Tail Gunner needs a primary Rear Arc: the ARC-170 has one, the YT-1300 (a
    turret ship) does not."""
    arc = judge(db, "rebelalliance", [("norrawexley", ("veterantailgunner",)), ESCORT, ESCORT])
    yt = judge(db, "rebelalliance", [("chewbacca", ("veterantailgunner",)), ESCORT, ESCORT])
    assert _restriction_cards(arc) == []
    assert _restriction_cards(yt) == [(0, "veterantailgunner")]


def test_force_side_restriction(db):
    """Hate needs the dark side of the Force: Darth Vader has it, Luke Skywalker does not."""
    vader = judge(db, "galacticempire", [("darthvader", ("hate",)), TIE, TIE])
    luke = judge(db, "rebelalliance", [("lukeskywalker", ("hate",)), ESCORT, ESCORT])
    assert _restriction_cards(vader) == []
    assert _restriction_cards(luke) == [(0, "hate")]


def test_a_force_side_keyword_counts_as_the_force_side(db):
    """Ruling: Darth Vader's TIE/D Defender has the Dark Side keyword but no side on its
    Force value in the database; it may equip Hate. Kit Fisto (Light Side) may not."""
    assert not db.pilot("darthvader-tieddefender").force.sides
    vader = judge(db, "galacticempire", [("darthvader-tieddefender", ("hate",)), TIE, TIE])
    fisto = judge(db, "galacticrepublic", [("kitfisto", ("hate",)), ("jediknight", ()),
                                           ("jediknight", ())])
    assert _restriction_cards(vader) == []
    assert _restriction_cards(fisto) == [(0, "hate")]


def test_equipped_restriction(db):
    """Spare Parts Canisters need an equipped astromech on the same ship."""
    fitted = judge(db, "rebelalliance",
                   [("biggsdarklighter", ("r3astromech", "sparepartscanisters")), ESCORT, ESCORT])
    bare = judge(db, "rebelalliance", [("biggsdarklighter", ("sparepartscanisters",)), ESCORT,
                                       ESCORT])
    assert _restriction_cards(fitted) == []
    assert _restriction_cards(bare) == [(0, "sparepartscanisters")]


def test_squad_including_a_name_restriction(db):
    """0-0-0 is for Scum or a squad including Darth Vader: illegal on an Imperial Decimator
    alone, legal once Darth Vader flies in the squad."""
    alone = judge(db, "galacticempire", [("patrolleader", ("000",)), TIE, TIE])
    with_vader = judge(db, "galacticempire", [("patrolleader", ("000",)), ("darthvader", ()),
                                              TIE])
    assert _restriction_cards(alone) == [(0, "000")]
    assert "squad including Darth Vader" in broken(alone, Rule.RESTRICTIONS)[0].message
    assert _restriction_cards(with_vader) == []


def test_ship_ability_restriction(db):
    """Sensitive Controls need the Autothrusters ship ability: the TIE/in has it, the T-65
    does not."""
    tie_in = judge(db, "galacticempire", [("alphasquadronpilot", ("sensitivecontrols",)), TIE,
                                          TIE])
    xwing = judge(db, "rebelalliance", [("biggsdarklighter", ("sensitivecontrols",)), ESCORT,
                                        ESCORT])
    assert _restriction_cards(tie_in) == []
    assert _restriction_cards(xwing) == [(0, "sensitivecontrols")]


def test_non_limited_restriction(db):
    """A card restricted to non-limited ships (no current standard card is; built here from
    Deadeye Shot with the marker set) is an error on a limited pilot, fine on a generic."""
    marked = dataclasses.replace(db.upgrade("deadeyeshot"), non_limited=True)

    def report_for(pilot: str):
        squad = build_squad("rebelalliance", [(pilot, ()), ESCORT, ESCORT], db)
        first = dataclasses.replace(squad.ships[0],
                                    upgrades=(EquippedUpgrade(marked, marked.slot),))
        return check_squad(dataclasses.replace(squad, ships=(first, *squad.ships[1:])), db)

    assert _restriction_cards(report_for("biggsdarklighter")) == [(0, "deadeyeshot")]
    assert _restriction_cards(report_for("redsquadronveteran")) == []


def test_every_unmet_group_is_reported(db):
    """Daredevil needs a small ship AND a white Boost: on the large YT-1300 (red Boost)
    both groups fail and both are reported."""
    report = judge(db, "rebelalliance", [("chewbacca", ("daredevil",)), ESCORT, ESCORT])
    assert _restriction_cards(report) == [(0, "daredevil"), (0, "daredevil")]


def test_arcs_granted_by_another_upgrade_count(db):
    """Ruling: arcs added by other equipped upgrades count for arc restrictions; Vectored
    Cannons give the RZ-1 A-wing a Single Turret Arc."""
    pilot = db.pilot("greensquadronpilot")
    plain = ship_profile(db, pilot, [])
    vectored = ship_profile(db, pilot, [db.upgrade("vectoredcannonsrz1")])
    assert "single_turret" not in plain.arcs and "single_turret" in vectored.arcs


def test_force_granted_with_a_side_counts_for_force_side_restrictions(db):
    """Ruling: Force added by another upgrade with a side counts. Asajj Ventress (Command)
    adds dark-side Force, which meets Hate's dark-side restriction on a ship without."""
    pilot = db.pilot("patrolleader")
    [group] = db.upgrade("hate").restrictions
    assert not group_met(group, ship_profile(db, pilot, []))
    assert group_met(group, ship_profile(db, pilot, [db.upgrade("asajjventresscommand")]))


def test_a_false_non_limited_marker_restricts_nothing(db):
    """Ruling: the source's "non-limited: false" (In It For The Money) is read literally
    and imposes no restriction."""
    assert db.upgrade("initforthemoneyrebellion").non_limited is False
