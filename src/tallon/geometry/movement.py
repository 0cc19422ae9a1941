"""Executing maneuvers on the table (RR: MANEUVER, MOVE, OVERLAP, FLEE, BEARING, SIDESLIP).

:func:`execute_maneuver` places the ship at the end of the template; when the base would
overlap another ship it partially executes: it backs along the template (both hashmarks on
the centre line, see :mod:`tallon.geometry.path`) to the first position where it is on top
of no ship, which leaves it touching the last ship it backed over. The contact is solved,
not sampled:

- along a straight template the base only translates, and the interval of travel in which
  each pair of convex pieces overlaps follows from the separating axes in closed form;
- along a curved template the base is advanced conservatively: with penetration depth p
  and no point of the base moving faster than V per mm of travel, the base cannot get free
  within p / V, so it steps exactly that far and repeats. The steps shrink onto the first
  free position and stop when the penetration is below the tolerance.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from tallon.geometry.boxes import boxes_penetration, place_boxes
from tallon.geometry.constants import EPS
from tallon.geometry.maneuvers import TALLON_POSITIONS, FlightPlan, Maneuver
from tallon.geometry.path import ChordPath, rotation_rate_bound
from tallon.geometry.polygons import Polygon, penetration
from tallon.geometry.pose import Pose
from tallon.geometry.table import ObjectKind, Ship, Table, TableObject
from tallon.geometry.templates import PlacedTemplate, TemplateKind

_MAX_ADVANCE_STEPS = 20000
#: Below this penetration (mm) the curve solver brackets the contact and refines it.
_REFINE_BELOW = 0.01


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


def _non_ship_objects(table: Table) -> list[TableObject]:
    return [*table.obstacles, *table.devices]


def objects_overlapped(objects: list[TableObject], pieces: tuple[Polygon, ...],
                       circle: tuple[float, float, float]) -> list[TableObject]:
    cx, cy, cr = circle
    found = []
    for obj in objects:
        ox, oy, orad = obj.circle
        if math.hypot(ox - cx, oy - cy) > cr + orad:
            continue
        if pieces_overlap(pieces, obj.overlap_pieces):
            found.append(obj)
    return found


def template_contacts(placed: PlacedTemplate | None, objects: list[TableObject]
                      ) -> list[tuple[float, TableObject]]:
    """Objects the template passes over, with the centre-line length of first contact."""
    if placed is None or placed.empty:
        return []
    tx, ty, tr = placed.bounding_circle()
    found = []
    for obj in objects:
        ox, oy, orad = obj.circle
        if math.hypot(ox - tx, oy - ty) > tr + orad:
            continue
        best: float | None = None
        for piece in obj.overlap_pieces:
            contact = placed.first_contact(piece)
            if contact is not None and (best is None or contact < best):
                best = contact
        if best is not None:
            found.append((best, obj))
    return found


def base_circle(pose: Pose, ship: Ship) -> tuple[float, float, float]:
    return (pose.x, pose.y, ship.base.radius)


# ------------------------------------------------------------------------------ frames
def _virtual_start(start: Pose, plan: FlightPlan) -> Pose:
    return start.rotated(plan.frame_rotation)


def _real_pose(virtual_start: Pose, plan: FlightPlan, local: tuple[float, float, float]
               ) -> Pose:
    right, forward, heading = local
    virtual = virtual_start.moved(right, forward, heading)
    return virtual.rotated(-plan.frame_rotation)


# ------------------------------------------------------------------------------ solver
def _translation_backoff(moving: tuple[Polygon, ...], others: list[tuple[Polygon, ...]],
                         dx: float, dy: float, limit: float) -> tuple[float, int | None]:
    """Distance t in [0, limit] the pieces must move along (dx, dy) (unit) to be free of
    every other object, and the index of the object they end up touching.

    For a pair of convex pieces the overlapping values of t form an open interval, found
    axis by axis from the projections; the answer is the first t not inside any interval.
    """
    intervals: list[tuple[float, float, int]] = []
    for index, obj_pieces in enumerate(others):
        for a in moving:
            for b in obj_pieces:
                lo, hi = -math.inf, math.inf
                empty = False
                for poly in (a, b):
                    x1, y1 = poly[-1]
                    for x2, y2 in poly:
                        nx, ny = y2 - y1, x1 - x2
                        x1, y1 = x2, y2
                        length = math.hypot(nx, ny)
                        if length == 0.0:
                            continue
                        nx /= length
                        ny /= length
                        amin = min(x * nx + y * ny for x, y in a)
                        amax = max(x * nx + y * ny for x, y in a)
                        bmin = min(x * nx + y * ny for x, y in b)
                        bmax = max(x * nx + y * ny for x, y in b)
                        k = dx * nx + dy * ny
                        # overlap on this axis at travel t: amax + t k - bmin > EPS and
                        # bmax - amin - t k > EPS
                        upper = bmax - amin - EPS
                        lower = bmin - amax + EPS
                        if abs(k) < 1e-15:
                            if not (lower < 0.0 < upper):
                                empty = True
                                break
                            continue
                        t1, t2 = lower / k, upper / k
                        if t1 > t2:
                            t1, t2 = t2, t1
                        lo, hi = max(lo, t1), min(hi, t2)
                        if lo >= hi:
                            empty = True
                            break
                    if empty:
                        break
                if not empty:
                    intervals.append((lo, hi, index))
    t = 0.0
    touching: int | None = None
    moved = True
    while moved:
        moved = False
        for lo, hi, index in intervals:
            if lo < t < hi:
                t = hi
                touching = index
                moved = True
    return (min(t, limit), touching)


def _advance_on_curve(path: ChordPath, virtual_start: Pose, plan: FlightPlan, ship: Ship,
                      others: list[Ship]) -> tuple[float, Ship | None]:
    """Back along a curved template from the full position to the first free position.

    Conservative advancement carries the base to within ``_REFINE_BELOW`` of contact;
    from there the last two steps give the rate at which the penetration shrinks, which
    brackets the contact, and a safeguarded secant (Illinois) search pins it down.
    """
    base = ship.base
    radius = base.radius
    # every point of the base is within this distance of the rear hashmark
    reach = radius + base.half
    speed_bound = 1.0 + rotation_rate_bound(path.length, path.template) * reach
    # only ships the base can reach anywhere along the way take part
    sweep = [
        other for other in others
        if _near_path(path, virtual_start, plan, other, radius)
    ]
    boxes_of = {other.id: place_boxes(other.base, other.pose) for other in sweep}

    def depth_at(u: float) -> tuple[float, Ship | None]:
        pose = _real_pose(virtual_start, plan, path.pose(u))
        mine = place_boxes(base, pose)
        depth, deepest = -math.inf, None
        for other in sweep:
            ox, oy, orad = other.circle
            if math.hypot(ox - pose.x, oy - pose.y) > radius + orad:
                continue
            d = boxes_penetration(mine, boxes_of[other.id])
            if d > depth:
                depth, deepest = d, other
        return depth, deepest

    u = path.full
    depth, deepest = depth_at(u)
    previous: tuple[float, float] | None = None
    last: Ship | None = None
    for _ in range(_MAX_ADVANCE_STEPS):
        if depth <= EPS / 2:
            return (u, last)
        last = deepest
        if depth <= _REFINE_BELOW and previous is not None:
            refined = _refine_contact(depth_at, u, depth, previous, speed_bound)
            if refined is not None:
                return (refined, last)
        previous = (u, depth)
        u -= depth / speed_bound
        if u <= 0.0:
            return (0.0, last)
        depth, deepest = depth_at(u)
    raise RuntimeError("partial maneuver solver did not converge")  # pragma: no cover


def _near_path(path: ChordPath, virtual_start: Pose, plan: FlightPlan, other: Ship,
               radius: float) -> bool:
    """Whether ``other`` is within reach of the base anywhere along the path.

    Every base centre on the path is the midpoint of a chord of the centre line, so it lies
    within the chord's sagitta (at most L^2 / 8R) of the centre line; the centre line itself
    lies within the circle round the placed template and the two end positions.
    """
    template_start = virtual_start.moved(forward=path.length / 2)
    tx, ty, tr = path.template.place(template_start).bounding_circle()
    start = _real_pose(virtual_start, plan, path.pose(0.0))
    end = _real_pose(virtual_start, plan, path.pose(path.full))
    reach = max(tr, math.hypot(start.x - tx, start.y - ty), math.hypot(end.x - tx, end.y - ty))
    sagitta = path.length ** 2 / (8 * path.template.radius)
    ox, oy, orad = other.circle
    return math.hypot(ox - tx, oy - ty) <= reach + sagitta + radius + orad


def _refine_contact(depth_at: Callable[[float], tuple[float, Ship | None]], u: float,
                    depth: float, previous: tuple[float, float], speed_bound: float
                    ) -> float | None:
    """Find the free position just below ``u`` by bracketing and Illinois secant steps;
    None when no bracket shows up (conservative advancement then carries on)."""
    prev_u, prev_depth = previous
    rate = (prev_depth - depth) / (prev_u - u) if prev_u > u else 0.0
    if rate <= 0.0:
        return None
    hi, f_hi = u, depth - EPS / 4
    safe = u - depth / speed_bound  # conservative advancement proves no contact above this
    lo = None
    for factor in (2.0, 8.0):
        probe = max(0.0, min(safe, u - factor * depth / rate))
        probe_depth = depth_at(probe)[0]
        if probe_depth <= EPS / 2:
            lo, f_lo = probe, probe_depth - EPS / 4
            break
    if lo is None:
        return None
    side = 0
    for _ in range(80):
        if f_lo >= -EPS / 4 or hi - lo <= 1e-9:
            return lo
        x = (lo * f_hi - hi * f_lo) / (f_hi - f_lo)
        x = min(max(x, lo + 1e-12), hi - 1e-12)
        f_x = depth_at(x)[0] - EPS / 4
        if f_x > 0.0:
            hi, f_hi = x, f_x
            if side == 1:
                f_lo /= 2
            side = 1
        else:
            lo, f_lo = x, f_x
            if side == -1:
                f_hi /= 2
            side = -1
    return lo


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
    plan = maneuver.plan(sideslip)
    start = ship.pose
    obstacles = _non_ship_objects(table)
    if plan.template is None:
        pieces = ship.overlap_pieces
        over = objects_overlapped(obstacles, pieces, ship.circle)
        ids = tuple(o.id for o in over)
        return MoveOutcome(ship.id, start, start, True, None, None, overlapping=ids,
                           fled=not table.area.contains_pieces(pieces), hazards=ids)
    base = ship.base
    half = base.half
    virtual_start = _virtual_start(start, plan)
    template_start = virtual_start.moved(forward=half)
    full_template = plan.template.place(template_start)
    path = ChordPath(base.length, plan.template)
    basic_final = _real_pose(virtual_start, plan, path.pose(path.full))

    # candidate final positions (three for the Tallon roll)
    candidates: list[tuple[str | None, Pose, tuple[str, ...]]] = []
    names: tuple[str | None, ...] = TALLON_POSITIONS if plan.has_positions else (None,)
    for name, shift in zip(names, plan.shifts, strict=True):
        pose = basic_final.rotated(plan.final_rotation).moved(forward=shift)
        pieces = base.pieces_at(pose)
        candidates.append((name, pose, ships_overlapped(table, ship.id, pieces,
                                                        base_circle(pose, ship))))
    chosen = _choose_position(candidates, position)
    if chosen is not None:
        name, final, _ = chosen
        return _finish(table, ship, start, final, True, full_template, full_template,
                       (), (), name)

    # partial execution along the basic maneuver's path
    forced: list[str] = []
    for _, _, hits in candidates:
        forced.extend(h for h in hits if h not in forced)
    others = [s for s in table.ships if s.id != ship.id]
    if plan.template.kind is TemplateKind.STRAIGHT:
        pieces = base.pieces_at(basic_final)
        fx, fy = virtual_start.forward
        t, touch_index = _translation_backoff(
            pieces, [o.overlap_pieces for o in others], -fx, -fy, path.full)
        u = path.full - t
        final = _real_pose(virtual_start, plan, path.pose(u))
        last = others[touch_index] if touch_index is not None else None
    else:
        u, last = _advance_on_curve(path, virtual_start, plan, ship, others)
        final = _real_pose(virtual_start, plan, path.pose(u))
    counted = plan.template.place(template_start, u - base.length)
    final_pieces = base.pieces_at(final)
    touching = tuple(
        o.id for o in others
        if o.near(ship.at(final)) and max_penetration(final_pieces, o.overlap_pieces) >= -EPS
    )
    if last is not None and last.id not in touching:
        touching = (last.id, *touching)
    return _finish(table, ship, start, final, False, counted, full_template,
                   tuple(forced), touching, None)


def _choose_position(candidates: list[tuple[str | None, Pose, tuple[str, ...]]],
                     position: str | None) -> tuple[str | None, Pose, tuple[str, ...]] | None:
    valid = [c for c in candidates if not c[2]]
    if len(candidates) == 1:
        return valid[0] if valid else None
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


def _finish(table: Table, ship: Ship, start: Pose, final: Pose, full: bool,
            counted: PlacedTemplate, full_template: PlacedTemplate,
            forced: tuple[str, ...], touching: tuple[str, ...],
            position: str | None) -> MoveOutcome:
    moved = ship.at(final)
    pieces = moved.overlap_pieces
    others = [o for o in table.objects() if o.id != ship.id]
    through = sorted(template_contacts(counted, others), key=lambda item: item[0])
    contact = {o.id: length for length, o in through}
    non_ships = [o for o in others if o.kind is not ObjectKind.SHIP]
    over = objects_overlapped(non_ships, pieces, moved.circle)
    # an object met only by the final base comes after everything the template met, in
    # order of its distance from the template's end
    ex, ey = _template_end_point(counted)
    beyond = counted.used_length
    over.sort(key=lambda o: contact.get(o.id, beyond + math.hypot(o.circle[0] - ex,
                                                                  o.circle[1] - ey)))
    return MoveOutcome(
        ship.id, start, final, full, counted, full_template,
        forced_by=forced,
        touching=touching,
        moved_through=tuple(o.id for _, o in through),
        overlapping=tuple(o.id for o in over),
        fled=not table.area.contains_pieces(pieces),
        position=position,
        hazards=_hazard_order(through, over, contact, beyond, ex, ey),
    )


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
