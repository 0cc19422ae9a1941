"""GameSetup refuses what the engine cannot play (pilots and ship abilities it does not
implement, unknown obstacles), empty squads, games of no rounds, and setups without two
squads or with an unknown ruleset - before any game starts."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.engine import Game, GameSetup, SetupError
from tallon.engine.abilities import CardRegistry
from tests.rules.game_helpers import EMPIRE, REBEL, squad

REBELS = squad(REBEL, "redsquadronveteran", "cavernangelszealot", "bluesquadronescort")
IMPERIALS = squad(EMPIRE, "blacksquadronace", "academypilot", "obsidiansquadronpilot")


def without(kind: str, xws: str) -> CardRegistry:
    """The card pool without one card (as if the engine did not implement it)."""
    pool = CardRegistry(f"without {xws}", base=CARDS)
    pool.unregister(kind, xws)
    return pool


def test_a_pilot_whose_ability_is_missing_from_the_pool_is_refused():
    """A pool without Darth Vader's pilot card: a squad with him is refused, the error
    naming the pilot; with the whole pool the same squad is set up."""
    vader = squad(EMPIRE, "darthvader")
    with pytest.raises(SetupError, match="darthvader"):
        Game(GameSetup((vader, REBELS), cards=without("pilot", "darthvader")))
    assert Game(GameSetup((vader, REBELS), cards=CARDS)).state.ships


def test_a_ship_ability_not_implemented_is_refused():
    """A pool without the TIE/ph's ship ability (Stygium Array): a squad with a Sigma
    Squadron Ace (no pilot ability) is refused, the error naming the ship ability."""
    with pytest.raises(SetupError, match="ship ability"):
        Game(GameSetup((squad(EMPIRE, "sigmasquadronace"), REBELS),
                       cards=without("ship_ability", "Stygium Array")))


def test_an_empty_squad_is_refused():
    """A squad with no ships. The game is refused: no ships."""
    with pytest.raises(SetupError, match="no ships"):
        Game(GameSetup((squad(REBEL), IMPERIALS), cards=CARDS))


def test_a_game_lasts_at_least_one_round():
    """A setup asking for 0 rounds. It is refused."""
    with pytest.raises(SetupError):
        GameSetup((REBELS, IMPERIALS), rounds=0, cards=CARDS)


def test_an_unknown_obstacle_in_a_squad_is_refused():
    """Squad 1 lists an obstacle that doesn't exist. The game is refused, the error naming
    squad 1."""
    rebels = squad(REBEL, "bluesquadronescort")
    rebels = type(rebels)(faction=rebels.faction, ships=rebels.ships,
                          obstacles=("core2asteroid0", "nosuchrock", "core2debris0"))
    with pytest.raises(SetupError, match="squad 1"):
        Game(GameSetup((rebels, IMPERIALS), cards=CARDS))


def test_a_game_needs_two_squads_and_a_known_ruleset():
    """A setup for the first edition's rules, then one with a single squad. Both are
    refused, naming the ruleset and the two squads."""
    with pytest.raises(SetupError, match="ruleset"):
        GameSetup((REBELS, IMPERIALS), ruleset="1e", cards=CARDS)
    with pytest.raises(SetupError, match="two squads"):
        GameSetup((REBELS,), cards=CARDS)  # type: ignore[arg-type]
