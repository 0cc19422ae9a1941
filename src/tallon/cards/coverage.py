"""How much of the card pool Tallon plays: pilots per faction, upgrades per slot and
condition cards, counted by the very rule setup refuses squads with
(:func:`tallon.cards.pool.pilot_playable`, :func:`~tallon.cards.pool.upgrade_playable`:
a card is playable when the engine implements its ability or it has none).

A card is in scope when it is legal in the chosen format: ``standard``, ``extended``,
``any`` (either of them; the default, as the card pool issues count them), or ``epic``
(huge ships and the cards legal with them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tallon.cards.pool import pilot_playable, upgrade_playable
from tallon.cards.pool_1e import pilot_playable_1e, upgrade_playable_1e
from tallon.cards.registry import CARDS
from tallon.data import Pilot, Upgrade, load_cards, load_cards_1e
from tallon.data.database import _allows

FORMATS = ("any", "standard", "extended", "epic")


@dataclass
class Tally:
    """Cards in scope of one group, and the ids of those the engine does not play yet."""

    total: int = 0
    missing: list[str] = field(default_factory=list)

    @property
    def playable(self) -> int:
        return self.total - len(self.missing)

    def count(self, xws: str, plays: bool) -> None:
        self.total += 1
        if not plays:
            self.missing.append(xws)

    def to_json(self) -> dict[str, Any]:
        return {"playable": self.playable, "total": self.total,
                "missing": sorted(self.missing)}


@dataclass
class Coverage:
    """Pilots by faction, upgrades by slot (an upgrade counts under its XWS slot key), and
    condition cards."""

    format: str
    faction: str | None
    pilots: dict[str, Tally]
    upgrades: dict[str, Tally]
    conditions: Tally

    def pilot_total(self) -> Tally:
        return _sum(self.pilots.values())

    def upgrade_total(self) -> Tally:
        return _sum(self.upgrades.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "faction": self.faction,
            "pilots": {"by_faction": {k: v.to_json() for k, v in sorted(self.pilots.items())},
                       **self.pilot_total().to_json()},
            "upgrades": {"by_slot": {k: v.to_json() for k, v in sorted(self.upgrades.items())},
                         **self.upgrade_total().to_json()},
            "conditions": self.conditions.to_json(),
        }


def _sum(tallies: Any) -> Tally:
    total = Tally()
    for tally in tallies:
        total.total += tally.total
        total.missing.extend(tally.missing)
    return total


def in_format(card: Pilot | Upgrade, fmt: str) -> bool:
    """Whether ``card`` is legal in the format ``fmt`` (one of :data:`FORMATS`)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    if fmt == "standard":
        return card.standard
    if fmt == "extended":
        return card.extended
    if fmt == "epic":
        return card.epic
    return card.standard or card.extended


def coverage(fmt: str = "any", faction: str | None = None) -> Coverage:
    """Count the cards legal in ``fmt`` (of ``faction``: its pilots and the upgrades it
    may field) and those the engine plays."""
    db = load_cards()
    if faction is not None:
        db.faction(faction)  # an unknown faction fails here, with suggestions
    pilots: dict[str, Tally] = {}
    for pilot in db.pilots:
        if in_format(pilot, fmt) and (faction is None or pilot.faction == faction):
            pilots.setdefault(pilot.faction, Tally()).count(pilot.xws, pilot_playable(pilot))
    upgrades: dict[str, Tally] = {}
    for upgrade in db.upgrades:
        if in_format(upgrade, fmt) and (faction is None or _allows(upgrade, "factions",
                                                                    faction)):
            upgrades.setdefault(upgrade.slot, Tally()).count(upgrade.xws,
                                                             upgrade_playable(upgrade))
    conditions = Tally()
    for condition in db.conditions:
        conditions.count(condition.xws, not condition.has_ability
                         or CARDS.implements("condition", condition.xws))
    return Coverage(fmt, faction, pilots, upgrades, conditions)


def coverage_1e(faction: str | None = None) -> Coverage:
    """The first edition's cards (``tallon cards coverage --ruleset 1e``): every pilot
    (of ``faction``) and upgrade of its pool, counted by the rule a first-edition game
    refuses squads with (:func:`tallon.cards.pool_1e.pilot_playable_1e`); ``conditions``
    counts its condition cards and the two damage decks' cards."""
    db = load_cards_1e()
    pilots: dict[str, Tally] = {}
    for pilot in db.pilots:
        if faction is None or pilot.faction == faction:
            pilots.setdefault(pilot.faction, Tally()).count(
                f"{pilot.ship}/{pilot.xws}", pilot_playable_1e(pilot))
    upgrades: dict[str, Tally] = {}
    for upgrade in db.upgrades:
        if faction is None or upgrade.faction in (None, faction):
            upgrades.setdefault(upgrade.slot, Tally()).count(upgrade.xws,
                                                             upgrade_playable_1e(upgrade))
    conditions = Tally()
    for condition in db.conditions:
        conditions.count(condition.xws, not condition.has_ability
                         or CARDS.implements("condition", "1e-" + condition.xws))
    play = load_cards()
    for name in ("core", "core-tfa"):
        for card in play.damage_deck("1e-" + name).cards:
            conditions.count(card.id, CARDS.implements("damage", card.id))
    return Coverage("1e", faction, pilots, upgrades, conditions)


__all__ = ["FORMATS", "Coverage", "Tally", "coverage", "coverage_1e", "in_format"]
