"""Captain Jonus: while a friendly ship at range 0-1 performs a torpedo or missile attack, it may
reroll up to 2 attack dice."""

from tallon.dice import DieKind, Face, Role
from tallon.dice.abilities import cards

from ..helpers import F, situation, solve


def test_jonus_rerolls_both_misses_on_two_dice():
    """Each die hits with 3/4: P(2) = 9/16."""
    assert solve(2, attacker_abilities=(cards.captain_jonus(),)).damage[2] == F(9, 16)


def test_jonus_rerolls_at_most_two_of_three():
    """3 dice all blank: options are any 1 or 2 of them, never 3."""
    options = cards.captain_jonus().options(
        situation(Role.ATTACKER, DieKind.ATTACK, [Face.BLANK] * 3))
    assert sorted(o.ops[0].count for o in options) == [1, 2]
