"""Major Vermeil: while attacking, if the defender has no green tokens, may change 1 blank or
focus result to a hit."""

from tallon.dice import DieKind, Face, Role
from tallon.dice.abilities import cards

from ..helpers import F, situation, solve


def test_vermeil_against_a_defender_without_green_tokens():
    """1 die, any result becomes a hit: P = 1."""
    assert solve(1, attacker_abilities=(cards.major_vermeil(),)).p_at_least(1) == 1


def test_vermeil_needs_the_defender_without_green_tokens():
    """The defender's focus token (green) switches it off, even though it cannot use it with
    0 defense dice: P = 1/2."""
    result = solve(1, 0, defender={"focus": 1}, attacker_abilities=(cards.major_vermeil(),))
    assert result.p_at_least(1) == F(1, 2)


def test_vermeil_reads_reinforce_as_green():
    options = cards.major_vermeil().options(situation(
        Role.ATTACKER, DieKind.ATTACK, [Face.BLANK], opponent={"reinforce": 1}))
    assert options == []
