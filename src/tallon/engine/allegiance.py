"""Friendly, allied and enemy ships (RR: FRIENDLY, RR: ALLIED, RR: ENEMY).

A player's ships are friendly to each other unless an effect makes them allied: allied
ships are used by their player like friendly ones (they cannot attack each other, an
overlap is resolved as for a friendly ship) but effects aimed at "friendly ships" do not
reach them. Ships of different players are enemies, whatever else holds.

Only conditions make ships allied today (Broken Trust): a condition that does registers
its id in :data:`MAKES_ALLIED`, and its ship is then allied to every other ship of its
player, and they to it. Devices and remotes keep their player's side: the rules speak of
allied ships only where a card says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tallon.engine.state import ShipState

#: ids of the condition cards whose ship treats the other ships of its player as allied,
#: and is treated by them as allied (RR: ALLIED)
MAKES_ALLIED: set[str] = set()


def _marked(piece: ShipState) -> bool:
    # a device (bomb, mine) is asked too where a card speaks of friendly objects: it has no
    # conditions, and keeps its player's side
    return any(c.card in MAKES_ALLIED for c in getattr(piece, "conditions", ()))


def friendly(a: ShipState, b: ShipState) -> bool:
    """RR: FRIENDLY - the same player's ships, a ship to itself included, unless one of
    them is made allied to the other."""
    if a.owner != b.owner:
        return False
    if a.id == b.id or not MAKES_ALLIED:
        return True
    return not (_marked(a) or _marked(b))


def allied(a: ShipState, b: ShipState) -> bool:
    """RR: ALLIED - two different ships of one player that are not friendly (a ship is
    never allied to itself)."""
    return a.owner == b.owner and a.id != b.id and not friendly(a, b)


def enemy(a: ShipState, b: ShipState) -> bool:
    """RR: ENEMY - ships of different players (allied ships are not enemies)."""
    return a.owner != b.owner
