"""The Gauntlet Fighter's configuration, Swivel Wing: a two-sided card, (Down) the front
side, (Up) the back (``back=``)."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me
from tallon.cards.pilots.asf01bwing import can_rotate, rotate_by
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import flip_upgrade
from tallon.engine.state import ShipState

SWIVEL = "swivelwing"
DOWN = 0  # the side of the card data's first entry

_TURNS = (("left", -90.0, "rotate 90 degrees left"),
          ("right", 90.0, "rotate 90 degrees right"),
          ("around", 180.0, "rotate 180 degrees"))


def wing_down(ship: ShipState) -> bool:
    """Whether the ship is equipped with Swivel Wing, (Down) side faceup."""
    return (("upgrade", SWIVEL, DOWN) in ship.cards)


def _stationary(ctx: Ctx) -> bool:
    # RR: MANEUVER - the [0 stop] maneuver is the stationary one
    return ctx.event["speed"] == 0 and ctx.event["bearing"] == "O"


def _turn_choices(ctx: Ctx) -> list[Option]:
    # RR: ROTATE A SHIP - only turns that would not overlap a ship are offered
    return [Option(key, label) for key, degrees, label in _TURNS
            if can_rotate(ctx.game, ctx.ship, degrees)]


def _turn(ctx: Ctx, choice: Any) -> None:
    degrees = next(d for key, d, _ in _TURNS if key == choice)
    if rotate_by(ctx.game, ctx.ship, degrees):
        flip_upgrade(ctx.game, ctx.ship, SWIVEL)


def _fewer_defense(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    return -1 if attack is not None and attack.defender == owner.id else 0


register("upgrade", SWIVEL,
         Triggered("rotate the ship 90 or 180 degrees, then flip the card (up)",
                   window="after_execute", requirement=lambda ctx: is_me(ctx)
                   and _stationary(ctx), choices=_turn_choices, effect=_turn),
         back=(Modifier("roll 1 fewer defense die", hook="defense_dice", value=_fewer_defense),
               Triggered("flip the card (down)", window="after_execute",
                         requirement=lambda ctx: is_me(ctx) and bool(ctx.event["full"])
                         and not _stationary(ctx),
                         effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship, SWIVEL))),
         description="Down: after executing a [0 stop] maneuver, may rotate 90 or 180 "
                     "degrees, then flips up. Up: defends with 1 fewer die; after fully "
                     "executing a maneuver that is not stationary, may flip down.")
