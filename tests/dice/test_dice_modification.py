"""RR: DICE MODIFICATION — add, change, reroll — on live pools and on canonical counts.

The engine applies options to live pools; the calculator applies the same
options to counts. Both must agree.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tallon.dice import (
    Add,
    Cancel,
    Change,
    ChangeAll,
    DicePool,
    DieKind,
    Face,
    Option,
    Reroll,
    apply_to_counts,
    make_counts,
)
from tallon.dice.counts import REROLLED


def test_add_places_a_normal_die_that_can_be_rerolled(rng):
    """An added die is treated as a normal die for all purposes (RR: DICE MODIFICATION)."""
    pool = DicePool(DieKind.ATTACK)
    pool.apply(Option("test", "add", (Add(Face.BLANK),)), rng)
    assert pool.faces() == [Face.BLANK]
    assert pool.dice[0].added and not pool.dice[0].rerolled
    pool.apply(Option("test", "reroll", (Reroll((1, 0, 0, 0, 0)),)), rng)
    assert pool.dice[0].rerolled


def test_changing_to_a_face_the_die_lacks_does_nothing():
    """'If a die cannot be changed to a given result, nothing happens' — an attack die
    cannot show an evade."""
    pool = DicePool.of(DieKind.ATTACK, Face.FOCUS)
    assert pool.change(0, Face.EVADE) is False
    assert pool.faces() == [Face.FOCUS]
    counts = make_counts([Face.FOCUS])
    change = (ChangeAll(Face.FOCUS, Face.EVADE),)
    assert apply_to_counts(counts, change, DieKind.ATTACK)[0] == counts


def test_change_keeps_the_rerolled_mark(rng):
    """Changing a rerolled die's face does not make it rerollable again."""
    pool = DicePool.of(DieKind.ATTACK, Face.FOCUS)
    pool.dice[0].rerolled = True
    pool.apply(Option("t", "c", (Change(Face.FOCUS + REROLLED, Face.HIT),)), rng)
    assert pool.dice[0].face is Face.HIT and pool.dice[0].rerolled


def test_reroll_removes_the_dice_from_the_counts_and_reports_how_many_to_roll():
    counts = make_counts([Face.BLANK, Face.BLANK, Face.HIT])
    kept, to_roll = apply_to_counts(counts, (Reroll((2, 0, 0, 0, 0)),), DieKind.ATTACK)
    assert kept == make_counts([Face.HIT])
    assert to_roll == 2


def test_reroll_of_an_already_rerolled_die_is_impossible_on_counts():
    """Only fresh dice can be selected: a pool whose blank was rerolled offers none."""
    counts = make_counts([], [Face.BLANK])
    with pytest.raises(ValueError, match="not enough fresh dice"):
        apply_to_counts(counts, (Reroll((1, 0, 0, 0, 0)),), DieKind.ATTACK)


def test_cancel_removes_results_and_is_not_a_change():
    """RR: CANCEL — the die is removed from the pool."""
    counts = make_counts([Face.EVADE, Face.EVADE, Face.BLANK])
    kept, to_roll = apply_to_counts(counts, (Cancel(Face.EVADE),), DieKind.DEFENSE)
    assert kept == make_counts([Face.EVADE, Face.BLANK]) and to_roll == 0


faces = st.sampled_from([Face.BLANK, Face.FOCUS, Face.HIT, Face.CRIT])


@st.composite
def pool_and_ops(draw):
    fresh = draw(st.lists(faces, max_size=5))
    rerolled = draw(st.lists(faces, max_size=3))
    pool = DicePool.of(DieKind.ATTACK, *fresh, *rerolled)
    for die in pool.dice[len(fresh):]:
        die.rerolled = True
    counts = list(pool.counts())
    ops = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["change", "all", "add", "cancel"]))
        if kind == "change":
            slots = [s for s, n in enumerate(counts) if n]
            if not slots:
                continue
            slot = draw(st.sampled_from(slots))
            ops.append(Change(slot, draw(faces), 1))
        elif kind == "all":
            ops.append(ChangeAll(draw(faces), draw(faces)))
        elif kind == "add":
            ops.append(Add(draw(faces)))
        else:
            present = [f for f in Face if counts[f] + counts[f + REROLLED]]
            if not present:
                continue
            ops.append(Cancel(draw(st.sampled_from(present))))
        counts = list(apply_to_counts(tuple(counts), (ops[-1],), DieKind.ATTACK)[0])
    fresh_now = counts[:5]
    reroll = tuple(draw(st.integers(0, n)) for n in fresh_now)
    ops.append(Reroll(reroll))
    return pool, tuple(ops)


@settings(max_examples=150, deadline=None)
@given(pool_and_ops(), st.integers(0, 2**32))
def test_live_pools_and_counts_agree_on_every_operation(case, seed):
    """Applying an option to a live pool gives the counts that ``apply_to_counts`` predicts,
    plus the rerolled dice, which come back marked as rerolled."""
    pool, ops = case
    kept, to_roll = apply_to_counts(pool.counts(), ops, DieKind.ATTACK)
    pool.apply(Option("t", "ops", ops), random.Random(seed))
    live = pool.counts()
    assert sum(live) == sum(kept) + to_roll
    # Every die not rerolled now matches the prediction; the rest are rerolled dice.
    newly = [live[s] - kept[s] for s in range(10)]
    assert all(n >= 0 for n in newly)
    assert sum(newly[REROLLED:]) == to_roll
