"""Fearless: front-arc primary attack at range 1, in the defender's front arc — may change 1 of
your results to a hit."""

from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_fearless_makes_one_die_always_hit():
    """1 die: any non-hit result becomes a hit: P(damage) = 1."""
    assert solve(1, attacker_abilities=(cards.fearless(),)).damage == [0, 1]


def test_fearless_fixes_only_one_die():
    """2 dice: damage = 1 + (other die hits 1/2 if the first was a miss...): exactly
    min(2, #hits + 1): P(2) = 1 - P(both miss) = 3/4, P(1) = 1/4."""
    assert solve(2, attacker_abilities=(cards.fearless(),)).damage == [0, F(1, 4), F(3, 4)]
