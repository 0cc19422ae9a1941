"""Scum and Villainy titles of the JumpMaster 5000 (Punishing One) and the Lancer-class
pursuit craft (Shadow Caster)."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_in_arc, primary_in_front_arc
from tallon.cards.pilots.mg100starfortress import in_turret_arc
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.effects import gain_token
from tallon.engine.state import Token
from tallon.geometry import Arc

# ------------------------------------------------------------------ Punishing One
# RR: ATTACK - the engine drops the added die of a primary attack at range 0
register("upgrade", "punishingone",
         Modifier("1 more attack die on primary attacks against a defender in the front arc",
                  hook="attack_dice", value=primary_in_front_arc),
         description="Primary attacks against a defender in its front arc roll 1 additional "
                     "attack die. Trades a crew slot for an astromech slot.")


# ------------------------------------------------------------------ Shadow Caster
def _shadow_caster_applies(ctx: Ctx) -> bool:
    if ctx.event["attacker"] != ctx.ship.id or not ctx.event["hit"]:
        return False
    defender = ctx.other(ctx.event["defender"])
    return (defender.in_play and not defender.remote and in_turret_arc(ctx.ship, defender)
            and is_in_arc(ctx.ship, defender, Arc.FRONT))


def _shadow_caster(ctx: Ctx, choice: Any) -> None:
    # RR: TRACTOR - the player whose effect gave the token moves the tractored ship
    gain_token(ctx.game, ctx.other(ctx.event["defender"]), Token.TRACTOR,
               applier=ctx.ship.owner)


register("upgrade", "shadowcaster",
         Triggered("the defender gains 1 tractor token", window="after_attack",
                   optional=False, requirement=_shadow_caster_applies, effect=_shadow_caster),
         description="After an attack that hits a defender in both its turret arc and its "
                     "front arc: the defender gains 1 tractor token.")
