"""RR: ATTACK step 4 (Neutralize Results) — evades cancel hits first, then crits; the attack hits
if a hit or crit is left."""

import pytest

from tallon.dice import neutralize

from .helpers import F, solve


@pytest.mark.parametrize(
    ("hits", "crits", "evades", "left"),
    [
        (2, 1, 1, (1, 1)),  # one hit canceled
        (1, 1, 1, (0, 1)),  # the hit goes first, the crit stays
        (1, 2, 2, (0, 1)),  # the hit, then one crit
        (0, 2, 3, (0, 0)),  # extra evades do nothing more
        (0, 0, 2, (0, 0)),
    ],
)
def test_evades_cancel_hits_before_crits(hits, crits, evades, left):
    assert neutralize(hits, crits, evades) == left


def test_crits_first_reverses_the_order():
    """Plasma Torpedoes: crits are canceled before hits."""
    assert neutralize(1, 1, 1, crits_first=True) == (1, 0)


def test_evades_that_cannot_cancel_crits_leave_them():
    assert neutralize(1, 2, 3, evades_cancel_crits=False) == (0, 2)


def test_negative_counts_are_refused():
    with pytest.raises(ValueError):
        neutralize(-1, 0, 0)


def test_one_die_against_one_die():
    """1 attack die vs 1 defense die, no tokens: damage iff hit/crit (1/2) and no evade (5/8):
    5/16; a crit survives iff the attack die is the crit (1/8) and no evade: 5/64."""
    result = solve(1, 1)
    assert result.damage == [F(11, 16), F(5, 16)]
    assert result.p_crit == F(5, 64)
    assert result.hits_crits == {(0, 0): F(11, 16), (1, 0): F(15, 64), (0, 1): F(5, 64)}
