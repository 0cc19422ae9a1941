"""RZ-1 A-wing pilots (Rebel Alliance) and the ship ability Vectored Thrusters."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import during_activation, granted, let_perform, may_perform
from tallon.cards.common import is_me, ship_options, ships_in_range
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Triggered

RED_BOOST = granted("boost", "red", "Vectored Thrusters")
FOCUS = granted("focus", "white", "jakefarrell")


# the ability triggers after any action; it has an effect only if the boost can be done
register("ship_ability", "Vectored Thrusters",
         may_perform("perform a red boost action", "after_action", lambda ctx: (RED_BOOST,),
                     requirement=is_me, label="perform a red boost action", key="boost"),
         description="After performing an action: may perform a red boost action.")


def _jake_targets(ctx: Ctx) -> list[Any]:
    return ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True)


register("pilot", "jakefarrell",
         Triggered("a friendly ship at range 0-1 may perform a focus action",
                   window="after_action",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] in (
                       "barrel_roll", "boost"),
                   choices=lambda ctx: ship_options(_jake_targets(ctx)),
                   effect=lambda ctx, choice: let_perform(ctx.game, choice, (FOCUS,),
                                                          during_activation(ctx))),
         description="After a barrel roll or boost action: a friendly ship at range 0-1 "
                     "(him too) may perform a focus action.")
