"""Heavy Laser Cannon: after the Modify Attack Dice step, change all crit results to hits."""

from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_heavy_laser_cannon_leaves_no_crits():
    result = solve(3, attacker_abilities=(cards.heavy_laser_cannon(),))
    assert result.p_crit == 0
    assert result.expected_damage == F(3, 2)


def test_crits_made_while_modifying_are_changed_too():
    """Marksmanship's crit is made during Modify Attack Dice, before the cannon's change."""
    result = solve(1, attacker_abilities=(cards.heavy_laser_cannon(), cards.marksmanship()))
    assert result.p_crit == 0
