"""Ranges as first-edition cards read them: the first edition has no range 0 (1e rulebook,
Range: "the lowest section of the ruler that overlaps the target ship's base is the range",
so touching ships are at Range 1; FAQ, Range Measurement: "Is a ship considered to be at
Range 1 of itself? Yes."). A first-edition card saying "at Range 1" or "at Range 1-2"
counts ships the engine measures at range 0."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tallon.cards.common import range_of
from tallon.engine.allegiance import friendly
from tallon.engine.state import ShipState

if TYPE_CHECKING:
    from tallon.engine.game import Game


def range_1e(a: ShipState, b: ShipState) -> int | None:
    """The first edition's range between two ships (None if one is off the table):
    the engine's, with range 0 (touching, or the same ship) read as Range 1."""
    if a.id == b.id and a.body is not None:
        return 1
    found = range_of(a, b)
    return None if found is None else max(1, found)


def within_1e(a: ShipState, b: ShipState, low: int, high: int) -> bool:
    """Whether ship ``b`` is at Range ``low``-``high`` of ship ``a`` as a first-edition
    card measures it (:func:`range_1e`)."""
    found = range_1e(a, b)
    return found is not None and low <= found <= high


def others_within(game: Game, ship: ShipState, low: int, high: int) -> list[ShipState]:
    """Other ships (not remotes), friendly or enemy, at first-edition Range ``low``-``high``."""
    if ship.body is None:
        return []
    return [s for s in game.state.in_play() if s.id != ship.id and not s.remote
            and within_1e(ship, s, low, high)]


def friends_within(game: Game, ship: ShipState, low: int, high: int) -> list[ShipState]:
    """Other friendly ships (not remotes) at first-edition Range ``low``-``high``."""
    return [s for s in others_within(game, ship, low, high) if friendly(ship, s)]
