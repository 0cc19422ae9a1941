"""The packed-move cache of the exact attack calculator: the option lists of abilities
without packed move tables, packed once per list and kept across solves.

Built-in effects give their moves as packed tables (``CardAbility.packed_moves``); any other
ability is asked for its options at each position, and ``pack_moves`` turns each list it
returns into (packed pool after, dice to roll), remembered by the list's identity.
"""

from __future__ import annotations

from tallon.dice import packed
from tallon.dice.counts import Counts
from tallon.dice.ops import Option
from tallon.dice.solver_keys import ScaleError

_PACKED_MOVES: dict[int, tuple[list, tuple[tuple[int, int], ...], int]] = {}
_PACKED_MOVES_LIMIT = 100_000
"""Option lists of abilities without packed tables, packed, by list identity (see
``pack_moves``)."""


def clear_packed_moves() -> None:
    """Forget the packed option lists (with the abilities' caches, for cold measurements)."""
    _PACKED_MOVES.clear()


def pack_moves(moves: list[tuple[Option, Counts, int]], most: int
               ) -> tuple[tuple[int, int], ...]:
    """An ability's transitions as (packed pool after, dice to roll), remembered per list
    (abilities return the same list for the same pool, across solves; the entry keeps the
    list alive, so its id cannot be reused while it is there)."""
    entry = _PACKED_MOVES.get(id(moves))
    if entry is None or entry[0] is not moves:
        if len(_PACKED_MOVES) >= _PACKED_MOVES_LIMIT:
            # Abilities that build a new list on every call would fill it up forever.
            _PACKED_MOVES.clear()
        dice = max(sum(p) + n for _, p, n in moves)
        entry = (moves, tuple((packed.pack(p), n) for _, p, n in moves), dice)
        _PACKED_MOVES[id(moves)] = entry
    check_dice(entry[2], most, moves[0][0].source)
    return entry[1]


def check_dice(dice: int, most: int, source: str) -> None:
    """``most`` is how many dice the pool may hold; more means an ability added dice it did
    not declare in ``max_added_dice``, and the exact arithmetic would not hold."""
    if dice > most:
        raise ScaleError(
            f"{source} leaves more dice than the abilities declared "
            "(max_added_dice); the calculator cannot stay exact"
        )
