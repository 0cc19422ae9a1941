"""Chance is explicit (architecture idiom; OpenSpiel's chance nodes are the model): every
random event is a chance step listing its outcomes and their probabilities. A game made
with ``chance="explicit"`` stops at each one as a decision of the chance player; sampling
(the default) draws exactly as a replay does."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from tallon.agents import RandomAgent
from tallon.cards import CARDS
from tallon.dice import DieKind
from tallon.engine import CHANCE, Game, GameSetup
from tallon.engine.attack import Engage
from tallon.engine.chance import dice_outcomes, parse_faces
from tallon.scene import Scene
from tests.rules.game_helpers import EMPIRE, REBEL, squad

REBELS = squad(REBEL, "bluesquadronescort", "redsquadronveteran")
IMPERIALS = squad(EMPIRE, "academypilot", "obsidiansquadronpilot", "blacksquadronace")


def test_one_attack_die_has_the_faces_of_its_sides():
    """RR: ATTACK - an attack die has 3 hit, 1 critical hit, 2 focus and 2 blank sides."""
    assert dict(dice_outcomes(DieKind.ATTACK, 1)) == {
        "hit": 3 / 8, "crit": 1 / 8, "focus": 2 / 8, "blank": 2 / 8}
    assert dict(dice_outcomes(DieKind.DEFENSE, 1)) == {
        "evade": 3 / 8, "focus": 2 / 8, "blank": 3 / 8}


@pytest.mark.parametrize(("kind", "count"), [(DieKind.ATTACK, 3), (DieKind.DEFENSE, 6),
                                             (DieKind.ATTACK, 0)])
def test_rolling_several_dice_lists_every_result_once_with_multinomial_odds(kind, count):
    """The outcomes of n dice are their multisets of faces: probabilities sum to 1 and
    each is the multinomial chance (3 attack dice showing hit, hit, blank: 3 * (3/8)^2 *
    2/8)."""
    outcomes = dict(dice_outcomes(kind, count))
    assert math.isclose(sum(outcomes.values()), 1.0)
    assert len(outcomes) == math.comb(count + len(kind.faces) - 1, count)
    if kind is DieKind.ATTACK and count == 3:
        assert math.isclose(outcomes["hit,hit,blank"], 3 * (3 / 8) ** 2 * (2 / 8))


def explicit_attack() -> Game:
    sc = Scene()
    xwing = sc.ship("bluesquadronescort", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.at(Engage(xwing))
    game.explicit_chance = True
    game.answer(f"primary:front@{tie}")
    return game


def test_an_explicit_game_stops_at_the_attack_roll_and_applies_the_outcome_chosen():
    """With explicit chance the attack dice (3 at range 2) are a decision of the chance
    player listing every roll of 3 dice with its probability; answering one gives the
    attacker exactly those dice."""
    game = explicit_attack()
    d = game.decision
    assert d.is_chance and d.player == CHANCE and d.kind == "chance_roll_dice"
    assert math.isclose(sum(o.info["probability"] for o in d.options), 1.0)
    assert {len(parse_faces(o.key)) for o in d.options} == {3}
    game.answer("crit,hit,focus")
    assert [f.label for f in game.state.attack.attack_dice.faces()] == ["crit", "hit", "focus"]


def test_a_chance_decision_is_public():
    """Both players' views show the pending chance decision with its outcomes."""
    game = explicit_attack()
    for player in (1, 2):
        shown = game.view(player, log=False)["decision"]
        assert shown["player"] == CHANCE and len(shown["options"]) == 20


def test_a_damage_draw_lists_the_cards_left_by_their_share_of_the_deck():
    """RR: DAMAGE CARDS - drawing a card: each card left in the deck, as likely as its
    copies (the core deck's 33 cards; Direct Hit x5)."""
    game = explicit_attack()
    game.answer("crit,crit,crit")
    while game.decision is not None and not game.decision.kind.startswith("chance_"):
        d = game.decision
        game.answer("done" if "done" in d.option_keys() else d.options[0].key)
    game.answer("blank,blank,blank")          # the defense roll
    while game.decision.kind != "chance_draw_damage":
        d = game.decision
        game.answer("done" if "done" in d.option_keys() else d.options[0].key)
    d = game.decision
    deck = Counter(game.state.players[1].deck)
    assert {o.key: o.info["probability"] for o in d.options} == pytest.approx(
        {card: n / sum(deck.values()) for card, n in deck.items()})
    game.answer("directhit")
    assert game.state.ships["p2.1"].damage[0].card == "directhit"
    assert Counter(game.state.players[1].deck) == deck - Counter(["directhit"])


def test_the_first_player_roll_is_even():
    """RR: SETUP step 2 - the players are alike: each is first with probability 1/2."""
    game = Game(GameSetup((REBELS, IMPERIALS), seed=1, cards=CARDS), chance="explicit")
    d = game.decision
    assert d.kind == "chance_first_player"
    assert {o.key: o.info["probability"] for o in d.options} == {"1": 0.5, "2": 0.5}
    game.answer("2")
    assert game.state.first_player == 2


def play_explicit(seed: int) -> Game:
    """A whole game with explicit chance: players by random agents, chance outcomes drawn
    by their listed probabilities."""
    game = Game(GameSetup((REBELS, IMPERIALS), seed=seed, rounds=4, cards=CARDS),
                chance="explicit", logging=False)
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    draw = random.Random(seed)
    while game.decision is not None:
        d = game.decision
        if d.is_chance:
            weights = [o.info["probability"] for o in d.options]
            game.answer(draw.choices(d.options, weights)[0].key)
        else:
            game.answer(agents[d.player - 1].choose({}, d))
    return game


def test_a_game_with_explicit_chance_plays_to_the_end_and_replays():
    """The chance outcomes are answers like any other: the record says chance is explicit
    and replays to the same state."""
    game = play_explicit(5)
    assert game.over
    record = game.to_record()
    assert record["chance"] == "explicit"
    assert Game.from_record(record, CARDS, logging=False).state_hash() == game.state_hash()


def test_sampling_draws_what_a_replay_draws():
    """A sampled game (the default) keeps no chance answers: its record replays to the
    same dice because each chance step draws from the game's own generator."""
    game = Game(GameSetup((REBELS, IMPERIALS), seed=3, rounds=3, cards=CARDS), logging=False)
    agents = (RandomAgent(1), RandomAgent(2))
    while game.decision is not None:
        assert not game.decision.is_chance
        game.answer(agents[game.decision.player - 1].choose({}, game.decision))
    assert "chance" not in game.to_record()
    replay = Game.from_record(game.to_record(), CARDS, logging=False)
    assert replay.state_hash() == game.state_hash()


def test_an_unknown_chance_mode_is_refused():
    with pytest.raises(ValueError, match="chance is one of sample, explicit"):
        Game(GameSetup((REBELS, IMPERIALS), cards=CARDS), chance="loaded")
