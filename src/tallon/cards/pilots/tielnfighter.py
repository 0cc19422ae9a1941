"""TIE/ln fighter pilots (Galactic Empire and Rebel Alliance)."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import dice, range_of
from tallon.engine.abilities import DiceMod, register
from tallon.engine.state import ShipState


def _howlrunner_applies(game: Any, attack: Any, owner: ShipState, user: ShipState) -> bool:
    near = range_of(owner, user)
    return (attack.primary and user.id == attack.attacker and user.owner == owner.owner
            and near is not None and near <= 1)


register("pilot", "howlrunner",
         DiceMod("reroll 1 attack die", dice=dice("howlrunner"), applies=_howlrunner_applies,
                 for_others=True),
         description="A friendly ship at range 0-1 (her too) performing a primary attack "
                     "may reroll 1 attack die.")
