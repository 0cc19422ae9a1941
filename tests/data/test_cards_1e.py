"""The first-edition card data (tallon.data.cards_1e) as committed: the card counts of the
converted pool and exact facts of core-set cards, read against the printed cards."""

from __future__ import annotations

import pytest

from tallon.data import CardDataError, UnknownCardError
from tallon.data.cards_1e import build_database_1e, load_cards_1e


@pytest.fixture(scope="module")
def db():
    return load_cards_1e()


def test_the_pool_has_every_card_of_the_source(db):
    """Situation: the converted xwing-data (first edition). Expected: 56 ship types (36
    small, 13 large, 7 huge), 297 pilots, 362 upgrades (367 source entries, five dual
    cards listed once), 10 conditions, 33 reference cards, and two 33-card damage decks
    of 14 kinds each (core and core-tfa)."""
    assert len(db.ships) == 56
    assert sorted(s.size for s in db.ships).count("small") == 36
    assert sum(s.size == "huge" for s in db.ships) == 7
    assert (len(db.pilots), len(db.upgrades)) == (297, 362)
    assert (len(db.conditions), len(db.reference_cards)) == (10, 33)
    for name in ("core", "core-tfa"):
        deck = db.damage_deck(name)
        assert (deck.size, len(deck.cards)) == (33, 14)


def test_wedge_antilles_is_a_unique_pilot_skill_9_costing_29(db):
    """Situation: Wedge Antilles's pilot card. Expected: X-wing, Rebel Alliance, pilot
    skill 9, 29 squad points, unique, elite/torpedo/astromech icons."""
    wedge = db.pilot("wedgeantilles")
    assert (wedge.ship, wedge.faction, wedge.skill, wedge.points) == ("xwing",
                                                                      "rebelalliance", 9, 29)
    assert wedge.unique and wedge.slots == ("elite", "torpedo", "astromech")


def test_the_x_wing_has_its_first_edition_dial_and_stats(db):
    """Situation: the X-wing ship card and dial. Expected: attack 3, agility 2, hull 3,
    shields 2, focus and target lock, front arc; the dial's 15 maneuvers with green 1
    banks and straight, green 2 straight and a red 4 Koiogran turn."""
    xwing = db.ship("xwing")
    assert (xwing.attack, xwing.agility, xwing.hull, xwing.shields) == (3, 2, 3, 2)
    assert xwing.actions == ("focus", "target_lock")
    assert xwing.firing_arcs == ("front",)
    assert xwing.dial == ("1BG", "1FG", "1NG", "2TW", "2BW", "2FG", "2NW", "2YW", "3TW",
                          "3BW", "3FW", "3NW", "3YW", "4FW", "4KR")


def test_proton_torpedoes_cost_4_and_attack_4_at_range_2_to_3(db):
    """Situation: the core set's Proton Torpedoes. Expected: a torpedo upgrade of 4
    points, attack value 4, range 2-3."""
    torpedoes = db.upgrade("protontorpedoes")
    assert (torpedoes.slot, torpedoes.points, torpedoes.attack) == ("torpedo", 4, 4)
    assert (torpedoes.min_range, torpedoes.max_range) == (2, 3)


def test_the_core_set_tie_fighters_and_upgrades(db):
    """Situation: the core set's other cards. Expected: Night Beast skill 5 for 15
    points, Obsidian Squadron Pilot skill 3 for 13, both without upgrade icons; R2-D2 a
    unique 4-point astromech."""
    assert (db.pilot("nightbeast").skill, db.pilot("nightbeast").points) == (5, 15)
    obsidian = db.pilot("obsidiansquadronpilot")
    assert (obsidian.skill, obsidian.points, obsidian.slots) == (3, 13, ())
    r2d2 = db.upgrade("r2d2")
    assert (r2d2.slot, r2d2.points, r2d2.unique) == ("astromech", 4, True)


def test_restrictions_and_faq_errata_are_in_the_data(db):
    """Situation: restricted cards and cards the FAQ corrects. Expected: TIE/x1 is for
    the TIE Advanced only and adds a system icon; Luke Skywalker (crew) is Rebel only;
    Tactician is limited and Experimental Interface unique (FAQ errata); a dual card
    (Adaptability) is one card with two sides."""
    x1 = db.upgrade("tiex1")
    assert x1.ships == ("tieadvanced",) and [g.name for g in x1.grants] == ["system"]
    assert db.upgrade("lukeskywalker", "crew").faction == "rebelalliance"
    assert db.upgrade("tactician").limited
    assert db.upgrade("experimentalinterface").unique
    assert db.upgrade("adaptability").sides == ("Adaptability (-1)", "Adaptability (+1)")


def test_a_pilot_id_of_several_cards_is_looked_up_with_its_ship(db):
    """Situation: two Kylo Ren pilot cards (TIE silencer, Upsilon shuttle). Expected:
    the id alone is ambiguous and names both; with the ship it gives one card."""
    with pytest.raises(UnknownCardError, match="tiesilencer"):
        db.pilot("kyloren")
    assert db.pilot("kyloren", ship="tiesilencer").skill == 9


def test_a_pilot_of_an_unknown_ship_fails_loading_naming_file_and_card(db):
    """Situation: generated files whose pilot names a ship that is not there. Expected:
    a CardDataError naming pilots.json and the pilot."""
    from tallon.data import codec
    files = {"source.json": codec.to_data(db.source), "ships.json": [],
             "pilots.json": [codec.to_data(db.pilot("wedgeantilles"))],
             "upgrades.json": [], "conditions.json": [], "damage_decks.json": [],
             "reference_cards.json": []}
    with pytest.raises(CardDataError, match=r"pilots.json.*wedgeantilles.*xwing"):
        build_database_1e(files)


def test_a_pilot_printing_its_own_stat_line_overrides_its_ships(db):
    """Situation: the Outer Rim Smuggler, a YT-1300 pilot whose card prints attack 2,
    agility 1, hull 6, shields 4 against the ship's 3/1/8/5. Expected: db.stat gives the
    card's values for it and the ship's for Han Solo."""
    smuggler = db.pilot("outerrimsmuggler")
    assert [db.stat(smuggler, s) for s in ("attack", "agility", "hull", "shields")] == [
        2, 1, 6, 4]
    han = db.pilot("hansolo", ship="yt1300", faction="rebelalliance")
    assert [db.stat(han, s) for s in ("attack", "hull", "shields")] == [3, 8, 5]
