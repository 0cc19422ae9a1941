"""Predator: while performing a primary attack with the defender in the bullseye arc, may reroll
1 attack die. (The arc condition is the caller's: the ability is passed only when it holds.)"""

from tallon.dice import DieKind, Face, Role
from tallon.dice.abilities import cards

from ..helpers import F, situation, solve


def test_predator_rerolls_one_miss():
    """1 die: 1/2 + 1/2 * 1/2 = 3/4."""
    assert solve(1, attacker_abilities=(cards.predator(),)).p_at_least(1) == F(3, 4)


def test_predator_rerolls_only_one_of_two_misses():
    """2 dice: one reroll. P(2) = P(HH) + P(one miss) * 1/2 + P(two misses) * 0
    = 1/4 + 1/2 * 1/2 = 1/2; P(0) = P(two misses) * 1/2 = 1/8."""
    result = solve(2, attacker_abilities=(cards.predator(),))
    assert result.damage == [F(1, 8), F(3, 8), F(1, 2)]


def test_predator_offers_one_die_at_a_time_and_only_fresh_dice():
    ability = cards.predator()
    fresh = situation(Role.ATTACKER, DieKind.ATTACK, [Face.BLANK, Face.FOCUS])
    assert len(ability.options(fresh)) == 2
    spent = situation(Role.ATTACKER, DieKind.ATTACK, [], [Face.BLANK])
    assert ability.options(spent) == []


def test_predator_is_for_attackers_only():
    import pytest

    with pytest.raises(ValueError, match="only for the attacker"):
        solve(1, 1, defender_abilities=(cards.predator(),))
