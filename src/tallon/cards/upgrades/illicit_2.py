"""Illicit upgrades that place something by hand, continued from
:mod:`tallon.cards.upgrades.illicit`: Quick-Release Locks (a cargo drift) and Saboteur's Map
(mines). Each asks where with a few spots the engine offers and accepts any other legal
spot as a free answer, as setup does (:class:`~tallon.engine.setup.PlaceObstacle`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Triggered
from tallon.engine.decisions import Decision, Option
from tallon.engine.devices import devices_in_play, place_obstacle
from tallon.engine.payloads import device_of, place_devices_at, set_bodies
from tallon.engine.state import ShipState
from tallon.engine.steps import ChoiceStep
from tallon.geometry import Arc, Obstacle, Pose, TableObject, at_range, in_arc
from tallon.geometry.constants import PLAY_AREA_SIDE, RANGE_BAND_LENGTH
from tallon.geometry.overlap import ships_overlapped
from tallon.geometry.repositioning import touching_placement

if TYPE_CHECKING:
    from tallon.engine.game import Game


def _key_number(value: float) -> str:
    """A coordinate in a placement key: as short as it can be and still exact."""
    short = f"{value:g}"
    return short if float(short) == value else repr(value)


def placement_key(what: str, pose: Pose) -> str:
    return f"{what}@{_key_number(pose.x)},{_key_number(pose.y)},{_key_number(pose.heading)}"


def key_pose(key: str) -> tuple[str, Pose]:
    what, _, where = key.partition("@")
    x, y, turn = (float(v) for v in where.split(","))
    return what, Pose(x, y, turn)


def free_pose(value: Any, what: str, known: tuple[str, ...]) -> tuple[str, Pose] | str:
    """(the item named under ``what``, the pose) of a free placement answer, or why it is
    refused."""
    if not isinstance(value, dict) or what not in value or "x" not in value \
            or "y" not in value:
        return f"expected {{{what}, x, y, rotation}}"
    if value[what] not in known:
        return f"{value[what]!r} is not one of: {', '.join(known) or 'none left'}"
    try:
        pose = Pose(float(value["x"]), float(value["y"]), float(value.get("rotation", 0.0)))
    except (TypeError, ValueError):
        return "x, y and rotation must be numbers"
    if not all(math.isfinite(v) for v in pose):
        return "x, y and rotation must be finite"
    return value[what], pose


def answered_pose(answer: Any, what: str, known: tuple[str, ...]) -> tuple[str, Pose]:
    """(the item, the pose) of a checked answer: an offered key or a free placement."""
    if isinstance(answer, str):
        return key_pose(answer)
    parsed = free_pose(answer, what, known)
    assert not isinstance(parsed, str), "answers are checked before they arrive"
    return parsed


# --------------------------------------------------------- Quick-Release Locks
QUICK_RELEASE = "quickreleaselocks"
CARGO_DRIFT = "cargodrift"
#: Where the engine aims the drift it offers: degrees from straight behind the ship
#: (clockwise) and the drift's turn relative to the ship; it is then slid against the base.
DRIFT_AIMS = tuple((angle, turn) for angle in (0.0, 35.0, -35.0, 50.0, -50.0, 65.0, -65.0)
                   for turn in (0.0, 45.0))
DRIFT_OFFERED = 6


def drift_problem(game: Game, ship: ShipState, drift: TableObject) -> str | None:
    """Why the cargo drift can't be dropped there, or None: in the ship's rear arc at
    range 0 (touching its base), overlapping no ship, wholly inside the play area
    (ruling, as RR: DEVICE says of devices)."""
    body = ship.body
    assert body is not None
    table = game.state.table()
    if ships_overlapped(table, drift):
        return "it can't overlap a ship"
    if not at_range(body, drift, 0):
        return "it must be at range 0 of the ship (touching its base)"
    if not in_arc(body, drift, Arc.REAR):
        return "it must be in the ship's rear arc"
    if not table.area.contains_pieces(drift.overlap_pieces):
        return "it must lie wholly inside the play area"
    return None


def drift_spots(game: Game, ship: ShipState, wanted: int = DRIFT_OFFERED) -> list[Pose]:
    """Legal drops to offer: the drift aimed at :data:`DRIFT_AIMS` and slid against the
    base, those that fit."""
    table = game.state.table()
    found: list[Pose] = []
    for angle, turn in DRIFT_AIMS:
        aim = ship.pose.rotated(180.0 + angle).moved(forward=100.0)
        drift = touching_placement(table, ship.id, CARGO_DRIFT,
                                   Pose(aim.x, aim.y, (ship.pose.heading + turn) % 360.0))
        if drift_problem(game, ship, drift) is None:
            found.append(drift.pose)
            if len(found) == wanted:
                break
    return found


@dataclass(frozen=True)
class DropCargoDrift(ChoiceStep):
    """Quick-Release Locks: where the cargo drift goes. Answers: an offered spot's key
    (``"cargodrift@<x>,<y>,<rotation>"``), or a free ``{obstacle: "cargodrift", x, y,
    rotation}``: the drift is slid from there along the line through the ship's centre
    until it touches the base (ruling), then checked (:func:`drift_problem`)."""

    ship_id: str

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        options = tuple(Option(placement_key(CARGO_DRIFT, p),
                               f"cargo drift at ({p.x:.0f}, {p.y:.0f}), turned {p.heading:.0f}°",
                               {"obstacle": CARGO_DRIFT, "x": p.x, "y": p.y,
                                "rotation": p.heading})
                        for p in drift_spots(game, ship))
        return self.ask(ship.owner, "place_obstacle", f"{ship.name} ({ship.id}): Quick-"
                        "Release Locks - where does the cargo drift go?", options,
                        ship=ship.id, free="{obstacle: cargodrift, x, y, rotation}: slid "
                        "toward the ship until it touches the base; then in the rear arc, "
                        "overlapping no ship")

    def _slid(self, game: Game, pose: Pose) -> Obstacle:
        return touching_placement(game.state.table(), self.ship_id, CARGO_DRIFT, pose)

    def check_free(self, game: Game, value: Any) -> str | None:
        parsed = free_pose(value, "obstacle", (CARGO_DRIFT,))
        if isinstance(parsed, str):
            return parsed
        return drift_problem(game, game.state.ships[self.ship_id],
                             self._slid(game, parsed[1]))

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        if isinstance(answer, str):
            pose = key_pose(answer)[1]
        else:
            parsed = free_pose(answer, "obstacle", (CARGO_DRIFT,))
            assert not isinstance(parsed, str), "answers are checked before they arrive"
            pose = self._slid(game, parsed[1]).pose
        place_obstacle(game, CARGO_DRIFT, pose, 0, f"{ship.name} ({ship.id}) drops",
                       " (Quick-Release Locks)", ship.id)


register("upgrade", QUICK_RELEASE,
         # RR: SYSTEM PHASE. The charges never come back (recurring 0), and an illicit
         # upgrade can't be reloaded (RR: RELOAD: torpedo, missile and device upgrades)
         Triggered("spend 1 charge: drop a cargo drift in your rear arc at range 0",
                   window="system_phase", cost=Cost(charges=1),
                   requirement=lambda ctx: is_me(ctx) and ctx.ship.in_play
                   and bool(drift_spots(ctx.game, ctx.ship, 1)),
                   effect=lambda ctx, choice: ctx.game.push(DropCargoDrift(ctx.ship.id))),
         description="During the System Phase: may spend 1 charge (never recovered) to drop a "
                     "cargo drift (an asteroid) touching its base in its rear arc, not "
                     "overlapping any ship.")


# --------------------------------------------------------------- Saboteur's Map
SABOTEUR = "saboteursmap"
#: Spots the engine tries for a mine (every 60 mm), the nearest the table's centre first
MAP_GRID = tuple(sorted((Pose(float(x), float(y), 0.0) for y in range(97, 840, 60)
                         for x in range(97, 840, 60)),
                        key=lambda p: (math.hypot(p.x - PLAY_AREA_SIDE / 2,
                                                  p.y - PLAY_AREA_SIDE / 2), p.y, p.x)))
MAP_OFFERED = 6


def map_mines(ship: ShipState, used: tuple[str, ...] = ()) -> list[str]:
    """The ship's equipped mine upgrades with a charge to spend, not used yet."""
    found = []
    for kind, card, _ in ship.cards:
        if kind != "upgrade" or card in used or card in found:
            continue
        try:
            category = device_of(card)[1]
        except ValueError:
            continue  # places no bomb or mine
        charge = ship.charges.get(card)
        if category == "mine" and charge is not None and charge.active >= 1:
            found.append(card)
    return found


def _near(a: TableObject, b: TableObject, reach: float) -> bool:
    ax, ay, ar = a.circle
    bx, by, br = b.circle
    return math.hypot(ax - bx, ay - by) - ar - br <= reach


def map_problem(game: Game, ship: ShipState, card: str, pose: Pose) -> str | None:
    """Why the device of ``card`` can't be placed at ``pose`` with Saboteur's Map, or None:
    wholly inside the play area (RR: DEVICE), beyond range 2 of every enemy ship and every
    other device (strategic markers: none in Tallon's games)."""
    s = game.state
    bodies = set_bodies(card, pose)
    area = s.table().area
    if not all(area.contains_pieces(b.overlap_pieces) for b in bodies):
        return "a device can't be placed partly outside the play area"
    reach = 2 * RANGE_BAND_LENGTH + 1.0
    for enemy in s.in_play():
        if enemy.owner != ship.owner and enemy.body is not None and any(
                _near(b, enemy.body, reach) and at_range(b, enemy.body, 0, 2) for b in bodies):
            return f"it must be beyond range 2 of every enemy ship ({enemy.id})"
    for _, other in devices_in_play(game):
        if any(_near(b, other, reach) and at_range(b, other, 0, 2) for b in bodies):
            return f"it must be beyond range 2 of every other device ({other.id})"
    return None


def map_spots(game: Game, ship: ShipState, card: str, wanted: int = MAP_OFFERED,
              problem: Callable[[Game, ShipState, str, Pose], str | None] = map_problem
              ) -> list[Pose]:
    """Legal spots to offer for the device of ``card``: grid points, the central first,
    where ``problem`` (why a spot is refused, or None) finds none."""
    found = []
    for pose in MAP_GRID:
        if problem(game, ship, card, pose) is None:
            found.append(pose)
            if len(found) == wanted:
                break
    return found


@dataclass(frozen=True)
class SaboteurPlacement(ChoiceStep):
    """Saboteur's Map: place the device of one more mine upgrade, spending 1 of its
    charges, or stop. Answers: an offered spot (``"<card>@<x>,<y>,<rotation>"``), ``done``,
    or a free ``{card, x, y, rotation}`` (:func:`map_problem` checks it). ``used``: the
    upgrades already spent from (up to 1 charge each)."""

    ship_id: str
    used: tuple[str, ...] = ()

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        cards = map_mines(ship, self.used)
        if not cards or not ship.in_play:
            return None
        options = [Option(placement_key(card, p), f"{card}: place it at ({p.x:.0f}, "
                          f"{p.y:.0f}), spending 1 charge",
                          {"card": card, "x": p.x, "y": p.y, "rotation": p.heading})
                   for card in cards for p in map_spots(game, ship, card)]
        options.append(Option("done", "place no more devices"))
        return self.ask(ship.owner, "place_device", f"{ship.name} ({ship.id}): Saboteur's "
                        "Map - place a mine?", options, ship=ship.id,
                        free="{card, x, y, rotation}: a mine upgrade's device, beyond range "
                        "2 of every enemy ship and other device")

    def check_free(self, game: Game, value: Any) -> str | None:
        ship = game.state.ships[self.ship_id]
        parsed = free_pose(value, "card", tuple(map_mines(ship, self.used)))
        if isinstance(parsed, str):
            return parsed
        return map_problem(game, ship, *parsed)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "done":
            return
        ship = game.state.ships[self.ship_id]
        card, pose = answered_pose(answer, "card", tuple(map_mines(ship, self.used)))
        ship.charges[card].active -= 1
        game.event("ability", f"{ship.name} ({ship.id}) spends 1 charge of {card} "
                   "(Saboteur's Map)", ship=ship.id, card=card)
        # pushed first: a mine placed under a friendly ship detonates before the next ask
        game.push(SaboteurPlacement(self.ship_id, (*self.used, card)))
        place_devices_at(game, ship, card, pose, " (Saboteur's Map)")


def _map_usable(ctx: Ctx) -> bool:
    return ctx.ship.in_play and any(map_spots(ctx.game, ctx.ship, card, 1)
                                    for card in map_mines(ctx.ship))


register("upgrade", SABOTEUR,
         Triggered("place your mines anywhere beyond range 2 of enemy ships and devices",
                   window="end_setup", requirement=_map_usable,
                   effect=lambda ctx, choice: ctx.game.push(SaboteurPlacement(ctx.ship.id))),
         description="At the end of Setup: may spend 1 charge of each of its mine upgrades "
                     "(up to one each) to place that mine anywhere in the play area beyond "
                     "range 2 of every enemy ship and every other device.")
