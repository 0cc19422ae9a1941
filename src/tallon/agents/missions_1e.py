"""How the built-in agents play a first-edition mission's objectives, from their player's
view only (its ``mission`` and ``features``): a ship that should flee heads for its edge
and flees off it (Asteroid Run's repaired disabled ship; a Dark Whispers Imperial ship
with the scanned data once no satellite is left), an Imperial ship without data heads for
a satellite to scan, and a Rebel ship at range 1 of the senator's shuttle protects it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from tallon.engine.decisions import Decision
from tallon.engine.view import ship_of_view
from tallon.geometry import Maneuver, Table, disk_distance, execute_maneuver
from tallon.geometry.constants import EPS, PLAY_AREA_SIDE, SCENARIO_MARKER_RADIUS

#: A maneuver's score for fleeing off the edge the objective names, and per millimetre
#: it ends nearer that edge (or nearer the satellite to scan).
FLEE_GAIN = 2000.0
EDGE_PULL = 1.5
#: ... and for ending faced towards that edge (times the cosine of the angle off it).
EDGE_FACING = 60.0
SCAN_GAIN = 80.0
SATELLITE_PULL = 0.3


@dataclass(frozen=True)
class MissionPlan:
    """What one ship aims at: the player edge to flee off (1: y = 0, 2: the far edge), or
    the satellites it may scan (their centres)."""

    edge: int | None = None
    satellites: tuple[tuple[float, float], ...] = ()

    def bonus(self, table: Table, ship_id: str, code: str) -> float:
        """What the maneuver ``code`` is worth to the plan (added to the agent's score)."""
        try:
            outcome = execute_maneuver(table, ship_id, Maneuver.parse(code))
        except ValueError:
            return 0.0
        final = table.ship(ship_id).at(outcome.final)
        if self.edge is not None:
            if outcome.fled:
                return FLEE_GAIN if _edges(final) == {self.edge} else 0.0
            gap = outcome.final.y if self.edge == 1 else PLAY_AREA_SIDE - outcome.final.y
            # heading 0 faces the far edge (y grows): player 1's ships start facing it
            facing = math.cos(math.radians(outcome.final.heading))
            return -EDGE_PULL * gap + EDGE_FACING * (facing if self.edge == 2 else -facing)
        if not self.satellites or outcome.fled:
            return 0.0
        gaps = [disk_distance(x, y, 0.0, final.overlap_pieces) for x, y in self.satellites]
        nearest = min(gaps)
        if nearest < SCENARIO_MARKER_RADIUS - EPS:
            return SCAN_GAIN
        return -SATELLITE_PULL * nearest


def _edges(body: Any) -> set[int | str]:
    found: set[int | str] = set()
    for piece in body.overlap_pieces:
        for x, y in piece:
            if y < -EPS:
                found.add(1)
            if y > PLAY_AREA_SIDE + EPS:
                found.add(2)
            if x < -EPS or x > PLAY_AREA_SIDE + EPS:
                found.add("side")
    return found


def mission_plan(view: dict[str, Any], me: dict[str, Any]) -> MissionPlan | None:
    """The ship's mission plan, or None (no mission, or nothing particular to aim at)."""
    mission = view.get("mission")
    if not mission or "pose" not in me:
        return None
    name = mission["name"]
    if name == "asteroid-run" and me["id"] == mission["disabled"] and mission["repaired"]:
        # the edge it faces: turning about costs rounds
        facing = math.cos(math.radians(me["pose"]["heading"]))
        return MissionPlan(edge=2 if facing >= 0 else 1)
    if name == "dark-whispers" and me["owner"] == mission["imperial"]:
        on_table = tuple((f["x"], f["y"]) for f in view.get("features", ())
                         if f["kind"] == "satellite" and f["x"] is not None)
        carrying = any(f["carrier"] == me["id"] for f in view.get("features", ()))
        if not on_table:
            return MissionPlan(edge=mission["imperial"]) if carrying else None
        return MissionPlan(satellites=on_table)
    return None


def mission_action(view: dict[str, Any], decision: Decision) -> str | None:
    """PROTECT the senator's shuttle when it is offered and the shuttle has fewer than two
    evade tokens; else None."""
    if "protect" not in decision.option_keys():
        return None
    mission = view.get("mission") or {}
    shuttle = ship_of_view(view, mission.get("shuttle"))
    if shuttle is None or shuttle["tokens"].get("evade", 0) >= 2:
        return None
    return "protect"



def mission_target(view: dict[str, Any], decision: Decision) -> str | None:
    """The attack an Imperial ship makes first: the senator's shuttle (Political Escort)
    or the disabled ship (Asteroid Run), when it is a target; else None."""
    mission = view.get("mission")
    if not mission or view["player"] != mission["imperial"]:
        return None
    aim = mission["shuttle"] or mission["disabled"]
    return next((o.key for o in decision.options
                 if o.info is not None and o.info.get("defender") == aim), None)
