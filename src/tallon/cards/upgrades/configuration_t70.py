"""The T-70 X-wing's configuration: Integrated S-foils. Two-sided: the closed side adds
barrel roll and focus > red barrel roll to the bar (card data)."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_in_arc, is_me
from tallon.cards.registry import register
from tallon.engine.abilities import Modifier, Triggered
from tallon.engine.effects import flip_upgrade
from tallon.engine.state import ShipState
from tallon.geometry import Arc

FOILS = "integratedsfoils"


def _flip(title: str) -> Triggered:
    return Triggered(title, window="before_activate", requirement=is_me,
                     effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship, FOILS))


def _closed(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id or not attack.primary:
        return 0
    defender = game.state.ships[attack.defender]
    return 0 if is_in_arc(owner, defender, Arc.BULLSEYE) else -1


register("upgrade", FOILS,
         Modifier("primary attacks outside the bullseye arc roll 1 fewer attack die",
                  hook="attack_dice", value=_closed),
         _flip("open the S-foils"),
         back=(_flip("close the S-foils"),),
         description="Closed: primary attacks against a defender outside the bullseye arc "
                     "roll 1 fewer die (and the card adds barrel roll and focus > red barrel "
                     "roll to the bar). Either side: may flip before activating.")
