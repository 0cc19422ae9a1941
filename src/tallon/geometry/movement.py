"""Executing maneuvers on the table (RR: MANEUVER, MOVE, OVERLAP, FLEE, BEARING, SIDESLIP).

:func:`execute_maneuver` places the ship at the end of the template; when the base would
overlap another ship it partially executes: it backs along the template (both hashmarks on
the centre line, see :mod:`tallon.geometry.path`) to the first position where it is on top
of no ship, which leaves it touching the last ship it backed over. The contact is solved,
not sampled:

- along a straight template the base only translates, and the interval of travel in which
  each pair of convex pieces overlaps follows from the separating axes in closed form;
- along a curved template the base backs in certified steps: every position it backs over
  is proven to overlap a ship by more than ``EPS / 4``, and it stops at the first position
  it reaches whose penetration is at most ``EPS / 2``.

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
conservative advancement alone needs.

Speed (tools/bench_geometry.py) comes from doing less, never from sampling:

- what depends only on the maneuver and the base size (final offsets, chord path, bounds,
  the template's circle in its own frame) is derived once per pair (``_plan_and_kit``);
- one scan of the table finds what a final base and its template can reach at all;
- pairs of boxes are measured only when their bounding circles could change the answer
  (:func:`~tallon.geometry.boxes.deepest_pair`), and a base's boxes share their axes;
- template contacts visit an object's pieces nearest the template's start first and stop
  when no remaining piece can be met earlier (``PlacedTemplate.earliest_contact``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

from tallon.geometry.bases import BaseShape
from tallon.geometry.boxes import (
    Box,
    bases_penetration,
    bases_travel_intervals,
    box_overlaps_polygon,
    box_polygon,
    deepest_pair,
    local_boxes,
    place_sized_boxes,
    place_sized_boxes_at,
    sized_boxes,
)
from tallon.geometry.constants import EPS
from tallon.geometry.maneuvers import TALLON_POSITIONS, FlightPlan, Maneuver
from tallon.geometry.path import ChordPath, chord_path, motion_bounds, speed_bound
from tallon.geometry.polygons import Polygon, bounding_circle, penetration
from tallon.geometry.pose import Pose, normalize_heading
from tallon.geometry.table import ObjectKind, Ship, Table, TableObject
from tallon.geometry.templates import PlacedTemplate, TemplateKind

_MAX_ADVANCE_STEPS = 20000
#: The longest step (mm of travel) the curve solver certifies at once.
_MAX_CERTIFIED_STEP = 40.0


@dataclass(frozen=True)
class MoveOutcome:
    """Where a move leaves the ship and what it met on the way.

    ``template`` is the part of the template that counts for moving through (after a partial
    maneuver only the part between the start and the final position); ``moved_through`` and
    ``overlapping`` list object ids in the order the ship meets them along the template;
    ``hazards`` lists the obstacles and devices among them, each once, in that order.
    """

    ship_id: str
    start: Pose
    final: Pose
    fully_executed: bool
    template: PlacedTemplate | None
    full_template: PlacedTemplate | None
    forced_by: tuple[str, ...] = ()
    touching: tuple[str, ...] = ()
    moved_through: tuple[str, ...] = ()
    overlapping: tuple[str, ...] = ()
    fled: bool = False
    position: str | None = None
    hazards: tuple[str, ...] = ()

    @property
    def partial(self) -> bool:
        return not self.fully_executed

    def relative(self) -> tuple[float, float, float]:
        """``(right, forward, rotation)`` of the final pose seen from the start."""
        return self.final.relative_to(self.start)


#: MoveOutcome's fields, in order (see _outcome).
_OUTCOME_FIELDS = tuple(f.name for f in fields(MoveOutcome))


def _outcome(*values: object) -> MoveOutcome:
    """``MoveOutcome(*values)`` with every field given, built without the frozen
    dataclass's one ``object.__setattr__`` call per field (a third cheaper; every move
    makes one): a frozen dataclass's fields are plain instance attributes, so filling them
    in at once makes the same object."""
    outcome: MoveOutcome = object.__new__(MoveOutcome)
    outcome.__dict__.update(zip(_OUTCOME_FIELDS, values, strict=True))
    return outcome


# ----------------------------------------------------------------------------- helpers
def pieces_overlap(a: tuple[Polygon, ...], b: tuple[Polygon, ...]) -> bool:
    """True when any pair of convex pieces overlaps by more than the tolerance."""
    return any(penetration(p, q, EPS) > EPS for p in a for q in b)


def max_penetration(a: tuple[Polygon, ...], b: tuple[Polygon, ...]) -> float:
    """Largest penetration depth over the pairs of convex pieces."""
    return max(penetration(p, q) for p in a for q in b)


def ships_overlapped(table: Table, exclude: str | None, pieces: tuple[Polygon, ...],
                     circle: tuple[float, float, float]) -> tuple[str, ...]:
    """Ids of the ships (other than ``exclude``) whose bases with guides the pieces overlap."""
    cx, cy, cr = circle
    hits = []
    for other in table.ships:
        if other.id == exclude:
            continue
        ox, oy, orad = other.circle
        if math.hypot(ox - cx, oy - cy) > cr + orad:
            continue
        if pieces_overlap(pieces, other.overlap_pieces):
            hits.append(other.id)
    return tuple(hits)


def ships_under_base(table: Table, exclude: str, boxes: tuple[Box, ...],
                     circle: tuple[float, float, float]) -> tuple[str, ...]:
    """Ids of the ships (other than ``exclude``) that a base, given as boxes, overlaps."""
    cx, cy, cr = circle
    hits = []
    for other in table.ships:
        ox, oy, orad = other.circle
        dx, dy, reach = ox - cx, oy - cy, cr + orad
        if dx * dx + dy * dy > reach * reach or other.id == exclude:
            continue
        # pairs that can't overlap by more than EPS are skipped; one that does is enough
        if bases_penetration(boxes, other.boxes, EPS, EPS, other.boxes_reach) > EPS:
            hits.append(other.id)
    return tuple(hits)


def _non_ship_objects(table: Table) -> list[TableObject]:
    return [*table.obstacles, *table.devices]


def objects_overlapped(objects: list[TableObject], pieces: tuple[Polygon, ...],
                       circle: tuple[float, float, float],
                       piece_circles: tuple[tuple[float, float, float], ...] | None = None
                       ) -> list[TableObject]:
    """The objects whose overlap pieces the given pieces overlap (``piece_circles``, when
    given, hold each of ``pieces`` for quicker rejection)."""
    cx, cy, cr = circle
    circles = piece_circles or tuple(bounding_circle(p) for p in pieces)
    found = []
    for obj in objects:
        ox, oy, orad = obj.circle
        if math.hypot(ox - cx, oy - cy) > cr + orad:
            continue
        if any(penetration(p, q, EPS) > EPS
               for q, (qx, qy, qr) in obj.piece_circles
               if math.hypot(qx - cx, qy - cy) <= cr + qr
               for p, (px, py, pr) in zip(pieces, circles, strict=True)
               if math.hypot(qx - px, qy - py) <= pr + qr):
            found.append(obj)
    return found


def template_contacts(placed: PlacedTemplate | None, objects: list[TableObject]
                      ) -> list[tuple[float, TableObject]]:
    """Objects the template passes over, with the centre-line length of first contact."""
    if placed is None or placed.empty:
        return []
    tx, ty, tr = placed.circle
    near = [obj for obj in objects
            if math.hypot(obj.circle[0] - tx, obj.circle[1] - ty) <= tr + obj.circle[2]]
    return _contacts(placed, placed.circle, near)


def _contacts(placed: PlacedTemplate, circle: tuple[float, float, float],
              objects: list[TableObject]) -> list[tuple[float, TableObject]]:
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
        for earliest, (piece, normals) in ordered:
            if best is not None and earliest >= best:
                break
            contact = placed.first_contact(piece, normals)
            if contact is not None and (best is None or contact < best):
                best = contact
        if best is not None:
            found.append((best, obj))
    return found


def base_circle(pose: Pose, ship: Ship) -> tuple[float, float, float]:
    return (pose.x, pose.y, ship.base.radius)


# --------------------------------------------------------------------------------- kit
class _Kit:
    """What flying one plan with one base size needs that doesn't depend on where the ship
    is, derived once (see :func:`_plan_and_kit`)."""

    __slots__ = ("base", "boxes", "finals", "motion_bounds", "path", "path_reach", "radius",
                 "speed", "template_circle")

    def __init__(self, plan: FlightPlan, base: BaseShape) -> None:
        assert plan.template is not None
        self.base = base
        self.radius = base.radius
        self.boxes = sized_boxes(local_boxes(base))
        self.finals = _compute_final_offsets(plan, base.length)
        self.path = chord_path(base.length, plan.template)
        curved = plan.template.kind is not TemplateKind.STRAIGHT
        self.speed = speed_bound(base.length, plan.template, base.radius) if curved else 0.0
        self.motion_bounds = (motion_bounds(base.length, plan.template) if curved
                              else (0.0, 0.0, 0.0, 0.0))
        #: a circle holding the template (and so any part of it) as (right, forward,
        #: radius) in the frame of its start
        self.template_circle = plan.template.place(Pose(0.0, 0.0, 0.0)).circle
        #: a circle holding the base at every position of the path, in the virtual frame
        self.path_reach = _path_reach(self.path, self.template_circle, self.radius)


#: (speed, bearing, sideslip, base) -> (plan, kit), the bearing and the base by identity
#: (enum members and cached base shapes are unique): hashing a Maneuver runs Python code
#: for the dataclass and its enums, which would cost more than the rest of the lookup.
_KITS: dict[tuple[int, int, bool, int], tuple[FlightPlan, _Kit | None]] = {}


def _plan_and_kit(maneuver: Maneuver, sideslip: bool, base: BaseShape
                  ) -> tuple[FlightPlan, _Kit | None]:
    """How the maneuver is flown, and its kit for this base (None when stationary). The
    plan may carry another difficulty than ``maneuver``: the geometry doesn't depend on
    it."""
    key = (maneuver.speed, id(maneuver.bearing), sideslip, id(base))
    found = _KITS.get(key)
    if found is None:
        plan = maneuver.plan(sideslip)  # raises for what can't be flown: never cached
        found = _KITS[key] = (plan, _Kit(plan, base) if plan.template is not None else None)
    return found


# ------------------------------------------------------------------------------ frames
def _virtual_start(start: Pose, plan: FlightPlan) -> Pose:
    return start.rotated(plan.frame_rotation)


def _real_pose(virtual_start: Pose, plan: FlightPlan, local: tuple[float, float, float],
               sin: float | None = None, cos: float | None = None) -> Pose:
    """The pose at ``local`` (right, forward, heading) from the virtual start, turned back
    out of the virtual frame; ``sin`` and ``cos`` of the virtual heading when known."""
    right, forward, heading = local
    if sin is None or cos is None:
        virtual = virtual_start.moved(right, forward, heading)
        return virtual.rotated(-plan.frame_rotation)
    # the same, written out
    return Pose(virtual_start.x + right * cos + forward * sin,
                virtual_start.y - right * sin + forward * cos,
                normalize_heading(normalize_heading(virtual_start.heading + heading)
                                  - plan.frame_rotation))


# ------------------------------------------------------------------------------ solver
def _translation_backoff(moving: tuple[Box, ...], others: list[Ship], dx: float, dy: float,
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


def _advance_on_curve(path: ChordPath, virtual_start: Pose, plan: FlightPlan, kit: _Kit,
                      others: list[Ship], vs: float, vc: float) -> tuple[float, Ship | None]:
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


def _path_reach(path: ChordPath, template_circle: tuple[float, float, float], radius: float
                ) -> tuple[float, float, float]:
    """A circle holding the base at every position along the path, as (right, forward,
    radius) in the virtual start frame.

    Every base centre on the path is the midpoint of a chord of the centre line, so it lies
    within the chord's sagitta (at most L^2 / 8R) of the centre line; the centre line itself
    lies within the circle round the placed template and the two end positions.
    """
    right, forward, template_radius = template_circle
    forward += path.length / 2  # the template starts half a base ahead of the centre
    start_r, start_f, _ = path.pose(0.0)
    end_r, end_f, _ = path.pose(path.full)
    reach = max(template_radius, math.hypot(start_r - right, start_f - forward),
                math.hypot(end_r - right, end_f - forward))
    sagitta = (path.length ** 2 / (8 * path.template.radius)
               if path.template.kind is not TemplateKind.STRAIGHT else 0.0)
    return (right, forward, reach + sagitta + radius)


# --------------------------------------------------------------------------- maneuvers
def execute_maneuver(table: Table, ship_id: str, maneuver: Maneuver | str, *,
                     sideslip: bool = False, position: str | None = None) -> MoveOutcome:
    """Execute a maneuver for ``ship_id`` on ``table`` (RR: MANEUVER, OVERLAP).

    ``position`` chooses the Tallon roll placement (front, middle or back); when it is not
    given, the first valid one in the order middle, front, back is used. A requested
    position that overlaps a ship while another is free is refused (RR FAQ: Tallon roll).
    """
    if isinstance(maneuver, str):
        maneuver = Maneuver.parse(maneuver)
    ship = table.ship(ship_id)
    plan, kit = _plan_and_kit(maneuver, sideslip, ship.base)
    start = ship.pose
    if plan.template is None or kit is None:
        obstacles = _non_ship_objects(table)
        pieces = ship.overlap_pieces
        over = objects_overlapped(obstacles, pieces, ship.circle)
        ids = tuple(o.id for o in over)
        return MoveOutcome(ship.id, start, start, True, None, None, overlapping=ids,
                           fled=not table.area.contains_pieces(pieces), hazards=ids)
    base = kit.base
    # the virtual start (_virtual_start) and the template's start half a base ahead of
    # it (virtual_start.moved(forward=half)), sharing one sine and cosine
    heading = normalize_heading(start.heading + plan.frame_rotation)
    h = math.radians(heading)
    sin, cos = math.sin(h), math.cos(h)
    virtual_start = Pose(start.x, start.y, heading)
    template_start = Pose(start.x + base.half * sin, start.y + base.half * cos, heading)
    full_template = plan.template.place_at(template_start, sin, cos)

    # a circle round the template (the kit holds it in the frame of the template's start)
    right, forward, radius = kit.template_circle
    reach = (template_start.x + right * cos + forward * sin,
             template_start.y - right * sin + forward * cos, radius)

    # candidate final positions (three for the Tallon roll), each with its placed boxes,
    # the ships it overlaps and what it and the template can reach
    start_sin, start_cos = sin, cos
    if heading != start.heading:  # a turned virtual frame, or a heading out of [0, 360)
        h = math.radians(start.heading)
        start_sin, start_cos = math.sin(h), math.cos(h)
    candidates: list[_Candidate] = []
    for name, (right, forward, rotation) in kit.finals:
        # start.moved(right, forward, rotation), written out
        pose = Pose(start.x + right * start_cos + forward * start_sin,
                    start.y - right * start_sin + forward * start_cos,
                    normalize_heading(start.heading + rotation))
        boxes = place_sized_boxes(kit.boxes, pose.x, pose.y, pose.heading)
        near = _scan(table, ship, (pose.x, pose.y, kit.radius), reach)
        hits = tuple(
            other.id for other in near[0]
            # pairs that can't overlap by more than EPS are skipped; one that does is enough
            if deepest_pair(boxes, other.boxes, EPS, EPS, other.boxes_reach)[0] > EPS)
        candidates.append((name, pose, hits, boxes, near))
    chosen = _choose_position(candidates, position)
    if chosen is not None:
        name, final, _, boxes, near = chosen
        return _finish(table, ship, start, final, boxes, True, full_template, full_template,
                       kit, (), (), name, reach, near)

    # partial execution along the basic maneuver's path
    forced: list[str] = []
    for _, _, hits, _, _ in candidates:
        forced.extend(h for h in hits if h not in forced)
    others = [s for s in table.ships if s is not ship]
    path = kit.path
    if plan.template.kind is TemplateKind.STRAIGHT:
        basic_final = _real_pose(virtual_start, plan, path.pose(path.full), sin, cos)
        moving = place_sized_boxes(kit.boxes, basic_final.x, basic_final.y,
                                   basic_final.heading)
        # backing off along the virtual frame's backward direction
        t, last = _translation_backoff(moving, others, -sin, -cos, path.full)
        u = path.full - t
    else:
        u, last = _advance_on_curve(path, virtual_start, plan, kit, others, sin, cos)
    final = _real_pose(virtual_start, plan, path.pose(u), sin, cos)
    counted = plan.template.place_at(template_start, sin, cos, u - base.length)
    final_boxes = place_sized_boxes(kit.boxes, final.x, final.y, final.heading)
    near = _scan(table, ship, (final.x, final.y, kit.radius),
                 None if counted.empty else reach)
    touching = tuple(
        o.id for o in near[0]
        if deepest_pair(final_boxes, o.boxes, -2 * EPS, -EPS, o.boxes_reach)[0] >= -EPS
    )
    if last is not None and last.id not in touching:
        touching = (last.id, *touching)
    return _finish(table, ship, start, final, final_boxes, False, counted, full_template,
                   kit, tuple(forced), touching, None, reach, near)


#: What is near a final position: the other ships near the base, the objects near the
#: template, and the obstacles and devices near the base (see _scan).
_Near = tuple[list[Ship], list[TableObject], list[TableObject]]
#: A candidate final position: Tallon roll placement, pose, ships it overlaps, placed boxes
#: and what is near.
_Candidate = tuple[str | None, Pose, tuple[str, ...], tuple[Box, ...], _Near]


def _scan(table: Table, ship: Ship, base: tuple[float, float, float],
          template: tuple[float, float, float] | None) -> _Near:
    """One pass over the table for what a base in circle ``base`` and a template in circle
    ``template`` (None: no template) can reach at all (everything but ``ship``)."""
    fx, fy, radius = base
    # with no template nothing is near it (a radius of -inf; not squared)
    tx, ty, tr = template or (0.0, 0.0, -math.inf)
    at_base, at_template = complex(fx, fy), complex(tx, ty)
    ships: list[Ship] = []
    near_template: list[TableObject] = []
    near_base: list[TableObject] = []
    for obj, centre, orad, is_ship in table.circles:
        if obj is ship:
            continue
        if abs(centre - at_template) <= tr + orad:
            near_template.append(obj)
        if abs(centre - at_base) <= radius + orad:
            if is_ship:
                ships.append(obj)  # type: ignore[arg-type]
            else:
                near_base.append(obj)
    return (ships, near_template, near_base)


def _compute_final_offsets(plan: FlightPlan, length: float
                           ) -> tuple[tuple[str | None, tuple[float, float, float]], ...]:
    assert plan.template is not None
    origin = Pose(0.0, 0.0, 0.0)
    virtual_start = _virtual_start(origin, plan)
    path = chord_path(length, plan.template)
    basic_final = _real_pose(virtual_start, plan, path.pose(path.full))
    names: tuple[str | None, ...] = TALLON_POSITIONS if plan.has_positions else (None,)
    return tuple(
        (name, basic_final.rotated(plan.final_rotation).moved(forward=shift).relative_to(origin))
        for name, shift in zip(names, plan.shifts, strict=True)
    )


def _choose_position(candidates: list[_Candidate], position: str | None
                     ) -> _Candidate | None:
    if len(candidates) == 1:
        return None if candidates[0][2] else candidates[0]
    valid = [c for c in candidates if not c[2]]
    if position is not None and position not in TALLON_POSITIONS:
        raise ValueError(f"unknown Tallon roll position {position!r}; "
                         f"expected one of {', '.join(TALLON_POSITIONS)}")
    if not valid:
        return None
    if position is None:
        order = {"middle": 0, "front": 1, "back": 2}
        return min(valid, key=lambda c: order[c[0] or "middle"])
    for c in valid:
        if c[0] == position:
            return c
    blocked = next(c for c in candidates if c[0] == position)
    raise ValueError(
        f"the Tallon roll's {position} position overlaps {', '.join(blocked[2])}; "
        f"the ship must choose a valid position: {', '.join(str(c[0]) for c in valid)}")


def _finish(table: Table, ship: Ship, start: Pose, final: Pose, boxes: tuple[Box, ...],
            full: bool, counted: PlacedTemplate, full_template: PlacedTemplate, kit: _Kit,
            forced: tuple[str, ...], touching: tuple[str, ...], position: str | None,
            reach: tuple[float, float, float], near: _Near | None = None) -> MoveOutcome:
    """The outcome of a move that ends at ``final``; ``reach`` is the circle round the whole
    template, which holds the part that counts (it starts at the same place)."""
    radius = kit.radius
    fx, fy = final.x, final.y
    if counted.empty:
        reach = None
    if near is None:
        near = _scan(table, ship, (fx, fy, radius), reach)
    _, near_template, near_base = near
    area = table.area
    inside = (radius <= fx <= area.width - radius and radius <= fy <= area.height - radius)
    fled = not inside and not area.contains_pieces(box_polygon(b) for b in boxes)
    through = (_contacts(counted, reach, near_template)
               if near_template and reach is not None else [])
    if len(through) > 1:
        through.sort(key=lambda item: item[0])
    over = [obj for obj in near_base if _base_meets(boxes, (fx, fy, radius), obj)]
    if not through and not over:
        return _outcome(ship.id, start, final, full, counted, full_template, forced,
                        touching, (), (), fled, position, ())
    contact = {o.id: length for length, o in through}
    beyond = counted.used_length
    ex = ey = 0.0
    if over:
        # an object met only by the final base comes after everything the template met,
        # in order of its distance from the template's end
        ex, ey = _template_end_point(counted)
        over.sort(key=lambda o: contact.get(o.id, beyond + math.hypot(o.circle[0] - ex,
                                                                      o.circle[1] - ey)))
    return _outcome(ship.id, start, final, full, counted, full_template, forced, touching,
                    tuple(o.id for _, o in through), tuple(o.id for o in over), fled,
                    position, _hazard_order(through, over, contact, beyond, ex, ey))


def _base_meets(boxes: tuple[Box, ...], circle: tuple[float, float, float],
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


def _hazard_order(through: list[tuple[float, TableObject]], over: list[TableObject],
                  contact: dict[str, float], beyond: float, ex: float, ey: float
                  ) -> tuple[str, ...]:
    """Obstacles and devices moved through or overlapped, each once, in the order the ship
    meets them along the template (RR: OBSTACLES, more than one obstacle)."""
    keyed: dict[str, float] = {}
    for length, obj in through:
        if obj.kind is not ObjectKind.SHIP:
            keyed[obj.id] = length
    for obj in over:
        keyed.setdefault(obj.id, contact.get(obj.id, beyond + math.hypot(
            obj.circle[0] - ex, obj.circle[1] - ey)))
    return tuple(sorted(keyed, key=lambda k: keyed[k]))


def _template_end_point(placed: PlacedTemplate) -> tuple[float, float]:
    right, forward, _ = placed.template.centre_point(placed.used_length)
    return placed.start.to_world(right, forward)
