"""Fifth Brother: while attacking, may spend 1 Force to change 1 focus result to a crit."""

from tallon.dice import Role
from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_fifth_brother_makes_crits_from_focus():
    """1 die, 1 Force: focus (2/8) becomes a crit: P(crit) = 1/8 + 2/8 = 3/8; the plain Force
    rule would give a hit for the same Force, and the crit wins the tie."""
    result = solve(1, attacker={"force": 1}, attacker_abilities=(cards.fifth_brother(),))
    assert result.p_crit == F(3, 8)
    assert result.expected_damage == F(3, 4)


def test_fifth_brother_needs_force():
    result = solve(1, attacker_abilities=(cards.fifth_brother(),))
    assert result.p_crit == F(1, 8)
    assert result.expected_tokens(Role.ATTACKER).get("force", 0) == 0
