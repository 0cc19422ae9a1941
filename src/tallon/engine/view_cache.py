"""The parts of a player's view (engine/view.py) that are worked out again only when what
they come from changes: agents ask for a view at most decisions, and much of it - a ship's
damage and condition cards, its actions' labels, its rounded pose, the obstacles and the
scenario's features - is the same as last time.

Each part is remembered with the objects it was made from, compared by identity: what a
ship's cards and pose come from is held in tuples and frozen records that a change
replaces (engine/state.py ShipState), so the same objects mean the same part. A memory
holds those objects, so no other object can take their ids. The view is built of fresh
lists and dicts every time from what is remembered, so a caller changing its view changes
no other.

The memories are kept by ship id and shared by every game in the process: another game's
ship of the same id is made of other objects, which only costs a rebuild. Each entry is
one tuple, replaced whole, so threads building views at once rebuild at worst.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from tallon.engine.state import ShipState
    from tallon.geometry import Pose


class CardsPart(NamedTuple):
    """What everyone sees of a ship's damage cards (RR: DAMAGE CARDS) and condition cards
    (RR: SECRET CONDITIONS), and its facedown conditions with who assigned them."""

    damage_faceup: tuple[str, ...]
    conditions: tuple[str, ...]
    damage_facedown: int
    secret: tuple[tuple[str, int], ...]


#: by ship id: (damage, conditions, part), (actions, labels), (pose, rounded)
_cards: dict[str, tuple[Any, Any, CardsPart]] = {}
_labels: dict[str, tuple[Any, tuple[str, ...]]] = {}
_poses: dict[str, tuple[Pose, tuple[float, float, float]]] = {}
#: the last table's pieces and their entries, by kind ("obstacles", "features")
_tables: dict[str, tuple[tuple[Any, ...], tuple[dict[str, Any], ...]]] = {}


def cards_part(ship: ShipState) -> CardsPart:
    """The ship's :class:`CardsPart`, remembered while its damage and conditions are the
    same tuples."""
    damage, conditions = ship.damage, ship.conditions
    held = _cards.get(ship.id)
    if held is not None and held[0] is damage and held[1] is conditions:
        return held[2]
    part = CardsPart(tuple(d.card for d in damage if d.faceup),
                     tuple(c.card for c in conditions if c.faceup),
                     sum(1 for d in damage if not d.faceup),
                     tuple((c.card, c.assigned_by) for c in conditions if not c.faceup))
    _cards[ship.id] = (damage, conditions, part)
    return part


def action_labels(ship: ShipState) -> tuple[str, ...]:
    """The labels of the ship's actions, remembered while they are the same tuple (the
    loadout replaces it when a card changes them)."""
    actions = ship.actions
    held = _labels.get(ship.id)
    if held is not None and held[0] is actions:
        return held[1]
    labels = tuple(a.label for a in actions)
    _labels[ship.id] = (actions, labels)
    return labels


def rounded_pose(piece: ShipState, pose: Pose) -> tuple[float, float, float]:
    """``pose`` rounded for stable hashes, remembered while the piece stands there (a
    move replaces its body and pose)."""
    held = _poses.get(piece.id)
    if held is not None and held[0] is pose:
        return held[1]
    rounded = (round(pose.x, 6), round(pose.y, 6), round(pose.heading, 6))
    _poses[piece.id] = (pose, rounded)
    return rounded


def table_entries(kind: str, pieces: list[Any], entry: Callable[[Any], dict[str, Any]]
                  ) -> tuple[dict[str, Any], ...]:
    """The entries ``entry`` makes of the obstacles or the features on the table (dicts to
    copy, never to hand out), remembered while the table holds the same ones (frozen
    records: obstacles compare by identity, features by value)."""
    placed = tuple(pieces)
    held = _tables.get(kind)
    if held is not None and held[0] == placed:
        return held[1]
    entries = tuple(map(entry, placed))
    _tables[kind] = (placed, entries)
    return entries


def forget() -> None:
    """Drop every remembered part (the next views are built from scratch)."""
    for memory in (_cards, _labels, _poses, _tables):
        memory.clear()
