"""Where the built-in agents put bombs, mines and remotes, and what they pick when a device
asks: rough but purposeful defaults (a device is placed where enemies may meet it and
friends likely won't)."""

from __future__ import annotations

import math
from typing import Any

from tallon.engine.decisions import Decision, Value

#: Half a base's side, by size (mm).
_HALF = {"small": 20.0, "medium": 30.0, "large": 40.0}
#: A template's length per speed (a straight's), and how far a device's centre lies past
#: the template's end (mm).
_TEMPLATE_STEP = 40.0
_DEVICE_REACH = 15.0
#: Enemies within this distance of a device may meet it or be at range 0-1 when it
#: detonates; friends within the nearer one likely will.
_ENEMY_REACH = 300.0
_FRIEND_REACH = 130.0


def _where(ship: dict[str, Any], key: str, label: str) -> tuple[float, float]:
    """Roughly where a device placed with the option ``key`` lands (drops behind the ship,
    launches ahead)."""
    pose = ship["pose"]
    speed = int(key[0]) if key[:1].isdigit() else 1
    sign = -1.0 if "drop" in label else 1.0
    reach = _HALF[ship["size"]] + speed * _TEMPLATE_STEP + _DEVICE_REACH
    heading = math.radians(pose["heading"])
    return (pose["x"] + sign * reach * math.sin(heading),
            pose["y"] + sign * reach * math.cos(heading))


def device_choice(view: dict[str, Any], decision: Decision) -> Value:
    """The placement with the most enemies near where the device lands (a friend near it
    counts against), or decline when none is worth it."""
    ships = [s for s in view["ships"] if "pose" in s and not s["removed"] and
             not s["destroyed"]]
    me = next((s for s in ships if s["id"] == decision.ship), None)
    keys = decision.option_keys()
    placements = [o for o in decision.options if o.key != "decline"]
    if me is None or not placements:
        return None

    def score(option: Any) -> float:
        x, y = _where(me, str(option.key), option.label.lower())
        value = 0.0
        for other in ships:
            gap = math.hypot(other["pose"]["x"] - x, other["pose"]["y"] - y)
            if other["owner"] != me["owner"] and gap < _ENEMY_REACH:
                value += 1.0 - gap / _ENEMY_REACH
            elif other["owner"] == me["owner"] and other["id"] != me["id"] and \
                    gap < _FRIEND_REACH:
                value -= 1.5
        # two devices at once (thermal detonators): a little more than one
        return value + (0.2 if "+" in str(option.key) else 0.0)

    best = max(placements, key=score)
    if score(best) > 0.0 or "decline" not in keys:
        return best.key
    return "decline"


def device_target(view: dict[str, Any], decision: Decision) -> Value:
    """An enemy ship (a mine under several ships), or the obstacle with the most enemies
    and fewest friends near it (a seismic charge)."""
    keys = decision.option_keys()
    ships = {s["id"]: s for s in view["ships"] if "pose" in s and not s["removed"]}
    enemies = [k for k in keys if k in ships and ships[k]["owner"] != view["player"]]
    if enemies:
        return enemies[0]
    obstacles = {o["id"]: o for o in view["obstacles"]}

    def near(obstacle: dict[str, Any]) -> float:
        value = 0.0
        for ship in ships.values():
            if ship["destroyed"]:
                continue
            gap = math.hypot(ship["pose"]["x"] - obstacle["x"], ship["pose"]["y"] - obstacle["y"])
            if gap < 150.0:
                value += 1.0 if ship["owner"] != view["player"] else -1.0
        return value

    found = [k for k in keys if k in obstacles]
    return max(found, key=lambda k: near(obstacles[k])) if found else None


def concussion_choice(view: dict[str, Any], decision: Decision) -> Value:
    """A strain token passes with the round; an exposed damage card stays: take the
    strain."""
    return "strain" if "strain" in decision.option_keys() else None




def start_docked(view: dict[str, Any], decision: Decision) -> Value:
    """Start docked: the carried ship is safe until it is wanted."""
    keys = decision.option_keys()
    return next((k for k in keys if k != "none"), "none")


def dock_or_deploy(view: dict[str, Any], decision: Decision) -> Value:
    """Deploy (from the second round on, or at once in an emergency) with a [2 straight]
    or the first maneuver offered, front guides first; never dock back in."""
    keys = decision.option_keys()
    deploys = [k for k in keys if ":" in k and not k.startswith("dock:")]
    emergency = "destroyed" in decision.prompt
    if not deploys or (view["round"] < 2 and not emergency):
        return "stay" if "stay" in keys else keys[0]
    for wanted in ("front:2F", "rear:2F", "front:3F", "rear:3F"):
        found = next((k for k in deploys if k.startswith(wanted)), None)
        if found is not None:
            return found
    return deploys[0]


__all__ = ["concussion_choice", "device_choice", "device_target", "dock_or_deploy",
           "start_docked"]
