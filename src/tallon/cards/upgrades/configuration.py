"""Configuration upgrades. Two-sided cards: the front side's abilities, then ``back=``;
the engine lets the owner choose the starting side at placement, and each side's action
bar comes from the card data."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me
from tallon.cards.registry import register
from tallon.engine.abilities import Modifier, Triggered
from tallon.engine.effects import flip_upgrade
from tallon.engine.state import ShipState


def _flip_before_activating(title: str) -> Triggered:
    return Triggered(title, window="before_activate", requirement=is_me,
                     effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship,
                                                             "servomotorsfoils"))


def _closed_foils(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    return -1 if attack is not None and attack.attacker == owner.id and attack.primary else 0


register("upgrade", "servomotorsfoils",
         Modifier("primary attacks roll 1 fewer attack die", hook="attack_dice",
                  value=_closed_foils),
         _flip_before_activating("open the S-foils"),
         back=(_flip_before_activating("close the S-foils"),),
         description="Closed: primary attacks roll 1 fewer die (and the card adds boost and "
                     "focus > red boost to the bar). Either side: may flip before "
                     "activating.")
