"""Upgrades kept facedown under another card (the Razor Crest title keeps one
non-limited Illicit upgrade under it from Setup).

A facedown upgrade is brought with the squad but not equipped: it takes no slot and its
loadout points are not paid (the card that holds it says so). An XWS pilot lists it in
``facedown``, shaped like ``upgrades`` (``"facedown": {"illicit": ["deadmansswitch"]}``):
readers that do not know the field ignore it, and the squad's points stay right
(docs/rulings.md, Squad building).
"""

from __future__ import annotations

from collections.abc import Sequence

from tallon.data import Upgrade

#: The cards that keep an upgrade facedown: how many, and of which upgrade type.
FACEDOWN_HOLDERS: dict[str, tuple[int, str]] = {"razorcrest": (1, "illicit")}


def facedown_room(upgrades: Sequence[Upgrade]) -> tuple[int, tuple[str, ...]]:
    """How many upgrades the equipped ``upgrades`` keep facedown, and of which types."""
    held = [FACEDOWN_HOLDERS[u.xws] for u in upgrades if u.xws in FACEDOWN_HOLDERS]
    return sum(count for count, _ in held), tuple(sorted({kind for _, kind in held}))


def may_lie_facedown(upgrade: Upgrade, kinds: Sequence[str]) -> str | None:
    """Why ``upgrade`` can't be kept facedown by a holder of ``kinds``; None if it can: an
    upgrade of that type, non-limited (no bullet), with a loadout cost of its own (not a
    card that exists only in a standard loadout)."""
    if upgrade.slot not in kinds:
        return f"it is not an upgrade of type {' or '.join(kinds) or 'none'}"
    if upgrade.limited > 0:
        return "it is limited (only non-limited upgrades may be kept facedown)"
    if upgrade.cost is None or upgrade.standard_loadout_only:
        return "it exists only as part of a standard loadout"
    return None


__all__ = ["FACEDOWN_HOLDERS", "facedown_room", "may_lie_facedown"]
