"""Juke: while attacking, if you are evading, may change 1 of the defender's evade results to a
focus result."""

from tallon.dice import DieKind, Face, Role
from tallon.dice.abilities import cards

from ..helpers import F, situation, solve


def test_juke_needs_the_attacker_to_be_evading():
    ability = cards.juke()
    die = [Face.EVADE]
    assert ability.options(situation(Role.ATTACKER, DieKind.DEFENSE, die)) == []
    assert ability.options(situation(Role.ATTACKER, DieKind.DEFENSE, die, own={"evade": 1}))


def test_juke_removes_one_evade_and_keeps_the_evade_token():
    """1 attack die vs 1 defense die, attacker evading: the die's evade becomes a focus, so
    every hit lands: P = 1/2; the attacker's evade token is not spent."""
    result = solve(1, 1, attacker={"evade": 1}, attacker_abilities=(cards.juke(),))
    assert result.p_at_least(1) == F(1, 2)
    assert result.expected_tokens(Role.ATTACKER)["evade"] == 1
