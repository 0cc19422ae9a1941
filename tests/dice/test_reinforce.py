"""RR: REINFORCE — during Neutralize Results, if the attack would hit and more than one
hit/crit remains, one evade is added (per token, one at a time), when the attacker is in
the token's arc."""

import pytest

from tallon.dice import Role, neutralize

from .helpers import F, solve


@pytest.mark.parametrize(
    ("hits", "crits", "reinforce", "left"),
    [
        (1, 0, 1, (1, 0)),  # only one result: no effect
        (2, 0, 1, (1, 0)),
        (1, 1, 1, (0, 1)),  # the added evade cancels the hit first
        (0, 2, 1, (0, 1)),
        (3, 0, 2, (1, 0)),  # two tokens need three results
        (2, 0, 2, (1, 0)),  # the second token finds only one result left
    ],
)
def test_reinforce_cancels_one_result_when_more_than_one_remains(hits, crits, reinforce, left):
    assert neutralize(hits, crits, 0, reinforce=reinforce) == left


def test_reinforce_counts_what_is_left_after_evades():
    """3 hits, 1 evade: 2 remain, so reinforce cancels one more."""
    assert neutralize(3, 0, 1, reinforce=1) == (1, 0)


def test_reinforce_caps_two_dice_at_one_damage():
    """2 attack dice, no defense dice, reinforce: 2 hits become 1. Each die hits with 1/2:
    P(0) = 1/4, P(1) = 3/4."""
    result = solve(2, defender={"reinforce": 1})
    assert result.damage == [F(1, 4), F(3, 4)]


def test_reinforce_does_nothing_outside_its_arc():
    """'reinforce applies' is False: 2 dice deal 2 with 1/4."""
    result = solve(2, defender={"reinforce": 1}, reinforce_applies=False)
    assert result.damage == [F(1, 4), F(1, 2), F(1, 4)]


def test_reinforce_token_is_not_spent():
    """RR: REINFORCE — 'A ship does not spend the reinforce token when resolving its effect.'"""
    result = solve(2, defender={"reinforce": 1})
    assert result.expected_tokens(Role.DEFENDER)["reinforce"] == 1
