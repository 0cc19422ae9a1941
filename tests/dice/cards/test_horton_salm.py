"""Horton Salm: while attacking, may reroll 1 attack die for each other friendly ship at range
0-1 of the defender (the number of ships is the ability's parameter)."""

import pytest

from tallon.dice.abilities import cards
from tallon.dice.abilities.base import Role
from tallon.dice.abilities.catalogue import parse_ability

from ..helpers import F, solve


def test_one_friend_gives_one_reroll():
    assert solve(1, attacker_abilities=(cards.horton_salm(1),)).p_at_least(1) == F(3, 4)


def test_two_friends_give_two_rerolls():
    assert solve(2, attacker_abilities=(cards.horton_salm(2),)).damage[2] == F(9, 16)


def test_the_number_of_friends_comes_from_the_id():
    ability = parse_ability("hortonsalm=2", Role.ATTACKER)
    assert "up to 2" in ability.title


def test_horton_needs_a_friend():
    with pytest.raises(ValueError):
        cards.horton_salm(0)
