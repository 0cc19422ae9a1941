"""HWK-290 light freighter pilots (Rebel Alliance). The ship has no ship ability."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import (
    give_token_in_firing_arc,
    in_firing_arc,
    recalled,
    remember,
    ship_options,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.state import ShipState, Token

register("pilot", "kylekatarn", give_token_in_firing_arc(Token.FOCUS),
         description="At the start of the Engagement Phase: may give 1 of his focus tokens "
                     "to a friendly ship in his firing arc.")


def _jan_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    # RR: ATTACK - no attack die can be added to a primary attack at attack range 0
    if attack is None or attack.attacker == ctx.ship.id or not attack.primary \
            or attack.range == 0 or ctx.ship.stressed or not ctx.ship.in_play:
        return False
    attacker = ctx.other(attack.attacker)
    return attacker.owner == ctx.ship.owner and in_firing_arc(ctx.ship, attacker)


def _one_more_die(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.attack.extra_attack_dice += 1


register("pilot", "janors",
         Triggered("gain 1 stress token: the attacker rolls 1 additional attack die",
                   window="before_attack_dice", cost=Cost(gain=(("stress", 1),)),
                   requirement=_jan_applies, effect=_one_more_die),
         description="A friendly ship in her firing arc performs a primary attack and she is "
                     "not stressed: she may gain a stress token to let it roll 1 additional "
                     "attack die.")

ROARK = "roarkgarnet"


def _roark_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.id != ctx.ship.id and not s.remote
            and in_firing_arc(ctx.ship, s)]


def _roark(ctx: Ctx, choice: Any) -> None:
    # remembered with the round: the effect lasts for this Engagement Phase only
    remember(ctx.ship, ROARK, f"{ctx.state.round}:{choice}")
    chosen = ctx.other(choice)
    ctx.game.event("ability", f"{chosen.name} ({chosen.id}) engages at initiative 7 this "
                   "phase", ship=ctx.ship.id)


def _roark_step(game: Any, owner: ShipState, ship: ShipState | None = None,
                **facts: Any) -> int | None:
    if ship is None or recalled(owner, ROARK) != f"{game.state.round}:{ship.id}":
        return None
    return 7


register("pilot", ROARK,
         Triggered("a ship in your firing arc engages at initiative 7", window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play,
                   choices=lambda ctx: ship_options(_roark_targets(ctx)), effect=_roark),
         Modifier("the chosen ship engages at initiative 7", hook="engage_initiative",
                  value=_roark_step),
         description="At the start of the Engagement Phase: may choose a ship in his firing "
                     "arc; it engages at initiative 7 this phase instead of its own "
                     "initiative.")
