"""The card pool issues' "done when": a game is set up with every standard and extended
pilot of a faction (with its standard loadout where it has one), and with every standard
and extended upgrade, through the public setup API, and the engine refuses none but the
cards listed below, each with the reason it is not played yet; every condition card is
implemented but the listed ones.

The lists are the honest state of the pool: a pilot that starts to play must leave its
list (the test fails until it does), and a pilot that stops playing fails the test too.
A faction is done when its list is empty.
"""

from __future__ import annotations

from functools import cache

import pytest

from tallon.cards import CARDS
from tallon.cards.coverage import coverage
from tallon.cards.pool import default_squads
from tallon.data import Pilot, load_cards
from tallon.engine import GameSetup, SetupError
from tallon.engine.setup import build_state
from tallon.squads import Squad, build_squad
from tallon.squads.model import EquippedUpgrade, SquadShip

REBEL_LEFT_OUT: dict[str, str] = {}
RESISTANCE_LEFT_OUT: dict[str, str] = {}
EMPIRE_LEFT_OUT: dict[str, str] = {}
FIRST_ORDER_LEFT_OUT: dict[str, str] = {}
SCUM_LEFT_OUT: dict[str, str] = {}
REPUBLIC_LEFT_OUT: dict[str, str] = {}
SEPARATIST_LEFT_OUT: dict[str, str] = {}
LEFT_OUT = {
    "scumandvillainy": SCUM_LEFT_OUT,
    "galacticrepublic": REPUBLIC_LEFT_OUT,
    "separatistalliance": SEPARATIST_LEFT_OUT,
    "rebelalliance": REBEL_LEFT_OUT,
    "resistance": RESISTANCE_LEFT_OUT,
    "galacticempire": EMPIRE_LEFT_OUT,
    "firstorder": FIRST_ORDER_LEFT_OUT,
}


def in_scope(faction: str) -> list[Pilot]:
    return [p for p in load_cards().pilots
            if p.faction == faction and (p.standard or p.extended)]


@cache
def _opponent():
    return default_squads()[1]


def refused(pilot: Pilot) -> str | None:
    """The engine's refusal of a game with this pilot (its standard loadout aboard), or
    None when the game is set up."""
    squad = build_squad(pilot.faction, [(pilot.xws, list(pilot.standard_loadout))])
    try:
        build_state(GameSetup((squad, _opponent()), cards=CARDS))
    except SetupError as refusal:
        return str(refusal)
    return None


@pytest.mark.parametrize("faction", sorted(LEFT_OUT))
def test_every_pilot_of_the_faction_is_set_up_but_the_listed_ones(faction):
    """Situation: a game with each standard or extended pilot of the faction. Rule: setup
    refuses a pilot, ship ability or upgrade whose ability the engine does not implement.
    Expected: exactly the listed pilots are refused."""
    pilots = in_scope(faction)
    assert pilots, faction
    found = {p.xws: why for p in pilots if (why := refused(p)) is not None}
    assert sorted(found) == sorted(LEFT_OUT[faction]), found


@pytest.mark.parametrize("faction", sorted(LEFT_OUT))
def test_the_listed_pilots_exist_in_scope(faction):
    """The lists name real pilots of the faction in scope (a typo would hide a gap)."""
    names = {p.xws for p in in_scope(faction)}
    assert set(LEFT_OUT[faction]) <= names


# ------------------------------------------------------------- upgrades, conditions
UPGRADES_LEFT_OUT = {
}
CONDITIONS_LEFT_OUT: dict[str, str] = {}


def _host() -> Pilot:
    """A pilot the engine plays, to carry each upgrade (setup refuses by the cards'
    abilities, not by where they may be equipped)."""
    return load_cards().pilot("bluesquadronescort")


def upgrade_refused(upgrade) -> bool:
    squad = Squad("rebelalliance", (SquadShip(_host(), (EquippedUpgrade(upgrade,
                                                                         upgrade.slot),)),))
    try:
        build_state(GameSetup((squad, _opponent()), cards=CARDS))
    except SetupError:
        return True
    return False


def test_every_upgrade_is_set_up_but_the_listed_ones():
    """Situation: a game with each standard or extended upgrade aboard a ship. Rule: setup
    refuses an upgrade whose ability the engine does not implement. Expected: exactly the
    listed upgrades are refused."""
    upgrades = [u for u in load_cards().upgrades if u.standard or u.extended]
    refused_ids = sorted(u.xws for u in upgrades if upgrade_refused(u))
    assert refused_ids == sorted(UPGRADES_LEFT_OUT)


def test_every_condition_is_implemented_but_the_listed_ones():
    """Every condition card with an ability is implemented, but the listed ones."""
    missing = sorted(c.xws for c in load_cards().conditions
                     if c.has_ability and not CARDS.implements("condition", c.xws))
    assert missing == sorted(CONDITIONS_LEFT_OUT)


# ------------------------------------------------------------------------ epic upgrades
_WING = "epic wings, their formations and the wing tool are not in the seeds or the data"
EPIC_UPGRADES_LEFT_OUT = {
    "agentoftheempire": _WING, "firstorderelite": _WING, "jedicommander": _WING,
    "martuuk": _WING, "phoenixsquadron": _WING, "shadowwing": _WING,
    "skystrikeacademyclass": _WING, "veteranwingleader": _WING,
    "b6bladewingprototype-command": "the data gives its attack no value, arc or range",
    "trackingtorpedoes": "the tracking torpedo device's own card is not in the data",
}


def test_every_epic_upgrade_plays_but_the_listed_ones():
    """Situation: the epic format's upgrades counted as `tallon cards coverage --format
    epic` counts them. Rule: setup refuses an upgrade whose ability the engine does not
    implement. Expected: 513 of 523 play; the missing ones are exactly the listed ones (In
    It For The Money and Hondo Ohnaka (Command) play)."""
    upgrades = coverage("epic").upgrade_total()
    assert sorted(upgrades.missing) == sorted(EPIC_UPGRADES_LEFT_OUT)
    assert (upgrades.playable, upgrades.total) == (513, 523)
