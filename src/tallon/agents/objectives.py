"""How the built-in agents play a scenario's objectives, from their player's view only
(its ``scenario`` and ``features``): where to place a feature, when to tow a supply cache
or scramble a satellite, which feature to pick, and what standing somewhere is worth in
mission points per round (an :class:`Aim`: a feature, how near, how many points it gains
there), for the maneuver choice to add to its own judgement.

Ranges to a feature are the rules' (the marker's edge to the base), tested cheaply: a base
square lies between its inscribed and circumscribed circles, so only a centre distance in
between is measured exactly with :func:`tallon.geometry.disk_distance`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from tallon.agents.reading import HALF_BASE, view_health
from tallon.engine.decisions import Decision, Value
from tallon.geometry import BaseSize, Pose, Ship, band, disk_distance
from tallon.geometry.constants import (
    HUGE_BASE_SHORT,
    PLAY_AREA_SIDE,
    RANGE_BAND_LENGTH,
    SCENARIO_MARKER_RADIUS,
)
from tallon.geometry.table import HugeShip

R = SCENARIO_MARKER_RADIUS
#: The scenario action of each scenario that has one, and the feature it works on.
ACTIONS = {"salvage-mission": ("tow", "supply_cache"),
           "scramble-transmissions": ("scramble", "satellite")}


@dataclass(frozen=True, slots=True)
class Aim:
    """A place worth reaching: a ship at range 0-``high`` of the feature at (x, y) gains
    ``gain`` mission points a round (with its action, when ``action``)."""

    x: float
    y: float
    high: int
    gain: float
    action: bool


def within(x: float, y: float, pose: Pose, size: str, high: int) -> bool:
    """Whether a base of ``size`` at ``pose`` is at range 0-``high`` of the marker
    centred at (x, y)."""
    limit = RANGE_BAND_LENGTH * high
    if size == "huge":  # a long base: measured (an agent's Piece says only "huge")
        huge = HugeShip("(preview)", pose, length=HUGE_BASE_SHORT)
        return band(disk_distance(x, y, R, huge.range_pieces)) <= high
    half = HALF_BASE[size]
    centre = math.hypot(x - pose.x, y - pose.y) - R
    if centre - half <= limit:
        return True  # even the inscribed circle reaches
    if centre - half * math.sqrt(2.0) > limit:
        return False  # not even the corners do
    body = Ship("(preview)", pose, BaseSize(size))
    return band(disk_distance(x, y, R, body.range_pieces)) <= high


def weight(size: str) -> int:
    """What a ship counts as for control of a satellite (medium and large count two)."""
    return 1 if size == "small" else 2


def _placed(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in view.get("features", ()) if f["x"] is not None]


def _pose(ship: dict[str, Any]) -> Pose:
    p = ship["pose"]
    return Pose(p["x"], p["y"], p["heading"])


def _ship(view: dict[str, Any], ship_id: str | None) -> dict[str, Any] | None:
    return next((s for s in view["ships"] if s["id"] == ship_id and "pose" in s
                 and not s["removed"]), None)


def _sign(mine: float, theirs: float) -> int:
    return 0 if mine == theirs else (1 if mine > theirs else -1)


# ---------------------------------------------------------------------- decisions
def in_reach(view: dict[str, Any], ship_id: str | None) -> list[dict[str, Any]]:
    """The features the scenario action of ``ship_id`` would be worth using on, at range
    0-1 of it: a supply cache in the play area (the ship not towing one), a satellite
    without its player's marker."""
    found = ACTIONS.get(view.get("scenario") or "")
    ship = _ship(view, ship_id)
    if found is None or ship is None:
        return []
    _, kind = found
    if kind == "supply_cache" and any(f["carrier"] == ship_id for f in view["features"]):
        return []
    pose = _pose(ship)
    return [f for f in _placed(view) if f["kind"] == kind and f["marker"] != ship["owner"]
            and within(f["x"], f["y"], pose, ship["size"], 1)]


def scenario_action(view: dict[str, Any], decision: Decision) -> str | None:
    """The scenario action offered to the ship, when it has a feature worth it in reach
    (it scores every round from now on), else None."""
    found = ACTIONS.get(view.get("scenario") or "")
    if found is None or found[0] not in decision.option_keys():
        return None
    return found[0] if in_reach(view, decision.ship) else None


def scenario_target(view: dict[str, Any], decision: Decision) -> Value:
    """The feature to tow or scramble: a satellite bearing the enemy's marker first (taking
    it costs them a point a round as well), then an unmarked one; any supply cache."""
    features = {f["id"]: f for f in view.get("features", ())}
    me = view["player"]

    def rank(key: Value) -> int:
        marker = features.get(str(key), {}).get("marker")
        return 0 if marker not in (None, me) else 1 if marker is None else 2

    return min(decision.option_keys(), key=rank)


def place_feature(view: dict[str, Any], decision: Decision) -> Value:
    """A feature of our own at setup: the offered spot nearest our board edge (our ships
    reach it first), then nearest the middle of that edge. A supply cache the enemy
    jettisoned: the offered spot farthest from their ships and nearest ours."""
    spots = [o for o in decision.options if o.info is not None and "x" in o.info]
    if not spots:
        return None
    me = view["player"]
    if view["round"] < 1:
        def setup_value(option: Any) -> float:
            x, y = option.info["x"], option.info["y"]
            edge = y if me == 1 else PLAY_AREA_SIDE - y
            return -edge - abs(x - PLAY_AREA_SIDE / 2) * 0.25

        return max(spots, key=setup_value).key
    ships = [s for s in view["ships"] if "pose" in s and not s["removed"]
             and not s["destroyed"]]

    def nearest(option: Any, mine: bool) -> float:
        gaps = [math.hypot(option.info["x"] - s["pose"]["x"], option.info["y"] -
                           s["pose"]["y"]) for s in ships if (s["owner"] == me) == mine]
        return min(gaps) if gaps else PLAY_AREA_SIDE

    return max(spots, key=lambda o: nearest(o, False) - nearest(o, True)).key


def jettison(view: dict[str, Any], decision: Decision) -> Value:
    """Keep the cache: it scores every round it stays on the card."""
    return "keep" if "keep" in decision.option_keys() else None


def cache_handover(view: dict[str, Any], decision: Decision) -> Value:
    """Hondo Ohnaka's (Command) move of a supply cache between two ship cards (keys
    ``<giver>><receiver>`` and ``decline``): the cache scores while it is carried and is
    lost with its carrier, so it goes to a sturdier ship only (more hull and shields left);
    never back and forth. None when the question is not this one."""
    keys = [str(k) for k in decision.option_keys()]
    moves = [k for k in keys if k != "decline"]
    if "decline" not in keys or not moves or not all(k.count(">") == 1 for k in moves):
        return None
    ships = {s["id"]: s for s in view["ships"]}
    if not all(part in ships for k in moves for part in k.split(">")):
        return None

    def gain(key: str) -> int:
        giver, receiver = key.split(">")
        return view_health(ships[receiver]) - view_health(ships[giver])

    best = max(moves, key=gain)
    return best if gain(best) > 0 else "decline"


def deployment_pull(view: dict[str, Any], x: float) -> float:
    """How far (mm, across the table) a ship deployed at ``x`` stands from the nearest
    feature in our half of the play area (0 without a scenario)."""
    me = view["player"]
    near = [f["x"] for f in _placed(view)
            if (f["y"] if me == 1 else PLAY_AREA_SIDE - f["y"]) <= PLAY_AREA_SIDE / 2 + 1]
    return min((abs(x - fx) for fx in near), default=0.0)


# ---------------------------------------------------------------------- positions
class Objectives:
    """The scenario's objectives in one view, for ``player``'s ships: the :class:`Aim`
    each ship has, given where the other ships stand."""

    def __init__(self, view: dict[str, Any], player: int) -> None:
        self.scenario = view.get("scenario")
        self.player = player
        self.round = view["round"]
        self.features = _placed(view) if self.scenario else []
        #: ships towing a supply cache, by id
        self.towing = {f["carrier"] for f in view.get("features", ()) if f["carrier"]}

    @property
    def active(self) -> bool:
        return bool(self.features)

    def aims(self, ship_id: str, size: str, friends: list[tuple[str, Pose, bool]],
             enemies: list[tuple[str, Pose]]) -> list[Aim]:
        """What the ship may gain where: ``friends`` are our other ships (size, pose, and
        whether they can still act this round), ``enemies`` theirs (size, pose), where
        each will likely stand."""
        scenario = self.scenario
        found: list[Aim] = []
        if scenario == "satellite-array":
            for f in self.features:
                ours = sum(weight(s) for s, p, _ in friends if within(f["x"], f["y"], p, s, 1))
                theirs = sum(weight(s) for s, p in enemies if within(f["x"], f["y"], p, s, 1))
                gain = _sign(ours + weight(size), theirs) - _sign(ours, theirs)
                if gain > 0:
                    found.append(Aim(f["x"], f["y"], 1, float(gain), False))
        elif scenario == "chance-engagement":
            for f in self.features:
                if not any(within(f["x"], f["y"], p, s, 2) for s, p, _ in friends):
                    found.append(Aim(f["x"], f["y"], 2, 2.0, False))
        elif scenario in ACTIONS:
            _, kind = ACTIONS[scenario]
            if ship_id in self.towing:
                return found
            for f in self.features:
                if f["kind"] != kind or f["marker"] == self.player:
                    continue
                # a friend there that can act will take it: look elsewhere
                if any(act and within(f["x"], f["y"], p, s, 1) for s, p, act in friends):
                    continue
                found.append(Aim(f["x"], f["y"], 1,
                                 2.0 if f["marker"] not in (None, self.player) else 1.0, True))
        return found

    def value(self, aims: list[Aim], size: str, at: Pose, can_act: bool
              ) -> tuple[float, float]:
        """(the mission points a round the ship gains standing at ``at``, the distance in
        range bands to the nearest aim it does not reach)."""
        best, reached = 0.0, False
        far = math.inf
        action_ready = can_act and self.round >= 2
        for aim in aims:
            if within(aim.x, aim.y, at, size, aim.high):
                reached = True
                if not aim.action or action_ready:
                    best = max(best, aim.gain)
                continue
            reach = RANGE_BAND_LENGTH * aim.high + R + HALF_BASE[size]
            far = min(far, (math.hypot(aim.x - at.x, aim.y - at.y) - reach) /
                      RANGE_BAND_LENGTH / aim.gain)
        gap = 0.0 if reached or far == math.inf else max(0.0, far)
        return best, gap


__all__ = ["ACTIONS", "Aim", "Objectives", "deployment_pull", "in_reach", "jettison",
           "place_feature", "scenario_action", "scenario_target", "weight", "within"]
