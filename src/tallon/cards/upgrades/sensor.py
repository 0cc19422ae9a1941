"""Sensor upgrades."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import (
    action_options,
    bar_actions,
    during_activation,
    performable,
    start_action,
)
from tallon.cards.common import (
    attacking_if,
    defending_if,
    dice,
    is_me,
    obstruction_ignored,
)
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import DEFENDING
from tallon.dice.abilities.effects import CardAbility, ChangeResults
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.effects import ignores_obstacle
from tallon.engine.obstacles import ignore_obstacles
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
         DiceMod("spend 1 charge: change 1 focus to an evade",
                 dice=CardAbility(BLANK, "Blank Signature (1 charge: 1 focus to evade)",
                                  effect=ChangeResults(1, (Face.FOCUS,), (Face.EVADE,)),
                                  roles=DEFENDING, cost=((BLANK, 1),)),
                 applies=defending_if(_not_locked_by_attacker)),
         description="Defending against an attacker that has no lock on it: may spend 1 "
                     "charge to change a focus result to an evade.")
