"""Poses on the table and the ship-relative frame.

World coordinates: x to the right, y away from the first player's edge, headings in degrees
clockwise from +y. A ship-relative (local) point is ``(right, forward)``.
"""

from __future__ import annotations

import math
from typing import NamedTuple

Point = tuple[float, float]


def normalize_heading(degrees: float) -> float:
    """Map any angle to [0, 360)."""
    result = math.fmod(degrees, 360.0)
    if result < 0.0:
        result += 360.0
    # fmod of a value a hair below 360 can round up to exactly 360.0
    return 0.0 if result >= 360.0 else result


def heading_difference(a: float, b: float) -> float:
    """Signed smallest rotation (degrees, clockwise positive) that turns heading b into a."""
    d = math.fmod(a - b, 360.0)
    if d > 180.0:
        d -= 360.0
    elif d <= -180.0:
        d += 360.0
    return d


class Pose(NamedTuple):
    """Position of an object's centre and its heading (degrees clockwise from +y)."""

    x: float
    y: float
    heading: float = 0.0

    @property
    def forward(self) -> Point:
        """Unit vector the object faces."""
        h = math.radians(self.heading)
        return (math.sin(h), math.cos(h))

    @property
    def right(self) -> Point:
        """Unit vector to the object's right."""
        h = math.radians(self.heading)
        return (math.cos(h), -math.sin(h))

    def to_world(self, right: float, forward: float) -> Point:
        """World point of the local point ``(right, forward)``."""
        h = math.radians(self.heading)
        s, c = math.sin(h), math.cos(h)
        return (self.x + right * c + forward * s, self.y - right * s + forward * c)

    def to_local(self, x: float, y: float) -> Point:
        """Local ``(right, forward)`` of the world point ``(x, y)``."""
        h = math.radians(self.heading)
        s, c = math.sin(h), math.cos(h)
        dx, dy = x - self.x, y - self.y
        return (dx * c - dy * s, dx * s + dy * c)

    def moved(self, right: float = 0.0, forward: float = 0.0, rotation: float = 0.0) -> Pose:
        """The pose displaced by a local offset, then rotated clockwise by ``rotation``."""
        x, y = self.to_world(right, forward)
        return Pose(x, y, normalize_heading(self.heading + rotation))

    def relative_to(self, origin: Pose) -> tuple[float, float, float]:
        """``(right, forward, rotation)`` of this pose seen from ``origin``."""
        right, forward = origin.to_local(self.x, self.y)
        return (right, forward, heading_difference(self.heading, origin.heading))

    def rotated(self, degrees: float) -> Pose:
        """The same position, turned clockwise."""
        return Pose(self.x, self.y, normalize_heading(self.heading + degrees))


class Transform:
    """A rigid placement (rotation then translation) precomputed for fast point mapping."""

    __slots__ = ("c", "s", "tx", "ty")

    def __init__(self, pose: Pose) -> None:
        h = math.radians(pose.heading)
        self.s = math.sin(h)
        self.c = math.cos(h)
        self.tx = pose.x
        self.ty = pose.y

    def apply(self, points: tuple[Point, ...]) -> tuple[Point, ...]:
        """Map local ``(right, forward)`` points to the world."""
        c, s, tx, ty = self.c, self.s, self.tx, self.ty
        return tuple((tx + r * c + f * s, ty - r * s + f * c) for r, f in points)
