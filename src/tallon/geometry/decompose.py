"""Cutting a simple polygon into a few convex pieces (ear clipping, then Hertel-Mehlhorn
merging of triangles whose union stays convex)."""

from __future__ import annotations

from tallon.geometry.polygons import Polygon, ccw


def _cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _inside_triangle(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float],
                     c: tuple[float, float]) -> bool:
    return _cross(a, b, p) >= 0 and _cross(b, c, p) >= 0 and _cross(c, a, p) >= 0


def triangulate(poly: Polygon) -> list[tuple[int, int, int]]:
    """Ear-clipping triangulation of a simple counter-clockwise polygon (vertex indices)."""
    indices = list(range(len(poly)))
    triangles: list[tuple[int, int, int]] = []
    guard = 0
    while len(indices) > 3:
        guard += 1
        if guard > 10 * len(poly) ** 2:
            raise ValueError("polygon is not simple; cannot triangulate")
        n = len(indices)
        for k in range(n):
            i, j, m = indices[k - 1], indices[k], indices[(k + 1) % n]
            a, b, c = poly[i], poly[j], poly[m]
            if _cross(a, b, c) <= 0:
                continue  # reflex or degenerate corner: not an ear
            if any(
                _inside_triangle(poly[o], a, b, c)
                for o in indices
                if o not in (i, j, m)
            ):
                continue
            triangles.append((i, j, m))
            del indices[k]
            break
    triangles.append((indices[0], indices[1], indices[2]))
    return triangles


def _is_convex(poly: Polygon) -> bool:
    n = len(poly)
    return all(_cross(poly[k - 1], poly[k], poly[(k + 1) % n]) >= -1e-9 for k in range(n))


def _merge(a: list[int], b: list[int]) -> list[int] | None:
    """Join two index cycles that share exactly one edge; None if they don't."""
    for x in range(len(a)):
        i, j = a[x], a[(x + 1) % len(a)]
        for y in range(len(b)):
            if b[y] == j and b[(y + 1) % len(b)] == i:
                # walk a from j round to i, then b from i round to j (excluding shared ends)
                rest_a = a[x + 1:] + a[: x + 1]  # starts at j, ends at i
                rest_b = b[y + 1:] + b[: y + 1]  # starts at i, ends at j
                return rest_a + rest_b[1:-1]
    return None


def convex_pieces(poly: Polygon) -> tuple[Polygon, ...]:
    """A small set of convex polygons whose union is the simple polygon ``poly``."""
    poly = ccw(tuple(poly))
    if _is_convex(poly):
        return (poly,)
    pieces = [list(t) for t in triangulate(poly)]
    merged = True
    while merged:
        merged = False
        for p in range(len(pieces)):
            for q in range(p + 1, len(pieces)):
                joined = _merge(pieces[p], pieces[q])
                if joined is not None and _is_convex(tuple(poly[i] for i in joined)):
                    pieces[p] = joined
                    del pieces[q]
                    merged = True
                    break
            if merged:
                break
    return tuple(tuple(poly[i] for i in piece) for piece in pieces)
