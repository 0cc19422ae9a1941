"""Position keys of the exact attack calculator (``tallon.dice.solver``): the steps in order,
how a key is laid out and made, and the tables of die rolls by key rule.

A position's key is one integer: its context's number (``tallon.dice.solver_contexts``)
above its packed pool (``tallon.dice.packed``). The key of the position after a change is
the next context's *base* (its number shifted above the pool) plus what the pool there
contributes under a *key rule*: the pool with its "already rerolled" marks forgotten or kept,
only its hits and crits (the end of the attack-dice phase) or only its evades (the end of
the attack). Rolling k dice is one chance node, its results tabled once per kind of die,
marks and key rule.
"""

from __future__ import annotations

from collections import defaultdict

from tallon.dice import packed
from tallon.dice.attack import MAX_DICE, Step
from tallon.dice.counts import REROLLED
from tallon.dice.faces import DieKind, Face
from tallon.dice.packed import FRESH_MASK, LIMIT, POOL_BITS, REROLLED_SHIFT


class ScaleError(ArithmeticError):
    """An ability rolled more dice than the solver's arithmetic allowed for."""


STEPS = tuple(Step)
"""The steps in which players act on dice, in order (RR: ATTACK steps 2-4)."""
ROLES = tuple(step.role for step in STEPS)
LAST_ATTACK_STEP = Step.ATTACKER_MODIFIES_ATTACK
LAST_STEP = STEPS[-1]

# A position's key is (context number << POOL_BITS) + packed pool.
POOL_MASK = (1 << POOL_BITS) - 1
_EVADE_AT = packed.BITS * Face.EVADE
_REROLLED_EVADE_AT = packed.BITS * (Face.EVADE + REROLLED)
# The hit and crit slots are neighbours: one byte, hits in the low half, in each half of a
# pool. Adding the two bytes gives hits + 16 * crits (at most 15 dice: no carries).
assert Face.CRIT == Face.HIT + 1
HIT_AT = packed.BITS * Face.HIT
REROLLED_HIT_AT = packed.BITS * (Face.HIT + REROLLED)
BYTE = 0xFF

# How the key of the next position is made from its context's base and the pool there:
# marks forgotten, the pool as it is, only the hits and crits (end of the attack-dice
# phase: ``hits + 16 * crits``; SETTLED_BY_ABILITY when an ability changes them first), only
# the number of evades (end of the attack).
FORGET, KEEP, SETTLED, SETTLED_BY_ABILITY, EVADES = 0, 1, 2, 3, 4


def _roll_table(kind: DieKind, count: int, marked: bool) -> tuple[tuple[int, int], ...]:
    """Every result of rolling ``count`` dice at once: (weight out of 8**count, the dice as a
    packed pool to add), the dice in the rerolled slots if ``marked``."""
    offset = REROLLED if marked else 0
    table: dict[int, int] = {0: 1}
    for _ in range(count):
        grown: dict[int, int] = defaultdict(int)
        for pool, weight in table.items():
            for face in kind.faces:
                grown[pool + packed.SLOT[face + offset]] += weight * kind.weights[face]
        table = grown
    return tuple((weight, pool) for pool, weight in sorted(table.items()))


AT_ONCE = MAX_DICE
"""Most dice one chance node rolls: packed values have room for a sum of 8**6 weights. More
dice (only with added dice) roll in several nodes."""
ROLLS = {
    (kind, marked): tuple(_roll_table(kind, n, marked) for n in range(AT_ONCE + 1))
    for kind in DieKind
    for marked in (False, True)
}


def dice_key(how: int, dice: int) -> int:
    """The part of a key that dice (a packed pool) contribute under the key rule ``how``
    (every rule but SETTLED_BY_ABILITY is additive, see ``solver_contexts.Roll``)."""
    if how == KEEP:
        return dice
    if how == FORGET:
        return (dice & FRESH_MASK) + (dice >> REROLLED_SHIFT)
    if how == SETTLED:
        return ((dice >> HIT_AT) & BYTE) + ((dice >> REROLLED_HIT_AT) & BYTE)
    return ((dice >> _EVADE_AT) & LIMIT) + ((dice >> _REROLLED_EVADE_AT) & LIMIT)


ROLL_STEPS = {
    (kind, marked, how): tuple(
        tuple((weight, dice_key(how, dice)) for weight, dice in table)
        for table in tables
    )
    for (kind, marked), tables in ROLLS.items()
    for how in (FORGET, KEEP, SETTLED, EVADES)
}
"""Every roll's results as (weight, key part) for each additive key rule."""
