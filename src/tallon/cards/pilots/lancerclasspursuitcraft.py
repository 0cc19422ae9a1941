"""Lancer-class pursuit craft pilots (Scum and Villainy). The ship has no ship ability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    defending_if,
    dice,
    green_token_or_gain,
    is_in_arc,
    range_of,
    ship_options,
    ships_in_range,
)
from tallon.cards.pilots.mg100starfortress import in_turret_arc
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, DiceMod, Triggered
from tallon.engine.effects import gain_token
from tallon.engine.state import AttackState, ShipState, Token
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game

# ------------------------------------------------------------------ Asajj Ventress
ASAJJ = "asajjventress"


def _asajj_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=False)
            if in_turret_arc(ctx.ship, s)]


def _asajj(ctx: Ctx, choice: Any) -> None:
    # RR: TOKENS - the enemy's player decides whether it gives up a green token
    green_token_or_gain(ctx.game, ctx.other(choice), Token.STRESS, ctx.ship.owner)


register("pilot", ASAJJ,
         Triggered("spend 1 Force: an enemy ship in the turret arc at range 0-2 gains 1 "
                   "stress token unless it removes 1 green token", window="start_engagement",
                   cost=Cost(force=1), requirement=lambda ctx: ctx.ship.in_play,
                   choices=lambda ctx: ship_options(_asajj_targets(ctx)), effect=_asajj),
         description="At the start of the Engagement Phase: may spend 1 Force choosing an "
                     "enemy ship in her turret arc at range 0-2; it gains 1 stress token "
                     "unless its player removes 1 of its green tokens.")


# ---------------------------------------------------------------------- Ketsu Onyo
def _ketsu_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, other=True)
            if is_in_arc(ctx.ship, s, Arc.FRONT) and in_turret_arc(ctx.ship, s)]


register("pilot", "ketsuonyo",
         Triggered("a ship in the front and turret arcs at range 0-1 gains 1 tractor token",
                   window="start_engagement", requirement=lambda ctx: ctx.ship.in_play,
                   choices=lambda ctx: ship_options(_ketsu_targets(ctx)),
                   # RR: TRACTOR - her player moves the tractored ship
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.other(choice),
                                                         Token.TRACTOR,
                                                         applier=ctx.ship.owner)),
         description="At the start of the Engagement Phase: may choose a ship in both her "
                     "front arc and turret arc at range 0-1; it gains 1 tractor token.")


# --------------------------------------------------------------------- Sabine Wren
SABINE = "sabinewren-lancerclasspursuitcraft"


def _sabine(game: Game, attack: AttackState, owner: ShipState) -> bool:
    attacker = game.state.ships[attack.attacker]
    near = range_of(owner, attacker)
    return near is not None and near <= 2 and in_turret_arc(owner, attacker)


register("pilot", SABINE,
         DiceMod("add 1 focus result",
                 dice=dice(SABINE),
                 applies=defending_if(_sabine)),
         description="Defending against an attacker in her turret arc at range 0-2: may add "
                     "1 focus result.")
