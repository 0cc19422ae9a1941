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
from tallon.cards.common import attacking_if, dice, is_me
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, DiceMod, Triggered

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
