"""First-edition cards discarded for an effect lasting for the rest of the round
(Glitterstim, R5-X3). The card is discarded (:func:`ordnance_1e.discard_upgrade`: it
leaves the ship's upgrades, its own abilities end); what lasts is the card's other side,
registered as its ``back=`` abilities and put among the ship's cards as side 1 for the
rest of the round. It is not an upgrade of the ship (``ship.upgrades``): no card can choose
it, discard it again or flip it. This module registers no card.

API (for the first-edition card modules):

* ``discard_lingering(game, ship, card)``: the ship discards ``card``; its ``back=``
  abilities apply until the end of the round.
* ``lingers(ship, card, game)``: those abilities apply now (use it in their requirements
  and values: the side stays among the ship's cards until the End phase has ended).
* ``END_OF_ROUND``: the ``Triggered`` to put on the ``back=`` side, removing it as the End
  phase closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import remember, this_round
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.engine.abilities import Ctx, Triggered

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState

#: card memory of a ship, per card: the round whose end the discarded card's effect lasts to
_UNTIL = "1e:lingering:"


def discard_lingering(game: Game, ship: ShipState, card: str) -> None:
    """The ship discards upgrade ``card``, whose effect lasts until the end of the round."""
    discard_upgrade(game, ship, card)
    remember(ship, _UNTIL + card, game.state.round)
    # a new tuple: the ship's abilities are looked up again (docs/abilities.md)
    ship.cards = (*ship.cards, ("upgrade", card, 1))


def lingers(ship: ShipState, card: str, game: Game) -> bool:
    """Whether the discarded ``card``'s lasting effect applies to the ship now."""
    return this_round(game, ship, _UNTIL + card)


def _end(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    remember(ship, _UNTIL + ctx.card, None)
    ship.cards = tuple(c for c in ship.cards if c != ("upgrade", ctx.card, 1))


#: the lasting effect ends with the round (put it on the card's ``back=`` side)
END_OF_ROUND = Triggered("the discarded card's effect ends", window="end_phase_end",
                         optional=False, effect=_end)

__all__ = ["END_OF_ROUND", "discard_lingering", "lingers"]
