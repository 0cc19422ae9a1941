"""Concordia Faceoff (Fang fighter): while defending at range 1 in the attacker's front arc,
change 1 result to an evade (not optional)."""

from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_concordia_guarantees_one_evade_per_attack():
    """1 attack die vs 1 defense die: the die becomes an evade whatever it shows: 0 damage."""
    assert solve(1, 1, defender_abilities=(cards.concordia_faceoff(),)).p_at_least(1) == 0


def test_concordia_needs_a_defense_die():
    """With 0 defense dice there is nothing to change: 1/2."""
    result = solve(1, 0, defender_abilities=(cards.concordia_faceoff(),))
    assert result.p_at_least(1) == F(1, 2)
