"""Where the ace points a turret arc indicator (RR: ROTATE): toward the nearest enemy,
by its rotate action and by the cards that turn the indicator (Agile Gunner, Greer
Sonnel, Luke Skywalker's gunner, Nom Lumb): such a card's rotation is declined when the
indicator points there already (its price, if any, would buy nothing)."""

from __future__ import annotations

import math

from tallon.agents.planning import Planner
from tallon.agents.reading import Piece, bearing
from tallon.engine.decisions import Decision, Value

#: How a card's rotation of a ship's one turret indicator is labelled.
ROTATING = "rotate the turret to the "


def facing_arc(planner: Planner, ship: Piece) -> str | None:
    """The standard arc of ``ship`` the nearest enemy is in (front, rear, left or right);
    None when no enemy is in play."""
    if not planner.enemies:
        return None
    nearest = min(planner.enemies, key=lambda e: math.hypot(e.pose.x - ship.pose.x,
                                                             e.pose.y - ship.pose.y))
    forward, right, _ = bearing(ship.pose, nearest.pose)
    angle = math.degrees(math.atan2(right, forward))
    return "front" if abs(angle) <= 45 else "rear" if abs(angle) >= 135 else \
        "right" if angle > 0 else "left"


def rotate_choice(planner: Planner, decision: Decision) -> Value | None:
    """A rotate action's arc (the options' keys are arcs): toward the nearest enemy, or
    the first offered where that is not among them; None with no enemy in play."""
    ship = planner.by_id.get(decision.ship or "")
    arc = None if ship is None else facing_arc(planner, ship)
    if arc is None:
        return None
    keys = decision.option_keys()
    return arc if arc in keys else keys[0]


def turret_choice(planner: Planner, decision: Decision) -> Value | None:
    """A card's rotation of the ship's turret indicator (its options are arcs, keyed
    ``<arc>`` or ``rotate:<arc>``): toward the nearest enemy; declined when it points
    there already. None when the decision offers anything else, or no arc is better."""
    turns = [o for o in decision.options if o.key != "decline"]
    ship = planner.by_id.get(decision.ship or "")
    if not turns or ship is None or not all(o.label.startswith(ROTATING) for o in turns):
        return None
    arc = facing_arc(planner, ship)
    for option in turns:
        if option.key.rpartition(":")[2] == arc:
            return option.key
    if arc in ship.turret and "decline" in decision.option_keys():
        return "decline"
    return None
