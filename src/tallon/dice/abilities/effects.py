"""Building blocks shared by token effects and card abilities.

Most dice abilities are "if <requirement>, you may spend <cost> to <effect>",
where the effect is one of a few shapes: reroll some dice, change some results,
add a result, cancel a result. ``CardAbility`` combines a requirement, a cost
and one of the effects below, so that each card is a few lines of data and the
rules for each shape live in one place.
"""

from __future__ import annotations

import itertools
import operator
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from tallon.dice import packed
from tallon.dice.abilities.base import (
    BOTH_ROLES,
    DiceAbility,
    Role,
    Situation,
    Tokens,
    Window,
)
from tallon.dice.counts import REROLLED, Counts, face_count
from tallon.dice.faces import NUM_FACES, DieKind, Face
from tallon.dice.ops import (
    Add,
    Cancel,
    Change,
    ChangeAll,
    Op,
    Option,
    Reroll,
    apply_to_counts,
)

Variant = tuple[Op, ...]
Requirement = Callable[[Situation], bool]
PackedMoves = tuple[tuple[tuple[int, int], ...], int]
"""An ability's moves for one packed pool, for the calculator: ((packed pool after, dice to
roll), ...) and the most dice any of them leaves (see ``CardAbility.packed_moves``)."""


_CACHED: weakref.WeakSet[CardAbility] = weakref.WeakSet()


def clear_ability_caches() -> None:
    """Forget every ability's cached options (for cold-start benchmarks; never needed for
    correctness, since the cached options depend only on the dice).

    The built-in effects' move tables are kept: they belong to no attack and no ability (see
    ``clear_move_tables``)."""
    for ability in list(_CACHED):
        ability._cache.clear()
        ability._packed.clear()
    _CHOICES.clear()


def clear_move_tables() -> None:
    """Forget the move tables of the built-in effects (``CardAbility.packed_table``).

    They are a pure function of an effect (its kind and parameters), a kind of dice and a
    pool, shared by every ability with that effect and filled as pools are first met: an
    attack-independent precomputation that ``clear_ability_caches`` keeps, so that "cold"
    measurements time the solving. Call this too for a start from nothing at all.
    """
    for table in _MOVE_TABLES.values():
        table.clear()  # abilities hold on to their tables
    _MOVE_TABLES.clear()
    _PACKED_CHOICES.clear()


def submultisets(available: tuple[int, ...], lo: int, hi: int) -> Iterator[tuple[int, ...]]:
    """Every choice of ``x[i] <= available[i]`` items per kind with ``lo <= sum(x) <= hi``,
    larger counts first."""
    for choice in itertools.product(*(range(n, -1, -1) for n in available)):
        if lo <= sum(choice) <= hi:
            yield choice


_NO_DICE = (0,) * NUM_FACES
_NO_TOKENS = Tokens()
_NONE: list = []  # shared "no options" answer; never modified
_CHOICES: dict[tuple[tuple[int, ...], int, int], tuple[tuple[int, ...], ...]] = {}
_MOVE_TABLES: dict[tuple, dict[int, PackedMoves]] = {}
"""The built-in effects' moves by pool, per (effect's table key, kind of dice, mandatory)."""
_PACKED_CHOICES: dict[tuple[int, int | None, bool], tuple[tuple[int, int], ...]] = {}
"""``RerollDice`` choices by (eligible fresh dice, up to, exactly): see ``_packed_choices``."""


def _choices(available: tuple[int, ...], lo: int, hi: int) -> tuple[tuple[int, ...], ...]:
    """``submultisets`` remembered: the same few pools come up again and again."""
    key = (available, lo, hi)
    found = _CHOICES.get(key)
    if found is None:
        found = _CHOICES[key] = tuple(submultisets(available, lo, hi))
    return found


def _packed_choices(fresh: int, up_to: int | None, exactly: bool
                    ) -> tuple[tuple[int, int], ...]:
    """The choices of ``RerollDice`` among the fresh dice ``fresh`` (a packed pool of fresh
    dice only), each as (the chosen dice packed, how many), in the order of ``submultisets``
    (remembered: the same few pools come up again and again)."""
    key = (fresh, up_to, exactly)
    found = _PACKED_CHOICES.get(key)
    if found is None:
        eligible = packed.size(fresh)
        most = eligible if up_to is None else min(up_to, eligible)
        least = most if exactly else 1
        # itertools.product order: face 0 varies slowest, each count from high to low.
        partial = [(0, 0)]
        for face in range(NUM_FACES):
            available = _slot(fresh, face)
            if not available:
                continue  # (none of this face: the one choice, 0, changes nothing)
            unit = 1 << (packed.BITS * face)
            partial = [
                (chosen + n * unit, count + n)
                for chosen, count in partial
                for n in range(min(available, most - count), -1, -1)
            ]
        found = _PACKED_CHOICES[key] = tuple(
            (chosen, count) for chosen, count in partial if count >= least
        )
    return found


def _slot(pool: int, slot: int) -> int:
    """Count in slot ``slot`` of a packed pool."""
    return (pool >> (packed.BITS * slot)) & packed.LIMIT


class Effect:
    """What an ability does to the dice: the ways to do it now, each a tuple of operations."""

    rerolls: bool = False
    max_added: int = 0

    def variants(self, situation: Situation) -> list[Variant]:
        raise NotImplementedError

    def table_key(self) -> tuple | None:
        """What the effect's moves depend on besides the pool and the kind of dice, if that is
        known (then abilities with equal keys share one move table), else None."""
        return None

    def packed_moves(self, role: Role, kind: DieKind, pool: int) -> list[tuple[int, int]]:
        """``variants`` for a packed pool, applied: (packed pool after, dice to roll) for each,
        in the same order (the calculator's view). Effects read only the pool and the kind of
        dice. The built-in effects compute this directly on the packed pool."""
        counts = packed.unpack(pool)
        situation = Situation(role, kind, counts, _NO_TOKENS, _NO_TOKENS)
        moves = []
        for ops in self.variants(situation):
            after, to_roll = apply_to_counts(counts, ops, kind)
            moves.append((packed.pack(after), to_roll))
        return moves


class RerollDice(Effect):
    """Reroll dice that have not been rerolled yet (RR: DICE MODIFICATION, RR: GOLDEN RULES).

    ``up_to=None`` means any number. With ``exactly=True`` the owner must reroll
    ``up_to`` dice, or as many as are eligible (FAQ: Rolling and Rerolling Dice).
    ``faces`` limits which results may be chosen.
    """

    rerolls = True

    def __init__(
        self, up_to: int | None = None, *, exactly: bool = False, faces: tuple[Face, ...] = ()
    ) -> None:
        if exactly and up_to is None:
            raise ValueError("an exact reroll needs a number of dice")
        self.up_to = up_to
        self.exactly = exactly
        self.faces = faces
        # The slots of the fresh dice that may be chosen, in a packed pool.
        self._eligible = sum(
            packed.LIMIT << (packed.BITS * f)
            for f in range(NUM_FACES) if not faces or f in faces
        )

    def variants(self, situation: Situation) -> list[Variant]:
        pool = situation.pool
        available = tuple(
            pool[f] if (not self.faces or Face(f) in self.faces) else 0 for f in range(NUM_FACES)
        )
        eligible = sum(available)
        if not eligible:
            return []
        most = eligible if self.up_to is None else min(self.up_to, eligible)
        least = most if self.exactly else 1
        return [(Reroll(choice),) for choice in _choices(available, least, most)]

    def table_key(self) -> tuple | None:
        if type(self) is not RerollDice:
            return None
        return ("reroll", self.up_to, self.exactly, self.faces)

    def packed_moves(self, role: Role, kind: DieKind, pool: int) -> list[tuple[int, int]]:
        if type(self).variants is not RerollDice.variants:
            return super().packed_moves(role, kind, pool)
        fresh = pool & self._eligible
        if not fresh:
            return []
        # The chosen fresh dice leave the pool (RR: DICE MODIFICATION, reroll).
        return [(pool - chosen, n)
                for chosen, n in _packed_choices(fresh, self.up_to, self.exactly)]


class ChangeResults(Effect):
    """Change results from ``sources`` to one of ``targets`` (RR: DICE MODIFICATION).

    ``count=None`` changes every die showing the source face (like a focus
    token). Otherwise exactly ``count`` dice are changed, or all eligible dice
    if fewer. Targets a die cannot show are skipped ("nothing happens"), so
    ``targets=(HIT, EVADE)`` reads "hit on attack dice, evade on defense dice".
    """

    def __init__(
        self, count: int | None, sources: tuple[Face, ...], targets: tuple[Face, ...]
    ) -> None:
        if count is None and len(sources) != 1:
            raise ValueError("'change all' takes exactly one source result")
        self.count = count
        self.sources = sources
        self.targets = targets

    def variants(self, situation: Situation) -> list[Variant]:
        pool, kind = situation.pool, situation.kind
        found: list[Variant] = []
        for target in self.targets:
            if not kind.has_face(target):
                continue
            if self.count is None:
                source = self.sources[0]
                if source != target and face_count(pool, source):
                    found.append((ChangeAll(source, target),))
                continue
            slots = [
                s for f in self.sources if f != target for s in (f, f + REROLLED) if pool[s]
            ]
            available = tuple(pool[s] for s in slots)
            size = min(self.count, sum(available))
            if not size:
                continue
            for choice in _choices(available, size, size):
                found.append(
                    tuple(Change(s, target, n) for s, n in zip(slots, choice, strict=True) if n)
                )
        return found

    def table_key(self) -> tuple | None:
        if type(self) is not ChangeResults:
            return None
        return ("change", self.count, self.sources, self.targets)

    def packed_moves(self, role: Role, kind: DieKind, pool: int) -> list[tuple[int, int]]:
        if type(self).variants is not ChangeResults.variants:
            return super().packed_moves(role, kind, pool)
        bits = packed.BITS
        moves: list[tuple[int, int]] = []
        for target in self.targets:
            if not kind.has_face(target):
                continue
            if self.count is None:
                # Change all: both halves (fresh, rerolled) of the source slot move over.
                source = self.sources[0]
                fresh, rerolled = _slot(pool, source), _slot(pool, source + REROLLED)
                if source != target and (fresh or rerolled):
                    taken = (fresh << (bits * source)) + (rerolled << (bits * (source + REROLLED)))
                    put = (fresh << (bits * target)) + (rerolled << (bits * (target + REROLLED)))
                    moves.append((pool - taken + put, 0))
                continue
            slots = [
                s for f in self.sources if f != target for s in (f, f + REROLLED)
                if _slot(pool, s)
            ]
            available = tuple(_slot(pool, s) for s in slots)
            size = min(self.count, sum(available))
            if not size:
                continue
            for choice in _choices(available, size, size):
                after = pool
                for s, n in zip(slots, choice, strict=True):
                    # A changed die keeps its rerolled mark.
                    to = target + (REROLLED if s >= REROLLED else 0)
                    after += (n << (bits * to)) - (n << (bits * s))
                moves.append((after, 0))
        return moves


class AddResults(Effect):
    """Add ``count`` dice showing ``face`` (RR: DICE MODIFICATION, add)."""

    def __init__(self, face: Face, count: int = 1) -> None:
        self.face = face
        self.count = count
        self.max_added = count

    def variants(self, situation: Situation) -> list[Variant]:
        if not situation.kind.has_face(self.face):
            return []
        return [(Add(self.face, self.count),)]

    def table_key(self) -> tuple | None:
        return ("add", self.face, self.count) if type(self) is AddResults else None

    def packed_moves(self, role: Role, kind: DieKind, pool: int) -> list[tuple[int, int]]:
        if type(self).variants is not AddResults.variants:
            return super().packed_moves(role, kind, pool)
        if not kind.has_face(self.face):
            return []
        if packed.size(pool) + self.count > packed.LIMIT:
            raise ValueError(f"a pool of more than {packed.LIMIT} dice cannot be packed")
        return [(pool + (self.count << (packed.BITS * self.face)), 0)]


class CancelResults(Effect):
    """Cancel up to ``count`` dice showing ``face`` (RR: CANCEL; not a modification)."""

    def __init__(self, face: Face, count: int = 1) -> None:
        self.face = face
        self.count = count

    def variants(self, situation: Situation) -> list[Variant]:
        n = min(self.count, face_count(situation.pool, self.face))
        if not n:
            return []
        return [(Cancel(self.face, n),)]

    def table_key(self) -> tuple | None:
        return ("cancel", self.face, self.count) if type(self) is CancelResults else None

    def packed_moves(self, role: Role, kind: DieKind, pool: int) -> list[tuple[int, int]]:
        if type(self).variants is not CancelResults.variants:
            return super().packed_moves(role, kind, pool)
        fresh, rerolled = _slot(pool, self.face), _slot(pool, self.face + REROLLED)
        n = min(self.count, fresh + rerolled)
        if not n:
            return []
        # Fresh dice go first, as in apply_to_counts.
        from_fresh = min(n, fresh)
        bits = packed.BITS
        return [(pool - (from_fresh << (bits * self.face))
                 - ((n - from_fresh) << (bits * (self.face + REROLLED))), 0)]


_SIZED = (RerollDice, ChangeResults, AddResults, CancelResults)
"""Effects whose moves never leave more dice than the pool plus ``max_added``."""


class CardAbility(DiceAbility):
    """A dice ability built from a requirement, a cost and an effect.

    ``cost`` is paid from the owner's resources (tokens, Force, or the card's
    own charges, named after its key); an option exists only if the cost can
    be paid and the effect can be resolved (RR: PAYING COSTS). ``gain`` lists
    resources or marks the owner gains when using it. ``requires`` is a
    further condition; set ``requirement_reads_dice=False`` when it looks only
    at resources (never at ``situation.pool``), so that the calculator checks
    it once per resources state instead of once per pool.
    """

    def __init__(
        self,
        key: str,
        title: str,
        *,
        effect: Effect,
        window: Window = Window.OWN_DICE,
        roles: frozenset[Role] = BOTH_ROLES,
        cost: tuple[tuple[str, int], ...] = (),
        gain: tuple[tuple[str, int], ...] = (),
        requires: Requirement | None = None,
        uses: tuple[str, ...] = (),
        opponent_uses: tuple[str, ...] = (),
        mandatory: bool = False,
        repeatable: bool = False,
        charges: int = 0,
        requirement_reads_dice: bool = True,
    ) -> None:
        self.key = key
        self.title = title
        self.effect = effect
        self.window = window
        self.roles = roles
        self.cost = cost
        self.gain = gain
        self.requires = requires
        self.uses = uses
        self.opponent_uses = opponent_uses
        self.mandatory = mandatory
        self.repeatable = repeatable
        self.charges = charges
        self.requirement_reads_dice = requirement_reads_dice
        self.rerolls = effect.rerolls
        self.max_added_dice = effect.max_added
        # Effects read only the pool and the kind of dice, so the options and
        # their results for a pool never change: cache them per pool.
        self._cache: dict[tuple, list[tuple[Option, Counts, int]]] = {}
        # The same, packed for the calculator (see ``packed_table``).
        self._packed: dict[tuple[Role, DieKind], dict[int, PackedMoves]] = {}
        _CACHED.add(self)

    def resources(self) -> tuple[str, ...]:
        names = [*super().resources(), *(n for n, _ in self.cost), *(n for n, _ in self.gain)]
        names.extend(self.uses)
        return tuple(dict.fromkeys(names))

    def spendable(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys([*super().spendable(), *(n for n, _ in self.cost)]))

    def opponent_resources(self) -> tuple[str, ...]:
        return self.opponent_uses

    def affordable(self, own: Tokens) -> bool:
        return all(own[name] >= amount for name, amount in self.cost)

    def may_reroll(self, own: Tokens) -> bool:
        return self.rerolls and self.affordable(own)

    def options(self, situation: Situation) -> list[Option]:
        return [option for option, _, _ in self.transitions(situation)]

    def usable(self, situation: Situation) -> bool:
        """Whether the ability may be used now, effect aside: its role, its cost (RR: PAYING COSTS)
        and its requirement. The calculator asks once per resources state, with no dice, unless the
        requirement reads the dice or a subclass overrides this."""
        if situation.role not in self.roles:
            return False
        own = situation.own
        for name, amount in self.cost:
            if own[name] < amount:
                return False
        return self.requires is None or self.requires(situation)

    def transitions(self, situation: Situation) -> list[tuple[Option, Counts, int]]:
        if not self.usable(situation):
            if not self.mandatory:
                return _NONE
            # Remember this list too: callers may rely on getting the same list back.
            key = (situation.role, situation.kind, situation.pool, False)
            found = self._cache.get(key)
            if found is None:
                found = self._cache[key] = [(self._nothing, situation.pool, 0)]
            return found
        key = (situation.role, situation.kind, situation.pool)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._build(situation)
        return found

    def packed_table(self, role: Role, kind: DieKind) -> dict[int, PackedMoves]:
        """The calculator's view of ``transitions`` where the ability is usable: packed pool ->
        ``packed_moves`` for that pool. Read-only for callers; filled by ``packed_moves``.

        Only valid for abilities whose options depend on the pool and the kind of dice alone
        once usable, which ``CardAbility`` guarantees unless a subclass overrides
        ``transitions`` or ``_build`` (the calculator checks).
        """
        table = self._packed.get((role, kind))
        if table is None:
            shape = self.effect.table_key()
            if shape is None:
                table = {}
            else:
                # Shared by every ability with this effect (see clear_move_tables).
                table = _MOVE_TABLES.setdefault((shape, kind, self.mandatory), {})
            self._packed[(role, kind)] = table
        return table

    def packed_moves(self, role: Role, kind: DieKind, pool: int) -> PackedMoves:
        """``transitions`` for the packed ``pool`` where the ability is usable, as
        ((packed pool after, dice to roll), ...) in the same order, with the most dice any of
        them leaves (pool plus dice to roll). Remembered in ``packed_table``."""
        table = self.packed_table(role, kind)
        found = table.get(pool)
        if found is None:
            effect = self.effect
            moves = tuple(effect.packed_moves(role, kind, pool))
            if not moves and self.mandatory:
                moves = ((pool, 0),)  # _build's "nothing to do" option
            if type(effect) in _SIZED:
                # Rerolls and changes keep the number of dice, cancels lower it, adds raise it
                # by their count: no move leaves more than this (the bound is exact for adds).
                dice = packed.size(pool) + effect.max_added if moves else 0
            else:
                dice = max((packed.size(after) + n for after, n in moves), default=0)
            found = table[pool] = (moves, dice)
        return found

    @property
    def _nothing(self) -> Option:
        """The option of a mandatory ability that has nothing to act on."""
        return Option(self.key, self.title)

    def _build(self, situation: Situation) -> list[tuple[Option, Counts, int]]:
        variants = self.effect.variants(situation)
        if not variants:
            return [(self._nothing, situation.pool, 0)] if self.mandatory else []
        pool = situation.pool
        found = []
        for ops in variants:
            option = Option(self.key, self.title, ops, self.cost, self.gain)
            first = ops[0]
            if len(ops) == 1 and type(first) is Reroll:
                # The common case, done directly: take the chosen fresh dice out of the pool.
                kept = tuple(map(operator.sub, pool, first.dice + _NO_DICE))
                found.append((option, kept, first.count))
            else:
                found.append((option, *apply_to_counts(pool, ops, situation.kind)))
        return found


def _faces(faces: Face | tuple[Face, ...]) -> tuple[Face, ...]:
    return (faces,) if isinstance(faces, Face) else faces


def change_one(key: str, title: str, sources: Face | tuple[Face, ...],
               targets: Face | tuple[Face, ...], roles: frozenset[Role],
               **options: Any) -> CardAbility:
    """A card that changes 1 result showing one of ``sources`` to one of ``targets`` (the
    most common card shape); ``options`` are the other ``CardAbility`` settings."""
    return CardAbility(key, title, effect=ChangeResults(1, _faces(sources), _faces(targets)),
                       roles=roles, **options)


def reroll(key: str, title: str, roles: frozenset[Role], count: int | None = 1,
           faces: tuple[Face, ...] = (), **options: Any) -> CardAbility:
    """A card that rerolls up to ``count`` dice (None: any number), only ``faces`` if given;
    ``options`` are the other ``CardAbility`` settings."""
    return CardAbility(key, title, effect=RerollDice(count, faces=faces), roles=roles,
                       **options)
