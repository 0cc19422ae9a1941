"""Fire-Control System: while attacking, if you have a lock on the defender, you may reroll 1
attack die; if you do, you cannot spend your lock during this attack."""

from tallon.dice import DieKind, Face, Role
from tallon.dice.abilities import cards

from ..helpers import F, situation, solve


def test_fcs_needs_a_lock():
    ability = cards.fire_control_system()
    assert ability.options(situation(Role.ATTACKER, DieKind.ATTACK, [Face.BLANK])) == []
    assert ability.options(
        situation(Role.ATTACKER, DieKind.ATTACK, [Face.BLANK], own={"lock": 1}))


def test_fcs_then_the_lock_cannot_be_spent():
    """2 dice, lock and FCS: using FCS forbids the lock, spending the lock removes FCS's
    requirement — so only one of them rerolls, and the lock (any number of dice) is as good:
    each die hits with 3/4 at best => same as the lock alone."""
    with_fcs = solve(2, attacker={"lock": 1}, attacker_abilities=(cards.fire_control_system(),))
    lock_only = solve(2, attacker={"lock": 1})
    assert with_fcs.damage == lock_only.damage == [F(1, 16), F(6, 16), F(9, 16)]


def test_fcs_keeps_the_lock_token_when_one_reroll_is_enough():
    """1 die: FCS and the lock both reroll the single miss (3/4); the tie-break keeps the
    lock token, so FCS is used and the lock is never spent."""
    result = solve(1, attacker={"lock": 1}, attacker_abilities=(cards.fire_control_system(),))
    assert result.p_at_least(1) == F(3, 4)
    assert result.expected_tokens(Role.ATTACKER)["lock"] == 1
