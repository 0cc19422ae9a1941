"""Plated Hull (BTL-B Y-wing): while defending, if not critically damaged, change 1 crit result
to a hit — the defender's modification of attack dice, resolved before the attacker's."""

from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_plated_hull_removes_one_crit():
    """2 dice: P(at least one crit) was 1 - (7/8)**2 = 15/64; now only 2 crits leave one:
    (1/8)**2 = 1/64."""
    result = solve(2, defender_abilities=(cards.plated_hull(),))
    assert result.p_crit == F(1, 64)
    assert result.expected_damage == 1
