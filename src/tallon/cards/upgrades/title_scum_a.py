"""Scum and Villainy titles of the Aggressor assault fighter and the Customized YT-1300:
IG-2000 (and, see the module's end, Lando's Millennium Falcon)."""

from __future__ import annotations

from tallon.cards.registry import register
from tallon.cards.upgrades.crew_g import _ig88d_copy, _ig2000_friends
from tallon.engine.abilities import Triggered

# ---------------------------------------------------------------------- IG-2000
# RR: ABILITIES - the copies are made as the game begins, while every ship of the squad is
# there; a ship leaving the game takes its pilot ability with it (engine/effects.py)
register("upgrade", "ig2000",
         Triggered("has the pilot ability of each other friendly ship with IG-2000",
                   window="gather_forces", optional=False,
                   requirement=lambda ctx: bool(_ig2000_friends(ctx)), effect=_ig88d_copy),
         description="Has the pilot ability of each other friendly ship with the IG-2000 "
                     "upgrade (while that ship is in the game).")


# Lando's Millennium Falcon is not played: "treat its shields as if they were on your ship
# card" needs the engine to count a docked ship's shields as its carrier's wherever shields
# are counted ("shielded"), lost (damage and costs) and recovered, each time at the
# carrier's choice; the engine keeps each ship's shields on its own card only.
