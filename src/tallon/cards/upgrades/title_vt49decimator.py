"""The VT-49 Decimator's title: Dauntless."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import during_activation, white_kinds_as_red
from tallon.cards.common import is_me
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.actions import PerformAction


def _dauntless_kinds(ctx: Ctx) -> tuple[str, ...]:
    return white_kinds_as_red(ctx.game, ctx.ship, during_activation(ctx))


def _dauntless_applies(ctx: Ctx) -> bool:
    # RR: OVERLAP - a maneuver that bumped a ship was partially executed
    return is_me(ctx) and not ctx.event["full"] and bool(_dauntless_kinds(ctx))


def _dauntless(ctx: Ctx, choice: Any) -> None:
    # RR: ACTIONS - treated as red, the action gives a stress token when it is done
    ctx.game.push(PerformAction(ctx.ship.id, during_activation(ctx), treat_as="red",
                                only=_dauntless_kinds(ctx)))


register("upgrade", "dauntless",
         Triggered("perform 1 white action, treated as red", window="after_execute",
                   requirement=_dauntless_applies, effect=_dauntless),
         description="After partially executing a maneuver: may perform 1 white action, "
                     "treated as red.")
