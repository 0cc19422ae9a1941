"""Crew upgrades that keep their ship in reserve: Boba Fett (RR: RESERVE; the engine's
reserve and placement rules are :mod:`tallon.engine.reserve` and
:mod:`tallon.engine.placement`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tallon.cards.registry import register
from tallon.engine.placement import reserved_until_setup_ends

if TYPE_CHECKING:
    pass

# ------------------------------------------------------------------- Boba Fett
BOBA = "bobafett"
#: At range 0 of an obstacle, beyond range 3 of every enemy ship.
BOBA_PLACE = ("obstacle", "far")


register("upgrade", BOBA,
         # RR: SETUP: "Setup:" abilities; RR: RESERVE
         *reserved_until_setup_ends(BOBA_PLACE, "at range 0 of an obstacle, beyond range 3 "
                                    "of every enemy ship"),
         description="Setup: the ship begins in reserve. When Setup ends it is placed at range 0 "
                     "of an obstacle, with every enemy ship beyond range 3 (within range 1 of its "
                     "own edge if no such place exists).")
