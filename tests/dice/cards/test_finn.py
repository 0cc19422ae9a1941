"""Finn (gunner): while defending or performing a primary attack with the enemy in the front arc,
may add 1 blank result; that die can be rerolled or otherwise modified."""

from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_finn_blank_alone_does_nothing():
    assert solve(0, attacker_abilities=(cards.finn_gunner(),)).p_at_least(1) == 0


def test_finn_blank_can_be_rerolled_with_a_lock():
    """0 attack dice: add a blank, reroll it with the lock: it hits with 1/2."""
    result = solve(0, attacker={"lock": 1}, attacker_abilities=(cards.finn_gunner(),))
    assert result.p_at_least(1) == F(1, 2)


def test_finn_blank_on_defense_takes_an_evade_token():
    """1 attack die vs 0 defense dice and an evade token: add a blank, change it to an evade:
    0 damage (without Finn the token has no die to change)."""
    result = solve(1, 0, defender={"evade": 1}, defender_abilities=(cards.finn_gunner(),))
    assert result.p_at_least(1) == 0
