"""Networked Calculations (droid ship ability): may spend 1 calculate token of a friendly ship
at range 0-1 to change 1 focus result to a hit (attacking) or an evade (defending). The
parameter is how many such tokens are available."""

from tallon.dice import Role
from tallon.dice.abilities import cards
from tallon.dice.abilities.catalogue import parse_ability

from ..helpers import F, solve


def test_networked_calculation_works_like_own_calculate():
    result = solve(2, attacker_abilities=(cards.networked_calculations(1),))
    assert result.damage == [F(1, 16), F(7, 16), F(1, 2)]


def test_it_is_used_once_per_attack_however_many_tokens_are_near():
    """A card ability resolves once per opportunity (RR: ONCE PER OPPORTUNITY): with 2 nearby
    calculate tokens the defender still changes only 1 focus per attack — the same as one
    calculate token of its own — and keeps the other token."""
    ability = parse_ability("networkedcalculations=2", Role.DEFENDER)
    result = solve(2, 2, defender_abilities=(ability,))
    one_own = solve(2, 2, defender={"calculate": 1})
    assert result.expected_damage == one_own.expected_damage
    assert result.expected_tokens(Role.DEFENDER)["networkedcalculations"] >= 1
