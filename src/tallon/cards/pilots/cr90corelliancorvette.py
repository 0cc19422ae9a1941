"""CR90 Corellian Corvette (a huge ship: RR: APPENDIX: HUGE SHIPS) - its ship ability
Broadside Batteries. Its pilots (Alderaanian Guard, Republic Judiciary) have no ability
text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.arc_reach import PRIMARY_REACH
from tallon.cards.registry import register
from tallon.engine.abilities import Modifier

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState

#: The farthest range of the CR90's locks and primary attacks.
BROADSIDE_RANGE = 4


def _range_4(game: Game, owner: ShipState, **_: Any) -> int:
    # own hooks: asked only of the CR90's own cards
    return BROADSIDE_RANGE


register("ship_ability", "Broadside Batteries",
         Modifier("primary attacks at range 1-4 (its arcs measured to range 4)",
                  hook="primary_weapon_range", value=_range_4),
         Modifier("locks at range 4 too", hook="lock_range", value=_range_4),
         description="Its locks and its primary attacks reach range 4 (primary attacks at "
                     "range 1-4).")
# the card helpers asking "in your arc" measure its primary (side) arcs to range 4 too
PRIMARY_REACH[("ship_ability", "Broadside Batteries")] = BROADSIDE_RANGE
