"""T-65 X-wing pilots (Rebel Alliance)."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, recover_force, ship_options, ships_in_range
from tallon.engine.abilities import Ctx, Modifier, Triggered, register
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token


def _wedge(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    return 1 if attack is not None and attack.attacker == owner.id else 0


register("pilot", "wedgeantilles",
         Modifier("the defender rolls 1 fewer defense die", hook="defense_dice_reduction",
                  value=_wedge),
         description="While attacking, the defender rolls 1 fewer defense die.")


def _garven_targets(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 1, 3, friendly=True, other=True)


def _garven(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.other(choice), Token.FOCUS)


register("pilot", "garvendreis-t65xwing",
         Triggered("give a friendly ship at range 1-3 a focus token",
                   window="after_spend_token", effect=_garven,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "focus",
                   choices=lambda ctx: ship_options(_garven_targets(ctx))),
         description="After spending a focus token: a friendly ship at range 1-3 may gain "
                     "a focus token.")


def _luke_wants(ctx: Ctx) -> bool:
    return ctx.event.get("defender") == ctx.ship.id and ctx.ship.force < ctx.ship.force_limit


register("pilot", "lukeskywalker",
         Triggered("recover 1 Force", window="defender_declared", requirement=_luke_wants,
                   effect=lambda ctx, choice: recover_force(ctx.ship)),
         description="After becoming the defender (before dice): may recover 1 Force.")
