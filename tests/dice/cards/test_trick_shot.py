"""Trick Shot: while performing an attack obstructed by an obstacle, roll 1 additional attack
die."""

from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_trick_shot_adds_a_die():
    assert solve(1, attacker_abilities=(cards.trick_shot(),)).damage == [F(1, 4), F(1, 2), F(1, 4)]
