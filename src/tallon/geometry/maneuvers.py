"""Maneuvers: dial codes, bearings and how each bearing is flown (RR: BEARING, RR: MANEUVER,
RR: SIDESLIP).

Every bearing that uses a template is flown as a *basic* maneuver in a "virtual frame":
the ship's own frame turned by ``frame_rotation`` so that the template always starts at the
virtual front edge and the ship always ends with its virtual rear edge on the template's end.

- forward maneuvers: frame 0;
- reverse maneuvers: frame 180 (the template sits between the rear guides and the front
  guides slide into its end), a reverse bank left is a virtual bank right;
- sideslips: frame +90 for a left sideslip (the left template laid from the right side),
  -90 for a right one.

Advanced maneuvers then add ``final_rotation`` (Koiogran turn and Segnor's loop 180,
Tallon roll 90 towards the turn) and, for the Tallon roll, a shift of the final position
along the ship's new facing (front/middle/back). When they can't be fully executed they
fall back to the basic maneuver's path and end without that extra rotation.

A card may have a maneuver flown on another template of its speed (``Maneuver.plan(...,
template=...)``): the plan is the same with that template laid (a straight one, or curving
the bearing's way), and a partial execution then follows that template's basic maneuver.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

from tallon.geometry.constants import TALLON_ROLL_SHIFT
from tallon.geometry.templates import Direction, Template, TemplateKind


class Difficulty(Enum):
    RED = "R"
    WHITE = "W"
    BLUE = "B"
    PURPLE = "P"


class Bearing(Enum):
    """Bearings with their dial-code letters (as in the card database)."""

    STRAIGHT = "F"
    BANK_LEFT = "B"
    BANK_RIGHT = "N"
    TURN_LEFT = "T"
    TURN_RIGHT = "Y"
    KOIOGRAN_TURN = "K"
    SEGNOR_LOOP_LEFT = "L"
    SEGNOR_LOOP_RIGHT = "P"
    TALLON_ROLL_LEFT = "E"
    TALLON_ROLL_RIGHT = "R"
    REVERSE_STRAIGHT = "S"
    REVERSE_BANK_LEFT = "A"
    REVERSE_BANK_RIGHT = "D"
    STATIONARY = "O"

    @property
    def direction(self) -> Direction:
        """Straight, left or right (RR: BEARING, 'direction')."""
        return _DIRECTION[self]

    @property
    def is_basic(self) -> bool:
        return self in (Bearing.STRAIGHT, Bearing.BANK_LEFT, Bearing.BANK_RIGHT,
                        Bearing.TURN_LEFT, Bearing.TURN_RIGHT)

    @property
    def is_reverse(self) -> bool:
        return self in (Bearing.REVERSE_STRAIGHT, Bearing.REVERSE_BANK_LEFT,
                        Bearing.REVERSE_BANK_RIGHT)

    @property
    def is_forward(self) -> bool:
        """Maneuvers that begin at the front guides (RR: BEARING)."""
        return not self.is_reverse and self is not Bearing.STATIONARY

    @property
    def template_kind(self) -> TemplateKind | None:
        return _TEMPLATE_KIND[self]

    @property
    def can_sideslip(self) -> bool:
        """Sideslips use bank and turn templates (RR: SIDESLIP)."""
        return self in (Bearing.BANK_LEFT, Bearing.BANK_RIGHT, Bearing.TURN_LEFT,
                        Bearing.TURN_RIGHT)


_DIRECTION = {
    Bearing.STRAIGHT: Direction.STRAIGHT, Bearing.KOIOGRAN_TURN: Direction.STRAIGHT,
    Bearing.REVERSE_STRAIGHT: Direction.STRAIGHT, Bearing.STATIONARY: Direction.STRAIGHT,
    Bearing.BANK_LEFT: Direction.LEFT, Bearing.TURN_LEFT: Direction.LEFT,
    Bearing.SEGNOR_LOOP_LEFT: Direction.LEFT, Bearing.TALLON_ROLL_LEFT: Direction.LEFT,
    Bearing.REVERSE_BANK_LEFT: Direction.LEFT,
    Bearing.BANK_RIGHT: Direction.RIGHT, Bearing.TURN_RIGHT: Direction.RIGHT,
    Bearing.SEGNOR_LOOP_RIGHT: Direction.RIGHT, Bearing.TALLON_ROLL_RIGHT: Direction.RIGHT,
    Bearing.REVERSE_BANK_RIGHT: Direction.RIGHT,
}

_TEMPLATE_KIND: dict[Bearing, TemplateKind | None] = {
    Bearing.STRAIGHT: TemplateKind.STRAIGHT, Bearing.KOIOGRAN_TURN: TemplateKind.STRAIGHT,
    Bearing.REVERSE_STRAIGHT: TemplateKind.STRAIGHT,
    Bearing.BANK_LEFT: TemplateKind.BANK, Bearing.BANK_RIGHT: TemplateKind.BANK,
    Bearing.SEGNOR_LOOP_LEFT: TemplateKind.BANK, Bearing.SEGNOR_LOOP_RIGHT: TemplateKind.BANK,
    Bearing.REVERSE_BANK_LEFT: TemplateKind.BANK, Bearing.REVERSE_BANK_RIGHT: TemplateKind.BANK,
    Bearing.TURN_LEFT: TemplateKind.TURN, Bearing.TURN_RIGHT: TemplateKind.TURN,
    Bearing.TALLON_ROLL_LEFT: TemplateKind.TURN, Bearing.TALLON_ROLL_RIGHT: TemplateKind.TURN,
    Bearing.STATIONARY: None,
}

_CODE = re.compile(r"^\s*([0-5])\s*([A-Za-z])\s*([A-Za-z]?)\s*$")


@dataclass(frozen=True)
class Maneuver:
    """Speed, bearing and (optional) difficulty, e.g. ``Maneuver.parse("2NW")``."""

    speed: int
    bearing: Bearing
    difficulty: Difficulty | None = None

    @classmethod
    def parse(cls, code: str) -> Maneuver:
        """Parse a dial code: speed, bearing letter, optional difficulty letter."""
        return _parse(code)  # a game parses the same few codes thousands of times

    @classmethod
    def _read(cls, code: str) -> Maneuver:
        match = _CODE.match(code)
        if not match:
            raise ValueError(
                f"bad maneuver code {code!r}: expected a speed 0-5, a bearing letter "
                f"({'/'.join(b.value for b in Bearing)}) and an optional difficulty "
                f"letter (R/W/B/P), e.g. 2N or 3TR")
        speed, letter, diff = match.groups()
        try:
            bearing = Bearing(letter.upper())
        except ValueError:
            raise ValueError(
                f"bad maneuver code {code!r}: unknown bearing {letter!r} "
                f"(known: {', '.join(f'{b.value}={b.name.lower()}' for b in Bearing)})"
            ) from None
        difficulty = None
        if diff:
            try:
                difficulty = Difficulty(diff.upper())
            except ValueError:
                raise ValueError(f"bad maneuver code {code!r}: unknown difficulty {diff!r} "
                                 f"(R red, W white, B blue, P purple)") from None
        maneuver = cls(int(speed), bearing, difficulty)
        maneuver.check()
        return maneuver

    def check(self) -> None:
        """Reject maneuvers no template can fly."""
        if self.bearing is Bearing.STATIONARY:
            if self.speed != 0:
                raise ValueError("the stationary bearing is speed 0 only")
            return
        if self.speed == 0:
            raise ValueError(f"{self.bearing.name.lower()} at speed 0 is not a maneuver of a "
                             "standard ship (0-speed banks are for huge ships only)")
        self.template()  # raises for speeds the template doesn't have

    @property
    def code(self) -> str:
        return f"{self.speed}{self.bearing.value}{self.difficulty.value if self.difficulty else ''}"

    def template(self, kind: TemplateKind | None = None) -> Template | None:
        """The physical template, as laid in the virtual frame (see module docstring).

        ``kind``: another template of the same speed the maneuver is flown on instead (a
        card's: "you may use the [turn] template instead"), curving the bearing's way;
        everything else about the maneuver stays (a Segnor's loop on a turn template is
        placed by its front guides at the turn template's end)."""
        own = self.bearing.template_kind
        if own is None:
            if kind is not None:
                raise ValueError("a stationary maneuver uses no template")
            return None
        kind = own if kind is None else kind
        direction = self.bearing.direction
        if kind is TemplateKind.STRAIGHT:
            direction = Direction.STRAIGHT
        elif direction is Direction.STRAIGHT:
            raise ValueError(f"[{self.speed} {self.bearing.name.lower()}] has no direction "
                             f"to lay a {kind.value} template with")
        if self.bearing.is_reverse:
            direction = direction.mirrored()
        return Template(kind, self.speed, direction)

    def plan(self, sideslip: bool = False, template: TemplateKind | None = None
             ) -> FlightPlan:
        """How this maneuver is flown (``template``: on another template, see
        :meth:`template`)."""
        if template is self.bearing.template_kind:
            template = None
        return _plan(self, sideslip, template)

    def _make_plan(self, sideslip: bool, kind: TemplateKind | None = None) -> FlightPlan:
        bearing = self.bearing
        template = self.template(kind)
        if sideslip and kind is TemplateKind.STRAIGHT:
            raise ValueError("a sideslip needs a bank or turn template")
        if sideslip:
            if not bearing.can_sideslip:
                raise ValueError(f"only bank and turn maneuvers can be sideslips, not "
                                 f"{bearing.name.lower()}")
            frame = 90.0 if bearing.direction is Direction.LEFT else -90.0
            return FlightPlan(self, template, frame, 0.0, (0.0,), sideslip=True)
        if bearing.is_reverse:
            return FlightPlan(self, template, 180.0, 0.0, (0.0,))
        if bearing is Bearing.KOIOGRAN_TURN or bearing in (Bearing.SEGNOR_LOOP_LEFT,
                                                          Bearing.SEGNOR_LOOP_RIGHT):
            return FlightPlan(self, template, 0.0, 180.0, (0.0,))
        if bearing in (Bearing.TALLON_ROLL_LEFT, Bearing.TALLON_ROLL_RIGHT):
            turn = 90.0 * bearing.direction.value
            shifts = (TALLON_ROLL_SHIFT, 0.0, -TALLON_ROLL_SHIFT)
            return FlightPlan(self, template, 0.0, turn, shifts)
        return FlightPlan(self, template, 0.0, 0.0, (0.0,))


@cache
def _plan(maneuver: Maneuver, sideslip: bool, template: TemplateKind | None) -> FlightPlan:
    # plans are pure functions of the maneuver (and its template): computed once each
    return maneuver._make_plan(sideslip, template)


#: Names of the three Tallon roll placements, in the order of ``FlightPlan.shifts``.
TALLON_POSITIONS = ("front", "middle", "back")


@dataclass(frozen=True)
class FlightPlan:
    """How a maneuver is flown: see the module docstring."""

    maneuver: Maneuver
    template: Template | None
    frame_rotation: float
    final_rotation: float
    shifts: tuple[float, ...]
    sideslip: bool = False
    #: derived geometry per base length, filled by the movement code (a plan is immutable,
    #: so what is derived from it never changes)
    memo: dict[object, object] = field(default_factory=dict, compare=False, hash=False,
                                       repr=False)

    @property
    def is_stationary(self) -> bool:
        return self.template is None

    @property
    def has_positions(self) -> bool:
        """True for the Tallon roll's three placements."""
        return len(self.shifts) > 1


@cache
def _parse(code: str) -> Maneuver:
    return Maneuver._read(code)
