"""Escape Craft pilots (Scum and Villainy) and its ship abilities Co-Pilot and Rigged Energy
Cells.

Co-Pilot is a rule of the engine's docking (:func:`tallon.engine.docking.lend_pilot_ability`,
hook ``lends_pilot_ability``): the carrier has the docked craft's pilot ability, from the
moment the craft docks (or starts docked) until it deploys or leaves the game. L3-37's and
Lando Calrissian's abilities are those of their Customized YT-1300 printings (same text).
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, range_of, recalled, remember, ships_in_range
from tallon.cards.pilots.customizedyt1300lightfreighter import L337, L337_TEXT, LANDO, LANDO_TEXT
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.effects import destroy_ship, suffer_damage
from tallon.engine.state import ShipState, WeaponSpec

# ----------------------------------------------------------- ship abilities
CO_PILOT = "Co-Pilot"

register("ship_ability", CO_PILOT,
         Modifier("while docked, the carrier has this pilot ability",
                  hook="lends_pilot_ability",
                  value=lambda game, owner, ship=None, **facts: ship is not None
                  and ship.id == owner.id),
         description="While docked: its carrier has its pilot ability besides its own.")


RIGGED_ENERGY_CELLS = "Rigged Energy Cells"
#: card memory: the round the ship was destroyed for having no charge left
_RIGGED = "riggedenergycells.destroyed"


def _charge(ship: ShipState) -> Any:
    # the charges printed on the pilot card
    return ship.charges.get(ship.pilot)


def _drains(ctx: Ctx) -> bool:
    charge = _charge(ctx.ship)
    return is_me(ctx) and ctx.ship.in_play and charge is not None and charge.active > 0


def _drain(ctx: Ctx, choice: Any) -> None:
    charge = _charge(ctx.ship)
    charge.active -= 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) loses 1 charge "
                   f"({charge.active} left)", ship=ctx.ship.id)


def _empty(ctx: Ctx) -> bool:
    charge = _charge(ctx.ship)
    return ctx.ship.in_play and not ctx.ship.destroyed and charge is not None \
        and charge.active == 0


def _blow_up(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, _RIGGED, ctx.state.round)
    destroy_ship(ctx.game, ctx.ship)


def _blown(ctx: Ctx) -> bool:
    # RR: FAQ - only when it is destroyed by having no charge left
    return is_me(ctx) and recalled(ctx.ship, _RIGGED) == ctx.state.round


def _blast(ctx: Ctx, choice: Any) -> None:
    for ship in ships_in_range(ctx.game, ctx.ship, 0, 1, other=True):
        suffer_damage(ctx.game, ship, crits=1, cause=RIGGED_ENERGY_CELLS)


# a docked craft's abilities are off the table with it: docked, it neither loses its charge
# nor is destroyed (ruling)
register("ship_ability", RIGGED_ENERGY_CELLS,
         Triggered("lose 1 charge", window="system_phase", optional=False,
                   requirement=_drains, effect=_drain),
         Triggered("no charge left: destroyed", window="end_activation", optional=False,
                   requirement=_empty, effect=_blow_up),
         Triggered("each ship at range 0-1 suffers 1 critical damage",
                   window="after_destroyed", optional=False, requirement=_blown,
                   effect=_blast),
         description="System Phase, if not docked: loses 1 charge. End of the Activation "
                     "Phase with no charge: it is destroyed, and before it is removed each "
                     "ship at range 0-1 suffers 1 critical damage.")


# --------------------------------------------------------------------- pilots
register("pilot", "l337-escapecraft", L337, description=L337_TEXT)
register("pilot", "landocalrissian-escapecraft", LANDO, description=LANDO_TEXT)


def _pioneer(game: Any, owner: ShipState, ship: ShipState | None = None,
             weapon: WeaponSpec | None = None, **facts: Any) -> bool:
    # RR: FRIENDLY - the pioneer is a friendly ship at range 0 of itself
    if ship is None or ship.owner != owner.owner or ship.remote:
        return False
    near = range_of(owner, ship)
    return near is not None and near <= 1


register("pilot", "outerrimpioneer",
         Modifier("friendly ships at range 0-1 may attack at range 0 of obstacles",
                  hook="friendly_attack_at_obstacle", value=_pioneer),
         description="Friendly ships at range 0-1 (itself included) can attack while at "
                     "range 0 of obstacles.")
