"""Ship bases: squares with two pairs of guides (RR: SHIP SIZES, RR: GUIDES).

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
    TEMPLATE_WIDTH,
    BaseSize,
)
from tallon.geometry.polygons import Polygon
from tallon.geometry.pose import Pose, Transform


@dataclass(frozen=True)
class BaseShape:
    """The outline of one base size, in local coordinates."""

    size: BaseSize
    length: float
    square: Polygon
    guides: tuple[Polygon, ...]

    @property
    def half(self) -> float:
        return self.length / 2

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
    inner = TEMPLATE_WIDTH / 2
    outer = inner + GUIDE_WIDTH
    guides = []
    for y0, y1 in ((h, h + GUIDE_DEPTH), (-h - GUIDE_DEPTH, -h)):
        for x0, x1 in ((inner, outer), (-outer, -inner)):
            guides.append(((x0, y0), (x1, y0), (x1, y1), (x0, y1)))
    return BaseShape(size, length, square, tuple(guides))
