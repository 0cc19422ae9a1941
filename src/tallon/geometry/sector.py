"""The annular sector: the exact shape of a bank or turn template.

The sector is the set of points at distance ``r_in``..``r_out`` from ``centre`` whose polar
angle (radians, counter-clockwise from +x) lies in ``[a_lo, a_hi]``. Its tests against convex
polygons are exact: they combine vertex containment, corner containment and the
intersections of polygon edges with the two arcs and the two radial edges.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tallon.geometry.constants import EPS
from tallon.geometry.polygons import Polygon, contains_point
from tallon.geometry.pose import Point

TWO_PI = 2.0 * math.pi


@dataclass(frozen=True)
class AnnularSector:
    """An annular sector. ``forward`` is True when the template's path runs with increasing
    angle (a left-curving template), False when it runs with decreasing angle."""

    cx: float
    cy: float
    r_in: float
    r_out: float
    a_lo: float
    a_hi: float
    forward: bool

    # ----------------------------------------------------------------- basic geometry
    @property
    def sweep(self) -> float:
        return self.a_hi - self.a_lo

    @property
    def start_angle(self) -> float:
        """Polar angle of the template's start edge."""
        return self.a_lo if self.forward else self.a_hi

    def angle_offset(self, x: float, y: float) -> float:
        """Angle of (x, y) measured along the path from the start edge (radians, may be
        negative or beyond the sweep for points outside the angular range)."""
        a = math.atan2(y - self.cy, x - self.cx)
        rel = (a - self.a_lo) % TWO_PI
        # put the gap outside [0, sweep] symmetrically so that points just before the start
        # come out slightly negative rather than near 2*pi
        if rel > self.sweep + (TWO_PI - self.sweep) / 2:
            rel -= TWO_PI
        return rel if self.forward else self.sweep - rel

    def in_angle(self, x: float, y: float, margin: float = 0.0) -> bool:
        off = self.angle_offset(x, y)
        return -margin <= off <= self.sweep + margin

    def contains(self, x: float, y: float, eps: float = 0.0) -> bool:
        """Closed containment, grown by ``eps`` (negative ``eps`` shrinks)."""
        r = math.hypot(x - self.cx, y - self.cy)
        if r < self.r_in - eps or r > self.r_out + eps:
            return False
        margin = eps / max(r, 1e-9)
        return self.in_angle(x, y, margin)

    def corners(self) -> tuple[Point, Point, Point, Point]:
        pts = []
        for a in (self.a_lo, self.a_hi):
            ca, sa = math.cos(a), math.sin(a)
            for r in (self.r_in, self.r_out):
                pts.append((self.cx + r * ca, self.cy + r * sa))
        return (pts[0], pts[1], pts[3], pts[2])

    def shrunk(self, eps: float) -> AnnularSector:
        """The sector with every edge moved inward by ``eps`` (for interior tests)."""
        da = eps / max(self.r_in, 1.0)
        return AnnularSector(self.cx, self.cy, self.r_in + eps, self.r_out - eps,
                             self.a_lo + da, self.a_hi - da, self.forward)

    def prefix(self, length_on_centre_line: float) -> AnnularSector:
        """The part of the template from its start to ``length`` along the centre line."""
        radius = (self.r_in + self.r_out) / 2
        sweep = max(0.0, min(self.sweep, length_on_centre_line / radius))
        if self.forward:
            return AnnularSector(self.cx, self.cy, self.r_in, self.r_out,
                                 self.a_lo, self.a_lo + sweep, True)
        return AnnularSector(self.cx, self.cy, self.r_in, self.r_out,
                             self.a_hi - sweep, self.a_hi, False)

    def bounding_circle(self) -> tuple[float, float, float]:
        xs, ys = [], []
        for x, y in self.corners():
            xs.append(x)
            ys.append(y)
        # the outer arc's extreme points along the axes, where they fall in the range
        for k in range(-4, 8):
            a = k * math.pi / 2
            if self.a_lo <= a <= self.a_hi:
                xs.append(self.cx + self.r_out * math.cos(a))
                ys.append(self.cy + self.r_out * math.sin(a))
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        r = math.hypot(max(xs) - min(xs), max(ys) - min(ys)) / 2
        return (cx, cy, r)

    def outline(self, segments_per_radian: float = 24.0) -> tuple[Point, ...]:
        """A polygon approximation of the outline (for drawing and JSON only)."""
        steps = max(2, math.ceil(self.sweep * segments_per_radian))
        outer = [
            (self.cx + self.r_out * math.cos(self.a_lo + self.sweep * k / steps),
             self.cy + self.r_out * math.sin(self.a_lo + self.sweep * k / steps))
            for k in range(steps + 1)
        ]
        inner = [
            (self.cx + self.r_in * math.cos(self.a_hi - self.sweep * k / steps),
             self.cy + self.r_in * math.sin(self.a_hi - self.sweep * k / steps))
            for k in range(steps + 1)
        ]
        return tuple(outer + inner)

    # ------------------------------------------------------------- boundary crossings
    def _edge_boundary_points(self, ax: float, ay: float, bx: float, by: float
                              ) -> list[Point]:
        """Points where segment ab meets the sector's boundary (closed)."""
        found: list[Point] = []
        dx, dy = bx - ax, by - ay
        fx, fy = ax - self.cx, ay - self.cy
        a2 = dx * dx + dy * dy
        if a2 == 0.0:
            return found
        for r in (self.r_in, self.r_out):
            b = 2 * (fx * dx + fy * dy)
            c = fx * fx + fy * fy - r * r
            disc = b * b - 4 * a2 * c
            if disc < 0:
                continue
            sq = math.sqrt(disc)
            for t in ((-b - sq) / (2 * a2), (-b + sq) / (2 * a2)):
                if 0.0 <= t <= 1.0:
                    x, y = ax + t * dx, ay + t * dy
                    if self.in_angle(x, y, 1e-12):
                        found.append((x, y))
        for ang in (self.a_lo, self.a_hi):
            ux, uy = math.cos(ang), math.sin(ang)
            # radial segment from centre + r_in*u to centre + r_out*u
            denom = dx * uy - dy * ux
            if denom == 0.0:
                continue
            # solve a + t d = centre + s u
            t = ((self.cx - ax) * uy - (self.cy - ay) * ux) / denom
            s = ((self.cx - ax) * dy - (self.cy - ay) * dx) / denom
            if 0.0 <= t <= 1.0 and self.r_in <= s <= self.r_out:
                found.append((ax + t * dx, ay + t * dy))
        return found

    # ---------------------------------------------------------------------- queries
    def intersects_polygon(self, poly: Polygon) -> bool:
        """Closed intersection with a convex polygon (touching counts)."""
        for x, y in poly:
            if self.contains(x, y):
                return True
        for x, y in self.corners():
            if contains_point(poly, x, y, 0.0):
                return True
        n = len(poly)
        for i in range(n):
            ax, ay = poly[i - 1]
            bx, by = poly[i]
            if self._edge_boundary_points(ax, ay, bx, by):
                return True
        return False

    def overlaps_polygon(self, poly: Polygon, eps: float = EPS) -> bool:
        """True when the interiors overlap by more than about ``eps``."""
        return self.shrunk(eps).intersects_polygon(poly)

    def first_contact(self, poly: Polygon) -> float | None:
        """Smallest centre-line length from the start at which the template meets the
        polygon (None if they don't meet). The polar angle along a straight edge is
        monotonic, so the minimum lies at a vertex, a boundary crossing or a corner."""
        radius = (self.r_in + self.r_out) / 2
        best: float | None = None

        def consider(x: float, y: float) -> None:
            nonlocal best
            off = max(0.0, min(self.sweep, self.angle_offset(x, y))) * radius
            if best is None or off < best:
                best = off

        for x, y in poly:
            if self.contains(x, y):
                consider(x, y)
        for x, y in self.corners():
            if contains_point(poly, x, y, 0.0):
                consider(x, y)
        n = len(poly)
        for i in range(n):
            ax, ay = poly[i - 1]
            bx, by = poly[i]
            for x, y in self._edge_boundary_points(ax, ay, bx, by):
                consider(x, y)
        return best
