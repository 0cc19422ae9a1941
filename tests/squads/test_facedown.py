"""Upgrades kept facedown under a card (Razor Crest): how an XWS pilot lists them
("facedown", keyed like "upgrades"), and the squad check of the card's text - one
non-limited Illicit upgrade, only under the title, no slot and no loadout points, no second
copy of an equipped card, its restrictions met."""

from __future__ import annotations

from squad_helpers import broken

from tallon.squads import Rule, SquadRules, check_squad, read_xws, to_xws


def _mando(upgrades=None, facedown=None):
    pilot = {"id": "themandalorian", "ship": "st70assaultship",
             "upgrades": upgrades if upgrades is not None else {"title": ["razorcrest"]}}
    if facedown is not None:
        pilot["facedown"] = facedown
    return {"version": "2.0.0", "faction": "scumandvillainy", "pilots": [pilot]}


def _judge(db, data):
    # one ship is enough here: the squad-wide ship count is another test's business
    imported = read_xws(data, db)
    return imported, check_squad(imported.squad, db, SquadRules(min_ships=1),
                                 errors=imported.errors, warnings=imported.warnings)


def test_the_facedown_card_is_read_and_written_back(db):
    """XWS: a pilot's "facedown" lists the card under its slot key; it is read without a
    warning, kept apart from the equipped upgrades, and written back the same way."""
    imported = read_xws(_mando(facedown={"illicit": ["contrabandcybernetics"]}), db)
    assert imported.errors == () and imported.warnings == ()
    ship = imported.squad.ships[0]
    assert [u.xws for u in ship.facedown] == ["contrabandcybernetics"]
    assert [u.xws for u in ship.upgrades] == ["razorcrest"]
    pilot = to_xws(imported.squad)["pilots"][0]
    assert pilot["facedown"] == {"illicit": ["contrabandcybernetics"]}
    assert "contrabandcybernetics" not in str(pilot["upgrades"])


def test_an_unknown_facedown_id_is_an_xws_error_naming_its_place(db):
    """An unknown id under "facedown" is an XWS error at pilots[0].facedown.illicit[0]."""
    imported = read_xws(_mando(facedown={"illicit": ["contrabandcybernetic"]}), db)
    [error] = imported.errors
    assert (error.rule, error.where) == (Rule.XWS, "pilots[0].facedown.illicit[0]")


def test_under_the_razor_crest_it_costs_nothing_and_takes_no_slot(db):
    """The Mandalorian (2 Illicit slots, loadout 10) with the Razor Crest, two equipped
    Illicit upgrades and a third facedown: legal, and the facedown card's 3 loadout points
    are not counted (the same loadout as without it)."""
    upgrades = {"title": ["razorcrest"], "illicit": ["deadmansswitch", "feedbackarray"]}
    _, with_card = _judge(db, _mando(upgrades, {"illicit": ["contrabandcybernetics"]}))
    _, without = _judge(db, _mando(upgrades))
    assert with_card.errors == ()
    assert with_card.ships[0].loadout_used == without.ships[0].loadout_used == 6


def test_without_the_title_a_facedown_card_is_an_error(db):
    """No Razor Crest: a facedown card breaks the card's rule, naming the ship and the
    card."""
    _, report = _judge(db, _mando({}, {"illicit": ["contrabandcybernetics"]}))
    [problem] = broken(report, Rule.FACEDOWN)
    assert problem.card == "contrabandcybernetics" and problem.ship == 0
    assert "The Mandalorian" in problem.message and "no card" in problem.message


def test_a_limited_illicit_upgrade_cannot_lie_facedown(db):
    """Tracking Fob is limited: the Razor Crest keeps only non-limited ones."""
    _, report = _judge(db, _mando(facedown={"illicit": ["trackingfob"]}))
    [problem] = broken(report, Rule.FACEDOWN)
    assert problem.card == "trackingfob" and "limited" in problem.message


def test_only_an_illicit_upgrade_can_lie_facedown(db):
    """Hull Upgrade is a Modification: not an Illicit upgrade, so it can't lie facedown
    (XWS lists it under its own slot key)."""
    _, report = _judge(db, _mando(facedown={"modification": ["hullupgrade"]}))
    [problem] = broken(report, Rule.FACEDOWN)
    assert problem.card == "hullupgrade" and "illicit" in problem.message


def test_only_one_card_lies_facedown(db):
    """Two facedown cards under one Razor Crest: the second breaks the rule."""
    _, report = _judge(db, _mando(facedown={"illicit": ["contrabandcybernetics",
                                                        "deadmansswitch"]}))
    [problem] = broken(report, Rule.FACEDOWN)
    assert problem.card == "deadmansswitch" and "room for 1" in problem.message


def test_no_copy_of_an_equipped_card(db):
    """Dead Man's Switch equipped and facedown: revealed it would be a second copy on the
    ship (RR: UPGRADE CARDS)."""
    upgrades = {"title": ["razorcrest"], "illicit": ["deadmansswitch"]}
    _, report = _judge(db, _mando(upgrades, {"illicit": ["deadmansswitch"]}))
    [problem] = broken(report, Rule.ONE_COPY)
    assert problem.card == "deadmansswitch"
