"""The ace's cloak and decloak (RR: CLOAK, RR: DECLOAK; the first edition's reference card
alike): a cloaked ship's agility is 2 higher and it cannot attack; in the System Phase (the
first edition: at the start of the Activation Phase), its dial set already, it may decloak
with a boost or a barrel roll of the [2 straight] ([1 straight] for medium and large
ships) before it flies that dial.

Cloaking is weighed as a SLAM is: only by a ship with no shot from where it stands, for
the damage the agility avoids. Its worth is in the decloak that follows: each decloak
offered is placed with the geometry, the set dial flown exactly from where it puts the
ship, and the end judged as the ship's own maneuvers are (armed again); staying cloaked
flies the dial from where the ship stands, judged with the agility and without a shot.
"""

from __future__ import annotations

from dataclasses import replace

from tallon.agents.planning import ACTION_VALUE, Planner
from tallon.agents.reading import Piece, table_of
from tallon.geometry import Pose, barrel_roll, boost

#: What a cloak is worth beyond the agility it gives this round: the free reposition of
#: the decloak next round (0.15, 0.3 and 0.5 measured alike: docs/simulation.md).
DECLOAK_VALUE = 0.3
#: A decloak's template speed by base size (RR: DECLOAK).
DECLOAK_SPEED = {"small": 2, "medium": 1, "large": 1}
ROLL_POSITIONS = ("front", "middle", "back")


def cloaked(ship: Piece) -> Piece:
    """``ship`` as a cloak leaves it: its agility 2 higher (the cloak token itself is
    left out of its defense tokens wherever this is judged)."""
    return replace(ship, agility=ship.agility + 2)


def cloak_gain(planner: Planner, ship: Piece, attack: tuple[tuple[str, int], ...],
               guard: tuple[tuple[str, int], ...]) -> float | None:
    """What the cloak action is worth to ``ship`` where it stands: the damage its agility
    2 higher avoids this round; None for a ship with a shot from there (it would be
    disarmed)."""
    if planner.offense(ship, ship.pose, attack, guard) > 0.0:
        return None
    hidden = cloaked(ship)
    return planner.position_value(hidden, ship.pose, False, attack, guard, armed=False) - \
        planner.position_value(ship, ship.pose, False, attack, guard, armed=False)


def decloak_plan(planner: Planner, ship: Piece, keys: list[str]
                 ) -> tuple[str, str | None]:
    """The best of the decloak choices ``keys`` ("pass", "boost", "left", "right",
    "bank_left", "bank_right") for ``ship`` with its dial set, and for a barrel roll the
    position to place it at: (key, position or None)."""
    code = ship.raw.get("dial")
    if not isinstance(code, str) or not code[:1].isdigit():
        return ("pass", None)
    best: tuple[float, str, str | None] = (_stay_value(planner, ship, code), "pass", None)
    speed = DECLOAK_SPEED.get(ship.size, 1)
    for key in keys:
        if key == "boost" or key.startswith("bank_"):
            tries = [(boost(planner.table, ship.id, key.removeprefix("bank_")
                            if key != "boost" else "straight", speed), None)]
        elif key in ("left", "right"):
            tries = [(barrel_roll(planner.table, ship.id, key, position, speed), position)
                     for position in ROLL_POSITIONS]
        else:
            continue
        for attempt, position in tries:
            if attempt.fails():
                continue
            value = _flown_from(planner, ship, attempt.final, code)
            if value is not None and value > best[0]:
                best = (value, key, position)
    return best[1], best[2]


def _stay_value(planner: Planner, ship: Piece, code: str) -> float:
    """The set dial flown from where the ship stands, still cloaked: no shot this round,
    the agility 2 higher."""
    flown = planner.flown(ship, code, True, None)
    if flown is None:
        return -100.0
    end, can_act, penalty = flown
    value = planner.position_value(cloaked(ship), end, can_act, armed=False)
    return value - penalty + (ACTION_VALUE if can_act else 0.0)


def _flown_from(planner: Planner, ship: Piece, start: Pose, code: str) -> float | None:
    """The set dial flown from ``start`` (where a decloak put the ship), judged as the
    ship's maneuvers are; None if it flees."""
    table = table_of(planner.pieces, planner.view, {ship.id: start}, planner.table)
    value, end = planner.maneuver_value(replace(ship, pose=start), code, True, table)
    return None if end is None else value


__all__ = ["DECLOAK_VALUE", "cloak_gain", "cloaked", "decloak_plan"]
