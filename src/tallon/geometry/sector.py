"""The annular sector: the exact shape of a bank or turn template.

The sector is the set of points at distance ``r_in``..``r_out`` from the centre whose polar
angle (radians, counter-clockwise from +x) lies in ``[a_lo, a_hi]``. Its tests against convex
polygons are exact. The region where they meet is bounded by pieces of polygon edges and of
the sector's boundary, so it is non-empty exactly when a polygon vertex lies in the sector,
a sector corner lies in the polygon, or a polygon edge crosses the sector's boundary; and
since the polar angle along a straight edge is monotonic, the meeting point nearest the
template's start is one of those same points.

Templates are narrower than a half turn, so their angular range is the wedge between the
two radial lines: the polygon is clipped to it first (two half-planes), after which only
its vertices within the annulus and its edges' crossings with the two circles remain to
be found (:meth:`AnnularSector._first_offset`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tallon.geometry.constants import EPS
from tallon.geometry.lazy import lazy
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

    @classmethod
    def of(cls, cx: float, cy: float, r_in: float, r_out: float, a_lo: float, a_hi: float,
           forward: bool) -> AnnularSector:
        """``AnnularSector(...)`` without the frozen dataclass's one ``object.__setattr__``
        per field (half the cost; every template placed makes one): the fields are plain
        instance attributes, so filling them in at once makes the same object."""
        sector = object.__new__(cls)
        sector.__dict__.update(cx=cx, cy=cy, r_in=r_in, r_out=r_out, a_lo=a_lo, a_hi=a_hi,
                               forward=forward)
        return sector

    # derived on first use: a placed template often needs neither
    @lazy
    def radials(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """Unit vectors from the centre along the low and the high radial edge."""
        return ((math.cos(self.a_lo), math.sin(self.a_lo)),
                (math.cos(self.a_hi), math.sin(self.a_hi)))

    @lazy
    def _corners(self) -> tuple[Point, Point, Point, Point]:
        (c0, s0), (c1, s1) = self.radials
        return ((self.cx + self.r_in * c0, self.cy + self.r_in * s0),
                (self.cx + self.r_out * c0, self.cy + self.r_out * s0),
                (self.cx + self.r_out * c1, self.cy + self.r_out * s1),
                (self.cx + self.r_in * c1, self.cy + self.r_in * s1))

    # ----------------------------------------------------------------- basic geometry
    @property
    def sweep(self) -> float:
        return self.a_hi - self.a_lo

    @property
    def radius(self) -> float:
        """Radius of the centre line."""
        return (self.r_in + self.r_out) / 2

    def angle_offset(self, x: float, y: float) -> float:
        """Angle of (x, y) measured along the path from the start edge (radians, may be
        negative or beyond the sweep for points outside the angular range)."""
        rel = (math.atan2(y - self.cy, x - self.cx) - self.a_lo) % TWO_PI
        sweep = self.a_hi - self.a_lo
        # put the gap outside [0, sweep] symmetrically so that points just before the start
        # come out slightly negative rather than near 2*pi
        if rel > sweep + (TWO_PI - sweep) / 2:
            rel -= TWO_PI
        return rel if self.forward else sweep - rel

    def in_angle(self, x: float, y: float, margin: float = 0.0) -> bool:
        return -margin <= self.angle_offset(x, y) <= self.sweep + margin

    def contains(self, x: float, y: float, eps: float = 0.0) -> bool:
        """Closed containment, grown by ``eps`` (negative ``eps`` shrinks)."""
        r = math.hypot(x - self.cx, y - self.cy)
        if r < self.r_in - eps or r > self.r_out + eps:
            return False
        return self.in_angle(x, y, eps / max(r, 1e-9))

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """Inner and outer corners of the low edge, then outer and inner of the high one."""
        return self._corners

    def shrunk(self, eps: float) -> AnnularSector:
        """The sector with every edge moved inward by ``eps`` (for interior tests)."""
        da = eps / max(self.r_in, 1.0)
        return AnnularSector.of(self.cx, self.cy, self.r_in + eps, self.r_out - eps,
                                self.a_lo + da, self.a_hi - da, self.forward)

    def prefix(self, length_on_centre_line: float) -> AnnularSector:
        """The part of the template from its start to ``length`` along the centre line."""
        sweep = max(0.0, min(self.sweep, length_on_centre_line / self.radius))
        if self.forward:
            return AnnularSector(self.cx, self.cy, self.r_in, self.r_out,
                                 self.a_lo, self.a_lo + sweep, True)
        return AnnularSector(self.cx, self.cy, self.r_in, self.r_out,
                             self.a_hi - sweep, self.a_hi, False)

    def bounding_circle(self) -> tuple[float, float, float]:
        xs = [x for x, _ in self._corners]
        ys = [y for _, y in self._corners]
        # the outer arc's extreme points along the axes, where they fall in the range
        quarter = math.pi / 2
        for k in range(max(-4, math.floor(self.a_lo / quarter)),
                       min(8, math.floor(self.a_hi / quarter) + 1)):
            a = k * math.pi / 2
            if self.a_lo <= a <= self.a_hi:
                xs.append(self.cx + self.r_out * math.cos(a))
                ys.append(self.cy + self.r_out * math.sin(a))
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        r = math.hypot(max(xs) - min(xs), max(ys) - min(ys)) / 2
        return (cx, cy, r)

    def outline(self, segments_per_radian: float = 24.0) -> tuple[Point, ...]:
        """A polygon approximation of the outline (for drawing and JSON only)."""
        sweep = self.sweep
        steps = max(2, math.ceil(sweep * segments_per_radian))
        outer = [
            (self.cx + self.r_out * math.cos(self.a_lo + sweep * k / steps),
             self.cy + self.r_out * math.sin(self.a_lo + sweep * k / steps))
            for k in range(steps + 1)
        ]
        inner = [
            (self.cx + self.r_in * math.cos(self.a_hi - sweep * k / steps),
             self.cy + self.r_in * math.sin(self.a_hi - sweep * k / steps))
            for k in range(steps + 1)
        ]
        return tuple(outer + inner)

    # ------------------------------------------------------------- boundary crossings
    def _edge_crossings(self, ax: float, ay: float, bx: float, by: float,
                        out: list[Point]) -> None:
        """Append the points where segment ab meets the sector's boundary (closed)."""
        cx, cy = self.cx, self.cy
        dx, dy = bx - ax, by - ay
        fx, fy = ax - cx, ay - cy
        a2 = dx * dx + dy * dy
        if a2 == 0.0:
            return
        # the segment's distance range from the centre decides which circles it can cross
        t_near = -(fx * dx + fy * dy) / a2
        t_near = 0.0 if t_near < 0.0 else (1.0 if t_near > 1.0 else t_near)
        near = math.hypot(fx + t_near * dx, fy + t_near * dy)
        far = max(math.hypot(fx, fy), math.hypot(bx - cx, by - cy))
        if near > self.r_out or far < self.r_in:
            return
        b = 2 * (fx * dx + fy * dy)
        base = fx * fx + fy * fy
        for r in (self.r_in, self.r_out):
            if not near <= r <= far:
                continue
            disc = b * b - 4 * a2 * (base - r * r)
            if disc < 0:
                continue
            sq = math.sqrt(disc)
            for t in ((-b - sq) / (2 * a2), (-b + sq) / (2 * a2)):
                if 0.0 <= t <= 1.0:
                    x, y = ax + t * dx, ay + t * dy
                    if self.in_angle(x, y, 1e-12):
                        out.append((x, y))
        for ux, uy in self.radials:
            denom = dx * uy - dy * ux
            if denom == 0.0:
                continue
            # solve a + t d = centre + s u
            t = ((cx - ax) * uy - (cy - ay) * ux) / denom
            if not 0.0 <= t <= 1.0:
                continue
            s = ((cx - ax) * dy - (cy - ay) * dx) / denom
            if self.r_in <= s <= self.r_out:
                out.append((ax + t * dx, ay + t * dy))

    def _meeting_points(self, poly: Polygon) -> list[Point]:
        """Points that decide whether and where the polygon meets the sector (see the
        module docstring); empty when they don't meet."""
        points = [(x, y) for x, y in poly if self.contains(x, y)]
        points.extend(c for c in self._corners if contains_point(poly, c[0], c[1], 0.0))
        n = len(poly)
        for i in range(n):
            ax, ay = poly[i - 1]
            bx, by = poly[i]
            self._edge_crossings(ax, ay, bx, by, points)
        return points

    def _first_offset(self, poly: Polygon, any_point: bool) -> float | None:
        """The smallest angle along the path (clamped to the sweep) at which the polygon
        meets the sector, or None when they don't meet; with ``any_point``, the angle of
        the first meeting point found.

        For sectors narrower than a half turn (every template): the angular range is then
        the wedge between the two radial lines, so the polygon is first clipped to it (two
        half-planes). What is left of the polygon meets the sector where it meets the
        annulus, and along its edges and the arcs the angle is monotonic, so the smallest
        angle is at one of its vertices within the annulus or where one of its edges
        crosses a circle. (The sector's corners are such crossings: they lie on the
        clipped polygon's edges along the radial lines.)
        """
        cx, cy = self.cx, self.cy
        (c0, s0), (c1, s1) = self.radials
        forward = self.forward
        sweep = self.a_hi - self.a_lo
        # each point relative to the centre, with its angle when it is known exactly: a
        # point the clipping puts on a radial line is at the start (0) or the end (sweep)
        points: list[tuple[float, float, float | None]] = [(x - cx, y - cy, None)
                                                           for x, y in poly]
        # clip to the low radial's side (c0 y - s0 x >= 0), then the high one's
        # (x s1 - y c1 >= 0)
        for ux, uy, angle in ((-s0, c0, 0.0 if forward else sweep),
                              (s1, -c1, sweep if forward else 0.0)):
            clipped: list[tuple[float, float, float | None]] = []
            px, py, _ = points[-1]
            p_side = ux * px + uy * py
            for qx, qy, q_angle in points:
                q_side = ux * qx + uy * qy
                if (q_side >= 0.0) != (p_side >= 0.0):
                    t = p_side / (p_side - q_side)
                    clipped.append((px + t * (qx - px), py + t * (qy - py), angle))
                if q_side >= 0.0:
                    clipped.append((qx, qy, q_angle))
                px, py, p_side = qx, qy, q_side
            if not clipped:
                return None
            points = clipped
        rin2, rout2 = self.r_in * self.r_in, self.r_out * self.r_out
        best = math.inf

        def offset(px: float, py: float, known: float | None) -> float:
            # angle from the start radial in the direction of travel, clamped to the sweep
            if known is not None:
                a = known
            elif forward:
                a = math.atan2(c0 * py - s0 * px, c0 * px + s0 * py)
            else:
                a = math.atan2(px * s1 - py * c1, px * c1 + py * s1)
            a = sweep if a > sweep else a
            return a if a > 0.0 else 0.0

        # vertices within the annulus (closed)
        measured = [(px, py, known, px * px + py * py) for px, py, known in points]
        for px, py, known, d2 in measured:
            if rin2 <= d2 <= rout2:
                a = offset(px, py, known)
                if any_point or a <= 0.0:
                    return a
                best = min(best, a)
        # edges crossing either circle (an edge between two points on the same radial line
        # lies along it)
        radii = (rin2, rout2)
        ax, ay, a_known, a_d2 = measured[-1]
        for bx, by, b_known, b_d2 in measured:
            # an edge with both ends inside the inner circle (a disc is convex) can't cross
            # either circle
            if a_d2 >= rin2 or b_d2 >= rin2:
                dx, dy = bx - ax, by - ay
                a2 = dx * dx + dy * dy
                if a2 != 0.0:
                    b = 2.0 * (ax * dx + ay * dy)
                    known = a_known if a_known == b_known else None
                    for r2 in radii:
                        if a_d2 < r2 and b_d2 < r2:
                            continue
                        disc = b * b - 4.0 * a2 * (a_d2 - r2)
                        if disc < 0.0:
                            continue
                        sq = math.sqrt(disc)
                        for t in ((-b - sq) / (2.0 * a2), (-b + sq) / (2.0 * a2)):
                            if 0.0 <= t <= 1.0:
                                a = offset(ax + t * dx, ay + t * dy, known)
                                if any_point or a <= 0.0:
                                    return a
                                best = min(best, a)
            ax, ay, a_known, a_d2 = bx, by, b_known, b_d2
        return None if best == math.inf else best

    # ---------------------------------------------------------------------- queries
    def intersects_polygon(self, poly: Polygon) -> bool:
        """Closed intersection with a convex polygon (touching counts)."""
        if 0.0 <= self.a_hi - self.a_lo < math.pi:
            return self._first_offset(poly, True) is not None
        return bool(self._meeting_points(poly))

    def overlaps_polygon(self, poly: Polygon, eps: float = EPS) -> bool:
        """True when the interiors overlap by more than about ``eps``."""
        return self.shrunk(eps).intersects_polygon(poly)

    def first_contact(self, poly: Polygon) -> float | None:
        """Smallest centre-line length from the start at which the sector meets the polygon
        (None if they don't meet)."""
        if 0.0 <= self.a_hi - self.a_lo < math.pi:
            angle = self._first_offset(poly, False)
            return None if angle is None else angle * self.radius
        points = self._meeting_points(poly)
        if not points:
            return None
        sweep, radius = self.sweep, self.radius
        return min(max(0.0, min(sweep, self.angle_offset(x, y))) for x, y in points) * radius
