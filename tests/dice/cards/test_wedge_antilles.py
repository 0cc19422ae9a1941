"""Wedge Antilles (T-65): while he performs an attack, the defender rolls 1 fewer defense die."""

from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_wedge_removes_a_defense_die():
    """Agility 2 becomes 1: P(damage) = 1/2 * 5/8."""
    assert solve(1, 2, attacker_abilities=(cards.wedge_antilles(),)).p_at_least(1) == F(5, 16)


def test_wedge_cannot_go_below_zero_dice():
    assert solve(1, 0, attacker_abilities=(cards.wedge_antilles(),)).p_at_least(1) == F(1, 2)
