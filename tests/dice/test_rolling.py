"""RR: ATTACK steps 2a/3a (rolling) and the Golden Rules (each die rerolled at most once).

Every random draw comes from the generator the game passes in.
"""

import random
from collections import Counter

import pytest

from tallon.dice import DicePool, DieKind, Face, RerollError, make_counts, roll_attack, roll_defense


def test_rolling_with_equal_seeds_gives_equal_dice():
    """A game is reproducible from its seed: same seed, same faces."""
    first = roll_attack(6, random.Random(7)).faces()
    second = roll_attack(6, random.Random(7)).faces()
    assert first == second


def test_rolling_draws_only_from_the_generator_passed_in():
    """The global ``random`` state is neither used nor disturbed by rolling."""
    random.seed(1)
    before = random.getstate()
    roll_defense(5, random.Random(3))
    assert random.getstate() == before


def test_each_die_uses_one_draw_of_the_generator():
    """One die = one ``randrange(8)``, so generators stay in step across implementations."""
    rng, twin = random.Random(11), random.Random(11)
    pool = roll_attack(4, rng)
    expected = [DieKind.ATTACK.sides[twin.randrange(8)] for _ in range(4)]
    assert pool.faces() == expected
    assert rng.random() == twin.random()


def test_roll_frequencies_match_the_faces_within_statistical_bounds(rng):
    """16000 attack dice: each face's count is within 4.5 standard deviations of 8ths."""
    n = 16000
    counts = Counter(roll_attack(n, rng).faces())
    for face, weight in ((Face.HIT, 3), (Face.CRIT, 1), (Face.FOCUS, 2), (Face.BLANK, 2)):
        p = weight / 8
        sd = (n * p * (1 - p)) ** 0.5
        assert abs(counts[face] - n * p) < 4.5 * sd


def test_a_new_pool_has_no_rerolled_dice(rng):
    pool = roll_defense(3, rng)
    assert all(not die.rerolled for die in pool)
    assert pool.counts()[5:] == (0, 0, 0, 0, 0)


def test_reroll_marks_the_die_as_rerolled(rng):
    """Pools remember which dice were rerolled."""
    pool = DicePool.of(DieKind.ATTACK, Face.BLANK, Face.HIT)
    pool.reroll([0], rng)
    assert pool.dice[0].rerolled and not pool.dice[1].rerolled
    assert sum(pool.counts()[5:]) == 1


def test_a_die_cannot_be_rerolled_twice(rng):
    """Golden Rules: during an attack each die cannot be rerolled more than once."""
    pool = DicePool.of(DieKind.ATTACK, Face.BLANK)
    pool.reroll([0], rng)
    with pytest.raises(RerollError, match="already rerolled"):
        pool.reroll([0], rng)


def test_negative_dice_count_is_refused(rng):
    with pytest.raises(ValueError):
        DicePool.roll(DieKind.ATTACK, -1, rng)


def test_counts_give_the_canonical_multiset():
    pool = DicePool.of(DieKind.DEFENSE, Face.EVADE, Face.BLANK, Face.EVADE)
    pool.dice[1].rerolled = True
    assert pool.counts() == make_counts([Face.EVADE, Face.EVADE], [Face.BLANK])
