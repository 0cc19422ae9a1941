"""Rey (gunner): while defending or attacking with the enemy in the turret arc, may spend 1
Force to change 1 blank result to a hit (attack dice) or an evade (defense dice)."""

from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_rey_on_attack_fixes_a_blank():
    """1 die, 1 Force: blanks (1/4) via Rey, focus (1/4) via the Force rule: P = 1."""
    result = solve(1, attacker={"force": 1}, attacker_abilities=(cards.rey_gunner(),))
    assert result.damage == [0, 1]


def test_rey_on_defense_makes_a_blank_an_evade():
    """1 attack die vs 1 defense die, defender 1 Force: blank via Rey, focus via Force: the
    hit is always canceled."""
    result = solve(1, 1, defender={"force": 1}, defender_abilities=(cards.rey_gunner(),))
    assert result.p_at_least(1) == 0


def test_rey_without_force_does_nothing():
    assert solve(1, attacker_abilities=(cards.rey_gunner(),)).p_at_least(1) == F(1, 2)
