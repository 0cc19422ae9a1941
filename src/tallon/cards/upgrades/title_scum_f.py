"""Titles of Scum and Villainy ships: the Virago (StarViper-class attack platform) and the
Razor Crest (ST-70 assault ship). The Virago's added Modification slot and shield, and the
Razor Crest's linked Evade action, are grants the loadout applies."""

from __future__ import annotations

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import is_me
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Triggered
from tallon.engine.facedown import facedown_upgrades, reveal_facedown
from tallon.engine.queue import Queue, collect

VIRAGO = "virago"
_VIRAGO_BOOST = granted("boost", "red", VIRAGO)

register("upgrade", VIRAGO,
         # RR: END PHASE - "during the End Phase": before the tokens are removed
         grant_action("spend 1 charge to perform a red boost action", "end_phase",
                      lambda ctx: [_VIRAGO_BOOST], requirement=lambda ctx: ctx.ship.in_play,
                      cost=Cost(charges=1)),
         description="During the End Phase: may spend 1 charge to perform a red boost "
                     "action.")


# ------------------------------------------------------------------------- Razor Crest
RAZOR_CREST = "razorcrest"


def _reveal(ctx: Ctx, choice: str) -> None:
    # one card lies under the title (squads/facedown.py); "as if equipped at Setup": the
    # engine equips it with its charges full
    revealed = facedown_upgrades(ctx.ship)
    for xws in revealed:
        reveal_facedown(ctx.game, ctx.ship, xws, "Razor Crest")
    # RR: SYSTEM PHASE - the ship's opportunity covers every System Phase ability it has,
    # so the revealed card's own join now, at the front of the queue (RR: ABILITY QUEUE)
    joining = tuple(entry for entry in collect(ctx.game, ctx.event, only=ctx.ship)
                    if entry.card in revealed)
    if joining:
        ctx.game.push(Queue(joining, ctx.event))


register("upgrade", RAZOR_CREST,
         # RR: SETUP - the facedown card is named by the squad (its XWS "facedown" entry)
         # and placed as the ship is built (engine/loadout.py); RR: SYSTEM PHASE
         Triggered("reveal the facedown Illicit upgrade and equip it", window="system_phase",
                   requirement=lambda ctx: is_me(ctx) and bool(facedown_upgrades(ctx.ship)),
                   effect=_reveal),
         description="Keeps one non-limited Illicit upgrade facedown from Setup (free, no "
                     "slot). During the System Phase: may reveal it and equip it as though "
                     "equipped at Setup.")
