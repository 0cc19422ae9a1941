"""Where the ace places obstacles and ships in setup: obstacles in the middle band of the
table, away from each other (cover where the ships will meet); ships beside those placed
already, in lanes clear of obstacles, off to the side of the enemy's arcs."""

from __future__ import annotations

import math
import random
from typing import Any

from tallon.agents.huge import huge_lane_penalty, huge_placements
from tallon.agents.objectives import deployment_pull
from tallon.engine.decisions import Decision, Value


def obstacle_spot(view: dict[str, Any], decision: Decision, rng: random.Random) -> Value:
    """In the middle band of the table, away from the other obstacles: cover where
    the ships will meet."""
    placed = [(o["x"], o["y"]) for o in view["obstacles"]]

    def value(info: dict[str, Any]) -> float:
        x, y = info["x"], info["y"]
        middle = abs(y - 457.2) / 200.0 + abs(x - 457.2) / 600.0
        crowd = sum(1.0 for px, py in placed if math.hypot(x - px, y - py) < 250)
        return -middle - crowd + rng.random() * 0.05

    offered = [o for o in decision.options if o.info is not None]
    if not offered:
        return None
    return max(offered, key=lambda o: value(o.facts)).key


def ship_spot(view: dict[str, Any], decision: Decision, rng: random.Random) -> Value:
    """Beside the ships already placed, in a lane clear of obstacles, and off to the
    side of the enemy's ships rather than straight in front of their arcs."""
    me = view["player"]
    friends = [s["pose"]["x"] for s in view["ships"] if "pose" in s and s["owner"] == me]
    enemies = [s["pose"]["x"] for s in view["ships"] if "pose" in s and s["owner"] != me]
    lanes = [o["x"] for o in view["obstacles"] if 200 < o["y"] < 714]

    def value(info: dict[str, Any]) -> float:
        x = info["x"]
        score = 0.0
        if friends:
            nearest = min(abs(x - f) for f in friends)
            score -= abs(nearest - 90.0) / 60.0
        else:
            score -= abs(x - 457.2) / 300.0
        score -= sum(1.0 for lane in lanes if abs(lane - x) < 70) * 0.6
        if enemies:
            mean = sum(enemies) / len(enemies)
            score -= abs(abs(x - mean) - 220.0) / 400.0
        if x < 90 or x > 824:
            score -= 1.0
        score -= deployment_pull(view, x) / 600.0  # lightly: the fight comes first
        return score + rng.random() * 0.01

    offered = [o for o in huge_placements(view, decision) or decision.options
               if o.info is not None and "x" in o.info]
    if not offered:
        return None
    return max(offered, key=lambda o: value(o.facts) - huge_lane_penalty(view, o.facts["x"])
               ).key


__all__ = ["obstacle_spot", "ship_spot"]
