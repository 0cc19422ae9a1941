"""Titles of Scum and Villainy ships: the Virago (StarViper-class attack platform). Its
added Modification slot and shield are grants the loadout applies."""

from __future__ import annotations

from tallon.cards.acting import grant_action, granted
from tallon.cards.registry import register
from tallon.engine.abilities import Cost

VIRAGO = "virago"
_VIRAGO_BOOST = granted("boost", "red", VIRAGO)

register("upgrade", VIRAGO,
         # RR: END PHASE - "during the End Phase": before the tokens are removed
         grant_action("spend 1 charge to perform a red boost action", "end_phase",
                      lambda ctx: [_VIRAGO_BOOST], requirement=lambda ctx: ctx.ship.in_play,
                      cost=Cost(charges=1)),
         description="During the End Phase: may spend 1 charge to perform a red boost "
                     "action.")
