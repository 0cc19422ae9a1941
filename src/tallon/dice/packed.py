"""Pools packed into one integer, for the calculator's keys.

A canonical pool (``tallon.dice.counts``) has 10 small counts; packed, each
count takes 4 bits (slot ``i`` at bits ``4 i``). Integers hash and compare far
faster than tuples, and adding a die is one addition. Abilities still see
count tuples; the calculator converts at the boundary with cached tables.
"""

from __future__ import annotations

from tallon.dice.counts import EMPTY, REROLLED, Counts
from tallon.dice.faces import NUM_FACES, Face

BITS = 4
LIMIT = (1 << BITS) - 1
"""Most dice a pool can hold: counts of a face (fresh + rerolled) must fit in 4 bits."""
SLOT = tuple(1 << (BITS * i) for i in range(2 * NUM_FACES))
"""``pool + SLOT[i]`` adds one die to counts slot ``i``."""
FRESH_MASK = (1 << (BITS * REROLLED)) - 1
"""The bits of the fresh half; anything above is a rerolled die."""
REROLLED_SHIFT = BITS * REROLLED
"""``pool >> REROLLED_SHIFT`` is the rerolled half, shifted onto the fresh one."""
POOL_BITS = BITS * 2 * NUM_FACES
"""Bits a packed pool takes: the calculator puts other data above them."""

_PACKED: dict[Counts, int] = {}
_UNPACKED: dict[int, Counts] = {0: EMPTY}


def pack(counts: Counts) -> int:
    """The packed form of ``counts``."""
    packed = _PACKED.get(counts)
    if packed is None:
        if sum(counts) > LIMIT:
            raise ValueError(f"a pool of more than {LIMIT} dice cannot be packed")
        packed = 0
        for i, n in enumerate(counts):
            packed += n << (BITS * i)
        _PACKED[counts] = packed
        _UNPACKED[packed] = counts
    return packed


def unpack(packed: int) -> Counts:
    """The counts tuple of a packed pool."""
    counts = _UNPACKED.get(packed)
    if counts is None:
        counts = tuple((packed >> (BITS * i)) & LIMIT for i in range(2 * NUM_FACES))
        _UNPACKED[packed] = counts
        _PACKED[counts] = packed
    return counts


def forget(packed: int) -> int:
    """All dice marked fresh (``counts.forget_rerolls``): no carries, since a pool holds at
    most ``LIMIT`` dice."""
    return (packed & FRESH_MASK) + (packed >> (BITS * REROLLED))


_NIBBLES = sum(0xF << (8 * i) for i in range(NUM_FACES))
_BYTES = sum(1 << (8 * i) for i in range(NUM_FACES))


def size(packed: int) -> int:
    """Number of dice in the pool, without unpacking: add neighbouring counts into 5 bytes (at
    most 30 each), then add up the bytes with one multiplication (at most 150: no carries)."""
    pairs = (packed & _NIBBLES) + ((packed >> BITS) & _NIBBLES)
    return ((pairs * _BYTES) >> (8 * (NUM_FACES - 1))) & 0xFF


def count(packed: int, face: Face) -> int:
    """Dice showing ``face``, rerolled or not."""
    return ((packed >> (BITS * face)) & LIMIT) + ((packed >> (BITS * (face + REROLLED))) & LIMIT)
