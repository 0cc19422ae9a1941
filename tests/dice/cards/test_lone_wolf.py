"""Lone Wolf: while defending or attacking, with no friendly ship at range 0-2, may spend its
charge to reroll 1 of your dice."""

from tallon.dice import Role
from tallon.dice.abilities import cards
from tallon.dice.abilities.catalogue import parse_ability

from ..helpers import F, solve


def test_lone_wolf_attack_reroll():
    result = solve(1, attacker_abilities=(cards.lone_wolf(),))
    assert result.p_at_least(1) == F(3, 4)
    assert result.expected_tokens(Role.ATTACKER)["lonewolf"] == F(1, 2)


def test_lone_wolf_defense_reroll():
    """1 attack die vs 1 defense die: evade 3/8 + 5/8 * 3/8 = 39/64; damage 1/2 * 25/64."""
    result = solve(1, 1, defender_abilities=(cards.lone_wolf(),))
    assert result.p_at_least(1) == F(25, 128)


def test_lone_wolf_without_its_charge_does_nothing():
    result = solve(1, attacker_abilities=(parse_ability("lonewolf=0", Role.ATTACKER),))
    assert result.p_at_least(1) == F(1, 2)
