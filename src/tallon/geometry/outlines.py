"""Outlines of obstacles and devices.

The rules give no outlines. Real obstacle tokens are irregular and roughly 40-90 mm across;
the outlines below are Tallon's own, close to the real tokens' sizes, with XWS-style ids.
Each is a simple polygon around its centre (local ``(right, forward)`` coordinates, the
obstacle's pose rotating it), kept as a union of convex pieces for exact tests.

Device tokens are placed by sliding their guides into the end of a template (RR: DEVICE).
Their local origin is the middle of the guides' edge and they extend forward from it; the
guides count as part of the device for range, overlap and moving through. Their sizes are
estimates, easy to change here. A buzz droid swarm has a tab instead of guides
(RR: APPENDIX: EXAMPLES - Buzz Droid Swarm: "aligning the tab to that ship's front or rear guides"):
its origin is the tab's back edge, the edge that meets a template's end or a ship's base.

Some devices are also obstacles (the electro-chaff cloud): their outlines are obstacle
outlines of their own (:func:`placed_obstacle_outlines`), laid out like a device's, and are
never offered as setup obstacles.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from functools import cache, cached_property

from tallon.geometry.constants import GUIDE_DEPTH, GUIDE_WIDTH, TEMPLATE_WIDTH, BaseSize
from tallon.geometry.decompose import convex_pieces
from tallon.geometry.polygons import Polygon, ccw, signed_area


class ObstacleType(Enum):
    """Kinds of obstacle (RR: OBSTACLES). Cargo drift is an asteroid."""

    ASTEROID = "asteroid"
    DEBRIS_CLOUD = "debris_cloud"
    GAS_CLOUD = "gas_cloud"
    ELECTRO_CHAFF_CLOUD = "electro_chaff_cloud"
    LOOSE_CARGO = "loose_cargo"
    SPARE_PARTS = "spare_parts"
    BLAZE = "blaze"


@dataclass(frozen=True)
class Outline:
    """A named outline: its boundary (for drawing) and its convex pieces (for tests).
    ``attachments`` are the pieces outside the boundary (a device's guides or tab), the last
    of ``pieces``."""

    id: str
    boundary: Polygon
    pieces: tuple[Polygon, ...]
    attachments: tuple[Polygon, ...] = ()

    @property
    def area(self) -> float:
        return abs(signed_area(self.boundary))

    @cached_property
    def outer_radius(self) -> float:
        """Distance from the local origin to the farthest point of the outline."""
        return max(math.hypot(x, y) for piece in self.pieces for x, y in piece)

    @cached_property
    def inner_radius(self) -> float:
        """Radius of a disk round the local origin that lies inside the outline (0 if the
        origin is outside it): the distance from the origin to the nearest edge."""
        pts = self.boundary
        best = math.inf
        n = len(pts)
        for i in range(n):
            (ax, ay), (bx, by) = pts[i - 1], pts[i]
            dx, dy = bx - ax, by - ay
            t = max(0.0, min(1.0, -(ax * dx + ay * dy) / (dx * dx + dy * dy)))
            best = min(best, math.hypot(ax + t * dx, ay + t * dy))
        return best if _contains_origin(pts) else 0.0

    @property
    def extent(self) -> float:
        """Largest distance between two points of the outline (its size across)."""
        pts = self.boundary
        return max(math.hypot(a[0] - b[0], a[1] - b[1]) for a in pts for b in pts)


@dataclass(frozen=True)
class ObstacleOutline(Outline):
    type: ObstacleType = ObstacleType.ASTEROID


def _contains_origin(pts: Polygon) -> bool:
    # ray casting: the outlines may be non-convex
    inside = False
    n = len(pts)
    for i in range(n):
        (ax, ay), (bx, by) = pts[i - 1], pts[i]
        if (ay > 0) != (by > 0) and ax - ay * (bx - ax) / (by - ay) > 0:
            inside = not inside
    return inside


def _radial(radii: tuple[float, ...], phase: float = 0.0) -> Polygon:
    n = len(radii)
    return tuple(
        (r * math.cos(phase + 2 * math.pi * k / n), r * math.sin(phase + 2 * math.pi * k / n))
        for k, r in enumerate(radii)
    )


# Radii (mm) of each outline's vertices at equal angular steps: Tallon's own shapes.
_ASTEROIDS = {
    "core2asteroid0": (36, 39, 37, 32, 34, 38, 36, 31, 33, 37),
    "core2asteroid1": (28, 31, 33, 30, 27, 29, 32, 30, 26),
    "core2asteroid2": (42, 40, 36, 38, 43, 41, 37, 35, 39, 44, 40),
    "core2asteroid3": (24, 27, 26, 22, 25, 28, 24, 23),
    "core2asteroid4": (33, 37, 41, 38, 34, 30, 32, 36, 39, 35),
    "core2asteroid5": (30, 26, 29, 34, 36, 31, 27, 30, 35, 33),
}
_DEBRIS = {
    "core2debris0": (40, 26, 37, 22, 42, 28, 35, 20, 39, 27, 33, 24),
    "core2debris1": (45, 30, 41, 25, 38, 31, 44, 23, 36, 29, 40, 26, 34, 28),
    "core2debris2": (35, 22, 33, 19, 36, 24, 30, 21, 34, 23),
    "yt2400debris0": (44, 29, 39, 24, 46, 27, 37, 22, 41, 30, 43, 25),
    "yt2400debris1": (38, 25, 42, 27, 35, 21, 40, 26, 37, 23),
    "vt49decimatordebris0": (47, 31, 43, 26, 40, 33, 46, 28, 42, 24, 39, 30, 45, 27),
}
_GAS = {
    f"gascloud{k}": tuple(
        round(base + amp * math.cos(lobes * 2 * math.pi * i / 18 + k), 2) for i in range(18)
    )
    for k, (base, amp, lobes) in enumerate(
        ((33, 7, 3), (38, 8, 4), (30, 6, 3), (41, 9, 5), (35, 7, 4), (44, 8, 3)), start=1
    )
}


@cache
def obstacle_outlines() -> dict[str, ObstacleOutline]:
    """Every known obstacle outline by XWS-style id."""
    result: dict[str, ObstacleOutline] = {}
    for table, kind in ((_ASTEROIDS, ObstacleType.ASTEROID),
                        (_DEBRIS, ObstacleType.DEBRIS_CLOUD),
                        (_GAS, ObstacleType.GAS_CLOUD)):
        for key, radii in table.items():
            boundary = ccw(_radial(tuple(float(r) for r in radii)))
            result[key] = ObstacleOutline(key, boundary, convex_pieces(boundary), type=kind)
    return result


def obstacle_outline(obstacle_id: str) -> ObstacleOutline:
    """The outline with this id (setup obstacles and obstacles that cards place); raises
    KeyError naming the known ids."""
    found = obstacle_outlines().get(obstacle_id) or placed_obstacle_outlines().get(obstacle_id)
    if found is None:
        known = ", ".join(sorted([*obstacle_outlines(), *placed_obstacle_outlines()]))
        raise KeyError(f"unknown obstacle id {obstacle_id!r}; known ids: {known}")
    return found


def _guides() -> tuple[Polygon, ...]:
    inner = TEMPLATE_WIDTH / 2
    outer = inner + GUIDE_WIDTH
    return (
        ((inner, -GUIDE_DEPTH), (outer, -GUIDE_DEPTH), (outer, 0.0), (inner, 0.0)),
        ((-outer, -GUIDE_DEPTH), (-inner, -GUIDE_DEPTH), (-inner, 0.0), (-outer, 0.0)),
    )


def _round_token(radius: float, sides: int = 16) -> Polygon:
    # a round token whose near edge touches the origin, extending forward
    return tuple(
        (radius * math.cos(2 * math.pi * k / sides),
         radius + radius * math.sin(2 * math.pi * k / sides))
        for k in range(sides)
    )


def _block(width: float, length: float) -> Polygon:
    # a rectangular token whose near edge lies on the origin, extending forward
    half = width / 2
    return ((-half, 0.0), (half, 0.0), (half, length), (-half, length))


def _bare(device_id: str, body: Polygon) -> Outline:
    body = ccw(body)
    return Outline(device_id, body, convex_pieces(body), ())


def _device(device_id: str, body: Polygon) -> Outline:
    body = ccw(body)
    guides = _guides()
    return Outline(device_id, body, (*convex_pieces(body), *guides), guides)


#: Estimated buzz droid swarm token: a disk the width of a small base (40 mm) on a tab as
#: wide as a template. The tab is 4 mm deep, deeper than a ship's guides (3.3 mm), so that
#: the disk aligned to a ship's guides clears them and only the tab touches the base.
SWARM_RADIUS = 20.0
SWARM_TAB_DEPTH = 4.0


def _swarm(device_id: str) -> Outline:
    half = TEMPLATE_WIDTH / 2
    body = ccw(tuple((x, y + SWARM_TAB_DEPTH) for x, y in _round_token(SWARM_RADIUS)))
    tab = ((-half, 0.0), (half, 0.0), (half, SWARM_TAB_DEPTH), (-half, SWARM_TAB_DEPTH))
    return Outline(device_id, body, (*convex_pieces(body), tab), (tab,))


def _double_guided(device_id: str, body: Polygon) -> Outline:
    # guides at both ends: the rear ones behind the origin, the front ones beyond the
    # body's far edge (a remote that relocates forward, or with either set of guides)
    body = ccw(body)
    length = max(y for _, y in body)
    rear = _guides()
    front = tuple(tuple((x, length - y) for x, y in piece) for piece in rear)
    guides = (*rear, *(ccw(piece) for piece in front))
    return Outline(device_id, body, (*convex_pieces(body), *guides), guides)


def front_edge(outline: Outline) -> float:
    """How far forward of its origin a device's body reaches: where its front guides (if
    it has them) meet a template laid from them."""
    return max(y for _, y in outline.boundary)


#: Estimated DRK-1 probe droid token: a disk 36 mm across with guides at both ends
#: (RR: OBJECTS: REMOTES - relocated from "any set of the DRK-1's guides").
DRK1_RADIUS = 18.0
#: Estimated sensor buoy token: a disk 32 mm across, no guides (placed by hand at setup).
SENSOR_BUOY_RADIUS = 16.0

#: Estimated commando team token (the remote of the five commando crew cards): a block as
#: wide as a small base, with guides at both ends, 40 mm long guides included (RR: OBJECTS:
#: REMOTES - Commando Team: front and rear guides, a front arc attack).
COMMANDO_TEAMS = ("clanwrencommandos", "deathwatchcommandos", "imperialsupercommandos",
                  "mandaloriansupercommandos", "niteowlcommandos")
COMMANDO_LENGTH = 40.0 - 2 * GUIDE_DEPTH

#: RR: ATTACKING REMOTES - remote tokens with printed arcs, by outline id: the base size
#: whose arcs they have and how far forward of the token's origin that base's centre lies
#: (the base spans the token, guides included).
ARC_BASES: dict[str, tuple[BaseSize, float]] = {
    team: (BaseSize.SMALL, COMMANDO_LENGTH / 2) for team in COMMANDO_TEAMS}


@cache
def device_outlines() -> dict[str, Outline]:
    """Device token outlines by id (estimated sizes, see the module docstring)."""
    return {
        "bomb": _device("bomb", _round_token(14.0)),
        "mine": _device("mine", _round_token(20.0)),
        "connernet": _device("connernet", _round_token(22.0, 12)),
        "clustermine": _device("clustermine", _round_token(11.0, 12)),
        # the two mines a cluster mine set adds in the centre mine's recesses: no guides
        # of their own (docs/rulings.md, Devices)
        "clustermineside": _bare("clustermineside", _round_token(11.0, 12)),
        "buzzdroidswarm": _swarm("buzzdroidswarm"),
        "drk1probedroid": _double_guided("drk1probedroid", _round_token(DRK1_RADIUS)),
        "sensorbuoy": _bare("sensorbuoy", _round_token(SENSOR_BUOY_RADIUS)),
        **{team: _double_guided(team, _block(40.0, COMMANDO_LENGTH)) for team in COMMANDO_TEAMS},
    }


#: Estimated electro-chaff cloud token: a lobed cloud 80 mm across, the size of Tallon's gas
#: clouds (65-95 mm), with a device's guides (RR: ELECTRO-CHAFF CLOUD: a device and an
#: obstacle).
_CHAFF_RADII = tuple(round(34 + 6 * math.cos(4 * 2 * math.pi * i / 18), 2) for i in range(18))


#: Estimated Blaze token (placed by a Blazer Bomb): a flame-edged patch 56 mm across, with
#: a device's guides (docs/rulings.md, Devices).
_BLAZE_RADII = tuple(round(25 + 3 * math.cos(6 * 2 * math.pi * i / 24), 2) for i in range(24))


#: Estimated loose cargo token (dropped by Rigged Cargo Chute): a ragged patch of debris
#: about 57 mm across, with a device's guides (ruling: the token's printed size is not known).
_LOOSE_CARGO_RADII = tuple(round(27 + 3 * math.cos(5 * 2 * math.pi * i / 20), 2)
                           for i in range(20))


def _placed_obstacle(obstacle_id: str, radii: tuple[float, ...], kind: ObstacleType
                     ) -> ObstacleOutline:
    cloud = _radial(radii)
    # laid out like a device: centred on the guides, the nearest point of the cloud on
    # their front edge
    low = min(y for _, y in cloud)
    body = ccw(tuple((x, y - low) for x, y in cloud))
    guides = _guides()
    return ObstacleOutline(obstacle_id, body, (*convex_pieces(body), *guides), guides,
                          kind)


#: Estimated spare parts token (Spare Parts Canisters): a scatter 48 mm across on a tab
#: that fits between a ship's rear guides (RR: OBJECTS: OBSTACLES - Spare Parts), laid out
#: like the buzz droid swarm's.
_SPARE_PARTS_RADII = tuple(round(22 + 2 * math.cos(7 * 2 * math.pi * i / 21), 2)
                           for i in range(21))


def _tabbed_obstacle(obstacle_id: str, radii: tuple[float, ...], kind: ObstacleType
                     ) -> ObstacleOutline:
    cloud = _radial(radii)
    low = min(y for _, y in cloud)
    body = ccw(tuple((x, y - low + SWARM_TAB_DEPTH) for x, y in cloud))
    half = TEMPLATE_WIDTH / 2
    tab = ((-half, 0.0), (half, 0.0), (half, SWARM_TAB_DEPTH), (-half, SWARM_TAB_DEPTH))
    return ObstacleOutline(obstacle_id, body, (*convex_pieces(body), tab), (tab,), kind)


#: Estimated cargo drift token (dropped by Quick-Release Locks): a cluster of crates about
#: 50 mm across, centred on its origin, with no guides: it is placed by hand, not with a
#: template (ruling: the token's printed size is not known). Cargo drift is an asteroid
#: (RR: OBJECTS: OBSTACLES - Cargo Drift).
_CARGO_DRIFT_RADII = (26.0, 21.0, 25.0, 19.0, 27.0, 22.0, 24.0, 20.0, 26.0, 21.0, 23.0, 20.0)


def _bare_obstacle(obstacle_id: str, radii: tuple[float, ...], kind: ObstacleType
                   ) -> ObstacleOutline:
    boundary = ccw(_radial(radii))
    return ObstacleOutline(obstacle_id, boundary, convex_pieces(boundary), type=kind)


@cache
def placed_obstacle_outlines() -> dict[str, ObstacleOutline]:
    """Outlines of obstacles that cards place during the game (devices that are also
    obstacles), by id; they are not setup obstacles."""
    return {"electrochaffcloud": _placed_obstacle("electrochaffcloud", _CHAFF_RADII,
                                                  ObstacleType.ELECTRO_CHAFF_CLOUD),
            "blaze": _placed_obstacle("blaze", _BLAZE_RADII, ObstacleType.BLAZE),
            "loosecargo": _placed_obstacle("loosecargo", _LOOSE_CARGO_RADII,
                                           ObstacleType.LOOSE_CARGO),
            # the first edition's cargo token (1e Rigged Cargo Chute) counts as a debris
            # cloud (reference card (1e) "Using Cargo"); its size estimated as loose cargo's
            "1ecargo": _placed_obstacle("1ecargo", _LOOSE_CARGO_RADII,
                                        ObstacleType.DEBRIS_CLOUD),
            "spareparts": _tabbed_obstacle("spareparts", _SPARE_PARTS_RADII,
                                           ObstacleType.SPARE_PARTS),
            "cargodrift": _bare_obstacle("cargodrift", _CARGO_DRIFT_RADII,
                                         ObstacleType.ASTEROID)}


def device_outline(device_id: str) -> Outline:
    outlines = device_outlines()
    try:
        return outlines[device_id]
    except KeyError:
        known = ", ".join(sorted(outlines))
        raise KeyError(f"unknown device outline {device_id!r}; known: {known}") from None
