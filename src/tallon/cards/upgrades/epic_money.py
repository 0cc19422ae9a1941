"""In It For The Money / In It For Your Rebellion: the Scum epic command card that lets its
ship fly in Republic, Rebel and Resistance squads as an ally of the squad's other ships.

RR: ALLIED defines allied ships as ships of one player that are not friendly; the card's two
sides say which: while its first side is faceup, its ship and each non-Scum ship of its squad
are allied to each other (the Scum ships of the squad stay friendly to it). The first allied
limited ship of its squad destroyed turns it around: its ship gains a focus token and the
card flips to its second side, whose ability (the non-Scum ships are friendly instead of
allied) is the allegiance rule's end (:mod:`tallon.engine.allegiance`, which reads the side
faceup). The squad-building side ("you can be included in ... squads") is
squads/legality.py FACTION_INCLUSION; "Setup: Equip this side faceup" is the engine's default
(a command card starts on its first side)."""

from __future__ import annotations

from typing import Any

from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.allegiance import ALLIED_BY_UPGRADE, AlliedPairs, allied
from tallon.engine.effects import flip_upgrade, gain_token
from tallon.engine.state import ShipState, Token

MONEY = "initforthemoneyrebellion"
#: the card's sides: hired for the money (allied), then in it for the rebellion (friendly)
FOR_THE_MONEY, FOR_THE_REBELLION = 0, 1
SCUM = "scumandvillainy"


def _not_scum(other: ShipState) -> bool:
    return load_cards().pilot(other.pilot).faction != SCUM


ALLIED_BY_UPGRADE[MONEY] = AlliedPairs(FOR_THE_MONEY, _not_scum)


def _ally_lost(ctx: Ctx) -> bool:
    lost = ctx.other(ctx.event["ship"])
    # RR: LIMITED - a limited ship is one whose pilot card is limited (a uniqueness bullet)
    return allied(ctx.ship, lost) and load_cards().pilot(lost.pilot).limited > 0


def _paid_off(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token.FOCUS)
    flip_upgrade(ctx.game, ctx.ship, MONEY, FOR_THE_REBELLION)


register("upgrade", MONEY,
         Triggered("an allied limited ship of the squad was destroyed: gain 1 focus token, "
                   "then flip this card", window="after_destroyed", optional=False,
                   requirement=_ally_lost, effect=_paid_off),
         back=(),
         description="Lets its Scum ship join Republic, Rebel and Resistance squads. While "
                     "on its first side, its ship and the squad's non-Scum ships are allied, "
                     "not friendly. After an allied limited ship of the squad is destroyed: "
                     "gains 1 focus token and flips; on its second side they are friendly.")

__all__ = ["FOR_THE_MONEY", "FOR_THE_REBELLION", "MONEY"]
