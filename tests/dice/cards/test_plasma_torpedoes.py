"""Plasma Torpedoes: during the Neutralize Results step, crit results are canceled before hit
results."""

from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_plasma_torpedo_evades_take_the_crit_first():
    """1 attack die vs 1 defense die: a crit survives only if there is no evade (5/8), with or
    without the torpedo; but with 2 attack dice a hit + crit against 1 evade keeps the hit.
    P(crit) with 2 dice vs 1 defense die, plasma:
    crit survives iff #crits > #evades: 1 crit and no evade, or 2 crits and <= 1 evade:
    (2 * 1/8 * 7/8) * 5/8 + (1/8)**2 * 1 = 70/512 + 8/512 = 78/512."""
    result = solve(2, 1, attacker_abilities=(cards.plasma_torpedoes(),))
    assert result.p_crit == F(78, 512)
    normal = solve(2, 1)
    assert normal.p_crit > result.p_crit
    assert normal.expected_damage == result.expected_damage
