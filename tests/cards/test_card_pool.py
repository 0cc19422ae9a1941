"""The card pool issues' "done when": a game is set up with every standard and extended
pilot of a faction (with its standard loadout where it has one) through the public setup
API, and the engine refuses none but the pilots listed below, each with the reason it is
not played yet.

The lists are the honest state of the pool: a pilot that starts to play must leave its
list (the test fails until it does), and a pilot that stops playing fails the test too.
A faction is done when its list is empty.
"""

from __future__ import annotations

from functools import cache

import pytest

from tallon.cards import CARDS
from tallon.cards.pool import default_squads
from tallon.data import Pilot, load_cards
from tallon.engine import GameSetup, SetupError
from tallon.engine.setup import build_state
from tallon.squads import build_squad

REBEL_LEFT_OUT = {
    "herasyndulla-asf01bwing": "a token moved to another ship during its Modify Dice step",
    "herasyndulla-rz1awing": "a token moved to another ship during its Modify Dice step",
    "adonfox-battleoverendor": "ship ability Gyro-Cockpit: devices dropped from the side "
                               "hashmarks",
    "braylenstramm-battleoverendor": "ship ability Gyro-Cockpit: devices dropped from the "
                                     "side hashmarks",
    "ginamoonsong-battleoverendor": "ship ability Gyro-Cockpit: devices dropped from the "
                                    "side hashmarks",
    "hansolo-battleofyavin": "the data gives him no charges to spend (his ability and "
                             "his ship ability Solo spend them)",
}
RESISTANCE_LEFT_OUT = {
    "finchdallow": "a bomb placed touching the ship instead of dropped",
}
EMPIRE_LEFT_OUT: dict[str, str] = {}
FIRST_ORDER_LEFT_OUT = {
    "recoil": "enemies in his front arc treated as in his bullseye arc, a choice each card "
              "that asks about the bullseye would have to offer",
    "majorstridan": "friendly ships at range 2-3 treated as at range 0-1 by every upgrade "
                    "effect: no single place where upgrades measure range to friends",
    "agenttierny": "Broken Trust makes friendly ships allied (RR: ALLIED)",
}
SCUM_LEFT_OUT = {
    "ig88d": "a Segnor's Loop flown on a turn or straight template: the geometry's "
             "maneuver templates can't be swapped",
    "tapusk": "the data gives him no charges to spend, and the End Phase has no point "
              "where a card can stop one ship's charge recovery",
}
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
