"""Partial execution: backing a base along its template to the first position where it is
on top of no ship (RR: OVERLAP).

The base backs along the template (both hashmarks on the centre line, see
:mod:`tallon.geometry.path`) to the first position where it is on top of no ship, which
leaves it touching the last ship it backed over. The contact is solved, not sampled:

- along a straight template the base only translates, and the interval of travel in which
  each pair of convex pieces overlaps follows from the separating axes in closed form
  (:func:`translation_backoff`);
- along a curved template the base backs in certified steps (:func:`advance_on_curve`):
  every position it backs over is proven to overlap a ship by more than ``EPS / 4``, and it
  stops at the first position it reaches whose penetration is at most ``EPS / 2``.

Two certificates prove a stretch of travel overlapping, and each step takes the longer:

- conservative advancement: with penetration depth p and no point of the base moving
  faster than V per mm of travel, every position within (p - EPS / 4) / V still overlaps;
- the deepest pair of boxes' own Taylor bound. Two boxes overlap while, on each of their
  four separating axes, both "far end of one minus near end of the other" differences stay
  positive. Each difference is at least the one made by the two corners that make it now,
  which is a smooth function of the travel: its rate follows exactly from the base's motion
  (:meth:`~tallon.geometry.path.ChordPath.motion`), and its second derivative is bounded by
  the path's accelerations (:func:`~tallon.geometry.path.motion_bounds`). Backing by D the
  difference is at least T - T' D - B D^2 / 2, so the pair overlaps at least until the
  first of these eight quadratics comes down to ``EPS / 4``.

The second certificate knows where the contact is heading, so near the contact the steps
close in like Newton's method (the remaining penetration shrinks quadratically) instead of
by a constant factor; on the benchmark board the solver needs under half the evaluations
conservative advancement alone needs. Pairs of boxes are measured only when their bounding
circles could change the answer (:func:`~tallon.geometry.boxes.deepest_pair`), and a
base's boxes share their axes.
"""

from __future__ import annotations

import math

from tallon.geometry.boxes import (
    Box,
    bases_travel_intervals,
    deepest_pair,
    place_sized_boxes_at,
)
from tallon.geometry.constants import EPS
from tallon.geometry.maneuver_kit import ManeuverKit
from tallon.geometry.maneuvers import FlightPlan
from tallon.geometry.path import ChordPath
from tallon.geometry.pose import Pose
from tallon.geometry.table import Ship

_MAX_ADVANCE_STEPS = 20000
#: The longest step (mm of travel) the curve solver certifies at once.
_MAX_CERTIFIED_STEP = 40.0


def translation_backoff(moving: tuple[Box, ...], others: list[Ship], dx: float, dy: float,
                        limit: float) -> tuple[float, Ship | None]:
    """Distance t in [0, limit] the base must move along the unit direction (dx, dy) to be
    free of every other ship, and the ship it ends up touching.

    For a pair of boxes the overlapping values of t form an open interval, found in closed
    form axis by axis; the answer is the first t not inside any interval. The intervals are
    for overlaps deeper than half the tolerance, so the base stops comfortably within it.
    """
    intervals: list[tuple[float, float, Ship]] = []
    # the base sweeps a capsule from its full position back to its start
    sx, sy = moving[0][0], moving[0][1]
    radius = max(math.hypot(box[0] - sx, box[1] - sy) + box[8] for box in moving)
    for other in others:
        ox, oy, orad = other.circle
        # distance from the other ship's centre to the swept segment
        t = max(0.0, min(limit, (ox - sx) * dx + (oy - sy) * dy))
        if math.hypot(ox - sx - t * dx, oy - sy - t * dy) > radius + orad:
            continue
        intervals.extend((lo, hi, other) for lo, hi in bases_travel_intervals(
            moving, other.boxes, dx, dy, EPS / 2, limit, other.boxes_reach))
    t = 0.0
    touching: Ship | None = None
    moved = True
    while moved:
        moved = False
        for lo, hi, other in intervals:
            if lo < t < hi:
                t = hi
                touching = other
                moved = True
    return (min(t, limit), touching)


def advance_on_curve(path: ChordPath, virtual_start: Pose, plan: FlightPlan,
                     kit: ManeuverKit, others: list[Ship], vs: float, vc: float
                     ) -> tuple[float, Ship | None]:
    """Back along a curved template from the full position to the first free position.

    Every step backs over positions certified to overlap a ship by more than ``EPS / 4``
    (see the module docstring), to the end of what the certificates cover; the walk stops
    at the first position whose penetration is at most ``EPS / 2``. ``vs`` and ``vc`` are
    the sine and cosine of the virtual start's heading.
    """
    radius = kit.radius
    speed = kit.speed
    # only ships the base can reach anywhere along the way take part
    vx, vy = virtual_start.x, virtual_start.y
    right, forward, reach_r = kit.path_reach
    reach_x, reach_y = vx + right * vc + forward * vs, vy - right * vs + forward * vc
    sweep = [
        (other, ox, oy, (radius + orad) * (radius + orad), other.boxes, other.boxes_reach)
        for other in others
        for ox, oy, orad in (other.circle,)
        if math.hypot(ox - reach_x, oy - reach_y) <= reach_r + orad
    ]
    heading_offset = math.radians(virtual_start.heading - plan.frame_rotation)
    turn_sin, turn_cos = math.sin(heading_offset), math.cos(heading_offset)
    boxes_local = kit.boxes
    bounds = kit.motion_bounds
    floor = EPS / 4

    def probe(u: float) -> tuple[float, Ship | None, float]:
        """Penetration at u, the ship giving it, and how far back from u every position is
        certified to overlap by more than ``floor``."""
        r, f, sin, cos, dr, df, turn = path.motion(u)
        x, y = vx + r * vc + f * vs, vy - r * vs + f * vc
        # the base's heading is the path's turned by heading_offset
        mine = place_sized_boxes_at(boxes_local, x, y, sin * turn_cos + cos * turn_sin,
                                    cos * turn_cos - sin * turn_sin)
        depth, deepest = -math.inf, None
        box_a = box_b = None
        for other, ox, oy, reach2, boxes, spread in sweep:
            if (ox - x) * (ox - x) + (oy - y) * (oy - y) > reach2:
                continue
            # only pairs that can be deeper than the deepest so far are measured
            d, a, b = deepest_pair(mine, boxes, depth, math.inf, spread)
            if d > depth:
                depth, deepest, box_a, box_b = d, other, a, b
        if depth <= floor or box_a is None or box_b is None:
            return (depth, deepest, 0.0)
        # conservative advancement, or the deepest pair's own certificate if it is longer
        back = (depth - floor) / speed
        return (depth, deepest, max(back, _overlap_reach(
            box_a, box_b, x, y, dr * vc + df * vs, -dr * vs + df * vc, turn, bounds, floor)))

    u = path.full
    depth, deepest, back = probe(u)
    last: Ship | None = None
    for _ in range(_MAX_ADVANCE_STEPS):
        # free means overlapping by no more than the tolerance, as everywhere else: a
        # ship that starts touching another within the tolerance is free where it started
        if depth <= EPS:
            return (u, last)
        last = deepest
        u -= back
        if u <= 0.0:
            return (0.0, last)
        depth, deepest, back = probe(u)
    raise RuntimeError("partial maneuver solver did not converge")  # pragma: no cover


def _overlap_reach(a: Box, b: Box, x: float, y: float, wx: float, wy: float, turn: float,
                   bounds: tuple[float, float, float, float], floor: float) -> float:
    """How far back along the path box ``a`` of the moving base is certain to keep
    overlapping the fixed box ``b`` by more than ``floor`` (at most ``_MAX_CERTIFIED_STEP``),
    for a base centred at (x, y) moving at (wx, wy) and turning at ``turn`` per mm.

    The boxes overlap by more than ``floor`` while, on each of their four axes, both
    differences "one box's far end minus the other's near end" exceed it. Each difference
    is at least the one between the two corners that make it now (other corners can take
    over, which only helps), and that one is a smooth function of the travel whose rate now
    follows from the base's motion and whose second derivative is bounded through
    :func:`~tallon.geometry.path.motion_bounds`. Backing by D it stays above
    T - T' D - B D^2 / 2; the reach is the smallest D at which one of them comes down to
    ``floor``.
    """
    speed, max_turn, accel, turn_accel = bounds
    cap = _MAX_CERTIFIED_STEP
    ax, ay, aux, auy, avx, avy, ahx, ahy, ar = a
    bx, by, bux, buy, bvx, bvy, bhx, bhy, br = b
    # A point fixed to the base at distance l from its centre accelerates at most
    # accel + (turn_accel + max_turn^2) l. On b's axes the difference moves with a corner
    # of a; on a's axes the axis turns with the base while b's corner stays, which adds
    # the cross term 2 max_turn speed, and b's corner may get up to speed * cap further.
    spin = turn_accel + max_turn * max_turn
    bend_a = accel + spin * (math.hypot(ax - x, ay - y) + ar)
    bend_b = (accel + 2.0 * max_turn * speed
              + spin * (math.hypot(bx - x, by - y) + br + speed * cap))
    # the axes' cosines give which corner is furthest along each axis
    uu, uv = aux * bux + auy * buy, aux * bvx + auy * bvy
    vu, vv = avx * bux + avy * buy, avx * bvx + avy * bvy
    ahx_u, ahy_u = (ahx if uu >= 0.0 else -ahx), (ahy if vu >= 0.0 else -ahy)
    ahx_v, ahy_v = (ahx if uv >= 0.0 else -ahx), (ahy if vv >= 0.0 else -ahy)
    bhx_u, bhy_u = (bhx if uu >= 0.0 else -bhx), (bhy if uv >= 0.0 else -bhy)
    bhx_v, bhy_v = (bhx if vu >= 0.0 else -bhx), (bhy if vv >= 0.0 else -bhy)
    dx, dy = ax - bx, ay - by
    # the base's velocity at the two centres (the turn adds turn * (p - centre) turned a
    # quarter clockwise)
    vax, vay = wx + turn * (ay - y), wy - turn * (ax - x)
    vbx, vby = wx + turn * (by - y), wy - turn * (bx - x)
    reach = cap
    # each axis: unit vector, its box's half extent, the offset o from the other box's
    # centre c to that box's corner furthest along it, the gap (c - this box's centre) . n,
    # the base's velocity at c, whether c moves with the base, and the bend bound
    for nx, ny, half, ox, oy, gap, vcx, vcy, moving, bend in (
            (bux, buy, bhx, ahx_u * aux + ahy_u * avx, ahx_u * auy + ahy_u * avy,
             dx * bux + dy * buy, vax, vay, True, bend_a),
            (bvx, bvy, bhy, ahx_v * aux + ahy_v * avx, ahx_v * auy + ahy_v * avy,
             dx * bvx + dy * bvy, vax, vay, True, bend_a),
            (aux, auy, ahx, bhx_u * bux + bhy_u * bvx, bhx_u * buy + bhy_u * bvy,
             -dx * aux - dy * auy, vbx, vby, False, bend_b),
            (avx, avy, ahy, bhx_v * bux + bhy_v * bvx, bhx_v * buy + bhy_v * bvy,
             -dx * avx - dy * avy, vbx, vby, False, bend_b)):
        size = half + ox * nx + oy * ny - floor
        # the base's velocity at the corners c +- o, along the axis: at c plus or minus
        # the turn's part at o
        at_c = vcx * nx + vcy * ny
        at_o = turn * (oy * nx - ox * ny)
        # the corner c + o makes "far end of c's box minus near end of the other", which
        # grows as c + o moves along n when c's box moves, and shrinks when the axis's
        # box does; c - o makes the opposite difference
        if not moving:
            at_c, at_o = -at_c, -at_o
        # the two differences (written out twice: this runs for every solver probe)
        margin, rate = size + gap, at_c + at_o
        if margin <= 0.0:
            return 0.0
        # nothing to do if the bound still holds at the reach found so far (it is
        # concave, so then it holds all the way there); else the smallest D > 0 with
        # margin - rate D - bend D^2 / 2 = 0
        if margin - reach * (rate + bend * reach / 2.0) < 0.0:
            reach = 2.0 * margin / (math.sqrt(rate * rate + 2.0 * bend * margin) + rate)
        margin, rate = size - gap, at_o - at_c
        if margin <= 0.0:
            return 0.0
        if margin - reach * (rate + bend * reach / 2.0) < 0.0:
            reach = 2.0 * margin / (math.sqrt(rate * rate + 2.0 * bend * margin) + rate)
    return reach
