"""RR: LOCK — during Modify Attack Dice, spend the lock on the defender to reroll one or more
attack dice."""

from tallon.dice import LOCK_ABILITY, DieKind, Face, Role, Situation, Tokens, make_counts

from .helpers import F, solve


def test_lock_rerolls_a_miss_once():
    """1 die: 1/2 hits at once; a miss is rerolled: 1/2 + 1/2 * 1/2 = 3/4."""
    assert solve(1, attacker={"lock": 1}).p_at_least(1) == F(3, 4)


def test_lock_then_focus_on_one_die():
    """Reroll a blank with the lock, then spend focus on a focus (rules order is the
    player's choice). Hit/crit 1/2, focus 1/4 -> focus, blank 1/4 -> reroll -> 3/4:
    P = 1/2 + 1/4 + 1/4 * 3/4 = 15/16."""
    assert solve(1, attacker={"focus": 1, "lock": 1}).p_at_least(1) == F(15, 16)


def test_lock_can_reroll_any_subset_of_fresh_dice():
    """Options: every non-empty choice of fresh dice (here 2 blanks + 1 hit: choose 0-2 blanks
    and 0-1 hits, not nothing) — 5 options."""
    situation = Situation(Role.ATTACKER, DieKind.ATTACK,
                          make_counts([Face.BLANK, Face.BLANK, Face.HIT]), Tokens({"lock": 1}),
                          Tokens())
    assert len(LOCK_ABILITY.options(situation)) == 5


def test_lock_rerolls_two_dice_at_once():
    """2 dice with a lock: reroll every miss. Each die hits with 3/4 independently:
    P(2) = 9/16."""
    assert solve(2, attacker={"lock": 1}).damage == [F(1, 16), F(6, 16), F(9, 16)]


def test_lock_is_kept_when_every_die_hits():
    """1 die: the lock is spent only on a miss (1/2)."""
    result = solve(1, attacker={"lock": 1})
    assert result.expected_tokens(Role.ATTACKER)["lock"] == F(1, 2)


def test_more_than_one_lock_is_refused():
    import pytest

    with pytest.raises(ValueError, match="only one lock"):
        solve(1, attacker={"lock": 2})
