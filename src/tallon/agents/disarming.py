"""The ace's actions that disarm the ship: SLAM and cloak (RR: SLAM, RR: CLOAK; the first
edition's reference cards alike), and the decloak that follows a cloak (RR: DECLOAK).

After a SLAM the ship gains a disarm token; a cloaked ship is disarmed until it decloaks.
So either is weighed only by a ship with no shot from where it stands, against that place
judged disarmed (:func:`_standing_disarmed`): a SLAM by the best place a maneuver of the
speed executed takes it, flown exactly, judged for the damage it may take there (the
dial's pull to close in is left out: with it the ace rushed in and lost); a cloak by what
agility 2 higher avoids this round, plus the worth of the free reposition its decloak
gives next round.

A cloaked ship decloaks in the System Phase (the first edition: at the start of the
Activation Phase) with its dial set: each decloak offered is placed with the geometry, the
set dial flown exactly from there and the end judged as the ship's own maneuvers are
(armed again); staying cloaked flies the dial from where the ship stands, judged with the
agility and without a shot. Figures: docs/simulation.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from tallon.agents.planning import Planner, Tokens
from tallon.agents.reading import ROLL_POSITIONS, Piece, table_of
from tallon.geometry import barrel_roll, boost

if TYPE_CHECKING:
    from tallon.geometry.repositioning import Attempt

#: What a cloak is worth beyond the agility it gives this round: the free reposition of
#: the decloak next round (0.15, 0.3 and 0.5 measured alike: docs/simulation.md).
DECLOAK_VALUE = 0.3
#: A decloak's template speed by base size (RR: DECLOAK).
DECLOAK_SPEED = {"small": 2, "medium": 1, "large": 1}


def cloaked(ship: Piece) -> Piece:
    """``ship`` as a cloak leaves it: its agility 2 higher (the cloak token itself is
    left out of its defense tokens wherever this is judged)."""
    return replace(ship, agility=ship.agility + 2)


def _standing_disarmed(planner: Planner, ship: Piece, attack: Tokens, guard: Tokens
                       ) -> float | None:
    """Where ``ship`` stands, judged disarmed; None when it has a shot from there (an
    action that disarms it would throw the shot away)."""
    if planner.offense(ship, ship.pose, attack, guard) > 0.0:
        return None
    return planner.position_value(ship, ship.pose, False, attack, guard, armed=False)


def slam_gain(planner: Planner, ship: Piece, attack: Tokens, guard: Tokens
              ) -> float | None:
    """What a SLAM is worth to ``ship`` where it stands, or None when it is not weighed
    (a shot to keep, or every maneuver of the speed would flee)."""
    standing = _standing_disarmed(planner, ship, attack, guard)
    if standing is None:
        return None
    found = best_slam(planner, ship, slam_codes(ship), guard)
    return None if found is None else found[0] - standing


def best_slam(planner: Planner, ship: Piece, codes: list[str], guard: Tokens
              ) -> tuple[float, str] | None:
    """RR: SLAM - the best of ``codes`` for ``ship`` to execute as its action, and its
    value: flown exactly from where it stands, no action after it, and disarmed after it,
    so only the damage it may take there and what the move costs count. None if every one
    flees (the SLAM would fail)."""
    best: tuple[float, str] | None = None
    for code in codes:
        flown = planner.flown(ship, code, True, None)
        if flown is None:
            continue
        end, _, penalty = flown
        value = planner.position_value(ship, end, False, (), guard, armed=False) - penalty
        if best is None or value > best[0]:
            best = (value, code)
    return best


def slam_codes(ship: Piece) -> list[str]:
    """RR: SLAM - the dial's maneuvers of the speed the ship executed this round, as its
    own dial tells it (an ion maneuver's or a card's other speed is met when asked)."""
    code = ship.set_code
    return [] if code is None else [c for c in ship.dial if c[0] == code[0]]


def cloak_gain(planner: Planner, ship: Piece, attack: Tokens, guard: Tokens
               ) -> float | None:
    """What the cloak action is worth to ``ship`` where it stands: the damage its agility
    2 higher avoids this round and the decloak to come; None for a ship with a shot."""
    standing = _standing_disarmed(planner, ship, attack, guard)
    if standing is None:
        return None
    hidden = planner.position_value(cloaked(ship), ship.pose, False, attack, guard,
                                    armed=False)
    return hidden - standing + DECLOAK_VALUE


#: The actions that disarm, by kind: what each is worth to a ship (None: not weighed).
DISARMING: dict[str, Callable[[Planner, Piece, Tokens, Tokens], float | None]] = {
    "slam": slam_gain, "cloak": cloak_gain}


def decloak_plan(planner: Planner, ship: Piece, keys: list[str]
                 ) -> tuple[str, str | None]:
    """The best of the decloak choices ``keys`` ("pass", "boost", "left", "right",
    "bank_left", "bank_right") for ``ship`` with its dial set, and for a barrel roll the
    position to place it at: (key, position or None)."""
    code = ship.set_code
    if code is None:
        return ("pass", None)
    stay = planner.maneuver_value(cloaked(ship), code, True, armed=False)[0]
    best: tuple[float, str, str | None] = (stay, "pass", None)
    speed = DECLOAK_SPEED.get(ship.size, 1)
    for key in keys:
        tries: list[tuple[Attempt, str | None]]
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
            # the set dial flown from where the decloak puts the ship, armed again
            table = table_of(planner.pieces, planner.view, {ship.id: attempt.final},
                             planner.table)
            value, end = planner.maneuver_value(replace(ship, pose=attempt.final), code,
                                                True, table)
            if end is not None and value > best[0]:
                best = (value, key, position)
    return best[1], best[2]


__all__ = ["DECLOAK_VALUE", "DISARMING", "best_slam", "cloak_gain", "cloaked",
           "decloak_plan", "slam_codes", "slam_gain"]
