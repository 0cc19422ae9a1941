"""Huge ships on the table (RR: APPENDIX: HUGE SHIPS): the huge ship maneuver tool, what a
huge ship's final base overlaps, and where picked-up standard ships go.

A huge ship moves with its own tool, not a template, and never "moves through" anything
(RR: APPENDIX: HUGE SHIPS, RR: FAQ: Movement): only its final position counts.

- Straight edge: the tool lies along a long edge of the base with its speed 0 line on the
  ship's centre line; the ship slides until its centre line is on the speed line of the
  maneuver, so a [s straight] moves the centre ``HUGE_STRAIGHT_PER_SPEED`` s forward.
- Hook and jagged edge: the hook sits in the groove on the bank's side; the ship turns
  ``HUGE_BANK_ANGLE`` and its front corner on that side goes into the tool's corner for
  the speed. A [0 bank] keeps that corner where it was (the front edge on the speed 0
  line); the speed 1 corner is ``HUGE_BANK_FIRST_STEP`` further along the new facing, and
  each further speed ``HUGE_BANK_STEP`` further along it and ``HUGE_BANK_STEP_IN`` further in.
- [0 stop] is the stationary maneuver.

The figures are in :mod:`tallon.geometry.constants` with their sources (most are
estimates). The Trident-class assault ship's dial also has reverse straights and a
Koiogran turn, which the appendix doesn't describe: Tallon flies them on the straight edge
(backwards; forwards then turned 180 degrees about the centre), an estimate.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

from tallon.geometry.arcs import Relation
from tallon.geometry.constants import (
    EPS,
    HUGE_BANK_ANGLE,
    HUGE_BANK_FIRST_STEP,
    HUGE_BANK_STEP,
    HUGE_BANK_STEP_IN,
    HUGE_MAX_SPEED,
    HUGE_STRAIGHT_PER_SPEED,
    RANGE_BAND_LENGTH,
)
from tallon.geometry.maneuvers import Bearing, Difficulty, Maneuver
from tallon.geometry.overlap import objects_overlapped, ships_overlapped
from tallon.geometry.pose import Pose
from tallon.geometry.ranges import object_distance
from tallon.geometry.table import Ship, Table

_CODE = re.compile(r"^\s*([0-5])\s*([A-Za-z])\s*([A-Za-z]?)\s*$")
_BANKS = (Bearing.BANK_LEFT, Bearing.BANK_RIGHT)
_STRAIGHTS = (Bearing.STRAIGHT, Bearing.REVERSE_STRAIGHT, Bearing.KOIOGRAN_TURN)


def huge_maneuver(maneuver: Maneuver | str) -> Maneuver:
    """A huge ship's maneuver: [0-5 straight], [0-3 bank], [0 stop]
    (RR: APPENDIX: HUGE SHIPS, RR: MOVEMENT), and the Trident's reverse straights and
    Koiogran turns; a code such as ``0N`` or ``2FW`` (:meth:`Maneuver.parse` refuses speed
    0 banks, which only huge ships fly)."""
    if isinstance(maneuver, str):
        match = _CODE.match(maneuver)
        if not match:
            raise ValueError(f"bad huge ship maneuver {maneuver!r}: expected a speed 0-5, "
                             f"a bearing letter and an optional difficulty letter, e.g. 0N")
        speed, letter, diff = match.groups()
        try:
            bearing = Bearing(letter.upper())
            difficulty = Difficulty(diff.upper()) if diff else None
        except ValueError:
            raise ValueError(f"bad huge ship maneuver {maneuver!r}") from None
        maneuver = Maneuver(int(speed), bearing, difficulty)
    bearing, speed = maneuver.bearing, maneuver.speed
    if bearing is Bearing.STATIONARY:
        top = 0
    elif bearing in _BANKS:
        top = HUGE_MAX_SPEED["bank"]
    elif bearing in _STRAIGHTS:
        top = HUGE_MAX_SPEED["straight"]
    else:
        raise ValueError(f"a huge ship can't fly [{maneuver.code}]: only straight, bank and "
                         f"stop maneuvers (RR: APPENDIX: HUGE SHIPS)")
    if not 0 <= speed <= top:
        raise ValueError(f"[{maneuver.code}]: a huge ship's {bearing.name.lower()} is speed "
                         f"0-{top}")
    return maneuver


def huge_offset(maneuver: Maneuver | str, length: float, width: float = 80.0
                ) -> tuple[float, float, float]:
    """Where the maneuver leaves a huge base ``length`` long: ``(right, forward,
    rotation)`` of its centre, seen from its start."""
    maneuver = huge_maneuver(maneuver)
    bearing, speed = maneuver.bearing, maneuver.speed
    if bearing is Bearing.STATIONARY:
        return (0.0, 0.0, 0.0)
    if bearing is Bearing.STRAIGHT:
        return (0.0, HUGE_STRAIGHT_PER_SPEED * speed, 0.0)
    if bearing is Bearing.REVERSE_STRAIGHT:
        return (0.0, -HUGE_STRAIGHT_PER_SPEED * speed, 0.0)
    if bearing is Bearing.KOIOGRAN_TURN:
        return (0.0, HUGE_STRAIGHT_PER_SPEED * speed, 180.0)
    # a right bank; a left one is its mirror image
    side = 1.0 if bearing is Bearing.BANK_RIGHT else -1.0
    a = math.radians(HUGE_BANK_ANGLE)
    cos, sin = math.cos(a), math.sin(a)
    # the tool's corner for the speed, in the frame of the final facing, from the start's
    # front right corner
    r = -HUGE_BANK_STEP_IN * (speed - 1) if speed else 0.0
    f = HUGE_BANK_FIRST_STEP + HUGE_BANK_STEP * (speed - 1) if speed else 0.0
    # the centre is half a width left and half a length back of that corner
    r -= width / 2
    f -= length / 2
    right = width / 2 + r * cos + f * sin
    forward = length / 2 - r * sin + f * cos
    return (side * right, forward, side * HUGE_BANK_ANGLE)


@dataclass(frozen=True)
class HugeMove:
    """Where a huge ship's maneuver leaves it and what its final base overlaps
    (RR: APPENDIX: HUGE SHIPS, RR: OVERLAPPING OBJECTS).

    ``huge_ships`` and ``standard_ships`` are the ships the final base (guides included)
    overlaps, ``obstacles`` and ``devices`` the obstacles and devices, each in the table's
    order (the huge ship meets them all at once); ``fled``: some part of the base is
    outside the play area."""

    ship_id: str
    maneuver: Maneuver
    start: Pose
    final: Pose
    huge_ships: tuple[str, ...] = ()
    standard_ships: tuple[str, ...] = ()
    obstacles: tuple[str, ...] = ()
    devices: tuple[str, ...] = ()
    fled: bool = False

    def relative(self) -> tuple[float, float, float]:
        """``(right, forward, rotation)`` of the final pose seen from the start."""
        return self.final.relative_to(self.start)


def _huge_ship(table: Table, ship_id: str) -> Ship:
    ship = table.ship(ship_id)
    if not ship.huge:
        raise ValueError(f"{ship_id} is not a huge ship: it moves with templates")
    return ship


def execute_huge_maneuver(table: Table, ship_id: str, maneuver: Maneuver | str) -> HugeMove:
    """Execute a huge ship's maneuver with the huge ship maneuver tool: its final pose
    and what its base overlaps there (RR: APPENDIX: HUGE SHIPS, RR: MOVEMENT)."""
    ship = _huge_ship(table, ship_id)
    maneuver = huge_maneuver(maneuver)
    start = ship.pose
    moved = ship.at(start.moved(*huge_offset(maneuver, ship.base.length,
                                              2 * ship.base.half_width)))
    hit = ships_overlapped(table, moved)
    huge = tuple(i for i in hit if table.ship(i).huge)
    standard = tuple(i for i in hit if not table.ship(i).huge)
    obstacles = tuple(o.id for o in objects_overlapped(list(table.obstacles), moved))
    devices = tuple(d.id for d in objects_overlapped(list(table.devices), moved))
    fled = not table.area.contains_pieces(moved.overlap_pieces)
    return HugeMove(ship.id, maneuver, start, moved.pose, huge, standard, obstacles, devices,
                    fled)


def lower_speed(maneuver: Maneuver | str) -> Maneuver | None:
    """The maneuver one speed lower (RR: APPENDIX: HUGE SHIPS, RR: OVERLAPPING HUGE SHIPS):
    the same bearing at speed - 1, a speed 0 bank's is the stationary maneuver, and so is
    a [1 straight]'s (a [0 straight] leaves the ship where it is); None after the
    stationary maneuver."""
    maneuver = huge_maneuver(maneuver)
    if maneuver.bearing is Bearing.STATIONARY:
        return None
    if maneuver.speed == 0 or (maneuver.speed == 1 and maneuver.bearing not in _BANKS):
        return Maneuver(0, Bearing.STATIONARY, maneuver.difficulty)
    return Maneuver(maneuver.speed - 1, maneuver.bearing, maneuver.difficulty)


@dataclass(frozen=True)
class HugeOverlapResolution:
    """A huge ship's maneuver after overlapping other huge ships: ``attempts`` are the
    maneuvers tried, the revealed one first, each with what it overlaps; the last is
    executed (it overlaps no huge ship, or is the stationary maneuver)."""

    attempts: tuple[HugeMove, ...]

    @property
    def executed(self) -> HugeMove:
        return self.attempts[-1]

    @property
    def huge_ships_overlapped(self) -> tuple[str, ...]:
        """Every huge ship an attempt overlapped, in the order met: those the rule has
        suffer damage with the moving ship (ruling, docs/rulings.md)."""
        seen: list[str] = []
        for attempt in self.attempts:
            seen.extend(i for i in attempt.huge_ships if i not in seen)
        return tuple(seen)


def resolve_huge_overlap(table: Table, ship_id: str, maneuver: Maneuver | str
                         ) -> HugeOverlapResolution:
    """Execute the maneuver, and while it overlaps another huge ship the one a speed lower,
    down to the stationary maneuver (RR: APPENDIX: HUGE SHIPS, RR: OVERLAPPING HUGE SHIPS)."""
    attempts = [execute_huge_maneuver(table, ship_id, maneuver)]
    while attempts[-1].huge_ships:
        lower = lower_speed(attempts[-1].maneuver)
        if lower is None:
            break  # stationary and still overlapping: it started there
        attempts.append(execute_huge_maneuver(table, ship_id, lower))
    return HugeOverlapResolution(tuple(attempts))


# ------------------------------------------------------------ picked-up standard ships
#: Range 0-1 (RR: RANGE): the placed base's closest point within this of the huge base.
_RANGE_1 = RANGE_BAND_LENGTH + EPS


def rear_arc_placement_problems(table: Table, huge_id: str, ship: Ship) -> tuple[str, ...]:
    """Why ``ship`` (a standard ship at a proposed pose) can't be placed there after the
    huge ship ``huge_id`` overlapped it (RR: APPENDIX: HUGE SHIPS,
    RR: OVERLAPPING STANDARD SHIPS: "placed in the huge ship's full rear arc at range
    0-1"); empty: it can.

    Rulings (docs/rulings.md): the whole base lies in the full rear arc (at or behind the
    huge ship's midway line), its closest point at range 0-1 of the huge base, overlapping
    no ship (guides included) and wholly inside the play area. It may overlap obstacles
    and devices (:func:`placement_overlaps` says which). ``table`` holds the huge ship at
    its final position; the ship being placed, and those still set aside, are ignored if
    they are on it."""
    huge = _huge_ship(table, huge_id)
    if ship.huge:
        raise ValueError("only standard ships are picked up by a huge ship")
    problems = []
    if rear_relation(huge, ship) is not Relation.BEHIND:
        problems.append(f"not wholly in {huge_id}'s full rear arc")
    if object_distance(huge, ship) > _RANGE_1:
        problems.append(f"beyond range 1 of {huge_id}")
    others = table.without(ship.id)
    hit = ships_overlapped(others, ship)
    if hit:
        problems.append(f"overlaps {', '.join(hit)}")
    if not table.area.contains_pieces(ship.overlap_pieces):
        problems.append("outside the play area")
    return tuple(problems)


def rear_relation(huge: Ship, ship: Ship) -> Relation:
    """BEHIND when every point of ``ship``'s base (guides included) is at or behind the
    huge ship's midway line, IN_FRONT when every point is at or ahead of it, else
    FLANKING (at any range, unlike :func:`tallon.geometry.arcs.relation`)."""
    forward = [huge.pose.to_local(x, y)[1] for piece in ship.overlap_pieces for x, y in piece]
    if max(forward) <= EPS:
        return Relation.BEHIND
    if min(forward) >= -EPS:
        return Relation.IN_FRONT
    return Relation.FLANKING


def placement_overlaps(table: Table, ship: Ship) -> tuple[str, ...]:
    """The obstacles and devices a placed ship's base overlaps."""
    return tuple(o.id for o in objects_overlapped([*table.obstacles, *table.devices], ship))


def rear_arc_placements(table: Table, huge_id: str, ship: Ship, step: float = 20.0
                        ) -> list[Pose]:
    """Candidate poses for placing ``ship`` in the huge ship's full rear arc at range 0-1,
    each valid (:func:`rear_arc_placement_problems`): behind the rear edge at gaps of
    ``step`` from touching to range 1, across the huge base's width and beyond it by range
    1 at steps of ``step``, facing the huge ship's four directions; nearest first."""
    huge = _huge_ship(table, huge_id)
    found = []
    for pose in _rear_grid(huge, ship, step):
        candidate = ship.at(pose)
        if not rear_arc_placement_problems(table, huge_id, candidate):
            found.append(pose)
    return found


def _rear_grid(huge: Ship, ship: Ship, step: float) -> Iterator[Pose]:
    half_length, half_width = huge.base.half, huge.base.half_width
    # the placed base reaches this far from its centre along any axis (guides included)
    reach = max(max(abs(x), abs(y)) for piece in ship.base.pieces for x, y in piece)
    lateral = half_width + RANGE_BAND_LENGTH
    n_across = int(lateral // step)
    n_back = int(RANGE_BAND_LENGTH // step)
    for back in range(n_back + 1):
        for k in sorted(range(-n_across, n_across + 1), key=abs):
            for turn in (0.0, 180.0, 90.0, 270.0):
                yield huge.pose.moved(k * step, -(half_length + reach + back * step),
                                      turn)
