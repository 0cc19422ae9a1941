"""Where the built-in agents put bombs, mines and remotes, what they pick when a device
asks, and which ordnance a reload recovers: rough but purposeful defaults (a device is
placed where enemies may meet it and friends likely won't; a reload refills an empty card,
the strongest weapon first)."""

from __future__ import annotations

import math
from typing import Any

from tallon.data import load_cards
from tallon.engine.decisions import Decision, Value
from tallon.engine.view import ship_of_view

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


def _centre_of(x: float, y: float, heading: float, outline: str) -> tuple[float, float]:
    from tallon.geometry import Device, Pose  # geometry only: kept out of the module's load

    body = Device("(preview)", Pose(x, y, heading), outline)
    cx, cy, _ = body.circle
    return cx, cy


def relocate_remote(view: dict[str, Any], decision: Decision) -> Value:
    """A remote relocating with a template (a DRK-1 probe droid, keys
    ``<guides>:<template>``): towards range 2 of the nearest enemy ship (from where
    friendly ships may lock and jam), never off the table; it stays (decline) when it is
    as well placed already. Other relocations (a buzz droid swarm's guides): the first."""
    from tallon.engine.devices import relocated  # the same geometry as the engine's

    remote = next((r for r in view.get("remotes", ()) if r["id"] == decision.ship), None)
    moves = [o for o in decision.options if ":" in str(o.key)]
    if remote is None or "pose" not in remote or not moves:
        return None
    enemies = [(s["pose"]["x"], s["pose"]["y"]) for s in view["ships"]
               if "pose" in s and s["owner"] != remote["owner"] and not s["removed"]]
    if not enemies:
        return "decline" if "decline" in decision.option_keys() else None
    pose = remote["pose"]

    def score(x: float, y: float) -> float:
        nearest = min(math.hypot(x - ex, y - ey) for ex, ey in enemies)
        return -abs(nearest - 200.0)

    def landing(option: Any) -> tuple[float, float]:
        from tallon.geometry import Pose

        guides, _, code = str(option.key).partition(":")
        to = relocated(Pose(pose["x"], pose["y"], pose["heading"]), remote["outline"], code,
                       rear=guides == "rear")
        return _centre_of(to.x, to.y, to.heading, remote["outline"])

    safe = [o for o in moves if "flees" not in o.label]
    if not safe:
        return "decline" if "decline" in decision.option_keys() else None
    best = max(safe, key=lambda o: score(*landing(o)))
    here = score(*_centre_of(pose["x"], pose["y"], pose["heading"], remote["outline"]))
    if "decline" in decision.option_keys() and score(*landing(best)) <= here:
        return "decline"
    return best.key


def place_remote(view: dict[str, Any], decision: Decision) -> Value:
    """A remote placed by hand (a sensor buoy at setup, keys ``<x>,<y>``): the spot
    nearest the middle of the table, where most ships will pass."""
    spots = [o for o in decision.options if "," in str(o.key)]
    if not spots:
        return None

    def gap(option: Any) -> float:
        x, _, y = str(option.key).partition(",")
        return math.hypot(float(x) - 457.2, float(y) - 457.2)

    return min(spots, key=gap).key


def card_placement(view: dict[str, Any], decision: Decision) -> Value:
    """A ship placed by a card (from reserve, or again at the end of Setup): the offered
    place nearest the enemy ships (the card keeps it far enough from them when it says
    so), facing them."""
    offered = [o for o in decision.options if o.info is not None and "x" in o.info]
    if not offered:
        return None
    enemies = [(s["pose"]["x"], s["pose"]["y"]) for s in view["ships"]
               if "pose" in s and s["owner"] != view["player"] and not s["removed"]]
    if not enemies:
        enemies = [(457.2, 457.2)]
    mx = sum(x for x, _ in enemies) / len(enemies)
    my = sum(y for _, y in enemies) / len(enemies)

    def score(option: Any) -> float:
        x, y, heading = option.info["x"], option.info["y"], option.info["heading"]
        nearest = min(math.hypot(x - ex, y - ey) for ex, ey in enemies)
        towards = math.degrees(math.atan2(mx - x, my - y))  # headings: clockwise from +y
        facing = math.cos(math.radians(towards - heading))
        return -nearest / 100.0 + facing

    return max(offered, key=score).key


def reload_choice(view: dict[str, Any], decision: Decision) -> Value:
    """RR: RELOAD - which torpedo, missile or device upgrade recovers the charge: one
    with no charge left (it cannot be used at all) before one still holding some, then
    the one attacking with the most dice (a device none), then the engine's order."""
    ship = ship_of_view(view, decision.ship)
    charges = ship["charges"] if ship is not None else {}
    db = load_cards()

    def rank(card: Value) -> tuple[bool, int]:
        try:
            attack = db.upgrade(str(card)).sides[0].attack
        except KeyError:
            attack = None
        return charges.get(card, 0) > 0, -(attack.value if attack is not None else 0)

    return min(decision.option_keys(), key=rank)


__all__ = ["card_placement", "concussion_choice", "device_choice", "device_target",
           "dock_or_deploy", "place_remote", "reload_choice", "relocate_remote",
           "start_docked"]
