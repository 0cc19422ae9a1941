"""VCX-100 light freighter pilots (Rebel Alliance) and the ship ability Tail Gun."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import ships_in_range
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token


def _tail_gun(game: Any, owner: ShipState, **facts: Any) -> list[tuple[str, int]]:
    """A rear primary weapon as strong as the docked ship's front one (docking itself is
    not supported yet, so no ship is ever docked: see docs/abilities.md)."""
    weapons = []
    for docked_id in owner.docked:
        docked = game.state.ships[docked_id]
        front = [value for arc, value in docked.attacks if arc == "front"]
        if front:
            weapons.append(("rear", front[0]))
    return weapons[:1]


register("ship_ability", "Tail Gun",
         Modifier("a rear primary weapon while a ship is docked", hook="primary_weapons",
                  value=_tail_gun),
         description="With a docked ship: a primary rear-arc weapon of the docked ship's "
                     "front attack value.")


def _enemies_touching(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 0, 0, friendly=False)


def _chopper(ctx: Ctx, choice: Any) -> None:
    for enemy in _enemies_touching(ctx):
        gain_token(ctx.game, enemy, Token.JAM, 2, applier=ctx.ship.owner)


register("pilot", "chopper",
         Triggered("each enemy ship at range 0 gains 2 jam tokens",
                   window="start_engagement", optional=False,
                   requirement=lambda ctx: bool(_enemies_touching(ctx)), effect=_chopper),
         description="At the start of the Engagement Phase: each enemy ship at range 0 "
                     "gains 2 jam tokens.")
