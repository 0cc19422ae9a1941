"""RR: FOCUS — spend a focus token to change all focus results to hits (attacking) or
evades (defending); it cannot be spent without focus results."""

from tallon.dice import FOCUS_ABILITY, DieKind, Face, Role, Situation, Tokens, make_counts

from .helpers import F, solve


def test_attacker_focus_on_one_die_hits_three_times_in_four():
    """1 attack die: hit/crit 4/8, focus 2/8 becomes a hit; P(damage) = 6/8 = 3/4."""
    result = solve(1, attacker={"focus": 1})
    assert result.damage == [F(1, 4), F(3, 4)]


def test_focus_changes_every_focus_result():
    """2 attack dice, 1 focus token. Each die: hit/crit 1/2, focus 1/4, blank 1/4; the token
    turns all focus into hits, so each die hits with 3/4 independently:
    P(2) = 9/16, P(1) = 6/16, P(0) = 1/16."""
    result = solve(2, attacker={"focus": 1})
    assert result.damage == [F(1, 16), F(6, 16), F(9, 16)]


def test_defender_focus_turns_focus_into_evade():
    """1 attack die vs 1 defense die with focus: the defender cancels unless it rolls a
    blank (3/8). P(damage) = P(hit) * 3/8 = 1/2 * 3/8 = 3/16."""
    result = solve(1, 1, defender={"focus": 1})
    assert result.p_at_least(1) == F(3, 16)


def test_focus_cannot_be_spent_without_focus_results():
    """'A ship cannot spend a focus token ... if it does not have any focus results.'"""
    situation = Situation(Role.ATTACKER, DieKind.ATTACK, make_counts([Face.HIT, Face.BLANK]),
                          Tokens({"focus": 1}), Tokens())
    assert FOCUS_ABILITY.options(situation) == []


def test_focus_is_kept_when_it_does_not_help():
    """Tie-break ruling: a token whose use cannot change the odds is kept. 1 attack die with a
    focus token against 0 defense dice: the focus is spent only on a focus result (2/8),
    so 3/4 of the time it is left."""
    result = solve(1, attacker={"focus": 1})
    assert result.expected_tokens(Role.ATTACKER)["focus"] == F(3, 4)


def test_a_second_focus_token_can_be_spent_after_a_reroll():
    """Token effects are not once per opportunity (ruling): focus, reroll with the lock,
    then focus again. 1 die, 2 focus tokens and a lock: every non-hit is fixed:
    blank -> reroll (hit/crit 1/2, focus 1/4 fixed by focus) -> 3/4; focus -> focus.
    P = 1/2 + 1/4 + 1/4 * 3/4 = 15/16, the same as with one focus token — but spending the
    first focus before rerolling must not waste the second."""
    result = solve(1, attacker={"focus": 2, "lock": 1})
    assert result.p_at_least(1) == F(15, 16)
