"""Saturation Salvo: during a torpedo or missile attack, may spend a charge of that weapon; the
attacker chooses 2 defense dice and the defender must reroll them (as many as possible,
FAQ: Rolling and Rerolling Dice)."""

from tallon.dice import DieKind, Face, Role
from tallon.dice.abilities import cards

from ..helpers import F, situation, solve


def test_salvo_must_pick_two_dice_when_there_are_two():
    ability = cards.saturation_salvo()
    options = ability.options(situation(Role.ATTACKER, DieKind.DEFENSE,
                                        [Face.EVADE, Face.BLANK, Face.BLANK],
                                        own={"saturationsalvo": 1}))
    assert {o.ops[0].count for o in options} == {2}
    assert len(options) == 2  # evade+blank or blank+blank


def test_salvo_rerolls_the_only_die_if_there_is_one():
    options = cards.saturation_salvo().options(situation(
        Role.ATTACKER, DieKind.DEFENSE, [Face.EVADE], own={"saturationsalvo": 1}))
    assert [o.ops[0].count for o in options] == [1]


def test_salvo_against_one_defense_die():
    """1 attack die vs 1 defense die: on a hit against an evade, force the reroll:
    P(damage) = 1/2 * (5/8 + 3/8 * 5/8) = 55/128."""
    result = solve(1, 1, attacker_abilities=(cards.saturation_salvo(),))
    assert result.p_at_least(1) == F(55, 128)
