"""Friendly, allied and enemy ships (RR: FRIENDLY, RR: ALLIED, RR: ENEMY).

A player's ships are friendly to each other unless an effect makes them allied: allied
ships are used by their player like friendly ones (they cannot attack each other, an
overlap is resolved as for a friendly ship) but effects aimed at "friendly ships" do not
reach them. Ships of different players are enemies, whatever else holds.

Cards make ships allied in two ways, each registered here by the card's id:

- a condition (Broken Trust) in :data:`MAKES_ALLIED`: its ship is allied to every other
  ship of its player, and they to it;
- an upgrade (In It For The Money) in :data:`ALLIED_BY_UPGRADE`, with the side that must
  be faceup and which of its player's other ships it pairs with: while that side is
  faceup, its ship and each such ship are allied to each other, and the other ships of its
  player stay friendly to it.

Devices and remotes keep their player's side: the rules speak of allied ships only where a
card says so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from tallon.engine.state import ShipState

#: ids of the condition cards whose ship treats the other ships of its player as allied,
#: and is treated by them as allied (RR: ALLIED)
MAKES_ALLIED: set[str] = set()


class AlliedPairs(NamedTuple):
    """An upgrade's allegiance rule: while its side ``side`` is faceup, its ship and each
    other ship of its player for which ``pairs(other)`` holds are allied to each other."""

    side: int
    pairs: Callable[[ShipState], bool]


#: ids of the upgrade cards that make their ship allied to some ships of its player
#: (RR: ALLIED), with the rule of each
ALLIED_BY_UPGRADE: dict[str, AlliedPairs] = {}


def _marked(piece: ShipState) -> bool:
    # a device (bomb, mine) is asked too where a card speaks of friendly objects: it has no
    # conditions, and keeps its player's side
    return any(c.card in MAKES_ALLIED for c in getattr(piece, "conditions", ()))


def _paired(a: ShipState, b: ShipState) -> bool:
    """Whether an upgrade of either ship, on the side faceup, makes it allied to the other
    (ships only: a remote, or a device, which has no ``remote`` field, keeps its side)."""
    rules = ALLIED_BY_UPGRADE
    # friendly() is asked very often: a ship's cards are looked up only by their id first
    for holder, other in ((a, b), (b, a)):
        for kind, card, side in getattr(holder, "cards", ()):
            if card in rules and kind == "upgrade":
                rule = rules[card]
                if (side == rule.side and getattr(other, "remote", True) is False
                        and not holder.remote and rule.pairs(other)):
                    return True
    return False


def friendly(a: ShipState, b: ShipState) -> bool:
    """RR: FRIENDLY - the same player's ships, a ship to itself included, unless one of
    them is made allied to the other."""
    if a.owner != b.owner:
        return False
    if a.id == b.id:
        return True
    return not (_marked(a) or _marked(b) or _paired(a, b))


def allied(a: ShipState, b: ShipState) -> bool:
    """RR: ALLIED - two different ships of one player that are not friendly (a ship is
    never allied to itself)."""
    return a.owner == b.owner and a.id != b.id and not friendly(a, b)


def enemy(a: ShipState, b: ShipState) -> bool:
    """RR: ENEMY - ships of different players (allied ships are not enemies)."""
    return a.owner != b.owner
