"""G-1A starfighter pilots (Scum and Villainy); the ship has no ship ability. Its title,
Mist Hunter, is in cards/upgrades/title_scum_b.py."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, ship_options, ships_in_range
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.effects import gain_token, transfer_token
from tallon.engine.state import ShipState, Token


# ------------------------------------------------------------------------- 4-LOM
def _red_full(ctx: Ctx) -> bool:
    return is_me(ctx) and bool(ctx.event["full"]) and ctx.event["difficulty"] == "red"


def _lom_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, other=True)
            if not s.remote]


register("pilot", "4lom",
         Triggered("gain 1 calculate token", window="after_execute", optional=False,
                   requirement=_red_full,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship,
                                                         Token.CALCULATE)),
         Triggered("transfer 1 stress token to a ship at range 0-1",
                   window="start_end_phase",
                   requirement=lambda ctx: ctx.ship.stressed and ctx.ship.in_play
                   and bool(_lom_targets(ctx)),
                   choices=lambda ctx: ship_options(_lom_targets(ctx)),
                   effect=lambda ctx, choice: transfer_token(ctx.game, ctx.ship,
                                                             ctx.other(choice),
                                                             Token.STRESS)),
         description="At the start of the End Phase: may choose a ship within range 0-1 and "
                     "transfer 1 of his stress tokens to it. After he fully executes a red "
                     "maneuver: gains 1 calculate token.")


# ------------------------------------------------------------------------ Zuckuss
def _zuckuss_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    # RR: ATTACK - no attack die can be added to a primary attack at attack range 0
    return (is_me(ctx, "attacker") and attack is not None and attack.primary
            and attack.range != 0)


def _zuckuss(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.attack.extra_attack_dice += 1
    ctx.attack.extra_defense_dice += 1


register("pilot", "zuckuss",
         Triggered("roll 1 additional attack die; the defender rolls 1 additional defense "
                   "die", window="before_attack_dice", requirement=_zuckuss_applies,
                   effect=_zuckuss),
         description="Primary attack: may roll 1 additional attack die; if he does, the "
                     "defender rolls 1 additional defense die.")
