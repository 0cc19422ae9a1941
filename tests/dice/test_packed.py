"""The calculator's packed pools agree with canonical counts (tallon.dice.counts)."""

from hypothesis import given
from hypothesis import strategies as st

from tallon.dice import Face, packed
from tallon.dice.counts import face_count, forget_rerolls

counts = st.lists(st.integers(0, 3), min_size=10, max_size=10).map(tuple).filter(
    lambda c: sum(c) <= packed.LIMIT
)


@given(counts)
def test_pack_and_unpack_round_trip(pool):
    assert packed.unpack(packed.pack(pool)) == pool


@given(counts)
def test_forgetting_marks_matches_counts(pool):
    assert packed.unpack(packed.forget(packed.pack(pool))) == forget_rerolls(pool)


@given(counts, st.sampled_from(list(Face)))
def test_face_counts_match(pool, face):
    assert packed.count(packed.pack(pool), face) == face_count(pool, face)


@given(counts, st.integers(0, 9))
def test_adding_a_die_is_adding_its_slot(pool, slot):
    grown = list(pool)
    grown[slot] += 1
    if sum(grown) <= packed.LIMIT:
        assert packed.pack(tuple(grown)) == packed.pack(pool) + packed.SLOT[slot]


def test_too_many_dice_are_refused():
    import pytest

    with pytest.raises(ValueError):
        packed.pack((16, 0, 0, 0, 0, 0, 0, 0, 0, 0))


@given(counts)
def test_size_is_the_number_of_dice(pool):
    assert packed.size(packed.pack(pool)) == sum(pool)


def test_size_of_full_pools():
    for slot in range(10):
        full = tuple(packed.LIMIT if i == slot else 0 for i in range(10))
        assert packed.size(packed.pack(full)) == packed.LIMIT
