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
    # straight?, and the template's side, radius and length (read on every solver probe)
    _line: tuple[bool, int, float, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        t = self.template
        half = self.length / 2
        object.__setattr__(self, "_line", (t.kind is TemplateKind.STRAIGHT, t.side, t.radius,
                                           t.length))
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
        rx, ry, _, _ = self._on_line(u)
        if self.template.kind is TemplateKind.STRAIGHT or u <= 0.0:
            fx, fy, _, _ = self._on_line(u + self.length)
        else:
            fx, fy, _, _ = self._front_on_curve(rx, ry)
        heading = math.degrees(math.atan2(fx - rx, fy - ry))
        return ((rx + fx) / 2, (ry + fy) / 2, heading)

    def motion(self, u: float) -> tuple[float, float, float, float, float, float, float]:
        """:meth:`pose` with its rates of change along the path: ``(right, forward, sin,
        cos, d_right, d_forward, turn)``, with the heading as its sine and cosine and the
        rates per mm of ``u`` (``turn`` in radians, clockwise).

        The rear hashmark moves along the centre line at unit speed; the front one slides
        along its own line (the arc or a straight) at the rate that keeps the chord between
        them a base length long: with ``c`` the chord and ``t_r``, ``t_f`` the two lines'
        directions, ``(c . t_r) / (c . t_f)``.
        """
        rx, ry, rtx, rty = self._line_motion(u)
        if self._line[0] or u <= 0.0:
            fx, fy, ftx, fty = self._line_motion(u + self.length)
        else:
            fx, fy, ftx, fty = self._front_on_curve(rx, ry)
        cx, cy = fx - rx, fy - ry
        rate = (cx * rtx + cy * rty) / (cx * ftx + cy * fty)
        dfx, dfy = rate * ftx, rate * fty
        # heading = atan2(cx, cy), so its rate is (cy cx' - cx cy') / |c|^2
        square = cx * cx + cy * cy
        turn = (cy * (dfx - rtx) - cx * (dfy - rty)) / square
        chord = math.sqrt(square)
        return ((rx + fx) / 2.0, (ry + fy) / 2.0, cx / chord, cy / chord,
                (rtx + dfx) / 2.0, (rty + dfy) / 2.0, turn)

    def _line_motion(self, s: float) -> tuple[float, float, float, float]:
        """:meth:`centre_line` at ``s`` with the line's unit direction there."""
        length = self.length
        if s <= length:
            return (0.0, s - length / 2.0, 0.0, 1.0)
        # Template.centre_point, with the direction from the same sine and cosine
        _, side, r, template_length = self._line
        s -= length
        if not side:
            return (0.0, s + length / 2.0, 0.0, 1.0)
        extra = 0.0
        if s > template_length:
            extra, s = s - template_length, template_length
        phi = s / r
        # sin(side phi) is side sin(phi): sin is odd
        sin_phi, cos = math.sin(phi), math.cos(phi)
        sin = side * sin_phi
        right = side * r * (1.0 - cos)
        forward = r * sin_phi
        if extra:
            right += extra * sin
            forward += extra * cos
        return (right, forward + length / 2.0, sin, cos)

    def _on_line(self, s: float) -> tuple[float, float, float, float]:
        """:meth:`centre_line` at ``s`` with the line's unit direction there."""
        half = self.length / 2
        if s <= self.length:
            return (0.0, -half + s, 0.0, 1.0)
        right, forward, heading = self.template.centre_point(s - self.length)
        h = math.radians(heading)
        return (right, forward + half, math.sin(h), math.cos(h))

    def _front_on_curve(self, rx: float, ry: float) -> tuple[float, float, float, float]:
        """The front hashmark for a rear one at (rx, ry) past the template's start, with the
        direction of the line it is on."""
        length = self.length
        ex, ey, tx, ty = self._end
        dx, dy = ex - rx, ey - ry
        c = dx * dx + dy * dy - length * length
        # beyond the template's end: the front hashmark is on the exit line
        if c <= 0.0:
            b = tx * dx + ty * dy
            tau = -b + math.sqrt(max(0.0, b * b - c))
            return (ex + tau * tx, ey + tau * ty, tx, ty)
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
        px, py = best if best is not None else fallback
        # the arc's direction of travel: a quarter turn from the radius, towards the turn
        return (px, py, side * (py - cy) / r, -side * (px - cx) / r)


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


@cache
def motion_bounds(length: float, template: Template) -> tuple[float, float, float, float]:
    """Bounds of how the base moves along the chord path, per mm of ``u``: the speed of
    its centre, its turning rate (radians), the centre's acceleration and the turning
    rate's rate of change, in that order.

    Like :func:`speed_bound` they come from the exact rates of :meth:`ChordPath.motion` on a
    fine grid, with a margin: the rates are continuous along the path (the hashmarks' lines
    are joined tangentially), and the margins cover what a sample can miss between grid
    points. They only limit the steps the curve solver certifies, so a generous bound
    costs time, never exactness.
    """
    path = ChordPath(length, template)
    steps = 4096
    du = path.full / steps
    speed = turn = accel = turn_accel = 0.0
    _, _, _, _, pvx, pvy, pturn = path.motion(0.0)
    for k in range(steps + 1):
        _, _, _, _, vx, vy, w = path.motion(k * du)
        speed = max(speed, math.hypot(vx, vy))
        turn = max(turn, abs(w))
        if k:
            accel = max(accel, math.hypot(vx - pvx, vy - pvy) / du)
            turn_accel = max(turn_accel, abs(w - pturn) / du)
        pvx, pvy, pturn = vx, vy, w
    # between grid points a rate exceeds its samples by at most its own rate of change
    # times half a step; the second derivatives get a proportional margin
    accel = 1.25 * accel + 1e-9
    turn_accel = 1.25 * turn_accel + 1e-9
    return (1.1 * (speed + accel * du / 2), 1.1 * (turn + turn_accel * du / 2), accel,
            turn_accel)

