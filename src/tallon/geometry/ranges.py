"""Range between objects (RR: RANGE).

Range is measured closest point to closest point with a single edge of the ruler, so it is
the exact Euclidean distance between the objects' outlines: ship bases without their guides
(RR: GUIDES), obstacles, devices with their guides (RR: DEVICE).

Bands (decided, see docs/rulings.md): range 0 is touching or overlapping (distance at most
the tolerance); range n (1-5) holds distances in (100 (n-1), 100 n], so a distance of exactly
100 is range 1. Distances beyond 500 get the band they would have on a longer ruler (6, 7,
...), which no rule accepts.
"""

from __future__ import annotations

import math

from tallon.geometry.constants import EPS, RANGE_BAND_LENGTH
from tallon.geometry.polygons import (
    ClosestSet,
    Polygon,
    bounding_circle,
    closest_set,
    contains_point,
    distance,
    point_segment_closest,
)
from tallon.geometry.table import TableObject

#: A circle: centre x, centre y, radius.
Circle = tuple[float, float, float]


def band(d: float) -> int:
    """The range band of a distance (mm)."""
    if d <= EPS:
        return 0
    return max(1, math.ceil((d - EPS) / RANGE_BAND_LENGTH))


def band_limits(n: int) -> tuple[float, float]:
    """The distances (exclusive low, inclusive high) that make range ``n``."""
    if n <= 0:
        return (-math.inf, EPS)
    return (RANGE_BAND_LENGTH * (n - 1), RANGE_BAND_LENGTH * n)


def pieces_distance(a: tuple[Polygon, ...], b: tuple[Polygon, ...],
                    circles_a: tuple[Circle, ...] | None = None,
                    circles_b: tuple[Circle, ...] | None = None) -> float:
    """Distance between two unions of convex pieces (``circles_a`` and ``circles_b``: each
    piece's :func:`bounding_circle`, when known already).

    Pairs are visited nearest first by their bounding circles, and a pair whose circles are
    already farther apart than the best distance found can't improve it.
    """
    if len(a) == 1 and len(b) == 1:
        return distance(a[0], b[0])
    if circles_a is None:
        circles_a = tuple(bounding_circle(p) for p in a)
    if circles_b is None:
        circles_b = tuple(bounding_circle(q) for q in b)
    pairs = []
    for p, (ax, ay, ar) in zip(a, circles_a, strict=True):
        for q, (bx, by, br) in zip(b, circles_b, strict=True):
            pairs.append((math.hypot(ax - bx, ay - by) - ar - br, p, q))
    pairs.sort(key=lambda item: item[0])
    best = math.inf
    for bound, p, q in pairs:
        if bound >= best:
            break
        d = distance(p, q)
        if d < best:
            best = d
            if best == 0.0:
                break
    return best


def object_distance(a: TableObject, b: TableObject) -> float:
    """Closest distance between two objects as the range ruler measures it."""
    pieces_a, pieces_b = a.range_pieces, b.range_pieces
    if len(pieces_a) == 1 and len(pieces_b) == 1:
        return distance(pieces_a[0], pieces_b[0])
    # the objects keep their pieces' circles (an obstacle is measured again and again)
    return pieces_distance(pieces_a, pieces_b, a.range_circles, b.range_circles)


def range_between(a: TableObject, b: TableObject) -> int:
    """The range from ``a`` to ``b`` (symmetric)."""
    return band(object_distance(a, b))


def closest_points(a: TableObject, b: TableObject) -> ClosestSet:
    """The closest pair(s) of points between two objects."""
    best: ClosestSet | None = None
    for p in a.range_pieces:
        for q in b.range_pieces:
            if distance(p, q) <= 0.0:
                touch = _touch_point(p, q)
                return ClosestSet(0.0, touch, touch, (0.0, 0.0))
            found = closest_set(p, q)
            if best is None or found.distance < best.distance:
                best = found
    assert best is not None
    return best


def _touch_point(p: Polygon, q: Polygon) -> tuple[float, float]:
    # a representative point where two meeting polygons touch: the vertex of q nearest p
    best = min(q, key=lambda v: min(point_segment_closest(v[0], v[1], *p[i - 1], *p[i])[2]
                                   for i in range(len(p))))
    return best


def farthest_distance(a: TableObject, b: TableObject) -> float:
    """How far the farthest point of ``b`` is from ``a`` (the measure of "within").

    Distance to a convex outline is a convex function, so over ``b`` it peaks at a vertex;
    this is exact when ``a`` is convex (a ship base), the objects rules measure from.
    """
    worst = 0.0
    for q in b.range_pieces:
        for x, y in q:
            d = min(_point_polygon_distance(x, y, p) for p in a.range_pieces)
            worst = max(worst, d)
    return worst


def _point_polygon_distance(x: float, y: float, poly: Polygon) -> float:
    if contains_point(poly, x, y, 0.0):
        return 0.0
    return math.sqrt(min(point_segment_closest(x, y, *poly[i - 1], *poly[i])[2]
                         for i in range(len(poly))))


def disk_distance(x: float, y: float, radius: float, pieces: tuple[Polygon, ...]) -> float:
    """Closest distance between a round marker (centre ``x``, ``y``) and a union of convex
    pieces, exactly: the centre's distance less the radius (0 when they touch or overlap)."""
    centre = min(_point_polygon_distance(x, y, piece) for piece in pieces)
    return max(0.0, centre - radius)


def at_range(a: TableObject, b: TableObject, low: int, high: int | None = None) -> bool:
    """``b`` is at range ``low`` (or ``low``-``high``) of ``a``: its closest point lies in
    those bands (RR: RANGE, "at")."""
    high = low if high is None else high
    return low <= range_between(a, b) <= high


def within_range(a: TableObject, b: TableObject, high: int, low: int = 0) -> bool:
    """The whole of ``b`` lies in bands ``low``-``high`` of ``a`` (RR: RANGE, "within")."""
    if range_between(a, b) < low:
        return False
    return farthest_distance(a, b) <= band_limits(high)[1] + EPS


def beyond_range(a: TableObject, b: TableObject, n: int) -> bool:
    """No part of ``b`` is at range ``n`` or closer (RR: RANGE, "beyond")."""
    return range_between(a, b) > n
