"""Auzituck Gunship pilots (Rebel Alliance); the ship has no ship ability."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import damaged, is_me, range_of
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, spend_token
from tallon.engine.state import Token

_REINFORCE = (Token.REINFORCE_FORE, Token.REINFORCE_AFT)


# -------------------------------------------------------------------------- Lowhhrick
def _lowhhrick_applies(ctx: Ctx) -> bool:
    defender = ctx.other(ctx.event["defender"])
    near = range_of(ctx.ship, defender)
    return friendly(defender, ctx.ship) and near is not None and near <= 1


def _lowhhrick_choices(ctx: Ctx) -> list[Option]:
    # RR: REINFORCE - the token's facing does not matter to what is spent here
    return [Option(t.value, f"spend 1 {t.value.replace('_', ' ')} token")
            for t in _REINFORCE if ctx.ship.has(t)]


def _lowhhrick(ctx: Ctx, choice: Any) -> None:
    if spend_token(ctx.game, ctx.ship, Token(choice)):
        gain_token(ctx.game, ctx.other(ctx.event["defender"]), Token.EVADE,
                   applier=ctx.ship.owner)


register("pilot", "lowhhrick",
         Triggered("spend 1 reinforce token: the defender gains 1 evade token",
                   window="defender_declared", requirement=_lowhhrick_applies,
                   choices=_lowhhrick_choices, effect=_lowhhrick),
         description="After a friendly ship at range 0-1 (him too) becomes the defender: may "
                     "spend 1 reinforce token so that it gains 1 evade token.")


# ---------------------------------------------------------------------- Wullffwarro
def _wullff(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.attack.extra_attack_dice += 1


register("pilot", "wullffwarro",
         Triggered("roll 1 more attack die", window="before_attack_dice",
                   requirement=lambda ctx: is_me(ctx, "attacker") and ctx.attack is not None
                   and ctx.attack.primary and damaged(ctx.ship),
                   effect=_wullff),
         description="Making a primary attack while damaged: may roll 1 more attack die.")
