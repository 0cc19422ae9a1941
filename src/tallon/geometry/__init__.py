"""Exact table geometry for X-Wing, in millimetres and degrees.

World coordinates: x to the right, y away from the first player's edge, headings clockwise
from +y. Nothing here knows the rules of the game beyond the measuring procedures: who owns
a ship or what an obstacle does belongs to the rules engine.

Typical use::

    from tallon.geometry import Pose, Ship, Table, BaseSize, execute_maneuver

    table = Table(ships=(Ship("xw", Pose(300, 100, 0), BaseSize.SMALL),))
    outcome = execute_maneuver(table, "xw", "2N")
    outcome.final, outcome.fully_executed, outcome.moved_through
"""

from tallon.geometry.arcs import (
    STANDARD_ARCS,
    Arc,
    ArcMeasure,
    Relation,
    attack_range,
    in_arc,
    measure_arc,
    relation,
    turret_arcs,
)
from tallon.geometry.bases import BaseShape, base_shape
from tallon.geometry.constants import EPS, PLAY_AREA_SIDE, BaseSize
from tallon.geometry.huge import (
    HugeMove,
    HugeOverlapResolution,
    execute_huge_maneuver,
    huge_maneuver,
    rear_arc_placement_problems,
    rear_arc_placements,
    resolve_huge_overlap,
)
from tallon.geometry.maneuvers import (
    TALLON_POSITIONS,
    Bearing,
    Difficulty,
    FlightPlan,
    Maneuver,
)
from tallon.geometry.movement import MoveOutcome, execute_maneuver
from tallon.geometry.obstruction import Obstruction, attack_obstruction, line_obstruction
from tallon.geometry.outlines import (
    ObstacleType,
    device_outline,
    device_outlines,
    obstacle_outline,
    obstacle_outlines,
    placed_obstacle_outlines,
)
from tallon.geometry.pose import Pose
from tallon.geometry.ranges import (
    at_range,
    band,
    band_limits,
    beyond_range,
    closest_points,
    disk_distance,
    object_distance,
    range_between,
    within_range,
)
from tallon.geometry.repositioning import (
    Attempt,
    DevicePlacement,
    GuidePlacement,
    RollPosition,
    Rotation,
    Side,
    align_to_guides,
    barrel_roll,
    barrel_roll_options,
    boost,
    decloak_options,
    place_device,
    rotate_ship,
    tractor_options,
)
from tallon.geometry.table import (
    Device,
    HugeShip,
    ObjectKind,
    Obstacle,
    PlayArea,
    Ship,
    Table,
    TableObject,
)
from tallon.geometry.templates import Direction, PlacedTemplate, Template, TemplateKind

__all__ = [
    "EPS",
    "PLAY_AREA_SIDE",
    "STANDARD_ARCS",
    "TALLON_POSITIONS",
    "Arc",
    "ArcMeasure",
    "Attempt",
    "BaseShape",
    "BaseSize",
    "Bearing",
    "Device",
    "DevicePlacement",
    "Difficulty",
    "Direction",
    "FlightPlan",
    "GuidePlacement",
    "HugeMove",
    "HugeOverlapResolution",
    "HugeShip",
    "Maneuver",
    "MoveOutcome",
    "ObjectKind",
    "Obstacle",
    "ObstacleType",
    "Obstruction",
    "PlacedTemplate",
    "PlayArea",
    "Pose",
    "Relation",
    "RollPosition",
    "Rotation",
    "Ship",
    "Side",
    "Table",
    "TableObject",
    "Template",
    "TemplateKind",
    "align_to_guides",
    "at_range",
    "attack_obstruction",
    "attack_range",
    "band",
    "band_limits",
    "barrel_roll",
    "barrel_roll_options",
    "base_shape",
    "beyond_range",
    "boost",
    "closest_points",
    "decloak_options",
    "device_outline",
    "device_outlines",
    "disk_distance",
    "execute_huge_maneuver",
    "execute_maneuver",
    "huge_maneuver",
    "in_arc",
    "line_obstruction",
    "measure_arc",
    "object_distance",
    "obstacle_outline",
    "obstacle_outlines",
    "place_device",
    "placed_obstacle_outlines",
    "range_between",
    "rear_arc_placement_problems",
    "rear_arc_placements",
    "relation",
    "resolve_huge_overlap",
    "rotate_ship",
    "tractor_options",
    "turret_arcs",
    "within_range",
]
