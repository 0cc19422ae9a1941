"""Die faces and the two kinds of X-Wing dice (RR: ATTACK steps 2-3).

An attack die has 8 faces: 3 hit, 1 critical hit, 2 focus, 2 blank.
A defense die has 8 faces: 3 evade, 2 focus, 3 blank.

Both kinds share one face numbering so that pools of either kind can be
stored in the same compact form (see ``tallon.dice.counts``).
"""

from __future__ import annotations

from enum import Enum, IntEnum


class Face(IntEnum):
    """A die result. The numbering is the index used in canonical pool counts."""

    BLANK = 0
    FOCUS = 1
    HIT = 2
    CRIT = 3
    EVADE = 4

    @property
    def label(self) -> str:
        """Lower-case name used in labels, JSON and the command line."""
        return _LABELS[self]


_LABELS = {
    Face.BLANK: "blank",
    Face.FOCUS: "focus",
    Face.HIT: "hit",
    Face.CRIT: "crit",
    Face.EVADE: "evade",
}

#: Each face by its label (exactly as :attr:`Face.label` spells it).
FACE_BY_LABEL: dict[str, Face] = {label: face for face, label in _LABELS.items()}

FACES: tuple[Face, ...] = tuple(Face)
NUM_FACES = len(FACES)
SIDES_PER_DIE = 8


class DieKind(Enum):
    """Attack dice (red) or defense dice (green)."""

    ATTACK = "attack"
    DEFENSE = "defense"

    # Identity hashing: members are singletons, and Enum's default hash is slow.
    __hash__ = object.__hash__

    @property
    def weights(self) -> tuple[int, ...]:
        """How many of the 8 sides show each face, indexed by ``Face``."""
        return _WEIGHTS[self]

    @property
    def faces(self) -> tuple[Face, ...]:
        """The faces that appear on this kind of die."""
        return _FACES_OF[self]

    @property
    def sides(self) -> tuple[Face, ...]:
        """The 8 sides of the die, in a fixed order (used to map a random index to a face)."""
        return _SIDES[self]

    def has_face(self, face: Face) -> bool:
        """Whether a die of this kind can show ``face`` (RR: DICE MODIFICATION, change)."""
        return _WEIGHTS[self][face] > 0

    def focus_target(self) -> Face:
        """The result a focus result turns into on this die: hit (attack) or evade (defense)."""
        return Face.HIT if self is DieKind.ATTACK else Face.EVADE


_WEIGHTS = {
    DieKind.ATTACK: (2, 2, 3, 1, 0),
    DieKind.DEFENSE: (3, 2, 0, 0, 3),
}
_FACES_OF = {kind: tuple(f for f in FACES if w[f]) for kind, w in _WEIGHTS.items()}
_SIDES = {
    kind: tuple(f for f in FACES for _ in range(w[f])) for kind, w in _WEIGHTS.items()
}
assert all(sum(w) == SIDES_PER_DIE for w in _WEIGHTS.values())


def parse_face(text: str) -> Face:
    """Read a face name such as ``"hit"`` or ``"crit"`` (case-insensitive)."""
    key = text.strip().lower()
    aliases = {"critical": Face.CRIT, "critical hit": Face.CRIT, "eye": Face.FOCUS}
    found = aliases.get(key) or FACE_BY_LABEL.get(key)
    if found is not None:
        return found
    accepted = ", ".join(_LABELS.values())
    raise ValueError(f"unknown die result {text!r}; accepted: {accepted}")
