"""The path a base follows while it backs along a template (RR: OVERLAP, partial execution).

The rule: move the ship backward along the template "adjusting the position of the ship so
that the hashmarks in the middle of both sets of guides remain centered over the line down
the middle of the template". We take that literally: the rear and the front hashmark (the
midpoints of the rear and front edges, a base length L apart) both lie on the centre line,
extended straight back behind the template's start (where the base sat before moving) and
straight on beyond its end (where the base sits after a full maneuver).

The position is parameterised by ``u``, the distance of the rear hashmark along that line
from where it started: ``u = 0`` is the starting position and ``u = L + T`` (T = template
length) the full maneuver. The front hashmark is the point further along the line at
straight-line distance L; the base faces along that chord. Everything is in the *virtual
frame* of :mod:`tallon.geometry.maneuvers`, relative to the virtual start pose.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

from tallon.geometry.templates import Template, TemplateKind


@dataclass(frozen=True)
class ChordPath:
    """Poses of a base of length ``length`` backing along ``template``."""

    length: float
    template: Template
    # derived once (the solver evaluates poses many times per maneuver)
    _end: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)
    _arc: tuple[float, float, float, int, float, float] = field(init=False, repr=False,
                                                                compare=False)

    def __post_init__(self) -> None:
        t = self.template
        half = self.length / 2
        ex, ey, eh = t.end()
        object.__setattr__(self, "_end", (ex, ey + half, math.sin(math.radians(eh)),
                                          math.cos(math.radians(eh))))
        if t.kind is not TemplateKind.STRAIGHT:
            r, side = t.radius, t.side
            cx, cy = side * r, half
            start_angle = math.atan2(half - cy, 0.0 - cx)
            object.__setattr__(self, "_arc", (cx, cy, r, side, start_angle,
                                              t.length / r + 1e-9))

    @property
    def full(self) -> float:
        """Value of ``u`` at the full maneuver."""
        return self.length + self.template.length

    def centre_line(self, s: float) -> tuple[float, float]:
        """Point of the extended centre line at arc length ``s`` from the rear hashmark's
        starting point, in the virtual start frame (right, forward)."""
        half = self.length / 2
        if s <= self.length:
            return (0.0, -half + s)
        right, forward, _ = self.template.centre_point(s - self.length)
        return (right, forward + half)

    def pose(self, u: float) -> tuple[float, float, float]:
        """``(right, forward, heading)`` of the base centre when the rear hashmark is at
        ``u``, relative to the virtual start pose (heading clockwise, degrees)."""
        length = self.length
        rx, ry = self.centre_line(u)
        if self.template.kind is TemplateKind.STRAIGHT or u <= 0.0:
            fx, fy = self.centre_line(u + length)
        else:
            fx, fy = self._front_on_curve(rx, ry)
        heading = math.degrees(math.atan2(fx - rx, fy - ry))
        return ((rx + fx) / 2, (ry + fy) / 2, heading)

    def _front_on_curve(self, rx: float, ry: float) -> tuple[float, float]:
        length = self.length
        ex, ey, tx, ty = self._end
        dx, dy = ex - rx, ey - ry
        c = dx * dx + dy * dy - length * length
        # beyond the template's end: the front hashmark is on the exit line
        if c <= 0.0:
            b = tx * dx + ty * dy
            tau = -b + math.sqrt(max(0.0, b * b - c))
            return (ex + tau * tx, ey + tau * ty)
        # on the arc: intersect the arc's circle with the circle of radius L round the rear
        cx, cy, r, side, start, sweep = self._arc
        dx, dy = rx - cx, ry - cy
        d = math.hypot(dx, dy)
        a = (r * r - length * length + d * d) / (2 * d)
        h = math.sqrt(max(0.0, r * r - a * a))
        mx, my = cx + a * dx / d, cy + a * dy / d
        best: tuple[float, float] | None = None
        best_travel = -math.inf
        fallback, fallback_travel = (mx, my), -math.inf
        for px, py in ((mx + h * dy / d, my - h * dx / d), (mx - h * dy / d, my + h * dx / d)):
            # how far round the arc from the template's start, in the direction of travel
            travel = math.remainder((math.atan2(py - cy, px - cx) - start) * -side, 2 * math.pi)
            # both intersections can lie ahead when the base is long for the curve; the
            # front hashmark is the one still on the template
            if travel <= sweep and travel > best_travel:
                best, best_travel = (px, py), travel
            if travel > fallback_travel:
                fallback, fallback_travel = (px, py), travel
        return best if best is not None else fallback


@cache
def chord_path(length: float, template: Template) -> ChordPath:
    """The (cached) path of a base of this length along this template."""
    return ChordPath(length, template)


@cache
def speed_bound(length: float, template: Template, radius: float) -> float:
    """An upper bound of how fast any point within ``radius`` of the base's centre moves,
    per mm of travel of the rear hashmark along the chord path.

    A point at distance r from the centre moves at most |v_centre| + |omega| r; both are
    continuous along the path. We evaluate the exact poses on a fine grid once per base
    length and template, and add a 10 % margin: the bound only sets the step of the
    conservative-advancement solver, so a generous one costs time, never exactness.
    """
    path = ChordPath(length, template)
    steps = 4096
    du = path.full / steps
    worst = 0.0
    px, py, ph = path.pose(0.0)
    for k in range(1, steps + 1):
        x, y, h = path.pose(k * du)
        turn = abs(math.remainder(math.radians(h - ph), 2 * math.pi))
        worst = max(worst, (math.hypot(x - px, y - py) + turn * radius) / du)
        px, py, ph = x, y, h
    return 1.1 * worst + 1e-9
