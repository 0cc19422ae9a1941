"""Arcs, attack range and relative position (RR: ARC, RR: ATTACK RANGE, RR: TURRET ARCS).

Every arc is a convex region in the measuring ship's frame, bounded by half-planes:

- front/rear: the wedge between the two arc lines that cross at the base's centre;
- left/right: what lies between the front and rear wedges on that side;
- bullseye: a strip the width of the range ruler along the centre line, from the front edge;
- full front/full rear: the half-planes in front of/behind the midway line.

An object is in an arc when some part of it lies in the region, outside the measuring
ship's own base, within range 3 of that base (arcs reach range 3; a huge ship's, with a
weapon or ability that says so, range 4 or 5: ``reach_bands``). A huge ship's base is a
rectangle: its arc lines cross at its centre too, at the angle
:func:`huge_arc_halfplanes` gives (RR: APPENDIX: HUGE SHIPS, RR: FIRING ARCS). The boundary lines
belong to the arc (decided, see docs/rulings.md). The attack range is the range from the
attacker's base to the closest point of the defender that is in the arc.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cache

from tallon.geometry.bases import base_shape
from tallon.geometry.constants import (
    ARC_REACH_BANDS,
    BULLSEYE_WIDTH,
    EPS,
    FRONT_ARC_ANGLE,
    HUGE_ARC_CORNER_INSET,
    HUGE_BASE_WIDTH,
    RANGE_BAND_LENGTH,
    BaseSize,
)
from tallon.geometry.polygons import (
    ClosestSet,
    HalfPlane,
    Polygon,
    clip,
    closest_set,
    distance,
)
from tallon.geometry.pose import Pose
from tallon.geometry.ranges import band, object_distance
from tallon.geometry.table import Ship, TableObject


class Arc(Enum):
    FRONT = "front"
    REAR = "rear"
    LEFT = "left"
    RIGHT = "right"
    BULLSEYE = "bullseye"
    FULL_FRONT = "full_front"
    FULL_REAR = "full_rear"

    @classmethod
    def parse(cls, text: str) -> Arc:
        key = text.strip().lower().replace("-", "_").replace(" ", "_")
        try:
            return cls(key)
        except ValueError:
            known = ", ".join(a.value for a in cls)
            raise ValueError(f"unknown arc {text!r}; expected one of: {known}") from None


STANDARD_ARCS = (Arc.FRONT, Arc.REAR, Arc.LEFT, Arc.RIGHT)
_OPPOSITE = {Arc.FRONT: Arc.REAR, Arc.REAR: Arc.FRONT, Arc.LEFT: Arc.RIGHT,
             Arc.RIGHT: Arc.LEFT}


def turret_arcs(double: bool, pointing: Arc) -> tuple[Arc, ...]:
    """The arcs a turret arc indicator selects: the standard arc it points at, and for a
    double turret the opposite one too (RR: TURRET ARCS)."""
    if pointing not in STANDARD_ARCS:
        raise ValueError(f"a turret arc indicator points at a standard arc, not {pointing.value}")
    return (pointing, _OPPOSITE[pointing]) if double else (pointing,)


@cache
def arc_halfplanes(size: BaseSize, arc: Arc,
                   front_angle: float | None = None) -> tuple[HalfPlane, ...]:
    """The arc's half-planes in the ship's local frame ``(right, forward)``, unit normals.

    ``front_angle`` overrides the token's front arc angle (first-edition tokens)."""
    full = FRONT_ARC_ANGLE[size] if front_angle is None else front_angle
    return _planes(arc, math.radians(full / 2), base_shape(size).half)


def huge_front_arc_angle(length: float) -> float:
    """The full angle (degrees) of a huge ship token's front arc: its arc lines cross at
    the base's centre and meet the front edge :data:`HUGE_ARC_CORNER_INSET` in from the
    corners (an estimate: 35.2 degrees on a 225 mm base, 40.3 on a 195 mm one)."""
    return 2 * math.degrees(math.atan2(HUGE_BASE_WIDTH / 2 - HUGE_ARC_CORNER_INSET,
                                       length / 2))


@cache
def huge_arc_halfplanes(length: float, arc: Arc) -> tuple[HalfPlane, ...]:
    """:func:`arc_halfplanes` of a huge ship's token, ``length`` long."""
    return _planes(arc, math.radians(huge_front_arc_angle(length) / 2), length / 2)


def ship_arc_halfplanes(ship: Ship, arc: Arc, front_angle: float | None = None
                        ) -> tuple[HalfPlane, ...]:
    """The arc's half-planes of this ship's token (a huge ship's by its length)."""
    if ship.huge:
        return huge_arc_halfplanes(ship.base.length, arc)
    return arc_halfplanes(ship.size, arc, front_angle)


def _planes(arc: Arc, half_angle: float, half_length: float) -> tuple[HalfPlane, ...]:
    c, s = math.cos(half_angle), math.sin(half_angle)
    w = BULLSEYE_WIDTH / 2
    return {
        Arc.FRONT: ((c, s, 0.0), (-c, s, 0.0)),
        Arc.REAR: ((c, -s, 0.0), (-c, -s, 0.0)),
        Arc.LEFT: ((-c, -s, 0.0), (-c, s, 0.0)),
        Arc.RIGHT: ((c, -s, 0.0), (c, s, 0.0)),
        Arc.BULLSEYE: ((1.0, 0.0, w), (-1.0, 0.0, w), (0.0, 1.0, -half_length)),
        Arc.FULL_FRONT: ((0.0, 1.0, 0.0),),
        Arc.FULL_REAR: ((0.0, -1.0, 0.0),),
    }[arc]


def _to_local(pose: Pose, pieces: tuple[Polygon, ...]) -> tuple[Polygon, ...]:
    h = math.radians(pose.heading)
    s, c = math.sin(h), math.cos(h)
    px, py = pose.x, pose.y
    return tuple(
        tuple(((x - px) * c - (y - py) * s, (x - px) * s + (y - py) * c) for x, y in piece)
        for piece in pieces
    )


@dataclass(frozen=True)
class ArcMeasure:
    """Whether a target is in one arc of a ship, and the attack range to it in that arc.

    ``closest`` holds the range line(s) from the ship's base to the part of the target in
    the arc, in world coordinates (None when not in the arc).
    """

    arc: Arc
    in_arc: bool
    distance: float | None
    range: int | None
    closest: ClosestSet | None


def arc_origin(obj: TableObject) -> Ship:
    """The base an object's arcs are measured from: a ship's own; a remote token with
    printed arcs, the base its arcs are drawn on (RR: ATTACKING REMOTES: its arcs extend
    from range 0-3 as a ship's do). An object without arcs has none to measure."""
    if isinstance(obj, Ship):
        return obj
    base = getattr(obj, "arc_base", None)
    if base is None:
        raise ValueError(f"{obj.id} has no arcs")
    return base  # type: ignore[no-any-return]


def _arc_parts(ship: Ship, target: TableObject, planes: tuple[HalfPlane, ...]
               ) -> Iterator[Polygon]:
    """The parts of the target's range pieces inside the arc's half-planes, in the ship's
    local frame; a part under the ship's own base is in none of its arcs."""
    half = ship.base.half
    width = ship.base.half_width
    for piece in _to_local(ship.pose, target.range_pieces):
        part = clip(piece, planes)
        if part and not all(abs(x) <= width + EPS and abs(y) <= half + EPS for x, y in part):
            yield part


def measure_arc(ship: Ship, target: TableObject, arc: Arc, *,
                reach_bands: int = ARC_REACH_BANDS, front_angle: float | None = None,
                lines: bool = True) -> ArcMeasure:
    """Measure ``target`` in ``arc`` of ``ship`` (RR: ARC, RR: ATTACK RANGE); ``lines``:
    find the range lines too (``closest``; without them, None: a target list needs only
    whether and at what range)."""
    ship = arc_origin(ship)
    reach = reach_bands * RANGE_BAND_LENGTH + EPS
    if _beyond(ship, target, reach):
        return ArcMeasure(arc, False, None, None, None)
    planes = ship_arc_halfplanes(ship, arc, front_angle)
    square = ship.base.square
    best: tuple[float, Polygon] | None = None
    for part in _arc_parts(ship, target, planes):
        d = distance(square, part) if len(part) >= 3 else _degenerate_distance(square, part)
        if d <= reach and (best is None or d < best[0]):
            best = (d, part)
    if best is None:
        return ArcMeasure(arc, False, None, None, None)
    d, part = best
    if d > 0.0 and ship.near(target, EPS) and object_distance(ship, target) <= EPS:
        d = 0.0  # RR: ATTACK RANGE - attacking a ship at range 0, the attack range is 0
    closest = None
    if d > 0.0 and lines:
        local = closest_set(square, _as_polygon(part))
        a0 = ship.pose.to_world(*local.a0)
        a1 = ship.pose.to_world(*local.a1)
        tip = ship.pose.to_world(local.a0[0] + local.offset[0], local.a0[1] + local.offset[1])
        closest = ClosestSet(local.distance, a0, a1, (tip[0] - a0[0], tip[1] - a0[1]))
    return ArcMeasure(arc, True, d, band(d), closest)


def _as_polygon(part: Polygon) -> Polygon:
    """A clipped part as a polygon the distance routines accept (points and segments are
    padded to three vertices)."""
    if len(part) >= 3:
        return part
    if len(part) == 2:
        return (part[0], part[1], part[0])
    return (part[0], part[0], part[0])


def _degenerate_distance(square: Polygon, part: Polygon) -> float:
    return distance(square, _as_polygon(part))


#: Slack (mm) of the bounding-circle shortcuts below: far above the rounding error of
#: coordinates on the table (about 1e-10 mm) and far below anything measured, so that a
#: shortcut only ever decides what the exact measure would decide.
_SLACK = 1e-3


def _beyond(ship: Ship, target: TableObject, reach: float) -> bool:
    """Whether every point of ``target`` is surely farther than ``reach`` from the base:
    its bounding circle is, from the circle round the base's square (so no part of it can
    be in an arc: target lists ask this of every enemy, most of them far away)."""
    tx, ty, tr = target.circle
    pose = ship.pose
    return (math.hypot(tx - pose.x, ty - pose.y) - tr - ship.base.corner_radius
            > reach + _SLACK)


def in_arc(ship: Ship, target: TableObject, arc: Arc, *,
           reach_bands: int = ARC_REACH_BANDS) -> bool:
    """Whether any part of ``target`` is in ``arc`` of ``ship`` (within range 3, or
    ``reach_bands``).

    ``measure_arc(...).in_arc``, answered at the first piece of the target found in the
    arc, and without the exact distance when a vertex of that piece's part in the arc is
    surely within reach of the base (agents ask this of every option they weigh)."""
    ship = arc_origin(ship)
    reach = reach_bands * RANGE_BAND_LENGTH + EPS
    if _beyond(ship, target, reach):
        return False
    planes = ship_arc_halfplanes(ship, arc)
    half = ship.base.half
    width = ship.base.half_width
    square = ship.base.square
    surely = reach - _SLACK
    for part in _arc_parts(ship, target, planes):
        for x, y in part:
            # the distance from the vertex to the base's square (local frame)
            dx, dy = abs(x) - width, abs(y) - half
            if math.hypot(dx if dx > 0.0 else 0.0, dy if dy > 0.0 else 0.0) <= surely:
                return True
        d = distance(square, part) if len(part) >= 3 else _degenerate_distance(square, part)
        if d <= reach:
            return True
    return False


def attack_range(ship: Ship, target: TableObject, arc: Arc) -> int | None:
    """The attack range in ``arc`` (None when the target is not in that arc)."""
    return measure_arc(ship, target, arc, lines=False).range


class Relation(Enum):
    """Where one ship is relative to another (RR: ARC, full arcs)."""

    IN_FRONT = "in_front"
    BEHIND = "behind"
    FLANKING = "flanking"


def relation(of: TableObject, to: Ship) -> Relation | None:
    """Whether ``of`` is in front of, behind or flanking ``to``: in its full front (rear)
    arc without crossing its midway line, or crossing that line (which reaches range 3).
    None when ``of`` is beyond range 3 of ``to``."""
    if object_distance(to, of) > ARC_REACH_BANDS * RANGE_BAND_LENGTH + EPS:
        return None
    pieces = _to_local(to.pose, of.range_pieces)
    forward = [y for piece in pieces for _, y in piece]
    if min(forward) < -EPS and max(forward) > EPS:
        return Relation.FLANKING
    if max(forward) > EPS:
        return Relation.IN_FRONT
    if min(forward) < -EPS:
        return Relation.BEHIND
    return Relation.FLANKING  # a zero-depth object lying on the midway line


def point_in_arc(ship: Ship, x: float, y: float, arc: Arc) -> bool:
    """Whether a point (world) is in the arc region (ignoring reach and the base)."""
    lx, ly = ship.pose.to_local(x, y)
    return all(a * lx + b * ly + c >= -EPS for a, b, c in ship_arc_halfplanes(ship, arc))


__all__ = [
    "STANDARD_ARCS",
    "Arc",
    "ArcMeasure",
    "Relation",
    "arc_halfplanes",
    "arc_origin",
    "attack_range",
    "huge_arc_halfplanes",
    "huge_front_arc_angle",
    "in_arc",
    "measure_arc",
    "point_in_arc",
    "relation",
    "ship_arc_halfplanes",
    "turret_arcs",
]
