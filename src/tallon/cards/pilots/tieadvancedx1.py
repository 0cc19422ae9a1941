"""TIE Advanced x1 pilots (Galactic Empire) and the ship ability Advanced Targeting
Computer."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import dice, is_me
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered, register
from tallon.engine.state import ShipState


def _locked_primary(attack: Any, owner: ShipState) -> bool:
    return (attack is not None and attack.attacker == owner.id and attack.primary
            and attack.defender in owner.locks)


register("ship_ability", "Advanced Targeting Computer",
         Modifier("1 more attack die", hook="attack_dice",
                  value=lambda game, owner, attack=None, **facts:
                  1 if _locked_primary(attack, owner) else 0),
         DiceMod("change 1 hit to a critical hit", dice=dice("advancedtargetingcomputer"),
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and _locked_primary(attack, owner)),
         description="Primary attack against a locked defender: 1 more attack die, and 1 hit "
                     "becomes a critical hit.")


def _vader(ctx: Ctx, choice: Any) -> None:
    from tallon.engine.actions import PerformAction

    ctx.game.push(PerformAction(ctx.ship.id, bool(ctx.event.get("during_activation"))))


register("pilot", "darthvader",
         Triggered("spend 1 Force to perform an action", window="after_action",
                   requirement=is_me, cost=Cost(force=1), effect=_vader),
         description="After performing an action: may spend 1 Force to perform an action.")
