"""The Syliure-class hyperspace ring (Galactic Republic, epic): its ship ability Hyperspace
Docking Ring. Its one pilot, TransGalMeg Control Link, has no pilot ability; its Hyperdrive
upgrade, Syliure-31 Hyperdrive, is in ``cards/upgrades/epic_ring.py``.

The ring is a carrier for one Delta-7 Aethersprite, Eta-2 Actis or Nimbus-class V-wing
(RR: DOCK; the engine docks and deploys, ``tallon.engine.docking``). While it carries one,
it has that ship's initiative and dial (hook ``docked_profile``: the engine sets them as
ships dock and deploy); empty, it is assigned no dial and does not activate or engage
(hook ``inactive``). Every maneuver it executes is slowed to speed 1; an advanced one
becomes a white stationary maneuver (hook ``maneuver_instead``, before the stressed red and
purple checks), after which it may rotate 90 or 180 degrees (RR: ROTATE A SHIP).
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me
from tallon.cards.pilots.asf01bwing import can_rotate, rotate_by
from tallon.cards.registry import register
from tallon.cards.upgrades.title import carries
from tallon.data import load_cards
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.state import ShipState
from tallon.geometry import Bearing, Maneuver

RING = "Hyperspace Docking Ring"
#: the ships that can dock with the ring (ship types by their full names: a Delta-7B
#: Aethersprite is another ship type, ruling)
CARRIED = ("delta7aethersprite", "eta2actis", "nimbusclassvwing")
#: RR: ADVANCED MANEUVERS - the bearings the entry lists, the stationary one among them (as
#: Q9-0's ruling reads it)
ADVANCED = frozenset({Bearing.KOIOGRAN_TURN, Bearing.SEGNOR_LOOP_LEFT,
                      Bearing.SEGNOR_LOOP_RIGHT, Bearing.TALLON_ROLL_LEFT,
                      Bearing.TALLON_ROLL_RIGHT, Bearing.STATIONARY})
WHITE_STATIONARY = "0OW"
#: RR: ROTATE A SHIP - the turns offered after the stationary maneuver (clockwise degrees)
TURNS = {"left": -90.0, "right": 90.0, "around": 180.0}


def _printed(owner: ShipState) -> tuple[int, tuple[str, ...]]:
    """The ring's own initiative and (empty) dial, as its cards print them."""
    cards = load_cards()
    pilot = cards.pilot(owner.pilot)
    return pilot.initiative, tuple(cards.ship(owner.ship_type, pilot.faction).dial)


def _profile(game: Any, owner: ShipState, ship: ShipState | None = None, **facts: Any
             ) -> tuple[int, tuple[str, ...]]:
    if ship is None:
        return _printed(owner)
    return ship.initiative, tuple(ship.dial)


def _slowed(game: Any, owner: ShipState, ship: ShipState | None = None,
            maneuver: str = "", **facts: Any) -> int:
    # asked of every ship: only the ring's own maneuvers; speed 0 stays 0
    if ship is None or ship.id != owner.id or not maneuver or maneuver[0] in "01":
        return 0
    return 1 - int(maneuver[0])


def _instead(game: Any, owner: ShipState, maneuver: str = "", **facts: Any) -> str | None:
    if Maneuver.parse(maneuver).bearing in ADVANCED:
        return WHITE_STATIONARY
    return None


def _turns(ctx: Ctx) -> list[Option]:
    return [Option(key, f"rotate {degrees:g} degrees" if key == "around" else
                   f"rotate 90 degrees {key}")
            for key, degrees in TURNS.items() if can_rotate(ctx.game, ctx.ship, degrees)]


register("ship_ability", RING,
         carries(CARRIED),
         Modifier("has the docked ship's initiative and dial", hook="docked_profile",
                  value=_profile),
         Modifier("empty: no dial, no activation, no engagement", hook="inactive",
                  value=lambda game, owner, **facts: not owner.docked),
         Modifier("every maneuver at speed 1", hook="maneuver_speed_change", value=_slowed),
         Modifier("an advanced maneuver becomes a white stationary one",
                  hook="maneuver_instead", value=_instead),
         # every stationary maneuver the ring executes is the one its ability put instead
         # of an advanced one (the stationary bearing is advanced itself: ruling)
         Triggered("rotate 90 or 180 degrees", window="after_execute",
                   requirement=lambda ctx: is_me(ctx)
                   and ctx.event.get("bearing") == Bearing.STATIONARY.value,
                   choices=_turns,
                   effect=lambda ctx, choice: rotate_by(ctx.game, ctx.ship, TURNS[choice])),
         description="Carrier of 1 Delta-7 Aethersprite, Eta-2 Actis or Nimbus-class "
                     "V-wing; while it carries one it has that ship's initiative and dial, "
                     "else it gets no dial and neither activates nor engages. Its maneuvers "
                     "are executed at speed 1; an advanced one becomes a white stationary "
                     "maneuver, after which it may rotate 90 or 180 degrees.")
