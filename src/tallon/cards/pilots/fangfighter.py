"""Fang fighter pilots (Scum and Villainy) and the ship ability Concordia Faceoff."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import (
    defending_if,
    dice,
    green_tokens,
    is_in_arc,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, DiceMod, Triggered
from tallon.engine.effects import remove_token
from tallon.engine.state import ShipState
from tallon.geometry import Arc


def _faceoff(game: Any, attack: Any, owner: ShipState) -> bool:
    attacker = game.state.ships[attack.attacker]
    return attack.range == 1 and is_in_arc(attacker, owner, Arc.FRONT)


register("ship_ability", "Concordia Faceoff",
         DiceMod("change 1 result to an evade", dice=dice("concordiafaceoff"),
                 applies=defending_if(_faceoff)),
         description="Defending at attack range 1 inside the attacker's front arc: 1 result "
                     "becomes an evade.")


def _teroch_targets(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 1, 1, friendly=False)


def _teroch(ctx: Ctx, choice: Any) -> None:
    enemy = ctx.other(choice)
    if is_in_arc(enemy, ctx.ship, Arc.FRONT):
        for token in green_tokens(enemy):
            remove_token(ctx.game, enemy, token, enemy.count(token))
        ctx.game.event("ability", f"{enemy.name} ({enemy.id}) removes its green tokens",
                       ship=enemy.id)


register("pilot", "oldteroch",
         Triggered("an enemy ship at range 1 with you in its front arc removes its green "
                   "tokens", window="start_engagement",
                   requirement=lambda ctx: bool(_teroch_targets(ctx)),
                   choices=lambda ctx: ship_options(_teroch_targets(ctx)), effect=_teroch),
         description="At the start of the Engagement Phase: may choose an enemy ship at range "
                     "1; if he is in its front arc, it removes all its green tokens.")
