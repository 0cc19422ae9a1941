"""The MGK-300 configurations: Maneuver-Assist MGK-300 and Target-Assist MGK-300. Their cards
name no ship type (the TIE/rb Heavy is the ship with a [Configuration] slot that fields them);
the actions they add to the bar come from the card data (engine/loadout.py)."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import green_tokens, in_firing_arc, is_me, ships_in_range
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token
from tallon.geometry import Maneuver

#: the bearings Maneuver-Assist makes easier at speed 3: straight, bank left, bank right
_ASSISTED = ("F", "B", "N")
#: Target-Assist gives at most this many calculate tokens
TARGET_ASSIST_MOST = 2


# ------------------------------------------------------- Maneuver-Assist MGK-300
def _maneuver_assist(game: Any, owner: ShipState, ship: ShipState | None = None,
                     maneuver: str = "", **facts: Any) -> int:
    if ship is None or ship.id != owner.id or not maneuver:
        return 0
    parsed = Maneuver.parse(maneuver)
    # RR: DIFFICULTY - blue is the limit and purple never changes (the engine's)
    return -1 if parsed.speed == 3 and parsed.bearing.value in _ASSISTED else 0


register("upgrade", "maneuverassistmgk300",
         Modifier("speed 3 straights and banks are 1 difficulty easier",
                  hook="maneuver_difficulty", value=_maneuver_assist),
         description="Its speed 3 straight and bank maneuvers are 1 difficulty easier (and it "
                     "adds a calculate and a barrel roll > red calculate action).")


# --------------------------------------------------------- Target-Assist MGK-300
def _targets(ctx: Ctx) -> int:
    enemies = [s for s in ships_in_range(ctx.game, ctx.ship, 2, 3, friendly=False)
               if in_firing_arc(ctx.ship, s)]
    return min(len(enemies), TARGET_ASSIST_MOST)


def _target_assist(ctx: Ctx) -> bool:
    # RR: TOKENS - green tokens: focus, evade, calculate, reinforce; RR: STRESS
    return (is_me(ctx) and not green_tokens(ctx.ship) and not ctx.ship.stressed
            and _targets(ctx) > 0)


register("upgrade", "targetassistmgk300",
         Triggered("gain 1 calculate token per enemy ship at range 2-3 in your firing arc "
                   "(at most 2)", window="before_engage", optional=False,
                   requirement=_target_assist,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.CALCULATE,
                                                         _targets(ctx))),
         description="Before engaging, with no green token and not stressed: gains 1 "
                     "calculate token per enemy ship at range 2-3 in its firing arc, at most "
                     "2 (and it adds a calculate and a rotate > calculate action).")
