"""Maneuver templates as exact shapes: straight 1-5, bank 1-3, turn 1-3.

A template is described in its own frame: the centre of its start edge at the origin,
pointing "forward" (+y local), curving right (clockwise) or left. Placed on the table from a
start frame (a :class:`Pose` at the centre of the start edge), it becomes a
:class:`PlacedTemplate`: a rectangle (straight) or an :class:`AnnularSector` (bank, turn).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from tallon.geometry.constants import (
    BANK_ANGLE,
    BANK_RADIUS,
    EPS,
    STRAIGHT_LENGTH_PER_SPEED,
    TEMPLATE_WIDTH,
    TURN_ANGLE,
    TURN_RADIUS,
)
from tallon.geometry.polygons import Polygon, bounding_circle, clip, overlaps
from tallon.geometry.pose import Point, Pose, Transform
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

    def __post_init__(self) -> None:
        if self.speed not in SPEEDS[self.kind]:
            allowed = ", ".join(str(s) for s in SPEEDS[self.kind])
            raise ValueError(f"there is no speed {self.speed} {self.kind.value} template "
                             f"(speeds: {allowed})")
        curved = self.kind is not TemplateKind.STRAIGHT
        if curved == (self.direction is Direction.STRAIGHT):
            raise ValueError(f"a {self.kind.value} template needs a "
                             f"{'left or right' if curved else 'straight'} direction")

    # ------------------------------------------------------------------ properties
    @property
    def radius(self) -> float:
        """Centre-line radius (infinite for straight templates)."""
        if self.kind is TemplateKind.BANK:
            return BANK_RADIUS[self.speed]
        if self.kind is TemplateKind.TURN:
            return TURN_RADIUS[self.speed]
        return math.inf

    @property
    def angle(self) -> float:
        """How far the template turns, degrees (0 for straight)."""
        return {TemplateKind.STRAIGHT: 0.0, TemplateKind.BANK: BANK_ANGLE,
                TemplateKind.TURN: TURN_ANGLE}[self.kind]

    @property
    def length(self) -> float:
        """Length of the centre line."""
        if self.kind is TemplateKind.STRAIGHT:
            return STRAIGHT_LENGTH_PER_SPEED * self.speed
        return self.radius * math.radians(self.angle)

    @property
    def label(self) -> str:
        if self.kind is TemplateKind.STRAIGHT:
            return f"[{self.speed} straight]"
        return f"[{self.speed} {self.kind.value} {self.direction.name.lower()}]"

    # ----------------------------------------------------------------- centre line
    def centre_point(self, s: float) -> tuple[float, float, float]:
        """Local ``(right, forward, heading)`` of the centre line at length ``s`` from the
        start; beyond the end the line continues straight along the end's tangent."""
        if self.kind is TemplateKind.STRAIGHT:
            return (0.0, s, 0.0)
        length = self.length
        extra = 0.0
        if s > length:
            extra, s = s - length, length
        r = self.radius
        phi = s / r
        side = self.direction.value
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
        full = self.length
        used = full if length is None else max(0.0, min(full, length))
        if self.kind is TemplateKind.STRAIGHT:
            h = TEMPLATE_WIDTH / 2
            t = Transform(start)
            corners = t.apply(((-h, 0.0), (h, 0.0), (h, used), (-h, used)))
            return PlacedTemplate(self, start, used, polygon=corners)
        r = self.radius
        side = self.direction.value
        centre = start.to_world(side * r, 0.0)
        # polar angle (CCW from +x) of the start edge's centre seen from the arc centre
        sx, sy = start.x - centre[0], start.y - centre[1]
        a_start = math.atan2(sy, sx)
        sweep = used / r
        h = TEMPLATE_WIDTH / 2
        if side > 0:  # right: clockwise on the table, decreasing polar angle
            sector = AnnularSector(centre[0], centre[1], r - h, r + h,
                                   a_start - sweep, a_start, forward=False)
        else:
            sector = AnnularSector(centre[0], centre[1], r - h, r + h,
                                   a_start, a_start + sweep, forward=True)
        return PlacedTemplate(self, start, used, sector=sector)


@dataclass(frozen=True)
class PlacedTemplate:
    """A template on the table (possibly only its first ``used_length``)."""

    template: Template
    start: Pose
    used_length: float
    polygon: Polygon | None = None
    sector: AnnularSector | None = None

    @property
    def empty(self) -> bool:
        return self.used_length <= EPS

    def bounding_circle(self) -> tuple[float, float, float]:
        if self.polygon is not None:
            return bounding_circle(self.polygon)
        assert self.sector is not None
        return self.sector.bounding_circle()

    def overlaps_polygon(self, poly: Polygon, eps: float = EPS) -> bool:
        """True when the template's interior meets the convex polygon's by more than eps."""
        if self.empty:
            return False
        if self.polygon is not None:
            return overlaps(self.polygon, poly, eps)
        assert self.sector is not None
        return self.sector.overlaps_polygon(poly, eps)

    def first_contact(self, poly: Polygon) -> float | None:
        """Centre-line length from the start at which the template first meets ``poly``."""
        if self.empty or not self.overlaps_polygon(poly):
            return None
        if self.polygon is not None:
            fx, fy = self.start.forward
            rx, ry = self.start.right
            h = TEMPLATE_WIDTH / 2
            sx, sy = self.start.x, self.start.y
            # half-planes of the rectangle, as unit normals pointing inside
            planes = (
                (fx, fy, -(fx * sx + fy * sy)),
                (-fx, -fy, (fx * sx + fy * sy) + self.used_length),
                (rx, ry, -(rx * sx + ry * sy) + h),
                (-rx, -ry, (rx * sx + ry * sy) + h),
            )
            inside = clip(poly, planes, 0.0)
            if not inside:
                return None
            return max(0.0, min((x - sx) * fx + (y - sy) * fy for x, y in inside))
        assert self.sector is not None
        return self.sector.first_contact(poly)

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
