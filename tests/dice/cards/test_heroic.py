"""Heroic: while defending or attacking, if you have only blank results and 2 or more results,
you may reroll any number of your dice."""

from tallon.dice import DieKind, Face, Role
from tallon.dice.abilities import cards

from ..helpers import F, situation, solve


def test_heroic_needs_only_blanks_and_two_dice():
    ability = cards.heroic()
    assert ability.options(situation(Role.ATTACKER, DieKind.ATTACK, [Face.BLANK]))  == []
    assert ability.options(
        situation(Role.ATTACKER, DieKind.ATTACK, [Face.BLANK, Face.FOCUS])) == []
    assert len(ability.options(
        situation(Role.ATTACKER, DieKind.ATTACK, [Face.BLANK, Face.BLANK]))) == 2


def test_heroic_attack_rerolls_double_blanks():
    """2 attack dice: E = 1 without; both blank (1/16) -> reroll both -> E 1 instead of 0:
    E = 1 + 1/16 = 17/16."""
    assert solve(2, attacker_abilities=(cards.heroic(),)).expected_damage == F(17, 16)


def test_heroic_defense_rerolls_double_blanks():
    """2 hits needed... 1 attack die vs 2 defense dice with Heroic. Without: damage iff hit
    (1/2) and no evade ((5/8)**2 = 25/64). With Heroic, both blank (9/64) are rerolled, and
    then miss again with 25/64: P(no evade) = 25/64 - 9/64 + 9/64 * 25/64.
    P(damage) = 1/2 * (16/64 + 225/4096) = 1/2 * 1249/4096."""
    result = solve(1, 2, defender_abilities=(cards.heroic(),))
    assert result.p_at_least(1) == F(1249, 8192)
