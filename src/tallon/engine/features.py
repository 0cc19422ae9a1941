"""Scenario features (rulebook: SCENARIO FEATURE): round markers a scenario places in the
play area - satellites, supply caches. They are objects, but cannot be moved, attacked,
damaged, locked or destroyed unless a scenario rule says so, and they do not obstruct:
so they are not on the geometry's table (ships overlap and move through them freely);
ranges to them are measured with :func:`tallon.geometry.disk_distance`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Feature:
    """A scenario feature: its id (``satellite-1``), kind (``satellite``, ``supply_cache``),
    centre in the play area (None while a ship tows it: ``carrier`` names the ship), and
    the player whose player marker lies on it (RR: PLAYER MARKER), if any."""

    id: str
    kind: str
    x: float | None
    y: float | None
    marker: int | None = None
    carrier: str | None = None

    @property
    def in_play_area(self) -> bool:
        return self.x is not None and self.y is not None

    @property
    def label(self) -> str:
        return self.id.replace("_", " ").replace("-", " ")

    def placed(self, x: float, y: float) -> Feature:
        return replace(self, x=x, y=y, carrier=None)

    def carried_by(self, ship_id: str) -> Feature:
        return replace(self, x=None, y=None, carrier=ship_id)

    def jettisoned(self) -> Feature:
        """Off the ship's card, not yet placed in the play area."""
        return replace(self, x=None, y=None, carrier=None)

    def marked(self, player: int | None) -> Feature:
        return replace(self, marker=player)


#: The card memory key of a ship towing a supply cache (Salvage Mission): the cache's id.
TOWING = "scenario:towing"


def towed_cache(ship: Any) -> str | None:
    """The id of the supply cache ``ship`` (a ShipState) tows, or None."""
    found: str | None = ship.recalled(TOWING, None)
    return found


#: What a ship towing a supply cache can't perform (Salvage Mission; the fourth icon is
#: SLAM: docs/rulings.md "Scenarios"); a second tow would put a second cache on its card.
TOWING_FORBIDS = ("boost", "barrel_roll", "slam", "cloak", "tow")
