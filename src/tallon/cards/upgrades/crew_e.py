"""Crew upgrades that keep their ship in reserve: Boba Fett (RR: RESERVE; the engine's
reserve and placement rules are :mod:`tallon.engine.reserve` and
:mod:`tallon.engine.placement`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.placement import deploy
from tallon.engine.reserve import in_reserve, reserve_rule

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState

# ------------------------------------------------------------------- Boba Fett
BOBA = "bobafett"
#: At range 0 of an obstacle, beyond range 3 of every enemy ship.
BOBA_PLACE = ("obstacle", "far")


def _boba_reserve(game: Game, owner: ShipState, ship: ShipState | None = None,
                  **facts: Any) -> tuple[str, ...] | None:
    return BOBA_PLACE if ship is not None and ship.id == owner.id else None


def _boba_waiting(ctx: Ctx) -> bool:
    # still in reserve by this card's rule (a ship docked instead is not)
    return in_reserve(ctx.game, ctx.ship) and reserve_rule(ctx.ship) == BOBA_PLACE


register("upgrade", BOBA,
         # RR: SETUP: "Setup:" abilities; RR: RESERVE
         Modifier("setup: start in reserve", hook="starts_in_reserve", value=_boba_reserve),
         Triggered("end of Setup: place the ship at range 0 of an obstacle, beyond range 3 "
                   "of every enemy ship", window="end_setup", optional=False,
                   requirement=_boba_waiting,
                   effect=lambda ctx, choice: deploy(ctx.game, ctx.ship)),
         description="Setup: the ship starts in reserve; at the end of Setup it is placed at "
                     "range 0 of an obstacle and beyond range 3 of every enemy ship (within "
                     "range 1 of its own edge if no such place exists).")
