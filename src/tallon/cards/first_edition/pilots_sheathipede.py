"""First edition: the Sheathipede-class shuttle's pilot AP-5, whose ability works on the
coordinate action (the ship type has no pilot without an ability, so AP-5 is what makes
it playable).

AP-5: when it performs the coordinate action, after choosing the friendly ship and before
that ship performs its free action, AP-5 may take on 2 stress so that ship sheds 1
(a ship with a stress token cannot perform actions, free ones included:
rulebook (1e), Stress - so this can let a once-stressed ship act). The window
``coordinate_chosen`` is that moment (engine/actions.py CoordinateAction).
"""

from __future__ import annotations

from typing import Any

from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.effects import gain_token, remove_token
from tallon.engine.state import Token

AP5 = "1e-sheathipedeclassshuttle-ap5"


def _ap5_applies(ctx: Ctx) -> bool:
    """AP-5 coordinates a ship that has a stress token."""
    if ctx.event.get("ship") != ctx.ship.id:
        return False
    target = ctx.state.ships.get(ctx.event["target"])
    return target is not None and target.has(Token.STRESS)


def _ap5(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token.STRESS, 2)
    target = ctx.other(ctx.event["target"])
    remove_token(ctx.game, target, Token.STRESS)
    ctx.game.event("ability", f"{target.name} ({target.id}) removes a stress token",
                   ship=target.id)


register("pilot", AP5,
         Triggered("take 2 stress to clear 1 from the coordinated "
                   "ship", window="coordinate_chosen", requirement=_ap5_applies, effect=_ap5),
         description="Coordinating a stressed ship: may take 2 stress tokens so it sheds 1 "
                     "before its free action.")
