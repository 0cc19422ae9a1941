"""Objects on the table (RR: OBJECTS) and the table that holds them.

The geometry layer knows objects only by id, shape and pose; who owns a ship, or what an
obstacle does to it, belongs to the rules engine.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, TypeVar

from tallon.geometry.bases import BaseShape, base_shape, huge_base_shape
from tallon.geometry.boxes import Box, PolygonAxes, boxes_reach, place_boxes, polygon_axes
from tallon.geometry.constants import (
    EPS,
    HUGE_BASE_LENGTH,
    HUGE_BASE_LONG,
    PLAY_AREA_SIDE,
    BaseSize,
)
from tallon.geometry.lazy import Lazy, lazy
from tallon.geometry.outlines import (
    ARC_BASES,
    ObstacleOutline,
    ObstacleType,
    Outline,
    device_outline,
)
from tallon.geometry.outlines import obstacle_outline as _obstacle_outline
from tallon.geometry.polygons import Polygon, bounding_circle
from tallon.geometry.pose import Pose, Transform


class ObjectKind(Enum):
    SHIP = "ship"
    OBSTACLE = "obstacle"
    DEVICE = "device"


def _circle_of(pieces: tuple[Polygon, ...]) -> tuple[float, float, float]:
    return bounding_circle(tuple(p for piece in pieces for p in piece))


# ------------------------------------------------------------- shared per shape and pose
#: What the geometry derives from an object's shape and pose (placed pieces, circles,
#: boxes), shared by every object of that shape at that pose: agents rebuild the table
#: from each view they are shown, with new objects standing where the old ones stood, and
#: would otherwise derive it all again. Cleared whole when it grows past the limit.
_DERIVED: dict[Hashable, dict[str, Any]] = {}
_DERIVED_LIMIT = 1024  # a ship with everything derived holds about 10 kB

_T = TypeVar("_T")


def _derived_of(shape: Hashable, pose: Pose) -> dict[str, Any]:
    """The shared record of a shape at a pose."""
    x, y, heading = pose
    if x and y and heading:
        key: Hashable = (shape, x, y, heading)
    else:
        # 0.0 and -0.0 are equal keys but may round differently: keep them apart
        key = (shape, x, y, heading, math.copysign(1.0, x), math.copysign(1.0, y),
               math.copysign(1.0, heading))
    found = _DERIVED.get(key)
    if found is None:
        if len(_DERIVED) >= _DERIVED_LIMIT:
            _DERIVED.clear()
        found = _DERIVED[key] = {}
    return found


def _shared(compute: Callable[[Any], _T]) -> Lazy[_T]:
    """A lazy property whose value is also shared through the object's shape-and-pose
    record (:attr:`TableObject._derived`): computed once for all objects alike."""
    name = compute.__name__

    def get(self: TableObject) -> _T:
        record = self._derived
        if name in record:
            return record[name]  # type: ignore[no-any-return]
        value = record[name] = compute(self)
        return value

    get.__name__ = name
    get.__doc__ = compute.__doc__
    return lazy(get)


@dataclass(frozen=True, eq=False)
class TableObject(ABC):
    """Anything with a position on the table."""

    id: str
    pose: Pose

    kind = ObjectKind.SHIP  # each subclass names its kind

    @property
    @abstractmethod
    def range_pieces(self) -> tuple[Polygon, ...]:
        """Convex pieces measured for range and arcs (world coordinates)."""

    @property
    @abstractmethod
    def overlap_pieces(self) -> tuple[Polygon, ...]:
        """Convex pieces tested for overlap and moving through (world coordinates)."""

    @lazy
    def _derived(self) -> dict[str, Any]:
        """The record shared with every object of this shape at this pose (its own, for
        an object that names no shape)."""
        shape = self._shape
        return {} if shape is None else _derived_of(shape, self.pose)

    @property
    def _shape(self) -> Hashable | None:
        """What the object's outline depends on besides its pose (None: unknown)."""
        return None

    @_shared
    def circle(self) -> tuple[float, float, float]:
        """A circle holding every overlap piece (for quick rejection)."""
        return _circle_of(self.overlap_pieces)

    @lazy
    def circle_entry(self) -> tuple[TableObject, complex, float, bool]:
        """This object's entry in :attr:`Table.circles` (kept with the object: a table
        rebuilt after one ship moves reuses every other entry)."""
        x, y, radius = self.circle
        return (self, complex(x, y), radius, self.kind is ObjectKind.SHIP)

    @_shared
    def range_circles(self) -> tuple[tuple[float, float, float], ...]:
        """A circle holding each range piece (range measures visit pairs of pieces nearest
        first by them)."""
        return tuple(bounding_circle(piece) for piece in self.range_pieces)

    @_shared
    def piece_circles(self) -> tuple[tuple[Polygon, tuple[float, float, float]], ...]:
        """Each overlap piece with a circle holding it (for quick rejection)."""
        return tuple((piece, bounding_circle(piece)) for piece in self.overlap_pieces)

    @_shared
    def piece_axes(self) -> tuple[tuple[tuple[float, float, float], PolygonAxes], ...]:
        """Each overlap piece's circle, with the piece ready for box tests (the fast path
        for a ship's base meeting this object)."""
        return tuple((circle, polygon_axes(piece)) for piece, circle in self.piece_circles)

    def near(self, other: TableObject, margin: float = 0.0) -> bool:
        ax, ay, ar = self.circle
        bx, by, br = other.circle
        return math.hypot(ax - bx, ay - by) <= ar + br + margin


@dataclass(frozen=True, eq=False)
class Ship(TableObject):
    """A ship's base on the table."""

    size: BaseSize = BaseSize.SMALL
    kind = ObjectKind.SHIP
    #: a huge ship's base (:class:`HugeShip`)
    huge = False

    @lazy
    def base(self) -> BaseShape:
        return base_shape(self.size)

    @property
    def _shape(self) -> Hashable:
        return self.size

    @_shared
    def square(self) -> Polygon:
        """The base without guides."""
        return self.base.square_at(self.pose)

    @lazy
    def range_pieces(self) -> tuple[Polygon, ...]:
        return (self.square,)

    @_shared
    def overlap_pieces(self) -> tuple[Polygon, ...]:
        return self.base.pieces_at(self.pose)

    @lazy
    def circle(self) -> tuple[float, float, float]:
        return (self.pose.x, self.pose.y, self.base.radius)

    @_shared
    def boxes(self) -> tuple[Box, ...]:
        """The base and guides as oriented boxes (the fast ship-against-ship path)."""
        return place_boxes(self.base, self.pose)

    @_shared
    def boxes_reach(self) -> float:
        """The radius round the base's centre that holds every box's circle."""
        return boxes_reach(self.boxes)

    def at(self, pose: Pose) -> Ship:
        return replace(self, pose=pose)


@dataclass(frozen=True, eq=False)
class HugeShip(Ship):
    """A huge ship's base (RR: APPENDIX: HUGE SHIPS): a rectangle 80 mm wide and ``length``
    long, with front and rear guides. BaseSize has no huge member (code that goes through
    the three standard sizes would break), so ``size`` is the standard size of the same
    width, LARGE, and the geometry never reads it for a huge ship: its base, arcs and
    movement (:mod:`tallon.geometry.huge`) come from ``length``."""

    size: BaseSize = BaseSize.LARGE
    length: float = HUGE_BASE_LONG

    huge = True

    @lazy
    def base(self) -> BaseShape:
        return huge_base_shape(self.length)

    @property
    def _shape(self) -> Hashable:
        return ("huge", self.length)

    @classmethod
    def of_type(cls, ship_id: str, pose: Pose, ship_type: str) -> HugeShip:
        """The huge ship of a ship type (its xws, e.g. ``cr90corelliancorvette``), with
        that type's base length."""
        try:
            length = HUGE_BASE_LENGTH[ship_type]
        except KeyError:
            known = ", ".join(sorted(HUGE_BASE_LENGTH))
            raise KeyError(f"no huge base known for {ship_type!r}; known: {known}") from None
        return cls(ship_id, pose, length=length)


@dataclass(frozen=True, eq=False)
class OutlinedObject(TableObject):
    """A token laid by its outline (an obstacle or a device): all of the outline's convex
    pieces (a device's guides too) count alike for range, overlap and moving through."""

    @property
    @abstractmethod
    def outline(self) -> Outline:
        """The token's outline in its own frame (looked up by the subclass's id field)."""

    @_shared
    def boundary(self) -> Polygon:
        return Transform(self.pose).apply(self.outline.boundary)

    @_shared
    def range_pieces(self) -> tuple[Polygon, ...]:
        t = Transform(self.pose)
        return tuple(t.apply(p) for p in self.outline.pieces)

    @lazy
    def overlap_pieces(self) -> tuple[Polygon, ...]:
        return self.range_pieces


@dataclass(frozen=True, eq=False)
class Obstacle(OutlinedObject):
    """An obstacle token; ``outline_id`` is an outline id such as ``core2asteroid0``."""

    outline_id: str = "core2asteroid0"
    kind = ObjectKind.OBSTACLE

    @property
    def outline(self) -> ObstacleOutline:
        return _obstacle_outline(self.outline_id)

    @property
    def _shape(self) -> Hashable:
        return (ObjectKind.OBSTACLE, self.outline_id)

    @property
    def type(self) -> ObstacleType:
        return self.outline.type


@dataclass(frozen=True, eq=False)
class Device(OutlinedObject):
    """A device token; its guides count for range, overlap and moving through."""

    outline_id: str = "bomb"
    kind = ObjectKind.DEVICE

    @property
    def outline(self) -> Outline:
        return device_outline(self.outline_id)

    @property
    def arc_base(self) -> Ship | None:
        """RR: ATTACKING REMOTES - a remote token with printed arcs: the base its arcs and
        attack ranges are measured from (None: a token without arcs)."""
        found = ARC_BASES.get(self.outline_id)
        if found is None:
            return None
        size, offset = found
        return Ship(self.id, self.pose.moved(forward=offset), size)

    @property
    def _shape(self) -> Hashable:
        return (ObjectKind.DEVICE, self.outline_id)


@dataclass(frozen=True)
class PlayArea:
    """The rectangular play area (RR: PLAY AREA), origin at the first player's left corner."""

    width: float = PLAY_AREA_SIDE
    height: float = PLAY_AREA_SIDE

    def contains_pieces(self, pieces: Iterable[Polygon]) -> bool:
        """True when every part of the pieces is inside (touching the edge is inside)."""
        w, h = self.width, self.height
        return all(
            -EPS <= x <= w + EPS and -EPS <= y <= h + EPS
            for piece in pieces
            for x, y in piece
        )

    def entirely_outside(self, pieces: Iterable[Polygon]) -> bool:
        """True when the pieces' bounding box lies wholly beyond the area's edges."""
        points = [point for piece in pieces for point in piece]
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        return (max(xs) < -EPS or min(xs) > self.width + EPS
                or max(ys) < -EPS or min(ys) > self.height + EPS)


@dataclass(frozen=True)
class Table:
    """Every object on the table, by id."""

    ships: tuple[Ship, ...] = ()
    obstacles: tuple[Obstacle, ...] = ()
    devices: tuple[Device, ...] = ()
    area: PlayArea = field(default_factory=PlayArea)

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for obj in self.objects():
            if obj.id in seen:
                raise ValueError(f"two objects on the table share the id {obj.id!r}")
            seen.add(obj.id)

    def objects(self) -> Iterator[TableObject]:
        return iter(self.everything)

    @lazy
    def everything(self) -> tuple[TableObject, ...]:
        """Every object: ships, then obstacles, then devices."""
        return (*self.ships, *self.obstacles, *self.devices)

    @lazy
    def circles(self) -> tuple[tuple[TableObject, complex, float, bool], ...]:
        """Every object with the circle that holds it (centre as x + yj, radius) and whether
        it is a ship, in the order of :attr:`everything` (for quick proximity scans)."""
        return tuple(obj.circle_entry for obj in self.everything)

    @lazy
    def _by_id(self) -> dict[str, TableObject]:
        # ids are unique (checked above); maneuvers look their ship up on every call
        return {obj.id: obj for obj in self.everything}

    def get(self, object_id: str) -> TableObject:
        found = self._by_id.get(object_id)
        if found is not None:
            return found
        known = ", ".join(o.id for o in self.objects()) or "none"
        raise KeyError(f"no object {object_id!r} on the table (objects: {known})")

    def ship(self, ship_id: str) -> Ship:
        obj = self.get(ship_id)
        if not isinstance(obj, Ship):
            raise KeyError(f"{ship_id!r} is a {obj.kind.value}, not a ship")
        return obj

    def with_ship(self, ship: Ship) -> Table:
        """The table with ``ship`` added, or replacing the ship with its id."""
        others = tuple(s for s in self.ships if s.id != ship.id)
        return replace(self, ships=(*others, ship))

    def without(self, object_id: str) -> Table:
        return replace(
            self,
            ships=tuple(s for s in self.ships if s.id != object_id),
            obstacles=tuple(o for o in self.obstacles if o.id != object_id),
            devices=tuple(d for d in self.devices if d.id != object_id),
        )

    def with_device(self, device: Device) -> Table:
        others = tuple(d for d in self.devices if d.id != device.id)
        return replace(self, devices=(*others, device))
