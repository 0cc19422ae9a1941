"""Modification upgrades of the Separatist droids: Independent Calculations.

Independent Calculations replaces the Networked Calculations ship ability (the card data
gives it no ship ability of its own to install, so Networked Calculations itself steps aside
on a ship carrying it: ``cards/pilots/vultureclassdroidfighter.py`` has_ship_ability), and
other ships can't spend its calculate tokens with Networked Calculations.
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.effects import gain_token
from tallon.engine.state import Token


def _calculating_white(ctx: Ctx) -> bool:
    # the calculate token of its own calculate action, while that white action resolves
    # (RR: ACTIONS: once treated as red the action is no longer white)
    ship = ctx.ship
    return (is_me(ctx) and ctx.event["token"] == "calculate"
            and "calculate" in ship.actions_done and ship.action_colour == "white")


def _independent(ctx: Ctx, choice: Any) -> None:
    # RR: CALCULATE
    ctx.ship.action_colour = "red"  # FinishAction gives the stress token of a red action
    gain_token(ctx.game, ctx.ship, Token.CALCULATE)


register("upgrade", "independentcalculations",
         Triggered("treat the white calculate action as red: gain 1 more calculate token",
                   window="after_gain_token", requirement=_calculating_white,
                   effect=_independent),
         description="Replaces Networked Calculations: performing a white calculate action, "
                     "may treat it as red to gain 1 more calculate token; other ships can't "
                     "spend its calculate tokens with Networked Calculations.")
