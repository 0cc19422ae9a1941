"""Which ships and objects a base or a template overlaps or moves through (RR: OVERLAP, RR: MOVE).

The tests are exact up to the tolerance ``EPS``: convex pieces overlap when they
penetrate by more than it. Every test first rejects what the bounding circles keep apart,
and template contacts visit an object's pieces nearest the template's start first and stop
when no remaining piece can be met earlier (``PlacedTemplate.earliest_contact``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tallon.geometry.boxes import Box, box_overlaps_polygon
from tallon.geometry.constants import EPS
from tallon.geometry.polygons import Polygon, penetration
from tallon.geometry.table import Table, TableObject
from tallon.geometry.templates import PlacedTemplate


def pieces_overlap(a: tuple[Polygon, ...], b: tuple[Polygon, ...]) -> bool:
    """True when any pair of convex pieces overlaps by more than the tolerance."""
    return any(penetration(p, q, EPS) > EPS for p in a for q in b)


def max_penetration(a: tuple[Polygon, ...], b: tuple[Polygon, ...]) -> float:
    """Largest penetration depth over the pairs of convex pieces."""
    return max(penetration(p, q) for p in a for q in b)


def ships_overlapped(table: Table, body: TableObject) -> tuple[str, ...]:
    """Ids of the other ships whose bases with guides ``body`` (a ship's base or a device
    at some pose) overlaps. Its pieces are built only once a ship's circle meets its own."""
    cx, cy, cr = body.circle
    hits = []
    for other in table.ships:
        if other.id == body.id:
            continue
        ox, oy, orad = other.circle
        if math.hypot(ox - cx, oy - cy) > cr + orad:
            continue
        if pieces_overlap(body.overlap_pieces, other.overlap_pieces):
            hits.append(other.id)
    return tuple(hits)


def objects_overlapped(objects: Sequence[TableObject], body: TableObject) -> list[TableObject]:
    """The objects whose overlap pieces ``body``'s overlap. Its pieces are built only once
    an object's circle meets its own."""
    cx, cy, cr = body.circle
    found = []
    for obj in objects:
        ox, oy, orad = obj.circle
        if math.hypot(ox - cx, oy - cy) > cr + orad:
            continue
        if any(penetration(p, q, EPS) > EPS
               for q, (qx, qy, qr) in obj.piece_circles
               if math.hypot(qx - cx, qy - cy) <= cr + qr
               for p, (px, py, pr) in body.piece_circles
               if math.hypot(qx - px, qy - py) <= pr + qr):
            found.append(obj)
    return found


def template_contacts(placed: PlacedTemplate | None, objects: Sequence[TableObject]
                      ) -> list[tuple[float, TableObject]]:
    """Objects the template passes over, with the centre-line length of first contact."""
    if placed is None or placed.empty:
        return []
    tx, ty, tr = placed.circle
    near = [obj for obj in objects
            if math.hypot(obj.circle[0] - tx, obj.circle[1] - ty) <= tr + obj.circle[2]]
    return template_contacts_near(placed, placed.circle, near)


def template_contacts_near(placed: PlacedTemplate, circle: tuple[float, float, float],
                           objects: Sequence[TableObject]) -> list[tuple[float, TableObject]]:
    """:func:`template_contacts` for a non-empty template held by ``circle``."""
    tx, ty, tr = circle
    found = []
    for obj in objects:
        if not placed.may_meet_shape(*obj.circle):
            continue
        pieces = obj.piece_axes
        if len(pieces) > 1:
            # the pieces that may meet the template, nearest the start first: a piece that
            # can't be met earlier than the best contact so far can't change it
            near = []
            for (px, py, pr), piece in pieces:
                dx, dy, reach = px - tx, py - ty, tr + pr
                if dx * dx + dy * dy <= reach * reach and placed.may_meet_shape(px, py, pr):
                    near.append((px, py, pr, piece))
            if len(near) > 1:
                ordered = sorted(((placed.earliest_contact(px, py, pr), piece)
                                  for px, py, pr, piece in near), key=lambda item: item[0])
            else:
                ordered = [(-math.inf, piece) for _, _, _, piece in near]
        else:
            # one piece: its circle is the object's, already tested
            ordered = [(-math.inf, pieces[0][1])]
        best: float | None = None
        for earliest, (outline, normals) in ordered:
            if best is not None and earliest >= best:
                break
            contact = placed.first_contact(outline, normals)
            if contact is not None and (best is None or contact < best):
                best = contact
        if best is not None:
            found.append((best, obj))
    return found


def base_meets(boxes: tuple[Box, ...], circle: tuple[float, float, float],
               obj: TableObject) -> bool:
    """True when a base, given as boxes within ``circle``, overlaps the object: the test of
    :func:`objects_overlapped`, box against polygon."""
    cx, cy, cr = circle
    for (qx, qy, qr), polygon in obj.piece_axes:
        if math.hypot(qx - cx, qy - cy) > cr + qr:
            continue
        for box in boxes:
            if (math.hypot(qx - box[0], qy - box[1]) <= box[8] + qr
                    and box_overlaps_polygon(box, polygon, EPS)):
                return True
    return False
