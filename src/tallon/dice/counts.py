"""Canonical multiset form of a dice pool.

Dice showing the same face are interchangeable except for one thing the rules
remember: whether the die has already been rerolled (Golden Rules: each die is
rerolled at most once). So a pool is fully described by how many dice show
each face, split into dice that may still be rerolled ("fresh") and dice that
may not ("rerolled"). That is a tuple of ``2 * NUM_FACES`` counts::

    (fresh blank, fresh focus, fresh hit, fresh crit, fresh evade,
     rerolled blank, rerolled focus, rerolled hit, rerolled crit, rerolled evade)

The exact calculator works on these tuples; a live ``DicePool`` converts to
them with ``DicePool.counts()``. Slot ``face`` is fresh, ``face + NUM_FACES``
is rerolled.
"""

from __future__ import annotations

from collections.abc import Iterable

from tallon.dice.faces import NUM_FACES, Face

Counts = tuple[int, ...]
"""A canonical pool: ``2 * NUM_FACES`` non-negative counts (see module docstring)."""

EMPTY: Counts = (0,) * (2 * NUM_FACES)
REROLLED = NUM_FACES
"""Offset of the rerolled half of a counts tuple."""
assert NUM_FACES == 5, "forget_rerolls is written out for 5 faces"


def make_counts(
    fresh: Iterable[Face] = (), rerolled: Iterable[Face] = ()
) -> Counts:
    """Build a counts tuple from lists of faces (fresh dice, then already rerolled dice)."""
    slots = [0] * (2 * NUM_FACES)
    for face in fresh:
        slots[face] += 1
    for face in rerolled:
        slots[face + REROLLED] += 1
    return tuple(slots)


def face_count(pool: Counts, face: Face) -> int:
    """Dice showing ``face``, rerolled or not."""
    return pool[face] + pool[face + REROLLED]


def fresh_count(pool: Counts, face: Face) -> int:
    """Dice showing ``face`` that may still be rerolled."""
    return pool[face]


def total(pool: Counts) -> int:
    """Number of dice in the pool."""
    return sum(pool)


def by_face(pool: Counts) -> tuple[int, ...]:
    """Counts per face, ignoring the rerolled mark."""
    return tuple(pool[f] + pool[f + REROLLED] for f in range(NUM_FACES))


def forget_rerolls(pool: Counts) -> Counts:
    """The same dice, all marked fresh.

    Used once nothing can reroll the pool any more, so that pools differing only
    in marks that no longer matter share one state in the calculator.
    """
    # Written out: this runs for almost every position the calculator visits.
    b, f, h, c, e, rb, rf, rh, rc, re = pool
    if not (rb or rf or rh or rc or re):
        return pool
    return (b + rb, f + rf, h + rh, c + rc, e + re, 0, 0, 0, 0, 0)


def describe(pool: Counts) -> str:
    """Human-readable summary such as ``"2 hit, 1 focus (1 rerolled)"``."""
    parts = []
    for face in Face:
        n = face_count(pool, face)
        if n:
            parts.append(f"{n} {face.label}")
    rerolled = sum(pool[REROLLED:])
    text = ", ".join(parts) if parts else "no dice"
    return f"{text} ({rerolled} rerolled)" if rerolled else text
