"""Where ships may be placed at setup (RR: SETUP step 5, RR: SHIP SIZES, RR: PLAY AREA):
the limits a placement is checked against, and the spots Place Forces offers. Huge ships
(RR: APPENDIX: HUGE SHIPS - SETUP) are placed like large ships, their long base allowed
beyond range 1 of the edge when it fills the setup area's depth; they are offered spots
broadside along their edge and facing the enemy with their rear guides on the edge.
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING, Any

from tallon.engine.decisions import Option, Value, pose_key
from tallon.engine.state import ShipState
from tallon.geometry import BaseSize, PlayArea, Pose, Ship, base_shape
from tallon.geometry.constants import (
    EPS,
    GUIDE_DEPTH,
    HUGE_BASE_LENGTH,
    PLAY_AREA_SIDE,
    RANGE_BAND_LENGTH,
)
from tallon.geometry.overlap import ships_overlapped
from tallon.geometry.table import HugeShip

if TYPE_CHECKING:
    from tallon.engine.game import Game

#: A base to place: a standard size, or a huge ship's type (its base length).
Shape = BaseSize | str


def shape_of(ship: ShipState) -> Shape:
    return ship.ship_type if ship.huge else ship.size


def placing(shape: Shape, pose: Pose, ship_id: str = "(placing)") -> Ship:
    """The base of ``shape`` at ``pose``."""
    if isinstance(shape, str):
        return HugeShip.of_type(ship_id, pose, shape)
    return Ship(ship_id, pose, shape)


def ship_placement_problem(game: Game, ship: ShipState, pose: Pose) -> str | None:
    """Why a ship can't be placed here (RR: SETUP step 5, RR: SHIP SIZES), or None."""
    problem = edge_problem(shape_of(ship), ship.owner, pose)
    if problem is not None:
        return problem
    return overlap_problem(game, ship, pose)


@cache
def edge_problem(shape: Shape, owner: int, pose: Pose) -> str | None:
    """What the table's edges say of a ship placed here, whatever else is on the table:
    wholly inside the play area, within range 1 of its player's edge (remembered: the same
    spots are offered game after game)."""
    outside = outside_problem(shape, pose)
    if outside is not None:
        return outside
    body = placing(shape, pose)
    near = [y for piece in body.range_pieces for _, y in piece]
    distances = near if owner == 1 else [PLAY_AREA_SIDE - y for y in near]
    farthest, nearest = max(distances), min(distances)
    # a large ship may reach beyond range 1 if it fills the whole depth of the area; so may
    # a huge one, its rear guides on the edge (RR: APPENDIX: HUGE SHIPS - SETUP)
    fills_area = (shape is BaseSize.LARGE and nearest <= EPS) or (
        isinstance(shape, str) and nearest <= GUIDE_DEPTH + EPS)
    if farthest > RANGE_BAND_LENGTH + EPS and not fills_area:
        return "ships must be placed within range 1 of their player edge"
    return None


@cache
def outside_problem(shape: Shape, pose: Pose) -> str | None:
    """Whether a ship placed here would be partly outside the play area (RR: PLAY AREA)."""
    body = placing(shape, pose)
    x, y, reach = body.circle
    # a base whose bounding circle is inside the play area is inside it: no pieces needed
    inside = reach <= x <= PLAY_AREA_SIDE - reach and reach <= y <= PLAY_AREA_SIDE - reach
    if not inside and not PlayArea().contains_pieces(body.overlap_pieces):
        return "no part of a ship may be outside the play area"
    return None


def placement_pose(value: dict[str, Any], angle: str, default: float | None = None
                   ) -> Pose | str:
    """The pose of a placement answer: ``x``, ``y`` and the ``angle`` key (``default``
    when it may be left out), or why they are not finite numbers."""
    try:
        turn = value[angle] if default is None else value.get(angle, default)
        pose = Pose(float(value["x"]), float(value["y"]), float(turn))
    except (TypeError, ValueError):
        return f"x, y and {angle} must be numbers"
    if not all(math.isfinite(v) for v in pose):
        return f"x, y and {angle} must be finite"
    return pose


def overlap_problem(game: Game, ship: ShipState, pose: Pose) -> str | None:
    body = placing(shape_of(ship), pose, ship.id)
    if ships_overlapped(game.state.table(), body):
        return "it would overlap another ship"
    return None


def spot_option(pose: Pose, turret: str | None, label: str) -> Option:
    """A ship placement offered: its key ``"x,y,heading"`` (``",<arc>"`` added for the
    turret indicator) and facts."""
    key = pose_key(pose)
    info: dict[str, Value] = {"x": pose.x, "y": pose.y, "heading": pose.heading}
    if turret is not None:
        key += f",{turret}"
        info["turret"] = turret
    return Option(key, label, info)


@cache
def ship_option(pose: Pose, turret: str | None) -> Option:
    """A placement offered (remembered: the same spots are offered game after game)."""
    return spot_option(pose, turret, f"at x {pose.x:.0f} facing the enemy edge")


def deployment_spots(game: Game, ship: ShipState) -> list[Pose]:
    """The placements Place Forces offers: along the player's edge, facing the enemy's,
    where the ship overlaps no other."""
    heading = 0.0 if ship.owner == 1 else 180.0
    if ship.huge:
        return _huge_spots(game, ship, heading)
    half = base_shape(ship.size).half
    depth = half + 3.5
    y = round(depth if ship.owner == 1 else PLAY_AREA_SIDE - depth, 3)
    spots = []
    for x in [60.0 + 66.0 * k for k in range(13)]:
        pose = Pose(x, y, heading)
        if edge_problem(ship.size, ship.owner, pose) is None and \
                overlap_problem(game, ship, pose) is None:
            spots.append(pose)
    return spots


def _huge_spots(game: Game, ship: ShipState, heading: float) -> list[Pose]:
    """A huge ship's offers: facing the enemy with its rear guides on the edge, and
    broadside (both ways) along the edge."""
    half = HUGE_BASE_LENGTH[ship.ship_type] / 2
    facing = half + GUIDE_DEPTH
    broadside = 40.0 + 3.5
    spots = []
    for depth, turn in ((facing, 0.0), (broadside, 90.0), (broadside, -90.0)):
        y = round(depth if ship.owner == 1 else PLAY_AREA_SIDE - depth, 3)
        for x in [140.0 + 90.0 * k for k in range(8)]:
            pose = Pose(x, y, (heading + turn) % 360)
            if edge_problem(ship.ship_type, ship.owner, pose) is None and \
                    overlap_problem(game, ship, pose) is None:
                spots.append(pose)
    return spots
