"""Exact operations on convex polygons.

A convex polygon is a tuple of ``(x, y)`` vertices in counter-clockwise order (x right,
y up). Every non-convex outline on the table is kept as a union of convex pieces, so these
few operations are all the overlap, range and obstruction code needs:

- :func:`penetration` — the separating-axis measure: the smallest overlap of the two
  polygons' projections over all edge normals. It is the exact penetration depth (minimum
  translation distance) when the polygons overlap, and at most minus the distance when
  they are apart.
- :func:`distance` and :func:`closest_set` — the exact Euclidean distance and every pair of
  closest points (one pair, or a family of parallel segments when two edges face each other).
- :func:`clip` — intersection with half-planes (Sutherland-Hodgman).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tallon.geometry.constants import EPS
from tallon.geometry.pose import Point

Polygon = tuple[Point, ...]
#: A half-plane ``a*x + b*y + c >= 0``.
HalfPlane = tuple[float, float, float]


def signed_area(poly: Polygon) -> float:
    """Positive for counter-clockwise vertex order."""
    total = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        total += x1 * y2 - x2 * y1
    return total / 2.0


def ccw(poly: Polygon) -> Polygon:
    """The polygon with counter-clockwise vertex order."""
    return poly if signed_area(poly) >= 0 else tuple(reversed(poly))


def centroid(poly: Polygon) -> Point:
    """Area centroid of a simple polygon."""
    a = signed_area(poly)
    if abs(a) < 1e-12:
        n = len(poly)
        return (sum(p[0] for p in poly) / n, sum(p[1] for p in poly) / n)
    cx = cy = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        cross = x1 * y2 - x2 * y1
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return (cx / (6 * a), cy / (6 * a))


def bounding_circle(points: Polygon) -> tuple[float, float, float]:
    """A circle containing every point (centred on the bounding box, not minimal)."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    cx = (min(xs) + max(xs)) / 2
    cy = (min(ys) + max(ys)) / 2
    r = max(math.hypot(x - cx, y - cy) for x, y in points)
    return (cx, cy, r)


def penetration(p: Polygon, q: Polygon, stop_at: float = -math.inf) -> float:
    """Smallest projection overlap over the edge normals of both convex polygons.

    Positive: the interiors overlap and this is the exact penetration depth.
    Zero or negative: they touch or are apart (the negative value is at least minus the
    distance between them).
    With ``stop_at``, the search stops as soon as an axis shows an overlap of at most
    ``stop_at`` and returns that overlap: enough to decide "overlapping by more than x?".
    """
    # Hot path (every range and arc measure goes through distance(), and the overlap tests
    # without a box fast path come here): the unit normals (found as boxes.polygon_axes
    # finds them) and both polygons' projections on them are written out inline, as a
    # helper call per axis would cost more than the arithmetic.
    best = math.inf
    for poly in (p, q):
        x1, y1 = poly[-1]
        for x2, y2 in poly:
            nx, ny = y2 - y1, x1 - x2
            length = math.hypot(nx, ny)
            x1, y1 = x2, y2
            if length == 0.0:
                continue
            nx /= length
            ny /= length
            pmin = pmax = p[0][0] * nx + p[0][1] * ny
            for px, py in p:
                d = px * nx + py * ny
                if d < pmin:
                    pmin = d
                elif d > pmax:
                    pmax = d
            qmin = qmax = q[0][0] * nx + q[0][1] * ny
            for qx, qy in q:
                d = qx * nx + qy * ny
                if d < qmin:
                    qmin = d
                elif d > qmax:
                    qmax = d
            overlap = min(pmax - qmin, qmax - pmin)
            if overlap < best:
                best = overlap
                if best <= stop_at:
                    return best
    return best


def overlaps(p: Polygon, q: Polygon, eps: float = EPS) -> bool:
    """True when the interiors overlap by more than ``eps`` (touching is not overlapping)."""
    return penetration(p, q, eps) > eps


def point_segment_closest(px: float, py: float, ax: float, ay: float, bx: float, by: float
                          ) -> tuple[float, float, float]:
    """Closest point on segment ab to p, and the squared distance: ``(x, y, d2)``."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        t = 0.0
    else:
        t = ((px - ax) * dx + (py - ay) * dy) / length2
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
    cx, cy = ax + t * dx, ay + t * dy
    ex, ey = px - cx, py - cy
    return (cx, cy, ex * ex + ey * ey)


def contains_point(poly: Polygon, x: float, y: float, eps: float = EPS) -> bool:
    """True when (x, y) lies inside the convex polygon or within ``eps`` of its boundary."""
    x1, y1 = poly[-1]
    for x2, y2 in poly:
        ex, ey = x2 - x1, y2 - y1
        length = math.hypot(ex, ey)
        if length > 0.0 and (ex * (y - y1) - ey * (x - x1)) / length < -eps:
            return False
        x1, y1 = x2, y2
    return True


def strictly_contains_point(poly: Polygon, x: float, y: float, eps: float = EPS) -> bool:
    """True when (x, y) lies inside the convex polygon, deeper than ``eps`` from its edges."""
    x1, y1 = poly[-1]
    for x2, y2 in poly:
        ex, ey = x2 - x1, y2 - y1
        length = math.hypot(ex, ey)
        if length > 0.0 and (ex * (y - y1) - ey * (x - x1)) / length <= eps:
            return False
        x1, y1 = x2, y2
    return True


#: The largest float below zero: an overlap at most this is a negative one.
_BELOW_ZERO = math.nextafter(0.0, -1.0)


def apart(p: Polygon, q: Polygon) -> bool:
    """True when some edge normal separates the convex polygons: ``penetration(p, q) < 0``,
    decided at the first separating axis (polygons far apart are told after an axis or
    two)."""
    return penetration(p, q, _BELOW_ZERO) < 0.0


def distance(p: Polygon, q: Polygon) -> float:
    """Exact Euclidean distance between two convex polygons (0 when they meet)."""
    if not apart(p, q):
        return 0.0
    # The least squared distance from a vertex of one polygon to an edge of the other, as
    # point_segment_closest computes it, written out (the hot path of every range and arc
    # measure): each polygon's edges are set up once, and a foot clamped to the edge's
    # start is the start itself, so that distance is taken directly (the same float).
    # (Skipping vertices by a lower bound from the separating axis was tried: for two
    # bases it still visits 5 of 8 vertices, and the bounds cost what they save.)
    best = math.inf
    for a, b in ((p, q), (q, p)):
        edges = []
        ax, ay = b[-1]
        for bx, by in b:
            dx, dy = bx - ax, by - ay
            edges.append((ax, ay, dx, dy, dx * dx + dy * dy))
            ax, ay = bx, by
        for px, py in a:
            for ax, ay, dx, dy, length2 in edges:
                ex = px - ax
                ey = py - ay
                # t <= 0 exactly when the numerator is (length2 > 0): then the foot is the
                # start (t underflowing to 0 from a tiny numerator gives the same point)
                w = ex * dx + ey * dy
                if w > 0.0 and length2 != 0.0:
                    t = w / length2
                    if t > 1.0:
                        t = 1.0
                    ex = px - (ax + t * dx)
                    ey = py - (ay + t * dy)
                d2 = ex * ex + ey * ey
                if d2 < best:
                    best = d2
    return math.sqrt(best)


@dataclass(frozen=True)
class ClosestSet:
    """Every pair of closest points between two convex polygons.

    The closest points on the first polygon form the segment ``a0``-``a1`` (a single point
    when ``a0 == a1``); each is joined to its partner on the second polygon by ``offset``.
    """

    distance: float
    a0: Point
    a1: Point
    offset: Point

    @property
    def unique(self) -> bool:
        return math.hypot(self.a1[0] - self.a0[0], self.a1[1] - self.a0[1]) <= EPS

    @property
    def segment(self) -> tuple[Point, Point]:
        """One closest pair (the first of the family)."""
        return (self.a0, (self.a0[0] + self.offset[0], self.a0[1] + self.offset[1]))


def closest_set(p: Polygon, q: Polygon) -> ClosestSet:
    """All closest point pairs from convex ``p`` to convex ``q``; the polygons must be apart
    (or touching, which gives distance 0 and a single pair at a touching point)."""
    best = math.inf
    candidates: list[tuple[float, Point, Point]] = []  # (d2, point on p, point on q)
    n_q, n_p = len(q), len(p)
    for px, py in p:
        for i in range(n_q):
            ax, ay = q[i - 1]
            bx, by = q[i]
            cx, cy, d2 = point_segment_closest(px, py, ax, ay, bx, by)
            candidates.append((d2, (px, py), (cx, cy)))
            best = min(best, d2)
    for qx, qy in q:
        for i in range(n_p):
            ax, ay = p[i - 1]
            bx, by = p[i]
            cx, cy, d2 = point_segment_closest(qx, qy, ax, ay, bx, by)
            candidates.append((d2, (cx, cy), (qx, qy)))
            best = min(best, d2)
    d = math.sqrt(best)
    tol = EPS * (2.0 * d + EPS) + 1e-18
    tied = [(a, b) for d2, a, b in candidates if d2 <= best + tol]
    a_first, b_first = tied[0]
    offset = (b_first[0] - a_first[0], b_first[1] - a_first[1])
    if len(tied) == 1 or d <= EPS:
        return ClosestSet(d, a_first, a_first, offset)
    # Several tied pairs: they lie on two parallel facing edges; the closest points on p
    # form a segment. Take its extreme points along the segment direction.
    far_a, far_d = a_first, 0.0
    for a, _ in tied:
        dd = math.hypot(a[0] - a_first[0], a[1] - a_first[1])
        if dd > far_d:
            far_a, far_d = a, dd
    if far_d <= EPS:
        return ClosestSet(d, a_first, a_first, offset)
    ux, uy = (far_a[0] - a_first[0]) / far_d, (far_a[1] - a_first[1]) / far_d
    projections = [((a[0] - a_first[0]) * ux + (a[1] - a_first[1]) * uy, a) for a, _ in tied]
    lo = min(projections)[1]
    hi = max(projections)[1]
    # The offset is perpendicular to the facing edges; recompute it from the exact distance.
    nx, ny = -uy, ux
    if nx * offset[0] + ny * offset[1] < 0:
        nx, ny = -nx, -ny
    return ClosestSet(d, lo, hi, (nx * d, ny * d))


def clip(poly: Sequence[Point], planes: tuple[HalfPlane, ...], eps: float = EPS) -> Polygon:
    """The part of a convex polygon inside every half-plane (a*x + b*y + c >= -eps).

    The half-plane coefficients (a, b) must be unit normals for ``eps`` to be a distance.
    The result may be degenerate (a segment or a point) when the polygon only touches.
    """
    out = list(poly)
    for a, b, c in planes:
        if not out:
            break
        src = out
        out = []
        n = len(src)
        prev = src[-1]
        prev_d = a * prev[0] + b * prev[1] + c
        for i in range(n):
            cur = src[i]
            cur_d = a * cur[0] + b * cur[1] + c
            cur_in = cur_d >= -eps
            prev_in = prev_d >= -eps
            if cur_in:
                if not prev_in:
                    t = prev_d / (prev_d - cur_d)
                    out.append((prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])))
                out.append(cur)
            elif prev_in:
                t = prev_d / (prev_d - cur_d)
                out.append((prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])))
            prev, prev_d = cur, cur_d
    return tuple(out)


def segment_enters(ax: float, ay: float, bx: float, by: float, poly: Polygon,
                   eps: float = EPS) -> bool:
    """True when segment ab passes through the interior of the convex polygon (deeper than
    ``eps`` from its boundary)."""
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    x1, y1 = poly[-1]
    for x2, y2 in poly:
        ex, ey = x2 - x1, y2 - y1
        length = math.hypot(ex, ey)
        if length == 0.0:
            x1, y1 = x2, y2
            continue
        # inward normal of a counter-clockwise polygon: (-ey, ex)
        nx, ny = -ey / length, ex / length
        start = nx * (ax - x1) + ny * (ay - y1) - eps
        rate = nx * dx + ny * dy
        x1, y1 = x2, y2
        if rate == 0.0:
            if start <= 0.0:
                return False
            continue
        t = -start / rate
        if rate > 0.0:
            if t > t0:
                t0 = t
        elif t < t1:
            t1 = t
        if t0 >= t1:
            return False
    return t0 < t1


def project_interval(poly: Polygon, ux: float, uy: float) -> tuple[float, float]:
    """Range of ``u . p`` over the polygon's vertices."""
    values = [x * ux + y * uy for x, y in poly]
    return (min(values), max(values))
