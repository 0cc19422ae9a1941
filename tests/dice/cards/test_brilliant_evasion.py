"""Brilliant Evasion: while defending outside the attacker's bullseye arc, may spend 1 Force to
change 2 focus results to evades."""

from tallon.dice import DieKind, Face, Role
from tallon.dice.abilities import cards

from ..helpers import F, situation, solve


def test_brilliant_evasion_changes_two_focus_for_one_force():
    options = cards.brilliant_evasion().options(situation(
        Role.DEFENDER, DieKind.DEFENSE, [Face.FOCUS, Face.FOCUS, Face.BLANK], own={"force": 1}))
    assert len(options) == 1 and options[0].ops[0].count == 2


def test_brilliant_evasion_beats_the_plain_force_rule_by_exactly_one_case():
    """2 attack dice vs 2 defense dice, defender 1 Force. The plain rule changes 1 focus;
    Brilliant Evasion changes 2. They differ only when both defense dice are focus (1/16) and
    the attack has 2 hits (1/4): then 0 damage instead of 1. Difference 1/64."""
    plain = solve(2, 2, defender={"force": 1})
    evasive = solve(2, 2, defender={"force": 1},
                    defender_abilities=(cards.brilliant_evasion(),))
    assert plain.expected_damage - evasive.expected_damage == F(1, 64)
