"""Moves that are not maneuvers: barrel roll, boost, decloak, tractor moves, rotating a
ship, and placing devices (RR: BARREL ROLL, RR: BOOST, RR: CLOAK, RR: TRACTOR, RR: ROTATE A SHIP,
RR: DEVICE).

These moves never partially execute: a position is either available or it fails. Each
attempt reports what would make it fail (overlapping a ship; overlapping or moving through
an obstacle; leaving the play area) so the rules engine can decide, and abilities that
"can move through obstacles" can look past the obstacle part.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from tallon.geometry.bases import base_shape
from tallon.geometry.constants import EPS, STRAIGHT_LENGTH_PER_SPEED, TEMPLATE_WIDTH, BaseSize
from tallon.geometry.maneuvers import Maneuver
from tallon.geometry.outlines import device_outline, obstacle_outline, placed_obstacle_outlines
from tallon.geometry.overlap import (
    max_penetration,
    objects_overlapped,
    ships_overlapped,
    template_contacts,
)
from tallon.geometry.polygons import Polygon, bounding_circle, overlaps
from tallon.geometry.pose import Pose, Transform
from tallon.geometry.ranges import object_distance
from tallon.geometry.table import Device, ObjectKind, Obstacle, Ship, Table
from tallon.geometry.templates import PlacedTemplate, Template


class Side(Enum):
    LEFT = -1
    RIGHT = 1

    @classmethod
    def parse(cls, text: str) -> Side:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown side {text!r}; expected left or right") from None


class RollPosition(Enum):
    """Where the ship is placed along the far edge of the template (RR: BARREL ROLL)."""

    FRONT = 1
    MIDDLE = 0
    BACK = -1

    @classmethod
    def parse(cls, text: str) -> RollPosition:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown position {text!r}; expected front, middle or back"
                             ) from None


@dataclass(frozen=True)
class Attempt:
    """One candidate position of a move that can fail, with everything that would fail it.

    ``template_outline`` is the placed template (a rectangle for barrel rolls; a
    :class:`PlacedTemplate` for boosts).
    """

    ship_id: str
    start: Pose
    final: Pose
    template: PlacedTemplate | None
    template_outline: Polygon | None
    overlapped_ships: tuple[str, ...]
    overlapped_obstacles: tuple[str, ...]
    moved_through_obstacles: tuple[str, ...]
    overlapped_devices: tuple[str, ...]
    moved_through_devices: tuple[str, ...]
    outside_play_area: bool
    label: str = ""

    @property
    def blocked_by_obstacle(self) -> bool:
        return bool(self.overlapped_obstacles or self.moved_through_obstacles)

    @property
    def obstacles_met(self) -> tuple[str, ...]:
        """The obstacles moved through (in the order met along the template), then those
        overlapped at the end that the template did not touch (RR: OBSTACLES)."""
        return tuple(dict.fromkeys((*self.moved_through_obstacles,
                                    *self.overlapped_obstacles)))

    def fails(self, ignore_obstacles: bool = False) -> bool:
        """The move fails at this position (RR: BARREL ROLL, RR: BOOST)."""
        return (bool(self.overlapped_ships) or self.outside_play_area
                or (self.blocked_by_obstacle and not ignore_obstacles))

    def relative(self) -> tuple[float, float, float]:
        return self.final.relative_to(self.start)


def _attempt(table: Table, ship: Ship, final: Pose, template: PlacedTemplate | None,
             rectangle: Polygon | None, label: str) -> Attempt:
    moved = ship.at(final)
    pieces = moved.overlap_pieces
    ships = ships_overlapped(table, moved)
    over = objects_overlapped([*table.obstacles, *table.devices], moved)
    others = [o for o in (*table.obstacles, *table.devices) if o.id != ship.id]
    if template is not None:
        through = [o for _, o in sorted(template_contacts(template, others),
                                        key=lambda item: item[0])]
    elif rectangle is not None:
        rx, ry, rr = bounding_circle(rectangle)
        # the template lies against the ship's side: the objects nearest the ship's start
        # are met first (RR: OBSTACLES, the order of several obstacles)
        through = sorted((o for o in others
                          if math.hypot(o.circle[0] - rx, o.circle[1] - ry) <= rr + o.circle[2]
                          and any(overlaps(rectangle, p) for p in o.overlap_pieces)),
                         key=lambda o: object_distance(ship, o))
    else:
        through = []
    return Attempt(
        ship.id, ship.pose, final, template, rectangle,
        overlapped_ships=ships,
        overlapped_obstacles=tuple(o.id for o in over if o.kind is ObjectKind.OBSTACLE),
        moved_through_obstacles=tuple(o.id for o in through if o.kind is ObjectKind.OBSTACLE),
        overlapped_devices=tuple(o.id for o in over if o.kind is ObjectKind.DEVICE),
        moved_through_devices=tuple(o.id for o in through if o.kind is ObjectKind.DEVICE),
        outside_play_area=not table.area.contains_pieces(pieces),
        label=label,
    )


# ----------------------------------------------------------------------- barrel roll
def barrel_roll_geometry(size: BaseSize, side: Side, position: RollPosition,
                         template_speed: int = 1) -> tuple[tuple[float, float], Polygon]:
    """Local ``(right, forward)`` displacement of the base centre and the template's local
    rectangle for a barrel roll with the ``[template_speed straight]`` template.

    Small ships lay the template's narrow edge against their side; medium and large ships
    its long edge (RR: BARREL ROLL, RR: SHIP SIZES).
    """
    length = base_shape(size).length
    template_length = STRAIGHT_LENGTH_PER_SPEED * template_speed
    if size is BaseSize.SMALL:
        across, along = template_length, TEMPLATE_WIDTH
    else:
        across, along = TEMPLATE_WIDTH, template_length
    # front and back put the side hashmark on the ends of the template's far edge
    shift = along / 2
    s = side.value
    x0, x1 = s * length / 2, s * (length / 2 + across)
    rectangle = ((min(x0, x1), -along / 2), (max(x0, x1), -along / 2),
                 (max(x0, x1), along / 2), (min(x0, x1), along / 2))
    return ((s * (length + across), position.value * shift), rectangle)


def barrel_roll(table: Table, ship_id: str, side: Side | str,
                position: RollPosition | str = RollPosition.MIDDLE,
                template_speed: int = 1) -> Attempt:
    """One barrel roll position (see :func:`barrel_roll_options` for all three)."""
    side = Side.parse(side) if isinstance(side, str) else side
    position = RollPosition.parse(position) if isinstance(position, str) else position
    ship = table.ship(ship_id)
    (right, forward), rect = barrel_roll_geometry(ship.size, side, position, template_speed)
    final = ship.pose.moved(right, forward)
    rectangle = Transform(ship.pose).apply(rect)
    label = f"barrel roll {side.name.lower()} {position.name.lower()}"
    return _attempt(table, ship, final, None, rectangle, label)


def barrel_roll_options(table: Table, ship_id: str, side: Side | str,
                        template_speed: int = 1) -> tuple[Attempt, ...]:
    """The three positions of a barrel roll to one side (front, middle, back). The roll
    fails only when all three fail (RR: BARREL ROLL)."""
    return tuple(barrel_roll(table, ship_id, side, p, template_speed)
                 for p in (RollPosition.FRONT, RollPosition.MIDDLE, RollPosition.BACK))


def _side_start(ship: Ship, side: Side) -> Pose:
    # a template laid against the ship's side, its middle line on the side's hashmark,
    # pointing away from the ship
    length = base_shape(ship.size).length
    return ship.pose.moved(right=side.value * length / 2).rotated(side.value * 90.0)


def barrel_roll_turn(table: Table, ship_id: str, side: Side | str, curve: str,
                     template_speed: int = 1) -> Attempt:
    """A barrel roll with the ``[template_speed turn <curve>]`` template (a card's: Reckless).
    RR: BARREL ROLL lays only a straight template, so this is a ruling: the template's
    start is laid against the side with its middle line on the side's hashmark, pointing
    away from the ship (for every base size: a turn template has no straight long edge),
    and the ship, keeping its facing, is placed at the far end with the middle of its
    front or rear edge there, as a boost places it: one position only. Turning left from
    the right side (or right from the left side) the ship ends ahead."""
    side = Side.parse(side) if isinstance(side, str) else side
    if curve not in _TURN_BOOST:
        raise ValueError(f"unknown turn {curve!r}; expected left or right")
    ship = table.ship(ship_id)
    maneuver = Maneuver.parse(f"{template_speed}{_TURN_BOOST[curve][1]}")
    template = maneuver.template()
    assert template is not None
    start = _side_start(ship, side)
    placed = template.place(start)
    right, forward, rotation = template.end()
    end = start.moved(right, forward, rotation)
    # the end's heading is the ship's facing or its reverse: either way the base's edge
    # meets the template's end with the centre half a base further on
    centre = end.moved(forward=ship.base.half)
    final = Pose(centre.x, centre.y, ship.pose.heading)
    return _attempt(table, ship, final, placed, None,
                    f"barrel roll {side.name.lower()} turn {curve}")


def barrel_roll_bank(table: Table, ship_id: str, side: Side | str, bank: str,
                     position: RollPosition | str = RollPosition.MIDDLE,
                     speed: int = 1) -> Attempt:
    """A small ship's barrel roll with the [1 bank] template instead of [1 straight] (a
    card's: Lieutenant Lorrir), curving ``bank`` (forward or backward). RR: BARREL ROLL laid
    with this template (ruling): its narrow edge flush against the side, its middle line
    on the hashmark; the ship is placed with the hashmark of its other side at the front,
    middle or back of the template's other narrow end and that side flush against it, so
    it ends turned 45 degrees the way the template turned. ``speed``: the [2 bank] laid
    the same way (a decloak's: 1e "Echo")."""
    side = Side.parse(side) if isinstance(side, str) else side
    position = RollPosition.parse(position) if isinstance(position, str) else position
    if bank not in ("forward", "backward"):
        raise ValueError(f"unknown bank {bank!r}; expected forward or backward")
    ship = table.ship(ship_id)
    if ship.size is not BaseSize.SMALL:
        raise ValueError("a barrel roll with a bank template is defined for small ships")
    # from the right side a forward bank turns left (from the left side, right)
    left = (bank == "forward") == (side is Side.RIGHT)
    template = Maneuver.parse(f"{speed}B" if left else f"{speed}N").template()
    assert template is not None
    length = base_shape(ship.size).length
    start = _side_start(ship, side)
    right, forward, rotation = template.end()
    end = start.moved(right, forward, rotation)
    # in the end's frame the ship's front is to the left from the right side (and to the
    # right from the left side), as it was at the start
    centre = end.moved(right=-side.value * position.value * TEMPLATE_WIDTH / 2,
                       forward=length / 2)
    final = Pose(centre.x, centre.y, end.rotated(-side.value * 90.0).heading)
    return _attempt(table, ship, final, template.place(start), None,
                    f"barrel roll {side.name.lower()} bank {bank} {position.name.lower()}")


def barrel_roll_bank_options(table: Table, ship_id: str, side: Side | str,
                             bank: str, speed: int = 1) -> tuple[Attempt, ...]:
    """The three positions of a barrel roll with the [1 bank] (or [``speed`` bank])
    template (front, middle, back): :func:`barrel_roll_bank`."""
    return tuple(barrel_roll_bank(table, ship_id, side, bank, p, speed)
                 for p in (RollPosition.FRONT, RollPosition.MIDDLE, RollPosition.BACK))


# ----------------------------------------------------------------------------- boost
_BOOST = {"straight": "1F", "left": "1B", "right": "1N"}
_TURN_BOOST = {"left": "1T", "right": "1Y"}


def boost(table: Table, ship_id: str, direction: str, template_speed: int = 1,
          turn: bool = False) -> Attempt:
    """A boost with the [1 straight], [1 bank left] or [1 bank right] template from the
    front guides (RR: BOOST); decloaking small ships boost with [2 straight]. ``turn``
    boosts left or right with the [1 turn] template instead (a card's boost, Daredevil);
    ``template_speed`` uses the template of that speed (cards: Overdrive Thruster)."""
    key = direction.strip().lower()
    if key not in _BOOST:
        raise ValueError(f"unknown boost direction {direction!r}; "
                         f"expected {', '.join(_BOOST)}")
    if not 1 <= template_speed <= 5:
        raise ValueError(f"no template of speed {template_speed}")
    if turn and key not in _TURN_BOOST:
        raise ValueError("a boost with a turn template goes left or right, not straight")
    code = f"{template_speed}{(_TURN_BOOST if turn else _BOOST)[key][1]}"
    ship = table.ship(ship_id)
    maneuver = Maneuver.parse(code)
    template = maneuver.template()
    assert template is not None
    placed = template.place(ship.pose.moved(forward=ship.base.half))
    right, forward, rotation = template.end()
    half = ship.base.half
    final = ship.pose.moved(forward=half).moved(right, forward, rotation).moved(forward=half)
    return _attempt(table, ship, final, placed, None,
                    f"boost {'turn ' if turn else ''}{key}")


# --------------------------------------------------------------------------- decloak
def decloak_options(table: Table, ship_id: str) -> tuple[Attempt, ...]:
    """Every decloak placement (RR: CLOAK): small ships barrel roll or boost with the
    [2 straight] template, medium and large ships with the [1 straight]."""
    ship = table.ship(ship_id)
    speed = 2 if ship.size is BaseSize.SMALL else 1
    attempts = [boost(table, ship_id, "straight", speed)]
    for side in (Side.LEFT, Side.RIGHT):
        attempts.extend(barrel_roll_options(table, ship_id, side, speed))
    return tuple(attempts)


# ---------------------------------------------------------------------------- tractor
def tractor_options(table: Table, ship_id: str) -> tuple[Attempt, ...]:
    """The moves the player who tractored a ship may choose from (RR: TRACTOR): a barrel
    roll with the [1 straight] template (either side, any position) or a [1 straight]
    boost. The move can't overlap or move through an obstacle."""
    attempts = [boost(table, ship_id, "straight")]
    for side in (Side.LEFT, Side.RIGHT):
        attempts.extend(barrel_roll_options(table, ship_id, side))
    return tuple(attempts)


# ------------------------------------------------------------------------ rotate ship
@dataclass(frozen=True)
class Rotation:
    """Rotating a ship in place (RR: ROTATE A SHIP): not a move. It can't be done when the
    rotated base would overlap a ship; obstacles and devices it would overlap are only at
    range 0 (no overlap effects)."""

    ship_id: str
    start: Pose
    final: Pose
    blocked_by: tuple[str, ...]
    at_range_zero_of: tuple[str, ...]

    @property
    def possible(self) -> bool:
        return not self.blocked_by


def rotate_ship(table: Table, ship_id: str, degrees: float) -> Rotation:
    """Rotate a ship by ``degrees`` clockwise (90, 180, -90 ...)."""
    if not math.isfinite(degrees):
        raise ValueError(f"cannot rotate by {degrees} degrees")
    ship = table.ship(ship_id)
    final = ship.pose.rotated(degrees)
    moved = ship.at(final)
    blocked = ships_overlapped(table, moved)
    over = objects_overlapped([*table.obstacles, *table.devices], moved)
    return Rotation(ship_id, ship.pose, final, blocked, tuple(o.id for o in over))


# ---------------------------------------------------------------------------- devices
@dataclass(frozen=True)
class DevicePlacement:
    """Where a dropped or launched device lands and what it lands on. ``device`` is an
    :class:`Obstacle` for a device that is also an obstacle (its outline is one of
    :func:`~tallon.geometry.outlines.placed_obstacle_outlines`)."""

    device: Device | Obstacle
    template: PlacedTemplate | None
    under_ships: tuple[str, ...]
    outside_play_area: bool

    @property
    def allowed(self) -> bool:
        """A device can't be placed with any part outside the play area (RR: DEVICE)."""
        return not self.outside_play_area


def _template_from_code(code: str) -> Template:
    maneuver = Maneuver.parse(code)
    template = maneuver.template()
    if template is None or not maneuver.bearing.is_basic:
        raise ValueError(f"devices are placed with a straight, bank or turn template, "
                         f"not {code!r}")
    return template


def _device_object(device_id: str, pose: Pose, outline: str) -> Device | Obstacle:
    if outline in placed_obstacle_outlines():
        return Obstacle(device_id, pose, outline)
    device_outline(outline)  # validates the outline id
    return Device(device_id, pose, outline)


def place_device(table: Table, ship_id: str, device_id: str, template_code: str,
                 outline: str = "bomb", launch: bool = False,
                 side: Side | str | None = None) -> DevicePlacement:
    """Drop (rear guides) or launch (front guides) a device with a template such as
    ``1F``, ``1B`` or ``5F`` (RR: DEVICE). The device's guides slide into the far end.
    ``side`` (a card's: Gyro-Cockpit) sets the template with its middle line on the
    hashmark of the ship's left or right side instead, pointing away from the ship: the
    same placement from the ship's pose turned 90 degrees that way (the hashmark lies half
    a square base's side from its centre)."""
    ship = table.ship(ship_id)
    template = _template_from_code(template_code)
    if side is not None:
        side = Side.parse(side) if isinstance(side, str) else side
        frame = ship.pose.rotated(side.value * 90.0)
    else:
        frame = ship.pose if launch else ship.pose.rotated(180.0)
    start = frame.moved(forward=ship.base.half)
    placed = template.place(start)
    right, forward, rotation = template.end()
    pose = start.moved(right, forward, rotation)
    return _device_placement(table, _device_object(device_id, pose, outline), placed)


def _device_placement(table: Table, device: Device | Obstacle,
                      template: PlacedTemplate | None) -> DevicePlacement:
    return DevicePlacement(device, template, ships_overlapped(table, device),
                           not table.area.contains_pieces(device.overlap_pieces))


def place_device_at(table: Table, device_id: str, pose: Pose, outline: str = "bomb"
                    ) -> DevicePlacement:
    """A device put at ``pose`` by hand (no template), and what it lands on."""
    return _device_placement(table, _device_object(device_id, pose, outline), None)


def touching_device(table: Table, ship_id: str, outline: str, angle: float) -> Pose:
    """Where a device token ``outline`` placed by hand "touching" the ship goes when set
    out at ``angle`` degrees clockwise from straight behind the ship (ruling: Finch
    Dallow): facing away from the ship's centre along that line, slid along it from the
    centre to where it just stops overlapping the ship's base (guides included)."""
    ship = table.ship(ship_id)
    out = ship.pose.rotated(180.0 + angle)
    pieces = ship.overlap_pieces

    def at(t: float) -> Device | Obstacle:
        spot = out.moved(forward=t)
        return _device_object("(placing)", Pose(spot.x, spot.y, out.heading), outline)

    shape = obstacle_outline(outline) if outline in placed_obstacle_outlines() \
        else device_outline(outline)
    low, high = 0.0, ship.base.radius + shape.outer_radius + 1.0
    for _ in range(44):  # to well under EPS
        middle = (low + high) / 2
        if max_penetration(at(middle).overlap_pieces, pieces) > EPS / 2:
            low = middle
        else:
            high = middle
    return at(high).pose


def touching_placement(table: Table, ship_id: str, outline: str, aim: Pose) -> Obstacle:
    """The obstacle ``outline``, turned as ``aim``, slid along the line from the ship's
    centre through ``aim`` to where it just stops overlapping the ship's base (guides
    included): how a card's obstacle is placed by hand "at range 0" of a ship (ruling:
    Quick-Release Locks). It touches the base there unless the guides stopped it."""
    ship = table.ship(ship_id)
    dx, dy = aim.x - ship.pose.x, aim.y - ship.pose.y
    norm = math.hypot(dx, dy)
    if norm <= EPS:  # aimed at the centre: straight back
        back = ship.pose.moved(forward=-1.0)
        dx, dy, norm = back.x - ship.pose.x, back.y - ship.pose.y, 1.0
    ux, uy = dx / norm, dy / norm
    pieces = ship.overlap_pieces

    def at(t: float) -> Obstacle:
        return Obstacle("(placing)", Pose(ship.pose.x + t * ux, ship.pose.y + t * uy,
                                          aim.heading), outline)

    low, high = 0.0, ship.base.radius + obstacle_outline(outline).outer_radius + 1.0
    for _ in range(44):  # to well under EPS
        middle = (low + high) / 2
        if max_penetration(at(middle).overlap_pieces, pieces) > EPS / 2:
            low = middle
        else:
            high = middle
    return at(high)


@dataclass(frozen=True)
class GuidePlacement:
    """A device placed with its tab (or guides) at a ship's front or rear guides, and the
    objects it would overlap there: ships (bases with guides), obstacles and other devices.
    The ship whose guides it is aligned to is only touched (range 0)."""

    device: Device
    rear: bool
    overlapped: tuple[str, ...]
    outside_play_area: bool

    @property
    def guides(self) -> str:
        return "rear" if self.rear else "front"


def align_to_guides(table: Table, ship_id: str, device_id: str, outline: str,
                    rear: bool = False) -> GuidePlacement:
    """Place device ``device_id`` (picked up from wherever it is) with its tab at the ship's
    front or rear guides, facing away from the ship (RR: APPENDIX: EXAMPLES - Buzz Droid Swarm)."""
    ship = table.ship(ship_id)
    frame = ship.pose.rotated(180.0) if rear else ship.pose
    device = Device(device_id, frame.moved(forward=ship.base.half), outline)
    ships = ships_overlapped(table, device)
    others = [o for o in (*table.obstacles, *table.devices) if o.id != device_id]
    over = tuple(o.id for o in objects_overlapped(others, device))
    return GuidePlacement(device, rear, (*ships, *over),
                          not table.area.contains_pieces(device.overlap_pieces))


__all__ = [
    "Attempt",
    "DevicePlacement",
    "GuidePlacement",
    "RollPosition",
    "Rotation",
    "Side",
    "align_to_guides",
    "barrel_roll",
    "barrel_roll_geometry",
    "barrel_roll_options",
    "barrel_roll_turn",
    "boost",
    "decloak_options",
    "place_device",
    "place_device_at",
    "rotate_ship",
    "touching_device",
    "touching_placement",
    "tractor_options",
]
