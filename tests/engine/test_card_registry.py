"""The card registry a game is given (``GameSetup(..., cards=...)``): what it plays, a
registry built on another, and the ability lookup it remembers per ship."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.cards.pilots.t65xwing import JEK
from tallon.engine import Game, GameSetup, SetupError
from tallon.engine.abilities import CardRegistry, Modifier
from tallon.engine.state import ConditionCard
from tallon.scene import Scene
from tests.rules.game_helpers import EMPIRE, REBEL, squad


def test_a_game_plays_only_the_cards_of_its_registry():
    """An empty registry plays no card ability: a squad with Luke Skywalker is refused at
    setup, naming the card; Tallon's own registry plays it."""
    rebels = squad(REBEL, "lukeskywalker")
    empire = squad(EMPIRE, "academypilot")
    with pytest.raises(SetupError, match=r"Luke Skywalker \(lukeskywalker\).*not implemented"):
        Game(GameSetup((rebels, empire), cards=CardRegistry("empty")))
    assert Game(GameSetup((rebels, empire), cards=CARDS)).decision is not None


def test_a_registry_built_on_another_adds_and_replaces_cards():
    """A registry made from Tallon's has its cards; registering a card of the base replaces
    it there (not in the base); registering one card twice in it is refused."""
    mine = CardRegistry("mine", base=CARDS)
    assert mine.implements("pilot", "lukeskywalker")
    mine.register("pilot", "lukeskywalker", JEK, description="Luke, with Jek's ability")
    assert mine.spec("pilot", "lukeskywalker").sides == ((JEK,),)
    assert CARDS.spec("pilot", "lukeskywalker").sides != ((JEK,),)
    with pytest.raises(ValueError, match="registered twice"):
        mine.register("pilot", "lukeskywalker", JEK)
    with pytest.raises(ValueError, match="registered twice"):
        CARDS.register("pilot", "lukeskywalker", JEK)


def test_a_ships_abilities_follow_its_cards_conditions_and_damage():
    """The lookup is remembered while the ship's cards, conditions and damage are the same
    (immutable) tuples; a condition assigned (a new tuple) is seen at once, and a registry
    changed since forgets what it remembered."""
    mine = CardRegistry("mine", base=CARDS)
    sc = Scene(cards=mine)
    tie = sc.ship("academypilot", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    ship = game.state.ships[tie]
    first = mine.index(ship)
    assert mine.index(ship) is first and "attack_dice" not in first.by_hook
    mine.register("condition", "tests-registry-drill",
                  Modifier("1 more attack die", hook="attack_dice",
                           value=lambda game, owner, **facts: 1))
    ship.conditions = (*ship.conditions, ConditionCard("tests-registry-drill", 0))
    assert "attack_dice" in mine.index(ship).by_hook
    mine.unregister("condition", "tests-registry-drill")
    assert "attack_dice" not in mine.index(ship).by_hook


def test_the_names_a_game_listens_to_cover_every_ships_abilities():
    """Random squads of every playable card, played by random agents. The engine skips a
    timing window, hook or replacement point no card in the game could name
    (``queue.named``): at every decision, every ability a ship holds - from its cards,
    conditions and faceup damage - is among those names, so nothing is skipped that would
    have triggered."""
    import random

    from tallon.agents import RandomAgent
    from tallon.cards.pool import random_squad
    from tallon.engine.abilities import Modifier, Replacement, Triggered
    from tallon.engine.queue import named

    def name(ability):
        if isinstance(ability, Triggered):
            return ability.window
        if isinstance(ability, Modifier):
            return ability.hook
        return ability.point if isinstance(ability, Replacement) else None

    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = Game(GameSetup((random_squad(rng), random_squad(rng)), seed=seed, cards=CARDS),
                    logging=False)
        agents = (RandomAgent(seed), RandomAgent(seed + 1))
        while game.decision is not None:
            names = named(game)
            for ship in game.state.ships.values():
                for held in CARDS.index(ship).all:
                    wanted = name(held.ability)
                    assert wanted is None or wanted in names, (ship.id, held.ref)
                    checked += 1
            decision = game.decision
            who = 1 if decision.is_chance else decision.player
            game.answer(agents[who - 1].choose(game.view(who), decision))
    assert checked > 1000
