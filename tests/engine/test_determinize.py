"""Determinization (architecture idiom "chance is explicit"): ``Game.determinize(player,
rng)`` is a game consistent with everything ``player`` may see, its hidden facts drawn at
random, so an agent can search without learning what it could not see. A clone, by
contrast, keeps the generator and so carries the future."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tallon.agents import InformationSet, RandomAgent, play
from tallon.cards import CARDS
from tallon.engine import Game, GameSetup
from tallon.engine.decisions import Decision
from tallon.engine.dial_codes import dial_options
from tallon.engine.state import DamageCard
from tests.rules.game_helpers import EMPIRE, REBEL, squad

REBELS = squad(REBEL, "bluesquadronescort", "redsquadronveteran")
IMPERIALS = squad(EMPIRE, "academypilot", "obsidiansquadronpilot", "blacksquadronace")


def in_activation(seed: int = 4) -> Game:
    """A game in round 2's Activation Phase (every dial set, some ships damaged), waiting
    for a decision of player 1 (index 0)."""
    game = Game(GameSetup((REBELS, IMPERIALS), seed=seed, cards=CARDS), logging=False)
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    while True:
        d = game.decision
        assert d is not None, "the game ended before round 2's activation"
        if game.state.round == 2 and game.state.phase == "activation" and d.player == 1:
            return game
        game.answer(agents[d.player - 1].choose({}, d))


def twin(game: Game, seed: int) -> Game:
    """The same game as player 1 (index 0) sees it, differing in everything hidden from
    them: player 2's facedown dials, the order of both decks, which card each facedown
    damage card is, the random generator and the setup's seed."""
    other = game.clone()
    rng = random.Random(seed)
    for ship in other.state.ships_of(2):
        if ship.dial_set is not None and not ship.dial_revealed:
            choices = [c for c in dial_options(ship, ship.dial_stressed) if c != ship.dial_set]
            ship.dial_set = rng.choice(choices)
    for owner in (1, 2):
        deck = other.state.player(owner).deck
        facedown = [d for s in other.state.ships_of(owner) for d in s.damage if not d.faceup]
        pool = deck + [d.card for d in facedown]
        rng.shuffle(pool)
        for card in facedown:
            card.card = pool.pop()
        deck[:] = pool
    other.state.rng = random.Random(seed)
    return other


def hidden_facts(game: Game) -> tuple[Any, ...]:
    s = game.state
    return (tuple(ship.dial_set for ship in s.ships_of(2)),
            tuple(tuple(p.deck) for p in s.players),
            tuple(d.card for ship in s.ships_of() for d in ship.damage if not d.faceup),
            s.rng.getstate())


def test_a_determinized_game_looks_the_same_to_the_player():
    """Everything player 1 may see is unchanged: their view of the determinized game is
    their view of the game."""
    game = in_activation()
    for seed in range(5):
        world = game.determinize(1, random.Random(seed))
        assert world.view(1, log=False) == game.view(1, log=False)


def test_it_redraws_what_the_player_cannot_see():
    """The opponent's facedown dials are any maneuvers the ships could have set, the
    damage decks and facedown cards are reshuffled from the same cards, and the generator
    is reseeded: over a few draws the hidden facts vary, and no draw shows an illegal
    dial."""
    game = in_activation()
    seen = set()
    for seed in range(8):
        world = game.determinize(1, random.Random(seed))
        for ship in world.state.ships_of(2):
            if ship.dial_set is not None and not ship.dial_revealed:
                assert ship.dial_set in dial_options(ship, ship.dial_stressed)
        for owner in (1, 2):
            before = sorted([*game.state.player(owner).deck,
                             *(d.card for s in game.state.ships_of(owner) for d in s.damage
                               if not d.faceup)])
            after = sorted([*world.state.player(owner).deck,
                            *(d.card for s in world.state.ships_of(owner) for d in s.damage
                              if not d.faceup)])
            assert before == after
        seen.add(hidden_facts(world))
    assert len(seen) == 8


def test_own_dials_are_kept():
    """Player 1 knows their own dials: determinizing for them keeps those."""
    game = in_activation()
    world = game.determinize(1, random.Random(1))
    assert [s.dial_set for s in world.state.ships_of(1)] == \
        [s.dial_set for s in game.state.ships_of(1)]


def test_two_games_the_player_cannot_tell_apart_give_the_same_world():
    """The information-state test: a twin differing only in hidden facts (the opponent's
    dials, both decks' order, the facedown cards, the generator, the seed) determinizes to
    the very same game for the same rng - nothing hidden leaks into the copy."""
    game = in_activation()
    for seed in range(4):
        other = twin(game, 100 + seed)
        assert hidden_facts(other) != hidden_facts(game)
        assert game.determinize(1, random.Random(seed)).state_hash() == \
            other.determinize(1, random.Random(seed)).state_hash()


def test_a_clone_carries_the_future_and_a_determinized_game_does_not():
    """Played on with the same answers, a clone rolls exactly the original's dice; a
    determinized copy rolls its own."""
    game = in_activation()

    def future(g: Game) -> str:
        g = g.clone()
        play(g, (RandomAgent(7), RandomAgent(8)))
        return g.state_hash()

    assert future(game.clone()) == future(game)
    worlds = {future(game.determinize(1, random.Random(seed))) for seed in range(5)}
    assert len(worlds) == 5


def test_the_copy_keeps_no_answers_no_log_and_no_seed():
    """The answers given include the opponent's dials, the log their secret events, the
    seed every future roll: the copy has none of them."""
    game = in_activation()
    world = game.determinize(1, random.Random(3))
    assert world.choices == [] and world.log == [] and world.setup.seed == 0
    assert game.choices and game.setup.seed == 4


def test_a_determinized_game_plays_on():
    """The copy is a whole game: it can be played to the end."""
    world = in_activation().determinize(2, random.Random(2))
    play(world, (RandomAgent(1), RandomAgent(2)))
    assert world.over


def test_an_unknown_player_is_refused():
    with pytest.raises(ValueError, match="player is 1 or 2"):
        in_activation().determinize(3, random.Random(0))


def test_a_secret_condition_is_redrawn_among_its_siblings():
    """RR: SECRET CONDITIONS - the player who did not assign a facedown condition only
    knows it is one of the cards sharing its marker; the assigner knows which."""
    game = in_activation()
    specs = [xws for (kind, xws), spec in CARDS.specs.items()
             if kind == "condition" and spec.marker is not None]
    marker = CARDS.spec("condition", specs[0]).marker
    siblings = sorted(x for x in specs if CARDS.spec("condition", x).marker == marker)
    from tallon.engine.state import ConditionCard

    game.state.ships["p1.1"].conditions += (ConditionCard(siblings[0], 2, False),)
    drawn = {game.determinize(1, random.Random(s)).state.ships["p1.1"].conditions[0].card
             for s in range(12)}
    assert drawn == set(siblings)
    kept = {game.determinize(2, random.Random(s)).state.ships["p1.1"].conditions[0].card
            for s in range(4)}
    assert kept == {siblings[0]}


class RolloutAgent:
    """A small search agent: for each option it plays a few sampled worlds on (random
    play for some answers) and keeps the option whose worlds end with the most mission
    points for its player. It sees the view and its information set, never the game."""

    needs_view = True
    searches = True

    def __init__(self, worlds: int = 3, depth: int = 40) -> None:
        self.worlds = worlds
        self.depth = depth

    def choose(self, view: dict[str, Any], decision: Decision, world: InformationSet
               ) -> str:
        best, best_score = decision.options[0].key, float("-inf")
        for k, option in enumerate(decision.options):
            score = 0.0
            for n in range(self.worlds):
                sample = world.sample(random.Random(1000 * k + n))
                sample.answer(option.key)
                agents = (RandomAgent(n), RandomAgent(n + 1))
                for _ in range(self.depth):
                    d = sample.decision
                    if d is None:
                        break
                    sample.answer(agents[d.player - 1].choose({}, d))
                points = sample.state.mission_points
                score += points[world.player] - points[3 - world.player]
            if score > best_score:
                best, best_score = option.key, score
        return best


def test_a_searching_agent_learns_nothing_it_could_not_see():
    """An agent given only the view and the information set searches by playing sampled
    worlds on. In a game and its twin (different hidden facts, same view) it makes the
    same choice: what it cannot see does not change what it does."""
    game = in_activation()
    agent = RolloutAgent()
    for seed in range(2):
        other = twin(game, 200 + seed)
        chosen = agent.choose(game.view(1, log=False), game.decision,
                              InformationSet(game, 1))
        assert agent.choose(other.view(1, log=False), other.decision,
                            InformationSet(other, 1)) == chosen
        assert chosen in game.decision.option_keys()


def test_play_gives_a_searching_agent_its_information_set():
    """play() passes an agent that searches its player's information set."""
    game = Game(GameSetup((REBELS, IMPERIALS), seed=2, rounds=1, cards=CARDS), logging=False)
    play(game, (RolloutAgent(worlds=1, depth=5), RandomAgent(3)))
    assert game.over


def test_damage_cards_dealt_facedown_are_part_of_the_redraw():
    """A facedown card dealt to a ship (unseen by both players) is redrawn with the deck:
    the number of facedown cards per ship stays, their identity moves with the pool."""
    game = in_activation()
    ship = game.state.ships["p2.1"]
    ship.damage += (DamageCard("directhit", False, 999),)
    game.state.players[1].deck.remove("directhit")
    cards = {game.determinize(1, random.Random(s)).state.ships["p2.1"].damage[-1].card
             for s in range(10)}
    assert len(cards) > 1
