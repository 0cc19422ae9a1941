"""Maneuver templates as exact shapes: straight 1-5, bank 1-3, turn 1-3.

A template is described in its own frame: the centre of its start edge at the origin,
pointing "forward" (+y local), curving right (clockwise) or left. Placed on the table from a
start frame (a :class:`Pose` at the centre of the start edge), it becomes a
:class:`PlacedTemplate`: a rectangle (straight) or an :class:`AnnularSector` (bank, turn).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum

from tallon.geometry.boxes import edge_axes
from tallon.geometry.constants import (
    BANK_ANGLE,
    BANK_RADIUS,
    EPS,
    STRAIGHT_LENGTH_PER_SPEED,
    TEMPLATE_WIDTH,
    TURN_ANGLE,
    TURN_RADIUS,
)
from tallon.geometry.lazy import lazy
from tallon.geometry.polygons import Polygon, bounding_circle, clip, overlaps
from tallon.geometry.pose import Point, Pose
from tallon.geometry.sector import AnnularSector


class TemplateKind(Enum):
    STRAIGHT = "straight"
    BANK = "bank"
    TURN = "turn"


class Direction(Enum):
    """Which way a template curves (straight templates have none)."""

    LEFT = -1
    STRAIGHT = 0
    RIGHT = 1

    def mirrored(self) -> Direction:
        return Direction(-self.value)


SPEEDS = {TemplateKind.STRAIGHT: (1, 2, 3, 4, 5), TemplateKind.BANK: (1, 2, 3),
          TemplateKind.TURN: (1, 2, 3)}


@dataclass(frozen=True)
class Template:
    """One physical template and the way it is laid (left or right for curved ones)."""

    kind: TemplateKind
    speed: int
    direction: Direction = Direction.STRAIGHT
    # derived once: these are read in the hottest loops of the movement solver
    radius: float = field(init=False, repr=False, compare=False)
    angle: float = field(init=False, repr=False, compare=False)
    length: float = field(init=False, repr=False, compare=False)
    side: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.speed not in SPEEDS[self.kind]:
            allowed = ", ".join(str(s) for s in SPEEDS[self.kind])
            raise ValueError(f"there is no speed {self.speed} {self.kind.value} template "
                             f"(speeds: {allowed})")
        curved = self.kind is not TemplateKind.STRAIGHT
        if curved == (self.direction is Direction.STRAIGHT):
            raise ValueError(f"a {self.kind.value} template needs a "
                             f"{'left or right' if curved else 'straight'} direction")
        if self.kind is TemplateKind.BANK:
            radius, angle = BANK_RADIUS[self.speed], BANK_ANGLE
        elif self.kind is TemplateKind.TURN:
            radius, angle = TURN_RADIUS[self.speed], TURN_ANGLE
        else:
            radius, angle = math.inf, 0.0
        length = (STRAIGHT_LENGTH_PER_SPEED * self.speed if not curved
                  else radius * math.radians(angle))
        # centre-line radius (infinite for straights), turn in degrees, centre-line length
        object.__setattr__(self, "radius", radius)
        object.__setattr__(self, "angle", angle)
        object.__setattr__(self, "length", length)
        object.__setattr__(self, "side", self.direction.value)

    @property
    def label(self) -> str:
        if self.kind is TemplateKind.STRAIGHT:
            return f"[{self.speed} straight]"
        return f"[{self.speed} {self.kind.value} {self.direction.name.lower()}]"

    # ----------------------------------------------------------------- centre line
    def centre_point(self, s: float) -> tuple[float, float, float]:
        """Local ``(right, forward, heading)`` of the centre line at length ``s`` from the
        start; beyond the end the line continues straight along the end's tangent."""
        side = self.side
        if not side:
            return (0.0, s, 0.0)
        length = self.length
        extra = 0.0
        if s > length:
            extra, s = s - length, length
        r = self.radius
        phi = s / r
        right = side * r * (1.0 - math.cos(phi))
        forward = r * math.sin(phi)
        heading = side * math.degrees(phi)
        if extra:
            right += extra * math.sin(side * phi)
            forward += extra * math.cos(phi)
        return (right, forward, heading)

    def end(self) -> tuple[float, float, float]:
        """Local ``(right, forward, heading)`` of the centre of the far end."""
        return self.centre_point(self.length)

    # --------------------------------------------------------------------- shapes
    def place(self, start: Pose, length: float | None = None) -> PlacedTemplate:
        """The template (or its first ``length`` of centre line) laid from ``start``."""
        h = math.radians(start.heading)
        return self.place_at(start, math.sin(h), math.cos(h), length)

    def place_at(self, start: Pose, sin: float, cos: float, length: float | None = None
                 ) -> PlacedTemplate:
        """:meth:`place`, with the sine and cosine of ``start.heading`` (in radians) given
        by a caller that has them."""
        full = self.length
        used = full if length is None else max(0.0, min(full, length))
        x, y = start.x, start.y
        if self.kind is TemplateKind.STRAIGHT:
            h = TEMPLATE_WIDTH / 2
            # Transform(start).apply(...), written out
            corners = tuple([(x + r * cos + f * sin, y - r * sin + f * cos)
                             for r, f in ((-h, 0.0), (h, 0.0), (h, used), (-h, used))])
            return PlacedTemplate.of(self, start, used, corners, None)
        r = self.radius
        side = self.side
        # start.to_world(side * r, 0.0), written out
        centre = (x + side * r * cos + 0.0 * sin, y - side * r * sin + 0.0 * cos)
        # polar angle (CCW from +x) of the start edge's centre seen from the arc centre
        sx, sy = x - centre[0], y - centre[1]
        a_start = math.atan2(sy, sx)
        sweep = used / r
        h = TEMPLATE_WIDTH / 2
        if side > 0:  # right: clockwise on the table, decreasing polar angle
            sector = AnnularSector.of(centre[0], centre[1], r - h, r + h,
                                      a_start - sweep, a_start, False)
        else:
            sector = AnnularSector.of(centre[0], centre[1], r - h, r + h,
                                      a_start, a_start + sweep, True)
        return PlacedTemplate.of(self, start, used, None, sector)


@dataclass(frozen=True, eq=False)
class PlacedTemplate:
    """A template on the table (possibly only its first ``used_length``)."""

    template: Template
    start: Pose
    used_length: float
    polygon: Polygon | None = None
    sector: AnnularSector | None = None

    @classmethod
    def of(cls, template: Template, start: Pose, used_length: float, polygon: Polygon | None,
           sector: AnnularSector | None) -> PlacedTemplate:
        """``PlacedTemplate(...)`` built in one go, as :meth:`AnnularSector.of`."""
        placed = object.__new__(cls)
        placed.__dict__.update(template=template, start=start, used_length=used_length,
                               polygon=polygon, sector=sector)
        return placed

    @property
    def empty(self) -> bool:
        return self.used_length <= EPS

    @lazy
    def circle(self) -> tuple[float, float, float]:
        """A circle holding the placed template."""
        if self.polygon is not None:
            return bounding_circle(self.polygon)
        assert self.sector is not None
        return self.sector.bounding_circle()

    def bounding_circle(self) -> tuple[float, float, float]:
        return self.circle

    def may_meet(self, x: float, y: float, r: float) -> bool:
        """Cheap rejection: False when the circle (x, y, r) can't meet the template."""
        cx, cy, cr = self.circle
        if math.hypot(x - cx, y - cy) > cr + r:
            return False
        return self.may_meet_shape(x, y, r)

    def may_meet_shape(self, x: float, y: float, r: float) -> bool:
        """:meth:`may_meet` without its first test, against a circle round the template
        (for callers that already made it with a circle of their own)."""
        sector = self.sector
        if sector is None:
            # distance from the point to the rectangle, in the template's frame
            sx, sy, fx, fy, rx, ry = self._frame
            dx, dy = x - sx, y - sy
            along = dx * fx + dy * fy
            across = abs(dx * rx + dy * ry) - TEMPLATE_WIDTH / 2
            ahead = max(-along, along - self.used_length, 0.0)
            return math.hypot(ahead, max(across, 0.0)) <= r
        dx, dy = x - sector.cx, y - sector.cy
        if not sector.r_in - r <= math.hypot(dx, dy) <= sector.r_out + r:
            return False
        if sector.a_hi - sector.a_lo >= math.pi:
            return True
        # a template lies between its two radial lines: a circle wholly beyond one of them
        # can't meet it
        (c0, s0), (c1, s1) = sector.radials
        return c0 * dy - s0 * dx >= -r and dx * s1 - dy * c1 >= -r

    def earliest_contact(self, x: float, y: float, r: float) -> float:
        """A lower bound of :meth:`first_contact` for any polygon within the circle (x, y, r):
        no point of the circle is nearer the template's start along its centre line (less
        a margin for rounding)."""
        sector = self.sector
        if sector is None:
            sx, sy, fx, fy, _, _ = self._frame
            return (x - sx) * fx + (y - sy) * fy - r - 1e-9
        dx, dy = x - sector.cx, y - sector.cy
        d = math.hypot(dx, dy)
        if d <= r:
            return -math.inf
        (c0, s0), (c1, s1) = sector.radials
        # angle of the circle's centre from the start radial in the direction of travel
        if sector.forward:
            angle = math.atan2(c0 * dy - s0 * dx, c0 * dx + s0 * dy)
        else:
            angle = math.atan2(dx * s1 - dy * c1, dx * c1 + dy * s1)
        # within the sector, angles are below a half turn, so no point of the circle that is
        # on the template lies at less than this (the margin covers the interior's shrinking)
        return (angle - math.asin(r / d)) * sector.radius - 1e-5

    @lazy
    def _interior(self) -> AnnularSector | None:
        # the sector shrunk by the tolerance, for "interiors overlap" tests
        return self.sector.shrunk(EPS) if self.sector is not None else None

    def overlaps_polygon(self, poly: Polygon, eps: float = EPS) -> bool:
        """True when the template's interior meets the convex polygon's by more than eps."""
        if self.empty:
            return False
        if self.polygon is not None:
            return overlaps(self.polygon, poly, eps)
        assert self.sector is not None
        if eps == EPS:
            assert self._interior is not None
            return self._interior.intersects_polygon(poly)
        return self.sector.overlaps_polygon(poly, eps)

    def first_contact(self, poly: Polygon,
                      normals: tuple[tuple[float, float, float, float], ...] | None = None
                      ) -> float | None:
        """Centre-line length from the start at which the template's interior first meets
        ``poly`` (None when their interiors don't overlap). ``normals``, when given, are
        the polygon's unit edge normals with its own projections on them (as
        :func:`~tallon.geometry.boxes.polygon_axes` makes them), to save finding them."""
        if self.empty:
            return None
        if self.polygon is None:
            assert self._interior is not None
            return self._interior.first_contact(poly)
        # In the template's own frame the rectangle is |across| <= h, 0 <= along <= used:
        # the separating-axis test of overlaps() needs its two axes and the polygon's edge
        # normals, and the part of the polygon on the template is a clip by three lines.
        h = TEMPLATE_WIDTH / 2
        used = self.used_length
        sx, sy, fx, fy, rx, ry = self._frame
        local = []
        lo_c = lo_a = math.inf
        hi_c = hi_a = -math.inf
        for x, y in poly:
            c, a = (x - sx) * rx + (y - sy) * ry, (x - sx) * fx + (y - sy) * fy
            local.append((c, a))
            lo_c, hi_c = min(lo_c, c), max(hi_c, c)
            lo_a, hi_a = min(lo_a, a), max(hi_a, a)
        if min(h - lo_c, hi_c + h) <= EPS or min(used - lo_a, hi_a) <= EPS:
            return None
        if normals is not None:
            # the rectangle's projection on each normal: its centre's, plus or minus its
            # half extents' (everything in table coordinates)
            cx, cy = sx + fx * used / 2, sy + fy * used / 2
            for nx, ny, qmin, qmax in normals:
                centre = cx * nx + cy * ny
                reach = h * abs(rx * nx + ry * ny) + used / 2 * abs(fx * nx + fy * ny)
                if min(centre + reach - qmin, qmax - centre + reach) <= EPS:
                    return None
        elif _normals_separate(local, h, used):
            return None
        # behind the start the overlap is clamped to 0 anyway: no need to clip there
        inside = clip(local, ((1.0, 0.0, h), (-1.0, 0.0, h), (0.0, -1.0, used)), 0.0)
        if not inside:
            return None
        return max(0.0, min(a for _, a in inside))

    @lazy
    def _frame(self) -> tuple[float, float, float, float, float, float]:
        fx, fy = self.start.forward
        rx, ry = self.start.right
        return (self.start.x, self.start.y, fx, fy, rx, ry)

    def outline(self) -> tuple[Point, ...]:
        """Outline points (exact corners for straights, an approximation for curves)."""
        if self.polygon is not None:
            return self.polygon
        assert self.sector is not None
        return self.sector.outline()

    def describe(self, origin: Pose) -> dict[str, object]:
        """An exact, JSON-ready description relative to ``origin`` (right/forward)."""
        def rel(p: Point) -> list[float]:
            r, f = origin.to_local(*p)
            return [round(r, 6), round(f, 6)]

        if self.polygon is not None:
            return {"template": self.template.label, "shape": "rectangle",
                    "corners": [rel(p) for p in self.polygon]}
        assert self.sector is not None
        s = self.sector
        return {
            "template": self.template.label,
            "shape": "annular_sector",
            "centre": rel((s.cx, s.cy)),
            "inner_radius": s.r_in,
            "outer_radius": s.r_out,
            "corners": [rel(p) for p in s.corners()],
            "outline": [rel(p) for p in s.outline()],
        }


def _normals_separate(local: list[Point], h: float, used: float) -> bool:
    """True when one of the polygon's edge normals separates it from the rectangle
    |x| <= h, 0 <= y <= used (overlap at most EPS), all in the template's frame: the test
    :meth:`PlacedTemplate.first_contact` makes with given normals, for a polygon without
    them (the rectangle's centre is (0, used / 2) and its axes are x and y here)."""
    for nx, ny, qmin, qmax in edge_axes(local):
        centre = ny * used / 2
        reach = h * abs(nx) + used / 2 * abs(ny)
        if min(centre + reach - qmin, qmax - centre + reach) <= EPS:
            return True
    return False
