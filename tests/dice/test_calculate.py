"""RR: CALCULATE — spend one or more calculate tokens to change that many focus results to
hits (attacking) or evades (defending)."""

from tallon.dice import Role

from .helpers import F, solve


def test_one_calculate_changes_only_one_focus():
    """2 attack dice, 1 calculate. Per die: H (hit/crit) 1/2, focus 1/4, blank 1/4.
    Damage = #H + min(1, #focus).
    P(2) = P(HH) + P(H and focus) = 1/4 + 2 * 1/2 * 1/4 = 1/2.
    P(0) = P(both blank) = 1/16.  P(1) = 7/16."""
    result = solve(2, attacker={"calculate": 1})
    assert result.damage == [F(1, 16), F(7, 16), F(1, 2)]


def test_two_calculate_tokens_change_two_focus_results():
    """2 attack dice, 2 calculate: like a focus token on 2 dice: each die hits with 3/4."""
    result = solve(2, attacker={"calculate": 2})
    assert result.damage == [F(1, 16), F(6, 16), F(9, 16)]


def test_defender_calculate_turns_focus_into_evade():
    """1 attack die vs 1 defense die, defender 1 calculate: damage only on a blank (3/8):
    P(damage) = 1/2 * 3/8 = 3/16."""
    result = solve(1, 1, defender={"calculate": 1})
    assert result.p_at_least(1) == F(3, 16)


def test_calculate_is_kept_when_no_focus_shows():
    """1 attack die, 1 calculate, no defense: spent only on a focus (1/4)."""
    result = solve(1, attacker={"calculate": 1})
    assert result.expected_tokens(Role.ATTACKER)["calculate"] == F(3, 4)
