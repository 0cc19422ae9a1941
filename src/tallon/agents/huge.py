"""How the built-in agents fly huge ships and answer the questions huge ships raise
(RR: APPENDIX: HUGE SHIPS), from their player's view only.

A huge ship flies with the huge ship maneuver tool, never a template: its dial options are
flown with :func:`tallon.geometry.resolve_huge_overlap` and judged by where it ends and
what its final base lands on, as the appendix resolves it - each enemy standard ship
overlapped suffers damage equal to the speed (good), a friendly one too (bad), and the
huge ship rolls a die per small ship (more for bigger) whose focus results stress it and
whose hits damage it; an asteroid or debris field costs it a damage and a stress; another
huge ship costs both the speed in damage. A red maneuver costs an energy, or a stress
token without one (and a stressed ship does not act). Values here are in expected damage,
the ace's unit; the simple agent scales them to its points.

The questions: where the owner places a ship a huge ship set aside (``place_picked_up``),
whether to turn the enemy's placed ship 90 degrees (``turn_picked_up``), which token or
shield the GR-75's Resupply Craft restores, which side a ship deploys from a huge carrier,
and how a huge ship is deployed (facing the enemy when only its front arc shoots).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

from tallon.engine.decisions import Decision, Value
from tallon.engine.view import ship_of_view
from tallon.geometry import (
    Arc,
    BaseSize,
    ObstacleType,
    Pose,
    Ship,
    Table,
    huge_maneuver,
    in_arc,
    object_distance,
    resolve_huge_overlap,
)
from tallon.geometry.constants import HUGE_BASE_SHORT, HUGE_BASE_WIDTH, PLAY_AREA_SIDE
from tallon.geometry.huge import huge_offset
from tallon.geometry.table import HugeShip

#: What an energy spent is worth, in expected damage (it pays a later red maneuver or
#: stress token: less than the stress it saves, planning.STRESS_COST 0.45).
ENERGY_COST = 0.25
#: What a stress token costs a huge ship that cannot pay it with energy (no action, no red).
HUGE_STRESS_COST = 0.45
#: A jam token from a gas cloud: the tokens it may strip.
JAM_COST = 0.2
#: Expected results of one attack die (3 hit, 1 crit, 2 focus, 2 blank of 8 faces): a hit
#: or crit is a damage to the huge ship, a focus a stress (RR: OVERLAPPING STANDARD SHIPS).
DIE_DAMAGE = 0.5
DIE_STRESS = 0.25
#: Dice the huge ship rolls per standard ship it overlaps, by size.
OVERLAP_DICE = {"small": 1, "medium": 2, "large": 3}
#: Obstacles a huge ship takes a damage and a stress from (the rest give a jam token).
_GASSY = (ObstacleType.GAS_CLOUD, ObstacleType.ELECTRO_CHAFF_CLOUD)
#: Tokens Resupply Craft removes, most worth removing first (a stress token bars actions
#: and red maneuvers; the rest each strip or hinder one thing).
_RESUPPLY_ORDER = ("stress", "ion", "tractor", "strain", "jam", "disarm", "deplete")


def is_huge(ship: dict[str, Any]) -> bool:
    """Whether a view's ship is a huge ship (the view says ``"huge": true``)."""
    return bool(ship.get("huge"))


def view_ship(ship: dict[str, Any], pose: Pose | None = None) -> Ship:
    """A view's ship as geometry at ``pose`` (its own pose by default): a huge ship as a
    :class:`HugeShip` of the view's ``length``, any other as a square base."""
    if pose is None:
        p = ship["pose"]
        pose = Pose(p["x"], p["y"], p["heading"])
    if is_huge(ship):
        return HugeShip(ship["id"], pose, length=float(ship.get("length", HUGE_BASE_SHORT)))
    return Ship(ship["id"], pose, BaseSize(ship["size"]))


# ------------------------------------------------------------------ foreseen positions
@cache
def _offset(code: str, length: float) -> tuple[float, float, float] | None:
    try:
        return huge_offset(code, length, HUGE_BASE_WIDTH)
    except ValueError:
        return None


def huge_end(pose: Pose, code: str, length: float) -> Pose | None:
    """Where the huge ship maneuver tool takes a huge base ``length`` long with nothing in
    the way, or None for a code the tool cannot fly."""
    found = _offset(code, length)
    return None if found is None else pose.moved(*found)


def huge_edge_gap(pose: Pose, length: float) -> float:
    """How far the nearest corner of a huge base at ``pose`` is inside the play area
    (negative: some corner is outside, the ship has fled)."""
    h = math.radians(pose.heading)
    sin, cos = math.sin(h), math.cos(h)
    half_w, half_l = HUGE_BASE_WIDTH / 2, length / 2
    # the farthest a corner reaches from the centre along x and along y
    reach_x = abs(half_w * cos) + abs(half_l * sin)
    reach_y = abs(half_w * sin) + abs(half_l * cos)
    return min(pose.x - reach_x, PLAY_AREA_SIDE - pose.x - reach_x,
               pose.y - reach_y, PLAY_AREA_SIDE - pose.y - reach_y)


def heading_out(pose: Pose, length: float) -> bool:
    """Whether a huge ship at ``pose`` would leave the table with a [3 straight]: it turns
    45 degrees a round at most, so a ship pointing at a near edge is running out of room."""
    ahead = huge_end(pose, "3F", length)
    return ahead is not None and huge_edge_gap(ahead, length) < 0


# ------------------------------------------------------------------ flying a huge ship
@dataclass(frozen=True, slots=True)
class HugeFlight:
    """A huge ship's maneuver flown on a table as the appendix resolves it: where it ends,
    whether it fled, and what its final base overlaps there."""

    final: Pose
    fled: bool
    speed: int  # the revealed speed: what overlapped ships suffer
    standard: tuple[str, ...]
    huge: tuple[str, ...]
    obstacles: tuple[ObstacleType, ...]


def fly(table: Table, ship_id: str, code: str) -> HugeFlight:
    """Fly ``code`` with the huge ship maneuver tool on ``table`` (one speed lower while it
    would overlap another huge ship)."""
    resolution = resolve_huge_overlap(table, ship_id, code)
    move = resolution.executed
    kinds = {o.id: o.type for o in table.obstacles}
    return HugeFlight(move.final, move.fled, huge_maneuver(code).speed, move.standard_ships,
                      resolution.huge_ships_overlapped,
                      tuple(kinds[o] for o in move.obstacles if o in kinds))


def energy_of(ship: dict[str, Any]) -> int:
    """A view's huge ship's active energy."""
    return int((ship.get("energy") or {}).get("active", 0))


def flight_cost(flight: HugeFlight | None, code: str, ship: dict[str, Any],
                owners: dict[str, int], sizes: dict[str, str]) -> tuple[float, bool]:
    """What the maneuver costs the huge ship ``ship`` (a view's ship) in expected damage,
    less what it deals, and whether it can still act after it (not stressed): the red
    maneuver's energy or stress, and with a ``flight`` what its final base overlapped
    (without one, the move is judged as if nothing were in the way)."""
    energy = energy_of(ship)
    stressed = ship["tokens"].get("stress", 0) > 0
    cost = 0.0
    stress = 0.0  # stress tokens gained beyond what energy pays

    def gain_stress(amount: float) -> None:
        nonlocal energy, stress, cost
        paid = min(float(energy), amount)
        energy -= int(paid)
        cost += paid * ENERGY_COST
        stress += amount - paid

    if flight is not None:
        speed = flight.speed
        me = ship["owner"]
        dice = 0
        for other in flight.standard:
            dice += OVERLAP_DICE.get(sizes.get(other, "small"), 1)
            cost += -speed if owners.get(other) != me else speed
        if dice:
            cost += DIE_DAMAGE * dice
            gain_stress(DIE_STRESS * dice)
        if flight.huge and speed:
            cost += speed  # both suffer the dial's speed
            cost += sum(-speed if owners.get(other) != me else speed for other in flight.huge)
        for kind in flight.obstacles:
            if kind in _GASSY:
                cost += JAM_COST
            else:
                cost += 1.0
                gain_stress(1.0)
    difficulty = code[-1] if code[-1] in "RWB" else "W"
    if difficulty == "R":
        gain_stress(1.0)
    cost += stress * HUGE_STRESS_COST
    after = stressed or stress >= 0.5
    if difficulty == "B":
        after = stress >= 0.5  # blue removes the stress it had
        if stressed:
            cost -= HUGE_STRESS_COST
    return cost, not after


# ------------------------------------------------------------------ picked-up ships
def _ships(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in view["ships"] if "pose" in s and not s["removed"] and not s["destroyed"]]


def _standing(me: Ship, mine: int, ships: list[dict[str, Any]], bodies: dict[str, Ship]
              ) -> float:
    """How well a ship of player ``mine`` stands at ``me``: a point for each enemy in its
    front arc at range 1-3, less one for each enemy it stands in the front arc of, and
    the edge of the table close ahead."""
    value = 0.0
    for other in ships:
        body = bodies[other["id"]]
        if other["owner"] == mine or body.id == me.id:
            continue
        distance = object_distance(me, body)
        if distance <= 300 and in_arc(me, body, Arc.FRONT):
            value += 1.0
        if distance <= 300 and in_arc(body, me, Arc.FRONT):
            value -= 1.0
    pose = me.pose
    h = math.radians(pose.heading)
    ahead_x, ahead_y = pose.x + 150 * math.sin(h), pose.y + 150 * math.cos(h)
    if not (0 < ahead_x < PLAY_AREA_SIDE and 0 < ahead_y < PLAY_AREA_SIDE):
        value -= 0.8  # pointing at a near edge: next round's dial narrows
    return value


def place_picked_up(view: dict[str, Any], decision: Decision) -> Value:
    """Where to place our ship a huge ship set aside: of the offered spots (all legal), the
    one with the most enemies in its arc and the fewest arcs on it, nearest first on a tie."""
    ships = _ships(view)
    me = ship_of_view(view, decision.ship)
    spots = [o for o in decision.options if o.info is not None]
    if me is None or not spots:
        return decision.options[0].key
    bodies = {s["id"]: view_ship(s) for s in ships}
    size = BaseSize(me["size"])

    def value(index: int) -> float:
        info = spots[index].facts
        body = Ship(me["id"], Pose(info["x"], info["y"], info["heading"]), size)
        return _standing(body, me["owner"], ships, bodies) - index * 1e-3

    return spots[max(range(len(spots)), key=value)].key


def turn_picked_up(view: dict[str, Any], decision: Decision) -> Value:
    """Whether to turn the enemy's ship just placed: the turn that leaves it standing worst
    (fewest of our ships in its arc, most of its in ours); keep it unless a turn is
    clearly worse for it."""
    ships = _ships(view)
    target = next((s for s in ships if s["id"] == decision.ship), None)
    keys = decision.option_keys()
    if target is None:
        return "keep" if "keep" in keys else keys[0]
    bodies = {s["id"]: view_ship(s) for s in ships}
    pose = bodies[target["id"]].pose
    turns = {"keep": 0.0, "left": -90.0, "right": 90.0}

    def value(key: Value) -> float:
        body = Ship(target["id"], pose.rotated(turns.get(str(key), 0.0)),
                    BaseSize(target["size"]))
        return _standing(body, target["owner"], ships, bodies) + (0.05 if key == "keep"
                                                                  else 0.0)

    return min(keys, key=value)


# ------------------------------------------------------------------ other questions
def resupply(decision: Decision) -> Value | None:
    """The GR-75's Resupply Craft (keys ``token:<kind>``, ``lock:<ship>``, ``shield``,
    ``decline``): a stress token first, then another red or orange token, a shield, an
    enemy's lock; None when the question is not this one."""
    keys = [str(k) for k in decision.option_keys()]
    if "decline" not in keys:
        return None
    offered = [k for k in keys if k != "decline"]
    if not offered or not all(k == "shield" or k.startswith(("token:", "lock:"))
                              for k in offered) or not any(
            k == "shield" or k.startswith("token:") for k in offered):
        return None
    for kind in _RESUPPLY_ORDER:
        if f"token:{kind}" in offered:
            return f"token:{kind}"
    if "shield" in offered:
        return "shield"
    return offered[0]


def deploy_side(view: dict[str, Any], decision: Decision, deploys: list[str]) -> str | None:
    """From a huge carrier: the side deploy (``left:``/``right:``, a [2 straight] if it is
    offered) that faces the nearest enemy best, when a side faces it better than the
    front; None to keep the usual choice."""
    sides = [k for k in deploys if k.startswith(("left:", "right:", "front:"))]
    me = ship_of_view(view, decision.ship)
    carrier = next((s for s in view["ships"] if me is not None and is_huge(s)
                    and me["id"] in s.get("docked", ()) and "pose" in s), None)
    enemies = [s for s in _ships(view) if me is not None and s["owner"] != me["owner"]]
    if carrier is None or not enemies or not any(k.startswith(("left", "right"))
                                                 for k in sides):
        return None
    at = carrier["pose"]
    nearest = min(enemies, key=lambda s: math.hypot(s["pose"]["x"] - at["x"],
                                                    s["pose"]["y"] - at["y"]))
    bearing = math.degrees(math.atan2(nearest["pose"]["x"] - at["x"],
                                      nearest["pose"]["y"] - at["y"]))
    turn = {"front": 0.0, "left": -90.0, "right": 90.0}

    def off(key: str) -> float:
        facing = at["heading"] + turn[key.split(":")[0]]
        angle = abs((bearing - facing + 180.0) % 360.0 - 180.0)
        return angle + (0.0 if key.split(":")[1].startswith("2F") else 1.0)

    best = min(sides, key=off)
    return best if best.startswith(("left", "right")) else None


def huge_placements(view: dict[str, Any], decision: Decision) -> list[Any] | None:
    """For a huge ship being deployed: the offered places facing the enemy's edge when its
    only arcs are ahead (a broadside would cost two banks to bring them round), else all;
    None for a standard ship."""
    me = ship_of_view(view, decision.ship)
    if me is None or not is_huge(me):
        return None
    placed = [o for o in decision.options if o.info is not None and "heading" in o.info]
    arcs = {arc for arc, _ in me["stats"]["attacks"]}
    if not placed or not arcs or not arcs <= {"front", "bullseye", "full_front"}:
        return placed or None
    towards = 0.0 if view["player"] == 1 else 180.0

    def off(option: Any) -> float:
        return abs((option.info["heading"] - towards + 180.0) % 360.0 - 180.0)

    least = min(off(o) for o in placed)
    return [o for o in placed if off(o) <= least + 1e-6]


def huge_lane_penalty(view: dict[str, Any], x: float) -> float:
    """For a standard ship deployed at ``x``: how squarely it stands in the lane ahead of
    a friendly huge ship already placed (its maneuvers would land on it), 0-1."""
    worst = 0.0
    for s in view["ships"]:
        if "pose" in s and is_huge(s) and s["owner"] == view["player"]:
            heading = s["pose"]["heading"] % 180.0
            if abs(heading) < 1e-6:  # it faces along the table: its lane is its column
                gap = abs(x - s["pose"]["x"]) - HUGE_BASE_WIDTH / 2
                worst = max(worst, 1.0 - max(0.0, gap) / 60.0)
    return max(0.0, worst)


__all__ = ["HugeFlight", "deploy_side", "energy_of", "flight_cost", "fly", "heading_out",
           "huge_edge_gap", "huge_end", "huge_lane_penalty", "huge_placements", "is_huge",
           "place_picked_up", "resupply", "turn_picked_up", "view_ship"]
