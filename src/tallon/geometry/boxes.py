"""Oriented boxes: the fast path for ship-against-ship tests.

A ship's base and each of its guides is a rectangle, so the separating-axis test between
two of them needs only the four box axes, with each box's projection given by its half
extents. This is the same measure as :func:`tallon.geometry.polygons.penetration`, for
rectangles only, at a fraction of the cost.

Between two bases it gets cheaper still (:func:`deepest_pair`,
:func:`bases_travel_intervals`): all boxes of one base share their axes, so the relative
turn's |cos| and |sin| give every extent on every axis, and a pair is measured only when
the overlap of its bounding circles (an upper bound of its penetration depth) could beat
the best value found so far. Against a fixed convex polygon (an obstacle's piece) the
polygon's edge normals and its own projections on them are found once
(:func:`polygon_axes`, :func:`box_overlaps_polygon`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from tallon.geometry.bases import BaseShape
from tallon.geometry.pose import Pose

#: A placed box: centre x, centre y, unit axis u (ux, uy), unit axis v (vx, vy), half
#: extents along u and v, and the radius of its bounding circle.
Box = tuple[float, float, float, float, float, float, float, float, float]
#: A box in a base's local frame: centre (right, forward) and half extents.
LocalBox = tuple[float, float, float, float]


@cache
def local_boxes(base: BaseShape) -> tuple[LocalBox, ...]:
    """The base and its guides as local axis-aligned boxes (square first)."""
    result = []
    for piece in base.pieces:
        xs = [p[0] for p in piece]
        ys = [p[1] for p in piece]
        result.append(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2,
                       (max(xs) - min(xs)) / 2, (max(ys) - min(ys)) / 2))
    return tuple(result)


def place_boxes(base: BaseShape, pose: Pose) -> tuple[Box, ...]:
    """The base's boxes placed at ``pose``."""
    return place_local_boxes(local_boxes(base), pose.x, pose.y, pose.heading)


def place_local_boxes(boxes: tuple[LocalBox, ...], x: float, y: float, heading: float
                      ) -> tuple[Box, ...]:
    """Local boxes placed with their frame's origin at (x, y), facing ``heading``."""
    h = math.radians(heading)
    s, c = math.sin(h), math.cos(h)
    # local right -> (c, -s), local forward -> (s, c)
    return tuple(
        (x + lx * c + ly * s, y - lx * s + ly * c, c, -s, s, c, hx, hy, math.hypot(hx, hy))
        for lx, ly, hx, hy in boxes
    )


def sized_boxes(boxes: tuple[LocalBox, ...]) -> tuple[tuple[float, float, float, float, float],
                                                        ...]:
    """Local boxes with the radius of each one's bounding circle appended, for
    :func:`place_sized_boxes`."""
    return tuple((lx, ly, hx, hy, math.hypot(hx, hy)) for lx, ly, hx, hy in boxes)


def place_sized_boxes(boxes: tuple[tuple[float, float, float, float, float], ...], x: float,
                      y: float, heading: float) -> tuple[Box, ...]:
    """:func:`place_local_boxes` for boxes from :func:`sized_boxes` (same result, without
    recomputing the radii)."""
    h = math.radians(heading)
    return place_sized_boxes_at(boxes, x, y, math.sin(h), math.cos(h))


def place_sized_boxes_at(boxes: tuple[tuple[float, float, float, float, float], ...],
                         x: float, y: float, s: float, c: float) -> tuple[Box, ...]:
    """:func:`place_sized_boxes` for a heading given by its sine and cosine."""
    return tuple([(x + lx * c + ly * s, y - lx * s + ly * c, c, -s, s, c, hx, hy, r)
                  for lx, ly, hx, hy, r in boxes])


def box_polygon(box: Box) -> tuple[tuple[float, float], ...]:
    """The box's corners, counter-clockwise (as a convex polygon)."""
    x, y, ux, uy, vx, vy, hx, hy, _ = box
    ax, ay = ux * hx, uy * hx
    bx, by = vx * hy, vy * hy
    # u is the local right and v the local forward axis: (u, v) is counter-clockwise
    return ((x - ax - bx, y - ay - by), (x + ax - bx, y + ay - by),
            (x + ax + bx, y + ay + by), (x - ax + bx, y - ay + by))


def boxes_penetration(a: tuple[Box, ...], b: tuple[Box, ...]) -> float:
    """Largest penetration over the pairs of boxes (positive: some pair overlaps).

    Pairs whose bounding circles are apart can't overlap; they contribute minus the gap
    between their circles, a lower bound of minus their distance, so the result is
    continuous and negative when nothing overlaps.

    The plain form of :func:`bases_penetration`, which finds the same value faster for the
    solvers; this one is kept as its reference (the random-games test checks with it).
    """
    best = -math.inf
    for ax, ay, aux, auy, avx, avy, ahx, ahy, ar in a:
        for bx, by, bux, buy, bvx, bvy, bhx, bhy, br in b:
            dx, dy = bx - ax, by - ay
            reach = ar + br
            d2 = dx * dx + dy * dy
            if d2 > reach * reach:
                gap = math.sqrt(d2) - reach
                if -gap > best:
                    best = -gap
                continue
            depth = math.inf
            for nx, ny in ((aux, auy), (avx, avy), (bux, buy), (bvx, bvy)):
                overlap = (ahx * abs(aux * nx + auy * ny) + ahy * abs(avx * nx + avy * ny)
                           + bhx * abs(bux * nx + buy * ny) + bhy * abs(bvx * nx + bvy * ny)
                           - abs(dx * nx + dy * ny))
                if overlap < depth:
                    depth = overlap
            if depth > best:
                best = depth
    return best


#: A convex polygon ready for box tests: its vertices, and each edge's unit normal with the
#: polygon's own projection interval on it (fixed for objects that don't move).
PolygonAxes = tuple[tuple[tuple[float, float], ...], tuple[tuple[float, float, float, float], ...]]


def polygon_axes(poly: tuple[tuple[float, float], ...]) -> PolygonAxes:
    """The polygon with its edge normals and projections, for :func:`box_overlaps_polygon`
    (and :meth:`tallon.geometry.templates.PlacedTemplate.first_contact`).

    :func:`tallon.geometry.polygons.penetration` finds the same normals inline, for
    polygons that are measured once: a call per axis would cost it more than the test."""
    return (poly, edge_axes(poly))


def edge_axes(poly: Sequence[tuple[float, float]]) -> tuple[tuple[float, float, float, float], ...]:
    """Each edge's unit normal with the polygon's projection interval on it, (nx, ny, min,
    max): the second half of :func:`polygon_axes`, for a polygon of any sequence."""
    axes = []
    x1, y1 = poly[-1]
    for x2, y2 in poly:
        nx, ny = y2 - y1, x1 - x2
        length = math.hypot(nx, ny)
        x1, y1 = x2, y2
        if length == 0.0:
            continue
        nx /= length
        ny /= length
        projections = [x * nx + y * ny for x, y in poly]
        axes.append((nx, ny, min(projections), max(projections)))
    return tuple(axes)


def box_overlaps_polygon(box: Box, polygon: PolygonAxes, eps: float) -> bool:
    """True when the box and the convex polygon overlap by more than ``eps``: the test of
    :func:`tallon.geometry.polygons.overlaps` (every separating axis shows an overlap of
    more than ``eps``), with the box's two axes and the polygon's precomputed normals."""
    x, y, ux, uy, vx, vy, hx, hy, _ = box
    vertices, axes = polygon
    for nx, ny, qmin, qmax in axes:
        centre = x * nx + y * ny
        reach = hx * abs(ux * nx + uy * ny) + hy * abs(vx * nx + vy * ny)
        if centre + reach - qmin <= eps or qmax - centre + reach <= eps:
            return False
    # the polygon's projections on the box's own axes change with every box, so they are
    # found here, inline as in polygons.penetration (this runs for each box of every final
    # position near an obstacle piece: a helper call per axis would cost more than the test)
    for nx, ny, half in ((ux, uy, hx), (vx, vy, hy)):
        centre = x * nx + y * ny
        qmin = qmax = vertices[0][0] * nx + vertices[0][1] * ny
        for px, py in vertices:
            d = px * nx + py * ny
            if d < qmin:
                qmin = d
            elif d > qmax:
                qmax = d
        if centre + half - qmin <= eps or qmax - centre + half <= eps:
            return False
    return True


def bases_penetration(a: tuple[Box, ...], b: tuple[Box, ...], floor: float = -math.inf,
                      enough: float = math.inf, reach_b: float | None = None) -> float:
    """The larger of ``floor`` and :func:`boxes_penetration` for the boxes of two bases;
    with ``enough``, the first value found above it may be returned instead of the largest
    (for "does any pair overlap by more than x?").

    The value is that of :func:`boxes_penetration`, up to rounding; see
    :func:`deepest_pair` for how it is found (and ``reach_b``).
    """
    return deepest_pair(a, b, floor, enough, reach_b)[0]


def boxes_reach(boxes: tuple[Box, ...]) -> float:
    """The radius of a circle round the first box's centre that holds every box's circle
    (for :func:`deepest_pair`)."""
    x, y = boxes[0][0], boxes[0][1]
    return max(math.hypot(box[0] - x, box[1] - y) + box[8] for box in boxes)


def deepest_pair(a: tuple[Box, ...], b: tuple[Box, ...], floor: float = -math.inf,
                 enough: float = math.inf, reach_b: float | None = None
                 ) -> tuple[float, Box | None, Box | None]:
    """:func:`bases_penetration` with the pair of boxes that gives it (None, None when no
    pair beats ``floor``); ``reach_b``, when given, is :func:`boxes_reach` of ``b``.

    The boxes of one base share their axes, so the relative turn between the bases gives
    every box's extent on every axis of the other base: |cos| and |sin| of the turn, found
    once. A pair can't beat the best value so far when its circles' overlap doesn't (the
    penetration depth is at most the overlap of the bounding circles, and a pair whose
    circles are apart contributes exactly minus their gap), so only the pairs that can are
    measured; with ``reach_b`` a box of ``a`` whose circle can't overlap the circle round
    all of ``b`` by more than that is skipped at once.
    """
    best = floor
    best_a = best_b = None
    _, _, aux, auy, avx, avy, _, _, _ = a[0]
    bx0, by0, bux, buy, bvx, bvy, _, _, _ = b[0]
    # |u_a . u_b| = |v_a . v_b| and |u_a . v_b| = |v_a . u_b| for two turned frames
    cos = abs(aux * bux + auy * buy)
    sin = abs(aux * bvx + auy * bvy)
    for box_a in a:
        ax, ay, _, _, _, _, ahx, ahy, ar = box_a
        if reach_b is not None:
            limit = ar + reach_b - best
            if limit <= 0.0 or (ax - bx0) * (ax - bx0) + (ay - by0) * (ay - by0) >= limit * limit:
                continue
        # this box's extents on the other base's axes
        on_bu = ahx * cos + ahy * sin
        on_bv = ahx * sin + ahy * cos
        for box_b in b:
            bx, by, _, _, _, _, bhx, bhy, br = box_b
            dx, dy = bx - ax, by - ay
            reach = ar + br
            d2 = dx * dx + dy * dy
            # the pair's value is at most reach - distance: skip it unless that beats best
            limit = reach - best
            if limit <= 0.0 or d2 >= limit * limit:
                continue
            if d2 > reach * reach:
                depth = reach - math.sqrt(d2)  # circles apart: minus the gap
            else:
                depth = ahx + bhx * cos + bhy * sin - abs(dx * aux + dy * auy)
                overlap = ahy + bhx * sin + bhy * cos - abs(dx * avx + dy * avy)
                if overlap < depth:
                    depth = overlap
                overlap = bhx + on_bu - abs(dx * bux + dy * buy)
                if overlap < depth:
                    depth = overlap
                overlap = bhy + on_bv - abs(dx * bvx + dy * bvy)
                if overlap < depth:
                    depth = overlap
            if depth > best:
                best, best_a, best_b = depth, box_a, box_b
                if best > enough:
                    return (best, best_a, best_b)
    return (best, best_a, best_b)


def bases_travel_intervals(a: tuple[Box, ...], b: tuple[Box, ...], dx: float, dy: float,
                           depth: float, limit: float, reach_b: float | None = None
                           ) -> list[tuple[float, float]]:
    """For every pair of a moving base's boxes ``a`` and a fixed base's boxes ``b`` that can
    meet within ``limit`` of travel along the unit direction (dx, dy), the open interval of
    travel t over which the box of ``a``, moved by t, overlaps the box of ``b`` by more than
    ``depth`` (pairs that never do are left out); ``reach_b``, when given, is
    :func:`boxes_reach` of ``b``.

    On each of the four box axes the overlap is linear in t, so each axis gives an interval
    in closed form and the boxes overlap exactly where all four do. As in
    :func:`deepest_pair`, each base's boxes share their axes, so every extent on every axis
    comes from the relative turn's |cos| and |sin|, and the rate at which the travel moves
    along each axis is found once.
    """
    _, _, aux, auy, avx, avy, _, _, _ = a[0]
    bx0, by0, bux, buy, bvx, bvy, _, _, _ = b[0]
    cos = abs(aux * bux + auy * buy)
    sin = abs(aux * bvx + auy * bvy)
    rates = (dx * aux + dy * auy, dx * avx + dy * avy, dx * bux + dy * buy, dx * bvx + dy * bvy)
    found = []
    for ax, ay, _, _, _, _, ahx, ahy, ar in a:
        if reach_b is not None:
            # the circle round all of b must come within reach of the segment a's centre
            # sweeps, or none of b's boxes can (written out here and for each pair below,
            # not called: this is the innermost loop of the straight back-off)
            cx, cy = bx0 - ax, by0 - ay
            along = cx * dx + cy * dy
            along = 0.0 if along < 0.0 else (limit if along > limit else along)
            ex, ey, reach = cx - along * dx, cy - along * dy, ar + reach_b
            if ex * ex + ey * ey > reach * reach:
                continue
        for bx, by, _, _, _, _, bhx, bhy, br in b:
            # the pair can only meet if b's circle comes within reach of the segment a's
            # centre sweeps
            cx, cy = bx - ax, by - ay
            along = cx * dx + cy * dy
            along = 0.0 if along < 0.0 else (limit if along > limit else along)
            ex, ey, reach = cx - along * dx, cy - along * dy, ar + br
            if ex * ex + ey * ey > reach * reach:
                continue
            lo, hi = -math.inf, math.inf
            # each axis: the two boxes' extents on it, and where b's centre projects
            for extent, centre, k in (
                    (ahx + bhx * cos + bhy * sin, cx * aux + cy * auy, rates[0]),
                    (ahy + bhx * sin + bhy * cos, cx * avx + cy * avy, rates[1]),
                    (bhx + ahx * cos + ahy * sin, cx * bux + cy * buy, rates[2]),
                    (bhy + ahx * sin + ahy * cos, cx * bvx + cy * bvy, rates[3])):
                extent -= depth
                # overlap on this axis after travel t: extent - |centre - t k| > 0
                if abs(k) < 1e-15:
                    if abs(centre) >= extent:
                        break
                    continue
                t1, t2 = (centre - extent) / k, (centre + extent) / k
                if t1 > t2:
                    t1, t2 = t2, t1
                if t1 > lo:
                    lo = t1
                if t2 < hi:
                    hi = t2
                if lo >= hi:
                    break
            else:
                found.append((lo, hi))
    return found
