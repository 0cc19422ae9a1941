"""Title upgrades that make a ship a carrier or let it dock (RR: DOCK): the Ghost, the
Hound's Tooth and the Phantom. The docking itself is the engine's
(:mod:`tallon.engine.docking`); a title says which ships its carrier takes and from which
guides they deploy (hook ``docking``), or how far its ship may dock (hook ``dock_range``).
"""

from __future__ import annotations

from typing import Any

from tallon.cards.registry import register
from tallon.engine.abilities import Modifier
from tallon.engine.state import ShipState

BOTH_GUIDES = ("front", "rear")


def carries(ship_types: tuple[str, ...], guides: tuple[str, ...] = BOTH_GUIDES,
            capacity: int = 1) -> Modifier:
    """"You can dock (capacity) (ship types)": deploying from ``guides``."""

    def value(game: Any, owner: ShipState, ship: ShipState | None = None,
              **facts: Any) -> tuple[str, ...] | None:
        if ship is None or ship.ship_type not in ship_types:
            return None
        others = [i for i in owner.docked if i != ship.id]
        return guides if len(others) < capacity else None

    return Modifier(f"carries {capacity} of: {', '.join(ship_types)}", hook="docking",
                    value=value)


register("upgrade", "ghost",
         carries(("attackshuttle", "sheathipedeclassshuttle"), guides=("rear",)),
         description="Carrier: 1 attack shuttle or Sheathipede-class shuttle can dock; "
                     "docked ships deploy only from its rear guides.")

register("upgrade", "houndstooth",
         carries(("z95af4headhunter",)),
         description="Carrier: 1 Z-95-AF4 headhunter can dock.")

register("upgrade", "phantom",
         Modifier("docks at range 0-1", hook="dock_range",
                  value=lambda game, owner, ship=None, **facts: 1
                  if ship is not None and ship.id == owner.id else None),
         description="This ship can dock at range 0-1 of its carrier.")
