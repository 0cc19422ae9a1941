"""Elusive: while defending, may spend its charge to reroll 1 defense die."""

import pytest

from tallon.dice import Role
from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_elusive_rerolls_a_missing_defense_die():
    """P(evade) = 3/8 + 5/8 * 3/8 = 39/64, so 1 attack die deals damage with 1/2 * 25/64."""
    result = solve(1, 1, defender_abilities=(cards.elusive(),))
    assert result.p_at_least(1) == F(25, 128)
    assert result.expected_tokens(Role.DEFENDER)["elusive"] == 1 - F(1, 2) * F(5, 8)


def test_elusive_is_for_defenders_only():
    with pytest.raises(ValueError):
        solve(1, attacker_abilities=(cards.elusive(),))
