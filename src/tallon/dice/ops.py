"""Dice operations and options: the vocabulary shared by live games and the calculator.

An ``Option`` is one legal way to use a dice ability right now: what it costs
(tokens or charges spent), what it gains (marks such as "cannot spend lock"),
and which primitive operations it performs on the dice (RR: DICE MODIFICATION
— add, change, reroll; RR: CANCEL). Abilities produce options from a
``Situation``; a live game applies an option to a concrete ``DicePool`` with
its seeded generator, and the calculator applies it to canonical counts.

Because identical dice are interchangeable, operations name dice by face and
by whether they were already rerolled, never by position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from tallon.dice.counts import REROLLED, Counts
from tallon.dice.faces import NUM_FACES, DieKind, Face


@dataclass(frozen=True, slots=True)
class Reroll:
    """Reroll fresh dice: ``dice[face]`` fresh dice showing ``face`` (RR: DICE MODIFICATION).

    Only dice that were not rerolled before can be chosen (Golden Rules).
    """

    dice: tuple[int, ...]

    @property
    def count(self) -> int:
        return sum(self.dice)


@dataclass(frozen=True, slots=True)
class Change:
    """Change ``count`` dice in counts slot ``slot`` (a face, fresh or rerolled) to ``to``."""

    slot: int
    to: Face
    count: int = 1


@dataclass(frozen=True, slots=True)
class ChangeAll:
    """Change every die showing ``source`` (fresh or rerolled) to ``to`` (e.g. RR: FOCUS)."""

    source: Face
    to: Face


@dataclass(frozen=True, slots=True)
class Add:
    """Add ``count`` dice showing ``face``, normal and rerollable (RR: DICE MODIFICATION)."""

    face: Face
    count: int = 1


@dataclass(frozen=True, slots=True)
class Cancel:
    """Cancel ``count`` dice showing ``face``: they are removed and ignored (RR: CANCEL)."""

    face: Face
    count: int = 1


Op = Reroll | Change | ChangeAll | Add | Cancel


class Option(NamedTuple):
    """One legal use of a dice ability.

    ``source`` is the ability's key and ``title`` its short description;
    ``spend`` lists the owner's resources paid as the cost (name, amount);
    ``gain`` lists resources or marks the owner gains. ``ops`` are applied in
    order; a ``Reroll`` is always last so that the dice it rolls are final.
    """

    source: str
    title: str
    ops: tuple[Op, ...] = ()
    spend: tuple[tuple[str, int], ...] = ()
    gain: tuple[tuple[str, int], ...] = ()

    @property
    def label(self) -> str:
        """Human-readable, e.g. ``"Spend focus: change all focus to hit"``."""
        return f"{self.title}: {describe_ops(self.ops)}"

    @property
    def reroll(self) -> Reroll | None:
        """The reroll this option performs, if any."""
        last = self.ops[-1] if self.ops else None
        return last if isinstance(last, Reroll) else None


def describe_ops(ops: tuple[Op, ...]) -> str:
    """Words for a list of operations, e.g. ``"reroll 1 blank, 1 focus"``."""
    if not ops:
        return "nothing to do"
    parts = []
    for op in ops:
        if isinstance(op, Reroll):
            chosen = ", ".join(f"{n} {Face(f).label}" for f, n in enumerate(op.dice) if n)
            parts.append(f"reroll {chosen}")
        elif isinstance(op, Change):
            parts.append(f"change {op.count} {slot_name(op.slot)} to {op.to.label}")
        elif isinstance(op, ChangeAll):
            parts.append(f"change all {op.source.label} to {op.to.label}")
        elif isinstance(op, Add):
            parts.append(f"add {op.count} {op.face.label}")
        else:
            parts.append(f"cancel {op.count} {op.face.label}")
    return "; ".join(parts)


def slot_name(slot: int) -> str:
    """Label for a counts slot, e.g. ``"focus"`` or ``"rerolled focus"``."""
    face = Face(slot % NUM_FACES)
    return f"rerolled {face.label}" if slot >= REROLLED else face.label


def apply_to_counts(pool: Counts, ops: tuple[Op, ...], kind: DieKind) -> tuple[Counts, int]:
    """Apply ``ops`` to canonical counts.

    Returns the pool after all operations except the rolling itself, and how
    many dice must be rolled and added back as rerolled dice (0 if none). The
    rerolled dice are removed from the returned pool.
    """
    slots = list(pool)
    to_roll = 0
    for op in ops:
        if isinstance(op, ChangeAll):
            if not kind.has_face(op.to):
                continue
            for offset in (0, REROLLED):
                moved = slots[op.source + offset]
                slots[op.source + offset] = 0
                slots[op.to + offset] += moved
        elif isinstance(op, Change):
            if not kind.has_face(op.to):
                continue
            if slots[op.slot] < op.count:
                raise ValueError(f"cannot change {op.count} {slot_name(op.slot)}: not enough dice")
            slots[op.slot] -= op.count
            slots[op.to + (REROLLED if op.slot >= REROLLED else 0)] += op.count
        elif isinstance(op, Reroll):
            for face, n in enumerate(op.dice):
                if slots[face] < n:
                    raise ValueError(f"cannot reroll {n} {Face(face).label}: not enough fresh dice")
                slots[face] -= n
            to_roll += op.count
        elif isinstance(op, Add):
            if kind.has_face(op.face):
                slots[op.face] += op.count
        elif isinstance(op, Cancel):
            remaining = op.count
            for offset in (0, REROLLED):
                taken = min(remaining, slots[op.face + offset])
                slots[op.face + offset] -= taken
                remaining -= taken
            if remaining:
                raise ValueError(f"cannot cancel {op.count} {op.face.label}: not enough dice")
        else:  # pragma: no cover - exhaustive over Op
            raise TypeError(f"unknown dice operation {op!r}")
    return tuple(slots), to_roll
