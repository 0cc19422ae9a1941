"""Titles of Scum and Villainy ships: the Virago (StarViper-class attack platform) and the
Razor Crest (ST-70 assault ship). The Virago's added Modification slot and shield, and the
Razor Crest's linked Evade action, are grants the loadout applies."""

from __future__ import annotations

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import is_me
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.engine.abilities import Cost, Ctx, Triggered
from tallon.engine.decisions import Option
from tallon.engine.facedown import candidates, facedown_upgrades, reveal_facedown
from tallon.engine.loadout import FACEDOWN
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


def _unplaced(ctx: Ctx) -> bool:
    """The squad named no facedown card for this title (a squad builder that does not know
    Tallon's XWS "facedown" entry): its player places one now."""
    return not facedown_upgrades(ctx.ship) and bool(candidates(ctx.game, ctx.ship))


def _facedown_options(ctx: Ctx) -> list[Option]:
    db = load_cards()
    return [Option(xws, db.upgrade(xws).name) for xws in candidates(ctx.game, ctx.ship)]


def _place(ctx: Ctx, choice: str) -> None:
    ctx.ship.remember(FACEDOWN, (choice,))
    # hidden information: the log (read by both players) does not name the card
    ctx.game.event("facedown", f"{ctx.ship.name} ({ctx.ship.id}) places an Illicit upgrade "
                   "facedown under the Razor Crest", ship=ctx.ship.id)


register("upgrade", RAZOR_CREST,
         # RR: SETUP - the facedown card is named by the squad (its XWS "facedown" entry)
         # and placed as the ship is built (engine/loadout.py); a squad that names none has
         # its player choose one as forces are gathered (ruling); RR: SYSTEM PHASE
         Triggered("place 1 non-limited Illicit upgrade facedown under the Razor Crest",
                   window="gather_forces", optional=False, requirement=_unplaced,
                   choices=_facedown_options, effect=_place),
         Triggered("reveal the facedown Illicit upgrade and equip it", window="system_phase",
                   requirement=lambda ctx: is_me(ctx) and bool(facedown_upgrades(ctx.ship)),
                   effect=_reveal),
         description="Keeps one non-limited Illicit upgrade facedown from Setup (free, no "
                     "slot). During the System Phase: may reveal it and equip it as though "
                     "equipped at Setup.")
