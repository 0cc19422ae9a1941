"""The Gauntlet Fighter's title for the Rebel Alliance (and Scum and Villainy):
Nightbrother. Its added [Crew] slot comes from the card data (squad building)."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token
from tallon.engine.movement import difficulty_of
from tallon.engine.state import Token


def _nightbrother_applies(ctx: Ctx) -> bool:
    # the colour printed on the revealed dial (RR: MANEUVER, RR: DIFFICULTY)
    return (is_me(ctx) and ctx.ship.stressed
            and difficulty_of(ctx.event["maneuver"]) != "blue")


def _nightbrother_choices(ctx: Ctx) -> list[Option]:
    return [Option("focus", "gain 1 focus token"), Option("evade", "gain 1 evade token")]


def _nightbrother(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token(choice))


register("upgrade", "nightbrother",
         Triggered("spend 2 charges: gain 1 focus or evade token", window="after_reveal",
                   requirement=_nightbrother_applies, cost=Cost(charges=2),
                   choices=_nightbrother_choices, effect=_nightbrother),
         description="After revealing a maneuver that is not blue while stressed: may spend "
                     "2 charges to gain 1 focus or evade token. Adds a crew slot.")
