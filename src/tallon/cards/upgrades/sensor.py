"""Sensor upgrades."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import (
    action_options,
    bar_actions,
    during_activation,
    grant_action,
    granted,
    performable,
    start_action,
)
from tallon.cards.common import (
    attacking_if,
    choose_ships,
    defending_if,
    dice,
    is_me,
    obstruction_ignored,
    range_of,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.engine.abilities import CardAction, Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.action_bodies import lock_targets, spend_lock_on
from tallon.engine.effects import acquire_lock, ignores_obstacle
from tallon.engine.obstacles import ignore_obstacles
from tallon.engine.rounds import ActionStep, EndActivation
from tallon.engine.state import ShipState

register("upgrade", "firecontrolsystem",
         DiceMod("reroll 1 attack die; the lock can't be spent this attack",
                 dice=dice("firecontrolsystem"),
                 applies=attacking_if(lambda game, attack, owner:
                                      attack.defender in owner.locks)),
         description="Attacking a defender it has locked: may reroll 1 attack die; if it "
                     "does, it can't spend that lock during this attack.")


def _sensors_offered(ctx: Ctx) -> list[Any]:
    during = during_activation(ctx)
    return performable(ctx.game, ctx.ship, bar_actions(ctx.game, ctx.ship, during), during)


def _sensors(ctx: Ctx, choice: Any) -> None:
    for spec in _sensors_offered(ctx):
        if spec.kind == choice:
            start_action(ctx.game, ctx.ship.id, spec, during_activation(ctx))
            # no other action this activation: neither a linked action nor the Perform
            # Action step (the flag is cleared when the activation ends)
            ctx.ship.actions_blocked = True
            return


register("upgrade", "advancedsensors",
         Triggered("perform 1 action, then no other action this activation",
                   window="after_reveal", requirement=is_me,
                   choices=lambda ctx: action_options(_sensors_offered(ctx)),
                   effect=_sensors),
         description="After revealing its dial: may perform 1 action; if it does, it can't "
                     "perform another action during this activation.")


# --------------------------------------------------------------- Collision Detector
def _through_obstacles(game: Any, owner: ShipState, move: str = "", **facts: Any) -> bool:
    # RR: CARD INTERPRETATION - "can" is a capability, always applied
    return True


def _detector_applies(ctx: Ctx) -> bool:
    return is_me(ctx) and not ignores_obstacle(ctx.game, ctx.ship, ctx.event["obstacle"])


register("upgrade", "collisiondetector",
         Modifier("boosts and barrel rolls can move through and overlap obstacles",
                  hook="reposition_through_obstacles", value=_through_obstacles),
         Triggered("spend 1 charge to ignore this obstacle's effects this round",
                   window="after_obstacle_met", cost=Cost(charges=1),
                   requirement=_detector_applies,
                   effect=lambda ctx, choice: ignore_obstacles(ctx.game, ctx.ship,
                                                               ctx.event["obstacle"])),
         Modifier("no obstruction by the obstacles it ignores", hook="ignore_obstruction",
                  value=obstruction_ignored),
         description="Its boosts and barrel rolls can move through and overlap obstacles. "
                     "After moving through or onto an obstacle: may spend 1 charge to ignore "
                     "that obstacle's effects until the end of the round.")


# ------------------------------------------------------------------ Blank Signature
def _not_locked_by_attacker(game: Any, attack: Any, owner: ShipState) -> bool:
    return owner.id not in game.state.ships[attack.attacker].locks


BLANK = "blanksignature-battleoverendor"

register("upgrade", BLANK,
         DiceMod("spend 1 charge: change 1 focus to an evade", dice=dice(BLANK),
                 applies=defending_if(_not_locked_by_attacker)),
         description="Defending against an attacker that has no lock on it: may spend 1 "
                     "charge to change a focus result to an evade.")


# ------------------------------------------------------------- Long-Range Scanners
SCANNERS = "longrangescanners-alphaclassstarwing"

register("upgrade", SCANNERS,
         Modifier("spend 1 charge to lock an object at any range during a lock action",
                  # the charge is spent with the choice of an object beyond range 3
                  # (spending it for an object within range 3 would change nothing: ruling)
                  hook="lock_beyond_range", value=lambda game, owner, **facts: 1),
         description="Performing a lock action: may spend 1 charge to lock an object at any "
                     "range.")


# ---------------------------------------------------------------- Passive Sensors
PASSIVE = "passivesensors"


def in_perform_action_step(game: Any, ship: ShipState) -> bool:
    """Whether the ship is in its activation's Perform Action step: the step has begun (no
    ActionStep of the ship is waiting) and the activation has not ended (its EndActivation
    is still to come)."""
    waiting = [s for s in game.stack if getattr(s, "ship_id", None) == ship.id]
    return (game.state.phase == "activation"
            and any(isinstance(s, EndActivation) for s in waiting)
            and not any(isinstance(s, ActionStep) for s in waiting))


def _passive_spent(ship: ShipState) -> bool:
    charge = ship.charges.get(PASSIVE)
    return charge is not None and charge.active == 0


def _passive_coordinated(game: Any, owner: ShipState, ship: ShipState | None = None,
                         **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and _passive_spent(owner)


register("upgrade", PASSIVE,
         CardAction("spend 1 charge (only in the Perform Action step)", cost=Cost(charges=1),
                    requirement=lambda ctx: in_perform_action_step(ctx.game, ctx.ship),
                    effect=lambda ctx, choice: ctx.game.event(
                        "ability", f"{ctx.ship.name} ({ctx.ship.id}) spends the charge of "
                        "Passive Sensors", ship=ctx.ship.id)),
         Modifier("can't be coordinated while the charge is inactive",
                  hook="cannot_be_coordinated", value=_passive_coordinated),
         grant_action("perform a calculate or lock action", "before_engage",
                      lambda ctx: [granted("calculate", "white", PASSIVE),
                                   granted("lock", "white", PASSIVE)],
                      requirement=lambda ctx: is_me(ctx) and _passive_spent(ctx.ship)),
         description="Action (Perform Action step only): spend 1 charge. While the charge is "
                     "inactive it can't be coordinated, and before engaging it may perform a "
                     "calculate or lock action.")


# ------------------------------------------------------------------- Relay System
def _relay_target(ctx: Ctx) -> str | None:
    """The object a friendly ship at range 0-2 just locked with a lock action, if this ship
    could lock it too (RR: LOCK: an object at range 0-3, unless specified otherwise)."""
    event = ctx.event
    target = event.get("target")
    if event.get("action") != "lock" or target is None or target in ctx.ship.locks:
        return None
    friend = ctx.state.ships[event["ship"]]
    near = range_of(ctx.ship, friend)
    if friend.owner != ctx.ship.owner or near is None or near > 2:
        return None
    if target not in lock_targets(ctx.game, ctx.ship):
        return None
    return target


def _relay_friends(ctx: Ctx) -> list[ShipState]:
    """Other friendly ships at range 0-1 that could lock the defender just hit."""
    defender = ctx.event["defender"]
    if not (is_me(ctx, "attacker") and ctx.event["hit"] and defender in ctx.ship.locks):
        return []
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True, other=True)
            if defender not in s.locks and defender in lock_targets(ctx.game, s)]


def _relay_pass(ctx: Ctx, choice: Any) -> None:
    defender = ctx.event["defender"]
    spend_lock_on(ctx.game, ctx.ship, defender)
    acquire_lock(ctx.game, ctx.other(str(choice)), defender)


register("upgrade", "relaysystem-tiephphantom",
         Triggered("acquire a lock on the object the friendly ship locked",
                   window="after_action", requirement=lambda ctx: _relay_target(ctx) is not None,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                           str(_relay_target(ctx)))),
         Triggered("spend your lock on the defender: another friendly ship at range 0-1 "
                   "locks it", window="after_attack",
                   requirement=lambda ctx: bool(_relay_friends(ctx)),
                   choices=choose_ships(_relay_friends), effect=_relay_pass),
         description="After a lock action by a friendly ship at range 0-2: may also lock the same "
                     "object. After an attack that hits: may spend a lock it holds on the "
                     "defender, letting another friendly ship within range 0-1 acquire a lock on "
                     "the defender.")
