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
from dataclasses import dataclass
from functools import cache

from tallon.geometry.templates import Template, TemplateKind


@dataclass(frozen=True)
class ChordPath:
    """Poses of a base of length ``length`` backing along ``template``."""

    length: float
    template: Template

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
        t = self.template
        if t.kind is TemplateKind.STRAIGHT or u <= 0.0:
            fx, fy = self.centre_line(u + length)
        else:
            fx, fy = self._front_on_curve(u, rx, ry)
        heading = math.degrees(math.atan2(fx - rx, fy - ry))
        return ((rx + fx) / 2, (ry + fy) / 2, heading)

    def _front_on_curve(self, u: float, rx: float, ry: float) -> tuple[float, float]:
        length = self.length
        t = self.template
        half = length / 2
        ex, ey, eh = t.end()
        ey += half
        # beyond the template's end: the front hashmark is on the exit line
        if math.hypot(ex - rx, ey - ry) <= length:
            tx, ty = math.sin(math.radians(eh)), math.cos(math.radians(eh))
            dx, dy = ex - rx, ey - ry
            b = tx * dx + ty * dy
            c = dx * dx + dy * dy - length * length
            tau = -b + math.sqrt(max(0.0, b * b - c))
            return (ex + tau * tx, ey + tau * ty)
        # on the arc: intersect the arc's circle with the circle of radius L round the rear
        r = t.radius
        side = t.direction.value
        cx, cy = side * r, half
        dx, dy = rx - cx, ry - cy
        d = math.hypot(dx, dy)
        # distance along the centre line from the rear to the intersection chord
        a = (r * r - length * length + d * d) / (2 * d)
        h = math.sqrt(max(0.0, r * r - a * a))
        mx, my = cx + a * dx / d, cy + a * dy / d
        candidates = ((mx + h * dy / d, my - h * dx / d), (mx - h * dy / d, my + h * dx / d))
        # of the two, the one further along the path (larger travelled angle from the start)
        def travelled(p: tuple[float, float]) -> float:
            ang = math.atan2(p[1] - cy, p[0] - cx)
            start = math.atan2(half - cy, 0.0 - cx)
            delta = (ang - start) * (-side)
            return math.remainder(delta, 2 * math.pi)

        # both intersections can lie ahead when the base is long for the curve; the front
        # hashmark is the one still on the template (the other is beyond the template's end)
        sweep = t.length / r + 1e-9
        on_template = [c for c in candidates if travelled(c) <= sweep]
        return max(on_template or candidates, key=travelled)


@cache
def rotation_rate_bound(length: float, template: Template) -> float:
    """An upper bound of |d heading / du| (radians per mm) along the chord path.

    The rate is sin(g)/(L cos b), with g the angle between the tangents at the two
    hashmarks and b the angle between the chord and the front tangent; it is continuous
    along the path. We evaluate the exact pose on a fine grid once per base length and
    template and add a margin; the bound only sets the step of the conservative-advancement
    solver, so a generous one costs time, never exactness.
    """
    if template.kind is TemplateKind.STRAIGHT:
        return 0.0
    path = ChordPath(length, template)
    steps = 4096
    du = path.full / steps
    worst = 0.0
    prev = path.pose(0.0)[2]
    for k in range(1, steps + 1):
        cur = path.pose(k * du)[2]
        rate = abs(math.remainder(math.radians(cur - prev), 2 * math.pi)) / du
        worst = max(worst, rate)
        prev = cur
    return 1.25 * worst + 1e-9
