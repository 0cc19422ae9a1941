"""Darth Vader (TIE/D Defender): while attacking, may spend 1 Force to change 1 blank result to
a hit."""

from tallon.dice import Role
from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_vader_turns_a_blank_into_a_hit():
    """1 die and 1 Force: a blank becomes a hit through Vader, a focus through the plain Force
    rule: every result ends as a hit: P = 1. The Force is spent only on a miss (1/2)."""
    result = solve(1, attacker={"force": 1}, attacker_abilities=(cards.darth_vader_defender(),))
    assert result.p_at_least(1) == 1
    assert result.expected_tokens(Role.ATTACKER)["force"] == F(1, 2)


def test_vader_with_two_dice_and_one_force():
    """Blanks become hits one per Force; with 1 Force and 2 dice: damage = #H + min(1, #misses)
    where a miss (focus or blank) can be fixed by Vader (blank) or the Force rule (focus):
    P(2) = 1 - P(two misses) = 3/4, P(1) = 1/4."""
    result = solve(2, attacker={"force": 1}, attacker_abilities=(cards.darth_vader_defender(),))
    assert result.damage == [0, F(1, 4), F(3, 4)]
