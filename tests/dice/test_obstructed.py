"""RR: OBSTRUCTED — if an obstacle obstructs the attack, the defender rolls 1 more die."""

from .helpers import F, solve


def test_obstruction_adds_a_defense_die():
    """1 attack die vs agility 0, obstructed: 1 defense die: P(damage) = 1/2 * 5/8 = 5/16."""
    assert solve(1, 0, obstructed=True).p_at_least(1) == F(5, 16)


def test_obstruction_and_range_3_both_add_a_die():
    """Agility 0, range 3 and obstructed: 2 defense dice. 1 hit is canceled unless both
    dice miss: P(damage) = 1/2 * (5/8)**2 = 25/128."""
    assert solve(1, 0, obstructed=True, attack_range=3).p_at_least(1) == F(25, 128)
