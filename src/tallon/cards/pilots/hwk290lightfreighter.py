"""HWK-290 light freighter pilots (Rebel Alliance)."""

from __future__ import annotations

from tallon.cards.common import in_firing_arc, ship_options
from tallon.engine.abilities import Ctx, Triggered, register
from tallon.engine.effects import transfer_token
from tallon.engine.state import ShipState, Token


def _kyle_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner == ctx.ship.owner
            and in_firing_arc(ctx.ship, s)]


register("pilot", "kylekatarn",
         Triggered("transfer 1 focus token to a friendly ship in your firing arc",
                   window="start_engagement",
                   requirement=lambda ctx: ctx.ship.has(Token.FOCUS)
                   and bool(_kyle_targets(ctx)),
                   choices=lambda ctx: ship_options(_kyle_targets(ctx)),
                   effect=lambda ctx, choice: transfer_token(
                       ctx.game, ctx.ship, ctx.other(choice), Token.FOCUS)),
         description="At the start of the Engagement Phase: may give 1 of his focus tokens "
                     "to a friendly ship in his firing arc.")
