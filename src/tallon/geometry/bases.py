"""Ship bases: squares with two pairs of guides (RR: SHIP SIZES, RR: GUIDES), and the
rectangular bases of huge ships (RR: APPENDIX: HUGE SHIPS).

Guides count for overlapping (and so for fleeing); they are ignored for range and arcs.
Local coordinates are ``(right, forward)`` from the centre of the base.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, cached_property

from tallon.geometry.constants import (
    BASE_SIDE,
    GUIDE_DEPTH,
    GUIDE_WIDTH,
    HUGE_BASE_WIDTH,
    TEMPLATE_WIDTH,
    BaseSize,
)
from tallon.geometry.polygons import Polygon
from tallon.geometry.pose import Pose, Transform


@dataclass(frozen=True)
class BaseShape:
    """The outline of one base size, in local coordinates. ``square`` is the base without
    guides: a square, or for a huge base (``huge``) a rectangle ``length`` long (whose
    ``size`` is the standard size of the same width: BaseSize has no huge member)."""

    size: BaseSize
    length: float
    square: Polygon
    guides: tuple[Polygon, ...]
    huge: bool = False

    @property
    def half(self) -> float:
        """Half the base's length (front to rear; for a square, half its side)."""
        return self.length / 2

    @cached_property
    def half_width(self) -> float:
        """Half the base's width (side to side)."""
        return max(x for x, _ in self.square)

    @cached_property
    def corner_radius(self) -> float:
        """Distance from the centre to a corner of the base without guides."""
        half, width = self.half, self.half_width
        # a square's as the square code always measured it (half a diagonal)
        return half * math.sqrt(2.0) if width == half else math.hypot(width, half)

    @cached_property
    def pieces(self) -> tuple[Polygon, ...]:
        """Convex pieces of the base with its guides (for overlap and fleeing)."""
        return (self.square, *self.guides)

    @cached_property
    def radius(self) -> float:
        """Distance from the centre to the farthest point of the base with guides."""
        return max(math.hypot(x, y) for piece in self.pieces for x, y in piece)

    def square_at(self, pose: Pose) -> Polygon:
        """The base without guides, placed (for range and arcs)."""
        return Transform(pose).apply(self.square)

    def pieces_at(self, pose: Pose) -> tuple[Polygon, ...]:
        """The base with guides, placed (for overlap and fleeing)."""
        t = Transform(pose)
        return tuple(t.apply(piece) for piece in self.pieces)


@cache
def base_shape(size: BaseSize) -> BaseShape:
    """The base outline for a size (cached)."""
    length = BASE_SIDE[size]
    h = length / 2
    square = ((-h, -h), (h, -h), (h, h), (-h, h))
    return BaseShape(size, length, square, _guides(h))


@cache
def huge_base_shape(length: float) -> BaseShape:
    """A huge ship's base (cached): a rectangle 80 wide and ``length`` long, with front and
    rear guides as a standard base's (RR: APPENDIX: HUGE SHIPS, Deploying from a huge ship,
    names them). The grooves that hold the maneuver tool's hook are recesses under the
    base: they don't change its outline."""
    w, h = HUGE_BASE_WIDTH / 2, length / 2
    rectangle = ((-w, -h), (w, -h), (w, h), (-w, h))
    return BaseShape(BaseSize.LARGE, length, rectangle, _guides(h), huge=True)


def _guides(h: float) -> tuple[Polygon, ...]:
    """The two pairs of guides of a base whose front and rear edges are ``h`` from its
    centre."""
    inner = TEMPLATE_WIDTH / 2
    outer = inner + GUIDE_WIDTH
    guides = []
    for y0, y1 in ((h, h + GUIDE_DEPTH), (-h - GUIDE_DEPTH, -h)):
        for x0, x1 in ((inner, outer), (-outer, -inner)):
            guides.append(((x0, y0), (x1, y0), (x1, y1), (x0, y1)))
    return tuple(guides)
