"""The ace's tractor beam: where to move a ship it tractored, and whether to rotate one of
its own that an enemy moved (RR: TRACTOR; the first edition's reference card "Tractor
Beam Token", where the move may overlap obstacles and nobody rotates).

A tractored ship is judged where each move would leave it, from its own side, as the
planner judges an enemy's positions: against the ships of the other side where they
stand. A ship yet to move this round is judged by the best maneuver it could then set
from there (its end foreseen, bumps and the edge counted); one that has moved by the shot
it still has this round at the best target less the shots it would take from the ships
that have not engaged yet, plus a share of what its next maneuvers could do from there.
The player moving an enemy assumes its owner then rotates it, at the price of a stress
token, wherever that looks better to the owner; in the first edition nobody rotates, and an
enemy moved onto an obstacle suffers its effect and, on an asteroid, has no shot.
Figures: docs/simulation.md.
"""

from __future__ import annotations

from dataclasses import replace

from tallon.agents.planning import STRESS_COST, THREAT_SHARE, Planner, unstressed_codes
from tallon.agents.reading import Piece, engagement
from tallon.geometry import Attempt, Pose, tractor_options
from tallon.rulesets import RULES

#: The share of a moved ship's next maneuvers counted beside this round's shots (both
#: sides move before they count).
NEXT_ROUND_SHARE = 0.3
#: How a ship whose every maneuver would flee is judged.
NO_WAY_OUT = -3.0
#: What an obstacle's effect costs a ship moved onto it in the first edition, in expected
#: damage (an asteroid's one attack die: a hit 3 in 8, a critical hit 1 in 8).
OBSTACLE_EFFECT = 0.5
#: The least gain worth a move (a tie leaves the ship where it is).
LEAST_GAIN = 1e-6


def _placed(ship: Piece, at: Pose, stressed: bool) -> Piece:
    """``ship`` standing at ``at``, with a stress token if ``stressed`` (a rotation's)."""
    return replace(ship, pose=at, tokens={**ship.tokens, "stress": 1} if stressed
                   else ship.tokens)


def enemy_standing(planner: Planner, ship: Piece, at: Pose, stressed: bool = False,
                   can_attack: bool = True) -> float:
    """How good ``at`` is for the enemy ``ship``, as its side would judge it against our
    ships where they stand (``can_attack`` False: it has no shot this round, on an
    asteroid in the first edition): see the module docstring."""
    moved = _placed(ship, at, stressed)
    options = planner.enemy_maneuvers(moved) if moved.dial else []
    best_next = max((score for score, _, _ in options), default=NO_WAY_OUT)
    if not ship.activated and ship.dial:
        return best_next
    ours = planner.our_opponents(ship)
    ready = [o for o, mine in zip(ours, planner.mine, strict=True)
             if not mine.raw.get("engaged")]
    offense = engagement(ship.size, at, ours)[0] \
        if can_attack and not ship.raw.get("engaged") else 0.0
    threat = engagement(ship.size, at, ready)[1] if ready else 0.0
    return offense - THREAT_SHARE * threat + NEXT_ROUND_SHARE * best_next


def own_standing(planner: Planner, ship: Piece, at: Pose, stressed: bool = False) -> float:
    """How good ``at`` is for our ``ship``, as the ace judges its own positions: where it
    stands, or, yet to move this round, by its best maneuver from there (estimated)."""
    moved = _placed(ship, at, stressed)
    if ship.activated or not ship.dial:
        return planner.position_value(moved, at, False)
    codes = unstressed_codes(moved)
    return max((planner.maneuver_value(moved, code, False)[0] for code in codes),
               default=NO_WAY_OUT)


def with_rotation(planner: Planner, ship: Piece, at: Pose) -> float:
    """:func:`enemy_standing` at ``at`` after the owner's answer to the move: a rotation
    of 90 degrees either way with a stress token where that is better for the ship."""
    plain = enemy_standing(planner, ship, at)
    turned = max(enemy_standing(planner, ship, at.rotated(degrees), True)
                 for degrees in (-90, 90))
    return max(plain, turned - STRESS_COST)


def tractor_move(planner: Planner, ship_id: str, keys: list[str]) -> str | None:
    """RR: TRACTOR - the move to give a ship we tractored: the one worst for its side, or
    best for it when it is one of ours; "none" unless a move does better."""
    ship = planner.by_id.get(ship_id)
    if ship is None or "none" not in keys:
        return None
    attempts = [a for a in tractor_options(planner.table, ship_id) if a.label in keys]
    if ship.owner == planner.player:
        def worth(attempt: Attempt | None) -> float:
            return own_standing(planner, ship, ship.pose if attempt is None else attempt.final)
    elif planner.ruleset == "1e":
        banned = RULES[planner.ruleset].attack_banning_obstacles or ()
        types = {o.id: o.type.value for o in planner.table.obstacles}

        def worth(attempt: Attempt | None) -> float:
            # not rotated after; onto an obstacle it suffers the obstacle's effect, and on
            # an asteroid it cannot attack (reference card (1e) "Tractor Beam Token")
            if attempt is None:
                return -enemy_standing(planner, ship, ship.pose)
            met = attempt.obstacles_met
            armed = not any(types.get(i) in banned for i in met)
            return (-enemy_standing(planner, ship, attempt.final, can_attack=armed)
                    + OBSTACLE_EFFECT * len(met))
    else:
        def worth(attempt: Attempt | None) -> float:
            return -with_rotation(planner, ship, ship.pose if attempt is None
                                  else attempt.final)

    best_key, best = "none", worth(None)
    for attempt in attempts:
        value = worth(attempt)
        if value > best + LEAST_GAIN:
            best_key, best = attempt.label, value
    return best_key


def tractor_rotate(planner: Planner, ship_id: str, keys: list[str]) -> str | None:
    """RR: TRACTOR - whether our ship, moved by an enemy's tractor beam, rotates 90
    degrees (gaining a stress token): where that is worth more than the stress."""
    ship = planner.by_id.get(ship_id)
    if ship is None or "none" not in keys:
        return None
    best_key, best = "none", own_standing(planner, ship, ship.pose)
    for key, degrees in (("left", -90.0), ("right", 90.0)):
        if key in keys:
            value = own_standing(planner, ship, ship.pose.rotated(degrees), True) \
                - STRESS_COST
            if value > best + LEAST_GAIN:
                best_key, best = key, value
    return best_key
