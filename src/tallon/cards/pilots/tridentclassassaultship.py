"""Trident-class Assault Ship (a huge ship: RR: APPENDIX: HUGE SHIPS) - its ship ability
Tractor Grasp. Its pilots (Lawless Pirates, Colicoid Destroyer) have no ability text; its
Tractor Tentacles are in cards/upgrades/hardpoint.py."""

from __future__ import annotations

from typing import Any

from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import after_attack_with
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.effects import gain_token
from tallon.engine.state import Token


def _grasp(ctx: Ctx, choice: Any) -> None:
    # RR: TRACTOR - the Trident's player makes the choices the token calls for
    gain_token(ctx.game, ctx.other(ctx.event["defender"]), Token.TRACTOR,
               applier=ctx.ship.owner)


register("ship_ability", "Tractor Grasp",
         Triggered("the defender gains 1 tractor token", window="after_attack",
                   optional=False, effect=_grasp,
                   requirement=lambda ctx: after_attack_with(ctx, "tractortentacles")
                   and bool(ctx.event.get("hit"))),
         description="After a Tractor Tentacles attack that hits, the defender gains 1 "
                     "tractor token.")
