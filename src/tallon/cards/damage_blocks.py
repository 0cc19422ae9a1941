"""Building blocks of damage cards (RR: DAMAGE CARDS; rulebook (1e): Critical Damage),
shared by the 2.5 core deck (:mod:`tallon.cards.damage`) and the first edition's decks
(:mod:`tallon.cards.first_edition.damage_core`, ``damage_tfa``)."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import dealt_this, is_me, repair_this
from tallon.engine.abilities import CardAction, Triggered

#: RR: DAMAGE CARDS "Action: Repair this card" (a faceup card is flipped facedown; the
#: first edition's "Action: Flip this card facedown" is the same action).
REPAIR = CardAction("repair this card", key="repair", effect=lambda ctx, choice: repair_this(ctx))


def on_dealt(title: str, effect: Any) -> Triggered:
    """A damage card's text that resolves once, as it is dealt faceup (or exposed)."""
    return Triggered(title, window="damage_dealt_faceup", effect=effect,
                     requirement=dealt_this, optional=False)


def own_trigger(window: str, title: str, effect: Any, extra: Any = None) -> Triggered:
    """A mandatory "after/before you ..." trigger of the card's ship (``extra(ctx)``: a
    further requirement)."""
    return Triggered(title, window=window, effect=effect, optional=False,
                     requirement=lambda ctx: is_me(ctx) and (extra is None or extra(ctx)))
