"""The lookup API: by xws id, by name, by ship, by faction and slot, with clear errors."""

from __future__ import annotations

import pytest

from tallon.data import AmbiguousShipError, UnknownCardError


def test_lookups_by_id_return_the_right_kind(db):
    """pilot(), upgrade(), ship(), condition(), damage_deck(), quick_build(), faction()."""
    assert db.pilot("lukeskywalker").name == "Luke Skywalker"
    assert db.upgrade("r2d2").slot == "astromech"
    assert db.ship("t65xwing").name == "T-65 X-wing"
    assert db.condition("hunted").limited == 1
    assert db.damage_deck().name == "core"
    assert db.quick_build("rebelalliance-001").faction == "rebelalliance"
    assert db.faction("scumandvillainy").name == "Scum and Villainy"


@pytest.mark.parametrize(("lookup", "key", "suggestion"), [
    ("pilot", "lukeskywalkr", "lukeskywalker"),
    ("upgrade", "protontorpedos", "protontorpedoes"),
    ("ship", "t65xwin", "t65xwing"),
    ("condition", "hunte", "hunted"),
])
def test_unknown_ids_raise_a_key_error_naming_the_id_and_close_matches(db, lookup, key,
                                                                       suggestion):
    """An unknown id raises UnknownCardError (a KeyError) naming it and a close id."""
    with pytest.raises(KeyError) as raised:
        getattr(db, lookup)(key)
    assert isinstance(raised.value, UnknownCardError)
    assert key in str(raised.value) and suggestion in str(raised.value)
    assert suggestion in raised.value.suggestions


def test_a_ship_fielded_by_several_factions_needs_the_faction(db):
    """The TIE/ln is Rebel and Imperial: ship() without faction says so; with it, the
    faction's own copy comes back."""
    with pytest.raises(AmbiguousShipError) as raised:
        db.ship("tielnfighter")
    assert set(raised.value.factions) == {"rebelalliance", "galacticempire"}
    assert db.ship("tielnfighter", "galacticempire").faction == "galacticempire"
    with pytest.raises(UnknownCardError):
        db.ship("tielnfighter", "resistance")


def test_ship_of_a_pilot_is_its_factions_copy(db):
    """A Rebel TIE pilot's ship is the Rebel TIE/ln."""
    ship = db.ship_of(db.pilot("captainrex"))
    assert (ship.xws, ship.faction) == ("tielnfighter", "rebelalliance")


def test_stats_of_a_pilot_apply_its_printed_overrides(db):
    """Wedge Antilles (Battle over Endor) prints 3 shields where the T-65 has 2; Biggs
    keeps the ship's values."""
    assert db.ship("t65xwing").shields == 2
    assert db.pilot("wedgeantilles-battleoverendor").shields == 3
    assert db.stats_of(db.pilot("wedgeantilles-battleoverendor")).shields == 3
    assert db.stats_of(db.pilot("biggsdarklighter")) == db.ship("t65xwing").stats


def test_actions_of_a_pilot_apply_its_printed_action_bar(db):
    """“Leebo” prints his own action bar (with Calculate); Chewbacca uses the ship's."""
    leebo = [a.type for a in db.actions_of(db.pilot("leebo"))]
    assert leebo[0] == "calculate" and "calculate" not in [
        a.type for a in db.ship("modifiedyt1300lightfreighter").actions]
    assert db.actions_of(db.pilot("chewbacca")) == db.ship("modifiedyt1300lightfreighter").actions


def test_pilots_of_a_ship(db):
    """pilots_of lists a ship type's pilots, for one faction or all."""
    rebel = db.pilots_of("tielnfighter", "rebelalliance")
    every = db.pilots_of("tielnfighter")
    assert {p.faction for p in rebel} == {"rebelalliance"}
    assert set(rebel) < set(every) and {p.faction for p in every} == {"rebelalliance",
                                                                       "galacticempire"}


def test_pilots_of_accepts_a_ship_object_as_its_ship_type(db):
    """Situation: a Ship object (the rebels' TIE/ln, as db.ship returns it) instead of an
    xws id. Expected: the same pilots as its xws id gives, with or without a faction; the
    object's faction does not narrow the list unless given."""
    rebel_tie = db.ship("tielnfighter", "rebelalliance")
    assert db.pilots_of(rebel_tie) == db.pilots_of("tielnfighter")
    only_rebels = db.pilots_of(rebel_tie, rebel_tie.faction)
    assert only_rebels == db.pilots_of("tielnfighter", "rebelalliance")
    assert only_rebels and {p.faction for p in only_rebels} == {"rebelalliance"}
    assert db.pilot("lukeskywalker") in db.pilots_of(db.ship("t65xwing"))


@pytest.mark.parametrize("wrong", [5, None, ["t65xwing"]])
def test_pilots_of_refuses_what_is_neither_an_xws_id_nor_a_ship(db, wrong):
    """Situation: pilots_of given a number, None or a list. Expected: a TypeError saying
    an xws id or a Ship is expected and naming what it got, not an error from deep inside
    the suggestion code."""
    with pytest.raises(TypeError, match=r"xws id .* or a Ship, not ") as raised:
        db.pilots_of(wrong)
    assert type(wrong).__name__ in str(raised.value)


def test_pilots_of_a_pilot_points_to_ship_of(db):
    """Situation: a Pilot given where a ship is expected (an easy slip). Expected: a
    TypeError that says to use db.ship_of(pilot)."""
    with pytest.raises(TypeError, match=r"ship_of\(pilot\)"):
        db.pilots_of(db.pilot("lukeskywalker"))


def test_pilots_of_an_unknown_id_still_suggests_close_ids(db):
    """Situation: a misspelt ship id. Expected: UnknownCardError (a KeyError) naming a
    close id, as before."""
    with pytest.raises(UnknownCardError, match="t65xwing"):
        db.pilots_of("t65xwin")


def test_cards_named_finds_pilots_and_upgrades_sharing_a_name(db):
    """'Chewbacca' is several pilots and several upgrades; the match ignores case and
    punctuation."""
    cards = db.cards_named("chewbacca")
    kinds = {type(card).__name__ for card in cards}
    assert kinds == {"Pilot", "Upgrade"}
    assert db.cards_named("“Chopper”") == db.cards_named("chopper")


def test_find_returns_every_card_with_an_id(db):
    """The id 'chewbacca' is both a pilot and a crew upgrade."""
    assert sorted(hit.kind for hit in db.find("chewbacca")) == ["pilot", "upgrade"]
    assert db.find("nothing-has-this-id") == []


def test_search_by_text_faction_ship_and_slot(db):
    """Search filters combine: astromechs named R2 usable by the Resistance include the
    Resistance R2-D2 and not the Rebel one."""
    hits = db.search("r2-d2", kinds=("upgrade",), faction="resistance", slot="astromech")
    ids = {hit.card.xws for hit in hits}
    assert "r2d2-resistance" in ids and "r2d2" not in ids


def test_search_by_ship_keeps_its_pilots_and_fitting_upgrades(db):
    """--ship t65xwing keeps T-65 pilots and upgrades not restricted to other ships:
    Servomotor S-foils yes, the T-70's Integrated S-foils no."""
    hits = db.search("", ship="t65xwing")
    pilots = {h.card.ship for h in hits if h.kind == "pilot"}
    upgrades = {h.card.xws for h in hits if h.kind == "upgrade"}
    assert pilots == {"t65xwing"}
    assert "servomotorsfoils" in upgrades and "integratedsfoils" not in upgrades


def test_search_by_slot_keeps_pilots_with_that_slot(db):
    """--slot force-power keeps Luke Skywalker (who has the slot) and drops Biggs."""
    pilots = {h.card.xws for h in db.search("", kinds=("pilot",), slot="force-power")}
    assert "lukeskywalker" in pilots and "biggsdarklighter" not in pilots


def test_upgrades_for_slot_include_dual_slot_cards(db):
    """Cards occupying two slots are found under each: Admiral Ozzel (Command + Crew)."""
    assert "admiralozzel" in {u.xws for u in db.upgrades_for_slot("crew")}
    assert "admiralozzel" in {u.xws for u in db.upgrades_for_slot("command")}


def test_another_editions_cards_are_found_by_every_thread_while_they_are_read():
    """Situation: a fresh database whose first-edition cards are read on demand, and read
    slowly; one thread asks for a first-edition pilot, a second asks for another while the
    first is still reading (the server checks both pasted squads at once). Expected: both
    are found - the second waits for the reading. (Before, the first struck the edition off
    before reading it and the second was told the pilot was unknown: the lobby's 500.)"""
    import threading
    import time
    from importlib import resources
    from pathlib import Path

    from tallon.data.loader import _first_edition_cards, build_database, read_directory

    with resources.as_file(resources.files("tallon.data") / "generated") as path:
        fresh = build_database(read_directory(Path(path)))
    fresh.add_edition("1e-", lambda: (time.sleep(0.3), _first_edition_cards())[1])
    found: dict[str, object] = {}

    def ask(xws: str) -> None:
        try:
            found[xws] = fresh.pilot(xws).name
        except KeyError as error:
            found[xws] = error

    first = threading.Thread(target=ask, args=("1e-xwing-rookiepilot",))
    first.start()
    time.sleep(0.05)
    ask("1e-xwing-redsquadronpilot")
    first.join()
    assert found == {"1e-xwing-rookiepilot": "Rookie Pilot",
                     "1e-xwing-redsquadronpilot": "Red Squadron Pilot"}
