"""RR: CHARGES, RR: FORCE CHARGE — while attacking, spend any number of Force to change that many
focus results to hits; while defending, focus results to evades."""

from tallon.dice import Role

from .helpers import F, solve


def test_one_force_changes_one_focus_to_a_hit():
    """Same numbers as one calculate token on 2 dice: P(2) = 1/2, P(1) = 7/16, P(0) = 1/16."""
    result = solve(2, attacker={"force": 1})
    assert result.damage == [F(1, 16), F(7, 16), F(1, 2)]


def test_force_on_defense_changes_focus_to_evade():
    """2 hits needed... 1 attack die vs 1 defense die, defender 1 Force: damage only on a
    blank defense die: 1/2 * 3/8 = 3/16."""
    result = solve(1, 1, defender={"force": 1})
    assert result.p_at_least(1) == F(3, 16)


def test_force_is_spent_one_charge_per_focus():
    """2 attack dice and 2 Force: each focus costs 1 Force. Expected Force spent =
    expected focus results = 2 * 1/4 = 1/2, so 3/2 are left."""
    result = solve(2, attacker={"force": 2})
    assert result.expected_tokens(Role.ATTACKER)["force"] == F(3, 2)
