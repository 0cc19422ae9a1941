"""Titles of the Rebel freighters: the Millennium Falcon (Modified YT-1300, two printings)
and the Outrider (YT-2400). The Falcon's added evade action comes from the card data."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import dice
from tallon.cards.registry import register
from tallon.engine.abilities import DiceMod, Modifier
from tallon.engine.state import AttackState, ShipState, Token

# ------------------------------------------------------------------ Outrider
OUTRIDER = "outrider"


def _outrider_dice(game: Any, owner: ShipState, attack: AttackState | None = None,
                   **facts: Any) -> int:
    return 1 if attack is not None and attack.attacker == owner.id and attack.primary \
        and attack.range == 3 else 0


OUTRIDER_DICE = dice("outrider")


def _outrider_obstructed(game: Any, attack: AttackState, owner: ShipState,
                         user: ShipState) -> bool:
    # RR: OBSTRUCTED - only obstacles obstruct attacks
    return user.id == owner.id and attack.attacker == owner.id and attack.obstructed


register("upgrade", OUTRIDER,
         Modifier("primary attack at range 3: 1 more attack die", hook="attack_dice",
                  value=_outrider_dice),
         DiceMod("obstructed attack: change 1 of the defender's evades to a focus",
                 dice=OUTRIDER_DICE, applies=_outrider_obstructed),
         description="Primary attack at range 3: 1 more attack die. Attacking through an "
                     "obstacle: may change 1 of the defender's evade results to a focus.")


# ---------------------------------------------------------- Millennium Falcon
FALCON = "millenniumfalcon"
FALCON_DICE = dice("millenniumfalcon")


def _evading_defender(game: Any, attack: AttackState, owner: ShipState,
                      user: ShipState) -> bool:
    # RR: EVADE - "evading": it has at least 1 evade token
    return user.id == owner.id and attack.defender == owner.id and owner.has(Token.EVADE)


register("upgrade", FALCON,
         DiceMod("evading: reroll 1 defense die", dice=FALCON_DICE, applies=_evading_defender),
         description="Adds an evade action. Defending while evading (with an evade token): "
                     "may reroll 1 defense die.")

FALCON_ENDOR = "millenniumfalcon-battleoverendor"
FALCON_ENDOR_DICE = dice(FALCON_ENDOR)


def _red_or_orange(game: Any, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    # a lock on this ship is a red token too, but the card leaves it out
    return user.id == owner.id and owner.id in (attack.attacker, attack.defender) and any(
        owner.has(token) for token in Token if token.colour in ("red", "orange"))


register("upgrade", FALCON_ENDOR,
         DiceMod("with a non-lock red or orange token: reroll 1 die", dice=FALCON_ENDOR_DICE,
                 applies=_red_or_orange),
         description="Attacking or defending with a red or orange token (not a lock): may "
                     "reroll 1 die.")
