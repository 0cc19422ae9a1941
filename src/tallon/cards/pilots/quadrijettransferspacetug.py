"""Quadrijet Transfer Spacetug pilots (Scum and Villainy) and the ship ability Spacetug
Tractor Array. Jakku Gunrunner has no ability."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_in_arc, range_of, ship_options, ships_in_range
from tallon.cards.registry import register
from tallon.engine.abilities import CardAction, Ctx, Modifier, Triggered
from tallon.engine.effects import gain_token
from tallon.engine.state import AttackState, ShipState, Token
from tallon.geometry import Arc

ZUVIO = "constablezuvio"


# ---------------------------------------------------------- Spacetug Tractor Array
def _tug_targets(ctx: Ctx) -> list[ShipState]:
    # "a ship": friendly or enemy, not a remote (RR: ATTACKING REMOTES)
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 1, other=True)
            if is_in_arc(ctx.ship, s, Arc.FRONT)]


def _tug(ctx: Ctx, choice: Any) -> None:
    target = ctx.other(choice)
    # RR: TRACTOR - in the bullseye arc at range 1 too: 2 tokens
    count = 2 if is_in_arc(ctx.ship, target, Arc.BULLSEYE) and range_of(ctx.ship, target) == 1 \
        else 1
    gain_token(ctx.game, target, Token.TRACTOR, count, applier=ctx.ship.owner)


register("ship_ability", "Spacetug Tractor Array",
         CardAction("a ship in the front arc at range 1 gains 1 tractor token (2 in the "
                    "bullseye arc)", choices=lambda ctx: ship_options(_tug_targets(ctx)),
                    effect=_tug),
         description="Action: a ship in its front arc at range 1 gains 1 tractor token, or 2 "
                     "if it is in its bullseye arc at range 1.")


# ------------------------------------------------------------------- no ability
# Jakku Gunrunner prints flavour text only.


# -------------------------------------------------------------- Constable Zuvio
def _zuvio(game: Any, owner: ShipState, card: str = "", templates: tuple[str, ...] = (),
           launch: bool = False, **facts: Any) -> list[tuple[str, bool]]:
    # RR: LAUNCH - a device the card drops may be launched with the [1 straight] instead
    return [] if launch else [("1F", True)]


register("pilot", ZUVIO,
         Modifier("launch a dropped device with the [1 straight] template",
                  hook="device_templates", value=_zuvio),
         description="A device he would drop: he may launch it with a [1 straight] template "
                     "instead.")


# ------------------------------------------------------------------ Sarco Plank
def _sarco(game: Any, owner: ShipState, attack: AttackState | None = None,
           **facts: Any) -> int:
    # RR: AGILITY - "may treat": only ever used when the speed beats his agility value
    if attack is None or attack.defender != owner.id or owner.executed_speed is None:
        return 0
    return max(0, owner.executed_speed - owner.agility)


register("pilot", "sarcoplank",
         Modifier("agility equal to the speed of this round's maneuver", hook="defense_dice",
                  value=_sarco),
         description="Defending: may treat his agility value as the speed of the maneuver "
                     "he executed this round.")


# ------------------------------------------------------------------ Unkar Plutt
def _unkar_others(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 0, 0, other=True)


def _unkar(ctx: Ctx, choice: Any) -> None:
    # RR: TRACTOR - his own effect: his player decides how each tractored ship moves
    for ship in (ctx.ship, *_unkar_others(ctx)):
        gain_token(ctx.game, ship, Token.TRACTOR, applier=ctx.ship.owner)


register("pilot", "unkarplutt",
         Triggered("he and each other ship at range 0 gain 1 tractor token",
                   window="start_engagement", optional=False,
                   requirement=lambda ctx: ctx.ship.body is not None
                   and bool(_unkar_others(ctx)), effect=_unkar),
         description="At the start of the Engagement Phase, with other ships at range 0: he "
                     "and each of them gain 1 tractor token.")
