"""Norra Wexley: while defending with an enemy at range 0-1, add 1 evade result."""

from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_norra_adds_an_evade_even_without_dice():
    """1 attack die vs 0 defense dice: the added evade cancels the hit: 0 damage."""
    assert solve(1, 0, defender_abilities=(cards.norra_wexley(),)).p_at_least(1) == 0


def test_norra_cancels_one_of_two():
    """2 attack dice vs 0: damage = max(hits - 1, 0): P(1) = 1/4."""
    assert solve(2, 0, defender_abilities=(cards.norra_wexley(),)).damage == [F(3, 4), F(1, 4)]
