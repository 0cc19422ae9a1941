"""Stealth Device: while defending, if its charge is active, roll 1 additional defense die;
after suffering damage, lose the charge."""

from tallon.dice import Role
from tallon.dice.abilities import cards
from tallon.dice.abilities.catalogue import parse_ability

from ..helpers import F, solve


def test_charged_stealth_device_adds_a_die():
    """Agility 0 + 1: damage 1/2 * 5/8 = 5/16; the charge is lost exactly then."""
    result = solve(1, 0, defender_abilities=(cards.stealth_device(),))
    assert result.p_at_least(1) == F(5, 16)
    assert result.expected_tokens(Role.DEFENDER)["stealthdevice"] == 1 - F(5, 16)


def test_empty_stealth_device_adds_nothing():
    ability = parse_ability("stealthdevice=0", Role.DEFENDER)
    assert solve(1, 0, defender_abilities=(ability,)).p_at_least(1) == F(1, 2)
