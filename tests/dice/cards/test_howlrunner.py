""""Howlrunner": while a friendly ship at range 0-1 performs a primary attack, it may reroll 1
attack die. Same effect as Predator, so they share the reroll building block."""

from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_howlrunner_rerolls_one_die():
    assert solve(1, attacker_abilities=(cards.howlrunner(),)).p_at_least(1) == F(3, 4)


def test_howlrunner_and_predator_reroll_two_different_dice():
    """Two single-die rerolls on 2 dice: each die gets one chance: P(2) = (3/4)**2 = 9/16."""
    result = solve(2, attacker_abilities=(cards.howlrunner(), cards.predator()))
    assert result.damage[2] == F(9, 16)
