"""Astromech upgrades, continued: droids that take the ship through obstacles, repair it
or help it attack."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, obstruction_ignored
from tallon.cards.registry import register
from tallon.cards.upgrades.astromech import R2_SHIELD, R5_ACTIONS
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.obstacles import ignore_obstacles
from tallon.geometry import Maneuver

# ------------------------------------------------------- obstacles: Q7, R5-X3
register("upgrade", "q7astromech",
         Modifier("boosts and barrel rolls can move through and overlap obstacles",
                  hook="reposition_through_obstacles",
                  # RR: CARD INTERPRETATION - "can" is a capability, always applied
                  value=lambda game, owner, **facts: True),
         description="Its boosts and barrel rolls can move through and overlap obstacles "
                     "(it still suffers their effects).")


def _r5x3(ctx: Ctx, choice: Any) -> None:
    ignore_obstacles(ctx.game, ctx.ship, this_phase=True)


def _r5x3_ability(window: str) -> Triggered:
    return Triggered("spend 1 charge to ignore obstacles until the end of this phase",
                     window=window, cost=Cost(charges=1),
                     # with no obstacle in play the charge would buy nothing (ruling)
                     requirement=lambda ctx: is_me(ctx) and bool(ctx.state.obstacles),
                     effect=_r5x3)


register("upgrade", "r5x3",
         _r5x3_ability("before_activate"), _r5x3_ability("before_engage"),
         Modifier("no obstruction by the obstacles it ignores", hook="ignore_obstruction",
                  value=obstruction_ignored),
         description="Before activating or engaging: may spend 1 charge to ignore obstacles "
                     "until the end of the phase.")


# ------------------------------------------------- the generic R2 and R5 (extended)
register("upgrade", "r2astromech", R2_SHIELD,
         description="After revealing the dial: may spend 1 charge and gain a disarm token "
                     "to recover 1 shield.")
register("upgrade", "r5astromech", *R5_ACTIONS,
         description="Action: spend 1 charge to repair a facedown damage card. Action: "
                     "repair a faceup Ship damage card.")


# ---------------------------------------------------------------------------- R2-A6
def _r2a6_options(ctx: Ctx) -> list[Option]:
    revealed = Maneuver.parse(str(ctx.ship.dial_set))
    found = []
    for code in ctx.ship.dial:
        other = Maneuver.parse(code)
        if other.bearing is revealed.bearing and abs(other.speed - revealed.speed) == 1:
            found.append(Option(code, f"set the dial to [{code}]"))
    return found


def _r2a6(ctx: Ctx, choice: Any) -> None:
    # RR: DIAL - the dial now shows the new maneuver: it is the one executed
    ctx.ship.dial_set = str(choice)
    ctx.game.event("reveal", f"{ctx.ship.name} ({ctx.ship.id}) sets its dial to [{choice}]",
                   ship=ctx.ship.id, maneuver=str(choice))


register("upgrade", "r2a6",
         Triggered("set the dial to the same bearing, 1 speed faster or slower",
                   window="after_reveal",
                   requirement=lambda ctx: is_me(ctx) and ctx.ship.dial_set is not None,
                   choices=_r2a6_options, effect=_r2a6),
         description="After revealing its dial: may set the dial to a maneuver of the same "
                     "bearing, 1 speed higher or lower.")
