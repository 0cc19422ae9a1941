"""Configurations restricted to the TIE/wi Whisper Modified Interceptor: Enhanced Jamming
Suite (its actions - focus, barrel roll and boost linked to a jam, and a jam - come from
the card's data)."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import green_tokens, is_in_arc, one_more_defense_die
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.state import ShipState, Token


def _jam_friendly(game: Any, owner: ShipState, ship: ShipState | None = None,
                  **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id


def _suite_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or attack.defender != ctx.ship.id:
        return False
    attacker = ctx.other(attack.attacker)
    # RR: JAM - a jammed ship has at least one jam token; the defender itself counts
    return not green_tokens(attacker) or any(
        s.has(Token.JAM) and s.id != attacker.id and is_in_arc(attacker, s, attack.arc)
        for s in ctx.state.in_play())


register("upgrade", "enhancedjammingsuite",
         Modifier("may jam itself or another friendly ship", hook="jam_friendly",
                  value=_jam_friendly),
         Triggered("roll 1 additional defense die", window="before_defense_dice",
                   requirement=_suite_applies, effect=one_more_defense_die),
         description="Its jam may choose itself or another friendly ship. Defending, if the "
                     "attacker has no green token or a jammed ship is in the attack arc: may "
                     "roll 1 additional defense die.")
