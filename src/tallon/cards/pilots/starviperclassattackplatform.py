"""StarViper-class Attack Platform pilots (Scum and Villainy) and the ship ability
Microthrusters. Black Sun Assassin and Black Sun Enforcer have no pilot ability. The
Virago title is in cards/upgrades/title_scum_f.py."""

from __future__ import annotations

from tallon.cards.common import is_me, ships_in_range
from tallon.cards.guarding import friend_takes_result
from tallon.cards.pilots.asf01bwing import can_rotate, rotate_by
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token
from tallon.engine.state import Token

# ---------------------------------------------------------------- Microthrusters
#: also Lieutenant Lorrir's pilot ability (cards/pilots/tieininterceptor.py)
# RR: BARREL ROLL - the engine lays the bank template (hook barrel_roll_banks)
BANKED_BARREL_ROLLS = Modifier("barrel rolls use a [1 bank] template", hook="barrel_roll_banks",
                               value=lambda game, owner, ship=None, **facts: True)

register("ship_ability", "Microthrusters", BANKED_BARREL_ROLLS,
         description="Barrel rolls must use the [1 bank left] or [1 bank right] template "
                     "instead of [1 straight] (curving forward or backward).")


# ------------------------------------------------------------------ Dalan Oberos
_DALAN_TURNS = {"left": -90.0, "right": 90.0}


def _dalan_choices(ctx: Ctx) -> list[Option]:
    return [Option(side, f"rotate 90 degrees {side}") for side, degrees in _DALAN_TURNS.items()
            if can_rotate(ctx.game, ctx.ship, degrees)]


register("pilot", "dalanoberos-starviperclassattackplatform",
         # RR: ROTATE A SHIP - a rotation that would overlap a ship is not offered
         Triggered("gain 1 stress token to rotate 90 degrees", window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full")),
                   cost=Cost(gain=(("stress", 1),)), choices=_dalan_choices,
                   effect=lambda ctx, choice: rotate_by(ctx.game, ctx.ship,
                                                        _DALAN_TURNS[choice])),
         description="After fully executing a maneuver: may gain 1 stress token to rotate "
                     "90 degrees left or right.")


# --------------------------------------------------------------------------- Guri
register("pilot", "guri",
         Triggered("gain 1 focus token", window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play and bool(
                       ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=False)),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="At the start of the Engagement Phase, with an enemy ship at range 0-1: "
                     "may gain 1 focus token.")


# ------------------------------------------------------------------ Prince Xizor
register("pilot", "princexizor",
         friend_takes_result("Prince Xizor", "another friendly ship in the attack arc "
                             "suffers 1 damage to cancel 1 result", in_attack_arc=True),
         description="While he defends, after the Neutralize Results step: a friendly ship other "
                     "than him, in the attack arc and within range 0-1, may suffer 1 hit or "
                     "critical damage; if it does, 1 matching result is cancelled.")
