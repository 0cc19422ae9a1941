"""Gozanti-class Cruiser (a huge ship: RR: APPENDIX: HUGE SHIPS) - its ship ability Docking
Clamps. Its pilots (Outer Rim Garrison, First Order Sympathizers) have no ability text.

The docking itself is the engine's (engine/docking.py: RR: DOCK, and the appendix's
DOCKING WITH HUGE SHIPS: deploying from the huge ship's sides too, docking at range 0-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.registry import register
from tallon.engine.abilities import Modifier
from tallon.engine.docking import GUIDES, HUGE_DEPLOY_SIDES
from tallon.geometry import BaseSize

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState

#: How many small ships the Gozanti carries.
CLAMPS = 4


def _clamps(game: Game, owner: ShipState, ship: ShipState | None = None,
            **_: Any) -> tuple[str, ...] | None:
    if ship is None or ship.huge or ship.size is not BaseSize.SMALL:
        return None
    # the ship asking may be one of the four already docked (deploying: where from)
    others = [i for i in owner.docked if i != ship.id]
    return (*GUIDES, *HUGE_DEPLOY_SIDES) if len(others) < CLAMPS else None


register("ship_ability", "Docking Clamps",
         Modifier("carries up to 4 small ships", hook="docking", value=_clamps),
         description="Carries up to 4 small ships; they deploy from its front or rear guides "
                     "or its sides.")
