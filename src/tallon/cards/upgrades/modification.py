"""Modification upgrades."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import ship_options, ships_in_range
from tallon.engine.abilities import Cost, Ctx, Replacement, register
from tallon.engine.effects import gain_token, suffer_damage
from tallon.engine.state import Token


def _vanes_targets(ctx: Ctx) -> list[Any]:
    return ships_in_range(ctx.game, ctx.ship, 0, 1, other=True)


def _vanes_apply(ctx: Ctx, facts: dict[str, Any]) -> bool:
    return (facts["ship"] == ctx.ship.id and facts["token"] in ("ion", "jam")
            and not ctx.ship.stressed and bool(_vanes_targets(ctx)))


def _vanes(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    token = Token(facts["token"])
    gain_token(ctx.game, ctx.other(choice), token, 1, facts["applier"])
    if facts["count"] > 1:  # the vanes pass on one token; the rest come as they would
        gain_token(ctx.game, ctx.ship, token, facts["count"] - 1, facts["applier"])
    suffer_damage(ctx.game, ctx.ship, hits=1, cause="Static Discharge Vanes")


register("upgrade", "staticdischargevanes",
         Replacement("pass an ion or jam token to a ship at range 0-1", point="gain_token",
                     applies=_vanes_apply, replace=_vanes,
                     choices=lambda ctx, facts: ship_options(_vanes_targets(ctx)),
                     cost=Cost(gain=(("stress", 1),))),
         description="Unstressed, about to gain an ion or jam token: may gain a stress token "
                     "to give that token to another ship at range 0-1 instead, then suffer 1 "
                     "hit damage.")
