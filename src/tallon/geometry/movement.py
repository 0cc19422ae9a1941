"""Executing maneuvers on the table (RR: MANEUVER, RR: MOVE, RR: OVERLAP, RR: FLEE, RR: BEARING,
RR: SIDESLIP).

:func:`execute_maneuver` places the ship at the end of the template; when the base would
overlap another ship it partially executes: it backs along the template to the first
position where it is on top of no ship, which leaves it touching the last ship it backed
over (:mod:`tallon.geometry.partial_execution` solves that contact exactly). Then it reports
what the ship moved through and overlaps, in the order it meets them, and whether it fled.

Speed (tools/bench_geometry.py) comes from doing less, never from sampling:

- what depends only on the maneuver and the base size (final offsets, chord path, bounds,
  the template's circle in its own frame) is derived once per pair
  (:func:`~tallon.geometry.maneuver_kit.plan_and_kit`);
- one scan of the table finds what a final base and its template can reach at all
  (``_scan``);
- the overlap and contact tests (:mod:`tallon.geometry.overlap`) reject by bounding circles
  first, and pairs of boxes are measured only when their bounding circles could change the
  answer (:func:`~tallon.geometry.boxes.deepest_pair`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

from tallon.geometry.boxes import Box, box_polygon, deepest_pair, place_sized_boxes
from tallon.geometry.constants import EPS
from tallon.geometry.maneuver_kit import ManeuverKit, plan_and_kit, real_pose
from tallon.geometry.maneuvers import TALLON_POSITIONS, Maneuver
from tallon.geometry.overlap import base_meets, objects_overlapped, template_contacts_near
from tallon.geometry.partial_execution import advance_on_curve, translation_backoff
from tallon.geometry.pose import Pose, normalize_heading
from tallon.geometry.table import ObjectKind, Ship, Table, TableObject
from tallon.geometry.templates import PlacedTemplate, TemplateKind


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


def _non_ship_objects(table: Table) -> list[TableObject]:
    return [*table.obstacles, *table.devices]


def execute_maneuver(table: Table, ship_id: str, maneuver: Maneuver | str, *,
                     sideslip: bool = False, position: str | None = None,
                     template: TemplateKind | None = None) -> MoveOutcome:
    """Execute a maneuver for ``ship_id`` on ``table`` (RR: MANEUVER, RR: OVERLAP).

    ``position`` chooses the Tallon roll placement (front, middle or back); when it is not
    given, the first valid one in the order middle, front, back is used. A requested
    position that overlaps a ship while another is free is refused (RR: FAQ: Tallon roll).
    ``template``: the maneuver is flown on that template of its speed instead of its own
    (a card's; see :meth:`Maneuver.template`).
    """
    if isinstance(maneuver, str):
        maneuver = Maneuver.parse(maneuver)
    ship = table.ship(ship_id)
    plan, kit = plan_and_kit(maneuver, sideslip, ship.base, template)
    if position is not None and not plan.has_positions:
        raise ValueError(f"a position (front, middle or back) goes only with a Tallon roll, "
                         f"not [{maneuver.code}]")
    start = ship.pose
    if plan.template is None or kit is None:
        obstacles = _non_ship_objects(table)
        over = objects_overlapped(obstacles, ship)
        ids = tuple(o.id for o in over)
        return MoveOutcome(ship.id, start, start, True, None, None, overlapping=ids,
                           fled=not table.area.contains_pieces(ship.overlap_pieces),
                           hazards=ids)
    base = kit.base
    # the virtual start (the start turned into the virtual frame) and the template's
    # start half a base ahead of it (virtual_start.moved(forward=half)), sharing one sine
    # and cosine
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
        basic_final = real_pose(virtual_start, plan, path.pose(path.full), sin, cos)
        moving = place_sized_boxes(kit.boxes, basic_final.x, basic_final.y,
                                   basic_final.heading)
        # backing off along the virtual frame's backward direction
        t, last = translation_backoff(moving, others, -sin, -cos, path.full)
        u = path.full - t
    else:
        u, last = advance_on_curve(path, virtual_start, plan, kit, others, sin, cos)
    final = real_pose(virtual_start, plan, path.pose(u), sin, cos)
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
            full: bool, counted: PlacedTemplate, full_template: PlacedTemplate, kit: ManeuverKit,
            forced: tuple[str, ...], touching: tuple[str, ...], position: str | None,
            reach: tuple[float, float, float] | None, near: _Near | None = None
            ) -> MoveOutcome:
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
    through = (template_contacts_near(counted, reach, near_template)
               if near_template and reach is not None else [])
    if len(through) > 1:
        through.sort(key=lambda item: item[0])
    over = [obj for obj in near_base if base_meets(boxes, (fx, fy, radius), obj)]
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
