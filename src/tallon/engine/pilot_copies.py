"""Pilot abilities a ship has from other ships (RR: ABILITIES: "you have the pilot ability
of each other friendly ship with ..."): the copied pilot card joins the ship's cards until
its source leaves the game or undocks."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState


#: card memory of a ship that has other ships' pilot abilities: ((source id, pilot), ...)
COPIED_PILOTS = "copied:pilots"


def copy_pilot_ability(ship: ShipState, source: ShipState) -> None:
    """RR: ABILITIES - ``ship`` has ``source``'s pilot ability ("you have the pilot ability
    of each other friendly ship with ..."): the pilot card joins ``ship``'s cards (a new
    tuple, so its abilities are looked up again) until ``source`` is removed from the game
    (:func:`remove_ship`). Having it twice is having it once."""
    copied = ship.recalled(COPIED_PILOTS, ())
    if ship.id == source.id or any(i == source.id for i, _ in copied):
        return
    ship.cards = (*ship.cards, ("pilot", source.pilot, 0))
    ship.remember(COPIED_PILOTS, (*copied, (source.id, source.pilot)))


def drop_pilot_ability(ship: ShipState, source: ShipState) -> None:
    """``ship`` no longer has ``source``'s pilot ability (copied by
    :func:`copy_pilot_ability`): ``source`` left the game, or undocked (Co-Pilot)."""
    if not ship.card_memory:
        return
    copied = ship.recalled(COPIED_PILOTS, ())
    if not any(i == source.id for i, _ in copied):
        return
    entry = ("pilot", source.pilot, 0)
    last = max(k for k, card in enumerate(ship.cards) if card == entry)
    ship.cards = (*ship.cards[:last], *ship.cards[last + 1:])
    ship.remember(COPIED_PILOTS, tuple(item for item in copied if item[0] != source.id)
                  or None)


def forget_copies(game: Game, source: ShipState) -> None:
    """A ship leaving the game takes its pilot ability from the ships that had it."""
    for ship in game.state.ships.values():
        drop_pilot_ability(ship, source)
