"""RR: DEPLETE — a depleted ship rolls 1 fewer attack die, then removes 1 deplete token."""

from tallon.dice import Role

from .helpers import F, solve


def test_depleted_attacker_rolls_one_fewer_die():
    """Attack 2, depleted: 1 die, P(damage) = 1/2, never 2."""
    result = solve(2, attacker={"deplete": 1})
    assert result.damage == [F(1, 2), F(1, 2)]


def test_deplete_token_is_removed():
    result = solve(2, attacker={"deplete": 1})
    assert result.expected_tokens(Role.ATTACKER)["deplete"] == 0


def test_deplete_applies_at_range_0_where_dice_cannot_be_added():
    """Range 0 stops additions, not reductions: attack 2 depleted at range 0 rolls 1 die."""
    result = solve(2, attacker={"deplete": 1}, attack_range=0)
    assert result.damage == [F(1, 2), F(1, 2)]
