"""Live dice: rolling from the game's generator and pools that remember rerolls.

RR: ATTACK steps 2a and 3a — roll dice; RR: DICE MODIFICATION — add, change,
reroll; Golden Rules — each die is rerolled at most once during an attack.

Every random draw comes from the ``random.Random`` passed in, never from the
global ``random`` state, so a game is reproducible from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from tallon.dice.counts import REROLLED, Counts
from tallon.dice.faces import NUM_FACES, SIDES_PER_DIE, DieKind, Face
from tallon.dice.ops import Add, Cancel, Change, ChangeAll, Op, Option, Reroll


class RerollError(ValueError):
    """Raised when asked to reroll a die that has already been rerolled (Golden Rules)."""


def roll_face(kind: DieKind, rng: random.Random) -> Face:
    """Roll one die of ``kind`` with ``rng``: one draw of ``rng.randrange(8)``."""
    return kind.sides[rng.randrange(SIDES_PER_DIE)]


@dataclass(slots=True)
class Die:
    """One die on the table: its kind, the face it shows, and what has happened to it."""

    kind: DieKind
    face: Face
    rerolled: bool = False
    added: bool = False

    def __post_init__(self) -> None:
        if not self.kind.has_face(self.face):
            raise ValueError(f"a {self.kind.value} die has no {self.face.label} side")


class DicePool:
    """The dice of one side of an attack, in the order they were rolled or added."""

    __slots__ = ("dice", "kind")

    def __init__(self, kind: DieKind, dice: Iterable[Die] = ()) -> None:
        self.kind = kind
        self.dice: list[Die] = list(dice)
        for die in self.dice:
            if die.kind is not kind:
                raise ValueError(f"a {kind.value} pool cannot hold a {die.kind.value} die")

    @classmethod
    def roll(cls, kind: DieKind, count: int, rng: random.Random) -> DicePool:
        """Roll ``count`` fresh dice (RR: ATTACK steps 2a/3a)."""
        if count < 0:
            raise ValueError(f"cannot roll {count} dice")
        return cls(kind, [Die(kind, roll_face(kind, rng)) for _ in range(count)])

    @classmethod
    def of(cls, kind: DieKind, *faces: Face) -> DicePool:
        """A pool showing the given faces, none rerolled (for set-ups and tests)."""
        return cls(kind, [Die(kind, face) for face in faces])

    def __len__(self) -> int:
        return len(self.dice)

    def __iter__(self) -> Iterator[Die]:
        return iter(self.dice)

    def __repr__(self) -> str:
        shown = ", ".join(f"{d.face.label}{'*' if d.rerolled else ''}" for d in self.dice)
        return f"DicePool({self.kind.value}: [{shown}])"

    def faces(self) -> list[Face]:
        """The faces showing, in pool order."""
        return [die.face for die in self.dice]

    def count(self, face: Face) -> int:
        """Dice showing ``face``."""
        return sum(1 for die in self.dice if die.face is face)

    def counts(self) -> Counts:
        """The canonical multiset form used by abilities and the calculator."""
        slots = [0] * (2 * NUM_FACES)
        for die in self.dice:
            slots[die.face + (REROLLED if die.rerolled else 0)] += 1
        return tuple(slots)

    def reroll(self, indices: Iterable[int], rng: random.Random) -> None:
        """Reroll the dice at ``indices``; each die may be rerolled only once (Golden Rules)."""
        chosen = sorted(set(indices))
        self._check_fresh(chosen)
        self.set_rerolled(chosen, [roll_face(self.kind, rng) for _ in chosen])

    def set_rerolled(self, indices: Iterable[int], faces: Iterable[Face]) -> None:
        """The dice at ``indices`` were rerolled and show ``faces`` (a roll made elsewhere:
        the engine's chance steps); each die may be rerolled only once (Golden Rules)."""
        chosen = list(indices)
        self._check_fresh(chosen)
        for index, face in zip(chosen, faces, strict=True):
            die = self.dice[index]
            die.face = face
            die.rerolled = True

    def _check_fresh(self, indices: list[int]) -> None:
        for index in indices:
            if self.dice[index].rerolled:
                face = self.dice[index].face.label
                raise RerollError(f"die {index} ({face}) was already rerolled")

    def reroll_indices(self, op: Reroll) -> list[int]:
        """The dice a reroll operation picks: by face, fresh ones (not yet rerolled), first
        in pool order, sorted."""
        chosen: list[int] = []
        for face, n in enumerate(op.dice):
            matching = self._indices(Face(face), False)
            if len(matching) < n:
                raise RerollError(f"not enough fresh {Face(face).label} dice to reroll {n}")
            chosen.extend(matching[:n])
        return sorted(chosen)

    def change(self, index: int, face: Face) -> bool:
        """Change one die's result; a side the die lacks means no change (RR: DICE MODIFICATION)."""
        if not self.kind.has_face(face):
            return False
        self.dice[index].face = face
        return True

    def add(self, face: Face) -> bool:
        """Add a die showing ``face``; it is a normal die that may be rerolled or modified."""
        if not self.kind.has_face(face):
            return False
        self.dice.append(Die(self.kind, face, added=True))
        return True

    def remove(self, index: int) -> Die:
        """Take a die out of the pool (spending or canceling a result)."""
        return self.dice.pop(index)

    def _indices(self, face: Face, rerolled: bool | None) -> list[int]:
        return [
            i
            for i, die in enumerate(self.dice)
            if die.face is face and (rerolled is None or die.rerolled is rerolled)
        ]

    def apply(self, option: Option, rng: random.Random) -> None:
        """Carry out an ability option on these dice, rolling with ``rng``.

        Dice are picked by face and rerolled mark, first in pool order; identical
        dice are interchangeable, so this is the same as any other pick.
        """
        for op in option.ops:
            self.apply_op(op, rng)

    def apply_op(self, op: Op, rng: random.Random) -> None:
        """Carry out one primitive operation (see ``tallon.dice.ops``)."""
        if isinstance(op, ChangeAll):
            for index in self._indices(op.source, None):
                self.change(index, op.to)
        elif isinstance(op, Change):
            face, rerolled = Face(op.slot % NUM_FACES), op.slot >= REROLLED
            matching = self._indices(face, rerolled)
            if len(matching) < op.count:
                raise ValueError(f"not enough {face.label} dice to change {op.count}")
            for index in matching[: op.count]:
                self.change(index, op.to)
        elif isinstance(op, Reroll):
            self.reroll(self.reroll_indices(op), rng)
        elif isinstance(op, Add):
            for _ in range(op.count):
                self.add(op.face)
        elif isinstance(op, Cancel):
            # Fresh dice first, as in ``apply_to_counts``.
            matching = self._indices(op.face, False) + self._indices(op.face, True)
            if len(matching) < op.count:
                raise ValueError(f"not enough {op.face.label} dice to cancel {op.count}")
            for index in sorted(matching[: op.count], reverse=True):
                self.remove(index)
        else:  # pragma: no cover - exhaustive over Op
            raise TypeError(f"unknown dice operation {op!r}")


def roll_attack(count: int, rng: random.Random) -> DicePool:
    """Roll ``count`` attack dice."""
    return DicePool.roll(DieKind.ATTACK, count, rng)


def roll_defense(count: int, rng: random.Random) -> DicePool:
    """Roll ``count`` defense dice."""
    return DicePool.roll(DieKind.DEFENSE, count, rng)
