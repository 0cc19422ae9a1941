"""Marksmanship: while attacking with the defender in the bullseye arc, may change 1 hit result
to a critical hit."""

from tallon.dice import DieKind, Face, Role
from tallon.dice.abilities import cards

from ..helpers import F, situation, solve


def test_marksmanship_turns_a_hit_into_a_crit():
    """1 die: hit 3/8 becomes a crit, crit 1/8 stays: P(crit) = 1/2; damage unchanged."""
    result = solve(1, attacker_abilities=(cards.marksmanship(),))
    assert result.p_crit == F(1, 2) and result.expected_damage == F(1, 2)


def test_marksmanship_changes_only_one_hit():
    options = cards.marksmanship().options(
        situation(Role.ATTACKER, DieKind.ATTACK, [Face.HIT, Face.HIT]))
    assert [o.label for o in options] == ["Marksmanship (1 hit to crit): change 1 hit to crit"]
