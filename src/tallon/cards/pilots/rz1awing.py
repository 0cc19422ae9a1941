"""RZ-1 A-wing pilots (Rebel Alliance) and the ship ability Vectored Thrusters."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, ship_options, ships_in_range
from tallon.engine.abilities import Ctx, Triggered, register
from tallon.engine.decisions import Option
from tallon.engine.state import ActionSpec

RED_BOOST = ActionSpec("boost", "red", None, "Vectored Thrusters")
FOCUS = ActionSpec("focus", "white", None, "jakefarrell")


def _grant(ctx: Ctx, ship_id: str, spec: ActionSpec) -> None:
    from tallon.engine.actions import PerformAction

    ctx.game.push(PerformAction(ship_id, bool(ctx.event.get("during_activation")),
                                grant=(spec,)))


def _can(ctx: Ctx, ship_id: str, spec: ActionSpec) -> bool:
    from tallon.engine.actions import can_perform

    return can_perform(ctx.game, ctx.other(ship_id), spec, False) is None


# the ability triggers after any action; it has an effect only if the boost can be done
register("ship_ability", "Vectored Thrusters",
         Triggered("perform a red boost action", window="after_action", requirement=is_me,
                   choices=lambda ctx: [Option("boost", "perform a red boost action")]
                   if _can(ctx, ctx.ship.id, RED_BOOST) else [],
                   effect=lambda ctx, choice: _grant(ctx, ctx.ship.id, RED_BOOST)),
         description="After performing an action: may perform a red boost action.")


def _jake_targets(ctx: Ctx) -> list[Any]:
    return ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True)


register("pilot", "jakefarrell",
         Triggered("a friendly ship at range 0-1 may perform a focus action",
                   window="after_action",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] in (
                       "barrel_roll", "boost"),
                   choices=lambda ctx: ship_options(_jake_targets(ctx)),
                   effect=lambda ctx, choice: _grant(ctx, choice, FOCUS)),
         description="After a barrel roll or boost action: a friendly ship at range 0-1 "
                     "(him too) may perform a focus action.")
