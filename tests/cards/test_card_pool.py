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
    "evaanverlaine": "her bonus die lasts to the end of the round, after she may be gone: "
                     "the engine has no effect that outlives the ship giving it",
    "arvelcrynyd": "a boost resolved as a partial maneuver when it would overlap a ship",
    "arvelcrynyd-swz106": "a boost resolved as a partial maneuver (as arvelcrynyd)",
    "herasyndulla-asf01bwing": "a token moved to another ship during its Modify Dice step",
    "herasyndulla-rz1awing": "a token moved to another ship during its Modify Dice step",
    "adonfox-battleoverendor": "standard loadout: Gyro-Cockpit's side drop template",
    "braylenstramm-battleoverendor": "standard loadout: Gyro-Cockpit's side drop template",
    "ginamoonsong-battleoverendor": "standard loadout: Gyro-Cockpit's side drop template",
    "hansolo-battleofyavin": "the data gives him no charges to spend (and L3-37's "
                             "Programming in his loadout)",
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
LEFT_OUT = {
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
