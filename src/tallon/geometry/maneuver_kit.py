"""What flying one maneuver with one base size needs, derived once (RR: MANEUVER, RR: BEARING,
RR: SIDESLIP).

A :class:`ManeuverKit` holds what doesn't depend on where the ship is: its final offsets
(three for the Tallon roll), the chord path its hashmarks follow along the template
(:mod:`tallon.geometry.path`), the path's speed and motion bounds for the partial-maneuver
solver, and circles holding the template and the base along the path. Maneuvers are flown
in a *virtual frame*, turned by the plan's ``frame_rotation`` (sideslips turn it sideways);
:func:`real_pose` turns a pose back out of it.
"""

from __future__ import annotations

import math

from tallon.geometry.bases import BaseShape
from tallon.geometry.boxes import local_boxes, sized_boxes
from tallon.geometry.maneuvers import TALLON_POSITIONS, FlightPlan, Maneuver
from tallon.geometry.path import ChordPath, chord_path, motion_bounds, speed_bound
from tallon.geometry.pose import Pose, normalize_heading
from tallon.geometry.templates import TemplateKind


class ManeuverKit:
    """What flying one plan with one base size needs that doesn't depend on where the ship
    is, derived once (see :func:`plan_and_kit`)."""

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
_KITS: dict[tuple[int, int, bool, int], tuple[FlightPlan, ManeuverKit | None]] = {}


#: the same for maneuvers flown on another template (see Maneuver.template), keyed also by
#: the template kind: kept apart so that the common lookup stays as it is
_OTHER_TEMPLATE_KITS: dict[tuple[int, int, bool, int, TemplateKind],
                           tuple[FlightPlan, ManeuverKit | None]] = {}


def plan_and_kit(maneuver: Maneuver, sideslip: bool, base: BaseShape,
                 template: TemplateKind | None = None
                 ) -> tuple[FlightPlan, ManeuverKit | None]:
    """How the maneuver is flown, and its kit for this base (None when stationary). The
    plan may carry another difficulty than ``maneuver``: the geometry doesn't depend on
    it. ``template``: flown on another template of its speed (a card's)."""
    if template is not None and template is not maneuver.bearing.template_kind:
        other = (maneuver.speed, id(maneuver.bearing), sideslip, id(base), template)
        found = _OTHER_TEMPLATE_KITS.get(other)
        if found is None:
            plan = maneuver.plan(sideslip, template)
            found = _OTHER_TEMPLATE_KITS[other] = (plan, ManeuverKit(plan, base))
        return found
    key = (maneuver.speed, id(maneuver.bearing), sideslip, id(base))
    found = _KITS.get(key)
    if found is None:
        plan = maneuver.plan(sideslip)  # raises for what can't be flown: never cached
        found = _KITS[key] = (plan, ManeuverKit(plan, base) if plan.template is not None else None)
    return found


def _virtual_start(start: Pose, plan: FlightPlan) -> Pose:
    return start.rotated(plan.frame_rotation)


def real_pose(virtual_start: Pose, plan: FlightPlan, local: tuple[float, float, float],
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


def _compute_final_offsets(plan: FlightPlan, length: float
                           ) -> tuple[tuple[str | None, tuple[float, float, float]], ...]:
    assert plan.template is not None
    origin = Pose(0.0, 0.0, 0.0)
    virtual_start = _virtual_start(origin, plan)
    path = chord_path(length, plan.template)
    basic_final = real_pose(virtual_start, plan, path.pose(path.full))
    names: tuple[str | None, ...] = TALLON_POSITIONS if plan.has_positions else (None,)
    return tuple(
        (name, basic_final.rotated(plan.final_rotation).moved(forward=shift).relative_to(origin))
        for name, shift in zip(names, plan.shifts, strict=True)
    )


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
