"""Obstruction (RR: OBSTRUCTED).

An attack is obstructed when the range line — from the closest point of the attacker's base
to the closest point of the defender in the attack arc — passes through an object. When
several closest lines tie (two parallel facing edges), they form a family of parallel
segments and the attacker chooses one; we report whether every line, some lines or no line
passes through an obstacle.

"Through" means through the object's interior: a line that only grazes an outline is not
obstructed (decided, see docs/rulings.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tallon.geometry.arcs import Arc, measure_arc
from tallon.geometry.constants import EPS
from tallon.geometry.polygons import ClosestSet, Polygon, clip, segment_enters
from tallon.geometry.table import ObjectKind, Table, TableObject


@dataclass(frozen=True)
class Obstruction:
    """What the attack's range line(s) pass through.

    ``obstructed``: every closest line crosses an obstacle (the defender rolls 1 more die).
    ``attacker_chooses``: the closest lines tie and some cross an obstacle while others
    don't, so the attacker picks (RR: OBSTRUCTED).
    ``obstacles`` and ``objects``: ids crossed by at least one of the lines (``objects``
    holds ships and devices, which obstruct with no inherent effect).
    """

    obstructed: bool
    attacker_chooses: bool
    obstacles: tuple[str, ...]
    objects: tuple[str, ...]
    lines: ClosestSet | None

    @property
    def obstructed_by_object(self) -> bool:
        """Some line crosses a ship or device (or an obstacle)."""
        return bool(self.objects or self.obstacles)


def family_interval(lines: ClosestSet, piece: Polygon) -> tuple[float, float] | None:
    """The open interval of family parameters s in which the line from a0 + s (a1 - a0)
    passes through the piece's interior (None if no line does)."""
    ax, ay = lines.a0
    ex, ey = lines.a1[0] - ax, lines.a1[1] - ay
    ox, oy = lines.offset
    e2 = ex * ex + ey * ey
    o_len = math.hypot(ox, oy)
    nx, ny = ox / o_len, oy / o_len
    # keep the part of the piece between the two edges the lines join (inner by EPS)
    base = nx * ax + ny * ay
    band = clip(piece, ((nx, ny, -(base + EPS)), (-nx, -ny, base + o_len - EPS)), 0.0)
    if len(band) < 3:
        return None
    values = [((x - ax) * ex + (y - ay) * ey) / e2 for x, y in band]
    lo, hi = min(values), max(values)
    if hi - lo <= EPS / math.sqrt(e2):
        return None
    return (lo, hi)


def covers_unit_interval(intervals: list[tuple[float, float]]) -> bool:
    """Whether the open intervals cover every point of [0, 1]."""
    point = 0.0
    while True:
        reach = max((hi for lo, hi in intervals if lo < point < hi), default=None)
        if reach is None:
            return False
        if reach > 1.0:
            return True
        point = reach


def line_obstruction(table: Table, lines: ClosestSet | None, exclude: tuple[str, ...]
                     ) -> Obstruction:
    """Which objects the range line(s) pass through, ignoring the ``exclude`` ids."""
    if lines is None or lines.distance <= EPS:
        return Obstruction(False, False, (), (), lines)
    (ax, ay), (bx, by) = lines.segment
    # every line of the family lies in the rectangle they sweep; a circle round it
    ex, ey = lines.a1[0] - ax, lines.a1[1] - ay
    cx, cy = (ax + bx + ex) / 2, (ay + by + ey) / 2
    radius = math.hypot(math.hypot(ex, ey), lines.distance) / 2
    obstacle_hits: list[str] = []
    object_hits: list[str] = []
    obstacle_intervals: list[tuple[float, float]] = []
    for obj in table.objects():
        if obj.id in exclude:
            continue
        ox, oy, orad = obj.circle
        if math.hypot(ox - cx, oy - cy) > radius + orad:
            continue
        hit = False
        for piece in obj.range_pieces:
            if lines.unique:
                if segment_enters(ax, ay, bx, by, piece):
                    hit = True
                    if obj.kind is ObjectKind.OBSTACLE:
                        obstacle_intervals.append((-1.0, 2.0))
            else:
                interval = family_interval(lines, piece)
                # only parameters 0..1 are lines of the family
                if interval is not None and interval[0] < 1.0 and interval[1] > 0.0:
                    hit = True
                    if obj.kind is ObjectKind.OBSTACLE:
                        obstacle_intervals.append(interval)
        if hit:
            (obstacle_hits if obj.kind is ObjectKind.OBSTACLE else object_hits).append(obj.id)
    every = bool(obstacle_intervals) and covers_unit_interval(obstacle_intervals)
    some = bool(obstacle_intervals)
    return Obstruction(every, some and not every, tuple(obstacle_hits), tuple(object_hits),
                       lines)


def attack_obstruction(table: Table, attacker_id: str, defender_id: str, arc: Arc
                       ) -> Obstruction | None:
    """Obstruction of an attack from ``arc`` (None when the defender is not in the arc)."""
    attacker = table.ship(attacker_id)
    defender: TableObject = table.get(defender_id)
    measure = measure_arc(attacker, defender, arc)
    if not measure.in_arc:
        return None
    return line_obstruction(table, measure.closest, (attacker_id, defender_id))
