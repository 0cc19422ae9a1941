"""Crack Shot: primary attack with the defender in the bullseye arc — before Neutralize Results,
may spend its charge to cancel 1 evade result."""

from tallon.dice import Role
from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_crack_shot_cancels_the_evade_that_would_stop_the_hit():
    result = solve(1, 1, attacker_abilities=(cards.crack_shot(),))
    assert result.p_at_least(1) == F(1, 2)
    spent = F(1, 2) * F(3, 8)  # used only on a hit against an evade
    assert result.expected_tokens(Role.ATTACKER)["crackshot"] == 1 - spent


def test_crack_shot_cancels_only_one():
    """1 attack die vs 2 defense dice: damage needs at most 1 evade among 2:
    P(no evade) + P(exactly one) = 25/64 + 30/64 = 55/64, times 1/2."""
    result = solve(1, 2, attacker_abilities=(cards.crack_shot(),))
    assert result.p_at_least(1) == F(55, 128)
