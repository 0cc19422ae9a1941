"""RR: EVADE — while defending, spend evade tokens to change that many blank or focus
results to evades."""

from tallon.dice import EVADE_ABILITY, DieKind, Face, Role, Situation, Tokens, make_counts

from .helpers import F, solve


def test_one_evade_token_stops_one_hit_whatever_the_die_shows():
    """1 attack die vs 1 defense die and 1 evade token: a rolled evade cancels the hit; a
    blank or focus is changed to an evade. Damage is always 0."""
    result = solve(1, 1, defender={"evade": 1})
    assert result.damage == [F(1)]


def test_evade_token_needs_a_defense_die_to_change():
    """The token changes a die result; with 0 defense dice there is nothing to change:
    1 attack die still hits with 1/2."""
    result = solve(1, 0, defender={"evade": 1})
    assert result.p_at_least(1) == F(1, 2)
    assert result.expected_tokens(Role.DEFENDER)["evade"] == 1


def test_evade_token_changes_only_blank_or_focus():
    situation = Situation(Role.DEFENDER, DieKind.DEFENSE,
                          make_counts([Face.EVADE, Face.BLANK, Face.FOCUS]),
                          Tokens({"evade": 1}), Tokens())
    changed = sorted(option.label for option in EVADE_ABILITY.options(situation))
    assert changed == [
        "Spend evade: change 1 blank to evade",
        "Spend evade: change 1 focus to evade",
    ]


def test_evade_token_is_spent_only_when_it_saves_damage():
    """1 attack die vs 1 defense die: the token is needed only when the attack hits (1/2)
    and the die is not an evade (5/8): spent with 5/16, left with 11/16."""
    result = solve(1, 1, defender={"evade": 1})
    assert result.expected_tokens(Role.DEFENDER)["evade"] == F(11, 16)


def test_two_evade_tokens_against_two_hits():
    """2 attack dice vs 1 defense die and 2 evade tokens: the die gives 1 evade (rolled or
    changed); the second token has no die left to change. Damage = max(hits - 1, 0):
    P(2 hits) = 1/4 -> 1 damage."""
    result = solve(2, 1, defender={"evade": 2})
    assert result.damage == [F(3, 4), F(1, 4)]
