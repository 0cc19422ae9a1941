"""The chance of each number of tokens an attack inflicts instead of damage (RR: INFLECT,
RR: ION): ion weapons (one result deals 1 damage, each other one an ion token), Jamming Beam
and Tractor Beam (every result a token)."""

import pytest

from .helpers import F, solve


def test_ion_tokens_follow_the_uncanceled_results_less_the_one_that_deals_damage():
    """3 attack dice, no defense: each die is a hit or crit half the time, so the results are
    0-3 with 1/8, 3/8, 3/8, 1/8; 0 or 1 result gives no ion token."""
    result = solve(3)
    assert result.damage == [F(1, 8), F(3, 8), F(3, 8), F(1, 8)]
    assert result.ion_tokens == [F(1, 2), F(3, 8), F(1, 8)]
    assert sum(result.ion_tokens) == 1


def test_every_result_a_token_for_the_beams():
    """With no result kept for damage the tokens are the results themselves."""
    result = solve(3)
    assert result.inflicted_tokens(0) == result.damage


def test_the_optimal_play_is_the_damage_play():
    """A focus token turns every focus result: each die succeeds 3/4 of the time."""
    result = solve(3, attacker={"focus": 1})
    assert result.ion_tokens == [F(10, 64), F(27, 64), F(27, 64)]


def test_a_certain_miss_gives_no_token():
    result = solve(0, 2)
    assert result.ion_tokens == [F(1)]
    assert result.inflicted_tokens(0) == [F(1)]


def test_negative_damage_results_are_refused():
    with pytest.raises(ValueError, match="cannot be negative"):
        solve(2).inflicted_tokens(-1)
