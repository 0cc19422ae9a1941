"""The first edition's card database: loading ``tallon/data/generated_1e`` and looking up.

    >>> from tallon.data.cards_1e import load_cards_1e
    >>> db = load_cards_1e()
    >>> db.pilot("wedgeantilles", ship="xwing").skill
    9

The files are written by ``tools/convert_cards_1e.py``. Loading checks every field
against :mod:`tallon.data.model_1e` and every cross-reference (a pilot's ship, an upgrade's
ships, a card's conditions), failing with a :class:`CardDataError` naming file and field.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from tallon.data import codec
from tallon.data.codec import CardDataError
from tallon.data.database import UnknownCardError, _suggest
from tallon.data.loader import read_directory
from tallon.data.model import DamageDeck, SourceInfo
from tallon.data.model_1e import (
    Condition1e,
    Pilot1e,
    ReferenceCard1e,
    Ship1e,
    Upgrade1e,
)

GENERATED_FILES_1E: tuple[str, ...] = (
    "source.json",
    "ships.json",
    "pilots.json",
    "upgrades.json",
    "conditions.json",
    "damage_decks.json",
    "reference_cards.json",
)


class CardDatabase1e:
    """Every first-edition card, indexed for lookup; lookups raise
    :class:`~tallon.data.UnknownCardError` suggesting close ids."""

    def __init__(self, *, source: SourceInfo, ships: tuple[Ship1e, ...],
                 pilots: tuple[Pilot1e, ...], upgrades: tuple[Upgrade1e, ...],
                 conditions: tuple[Condition1e, ...], damage_decks: tuple[DamageDeck, ...],
                 reference_cards: tuple[ReferenceCard1e, ...]) -> None:
        self.source = source
        self.ships = ships
        self.pilots = pilots
        self.upgrades = upgrades
        self.conditions = conditions
        self.damage_decks = damage_decks
        self.reference_cards = reference_cards
        self._ships = {s.xws: s for s in ships}
        self._pilots: dict[str, list[Pilot1e]] = defaultdict(list)
        for pilot in pilots:
            self._pilots[pilot.xws].append(pilot)
        self._upgrades: dict[str, dict[str, Upgrade1e]] = defaultdict(dict)
        for upgrade in upgrades:
            self._upgrades[upgrade.xws][upgrade.slot] = upgrade
        self._conditions = {c.xws: c for c in conditions}
        self._decks = {d.name: d for d in damage_decks}

    def ship(self, xws: str) -> Ship1e:
        """The ship type with this xws id."""
        if xws not in self._ships:
            raise UnknownCardError("ship", xws, _suggest(xws, self._ships))
        return self._ships[xws]

    def pilots_named(self, xws: str) -> tuple[Pilot1e, ...]:
        """Every pilot card with this xws id (one per ship and faction it flies in)."""
        return tuple(self._pilots.get(xws, ()))

    def pilot(self, xws: str, *, ship: str | None = None,
              faction: str | None = None) -> Pilot1e:
        """The pilot with this id, on ``ship`` and of ``faction`` where the id alone
        names several cards (an :class:`UnknownCardError` says so if they are needed)."""
        found = [p for p in self._pilots.get(xws, ())
                 if (ship is None or p.ship == ship) and (faction is None or p.faction == faction)]
        if len(found) == 1:
            return found[0]
        if not found:
            raise UnknownCardError("pilot", xws if ship is None else f"{xws} ({ship})",
                                   _suggest(xws, self._pilots))
        choices = [f"{p.xws} ({p.faction} {p.ship})" for p in found]
        raise UnknownCardError("pilot", xws, choices)

    def upgrades_named(self, xws: str) -> tuple[Upgrade1e, ...]:
        """Every upgrade with this xws id (ids repeat only across slots)."""
        return tuple(self._upgrades.get(xws, {}).values())

    def upgrade(self, xws: str, slot: str | None = None) -> Upgrade1e:
        """The upgrade with this id, in ``slot`` where the id names cards of several."""
        cards = self._upgrades.get(xws, {})
        if slot is not None and slot in cards:
            return cards[slot]
        if slot is None and len(cards) == 1:
            return next(iter(cards.values()))
        raise UnknownCardError("upgrade", xws if slot is None else f"{xws} ({slot})",
                               _suggest(xws, self._upgrades) if not cards else sorted(cards))

    def condition(self, xws: str) -> Condition1e:
        """The condition with this xws id."""
        if xws not in self._conditions:
            raise UnknownCardError("condition", xws, _suggest(xws, self._conditions))
        return self._conditions[xws]

    def damage_deck(self, name: str) -> DamageDeck:
        """A damage deck by name: ``core`` or ``core-tfa``."""
        if name not in self._decks:
            raise UnknownCardError("damage deck", name, sorted(self._decks))
        return self._decks[name]

    def stat(self, pilot: Pilot1e, name: str) -> int | None:
        """A pilot's printed stat: its card's own value where it prints one, else its
        ship's (``attack``, ``agility``, ``hull``, ``shields``)."""
        override = getattr(pilot.stats, name, None) if pilot.stats else None
        return override if override is not None else getattr(self.ship(pilot.ship), name)


def _check(db: CardDatabase1e) -> None:
    # every id a card names must name a card, so squad checks never fail on the data
    for file, ids in (("ships.json", [s.xws for s in db.ships]),
                      ("pilots.json", [p.key for p in db.pilots]),
                      ("upgrades.json", [(u.xws, u.slot) for u in db.upgrades]),
                      ("conditions.json", [c.xws for c in db.conditions])):
        repeated = [key for key, count in Counter(ids).items() if count > 1]
        if repeated:
            raise CardDataError(file, "", f"id {repeated[0]!r} is used more than once")
    ships = {s.xws: s for s in db.ships}
    conditions = {c.xws for c in db.conditions}
    for index, pilot in enumerate(db.pilots):
        where = f"[{index}] ({pilot.xws})"
        if pilot.ship not in ships:
            raise CardDataError("pilots.json", f"{where}.ship", f"unknown ship {pilot.ship!r}")
        if pilot.faction not in ships[pilot.ship].factions:
            raise CardDataError("pilots.json", f"{where}.faction",
                                f"the {pilot.ship} is not flown by {pilot.faction}")
        for name in pilot.conditions:
            if name not in conditions:
                raise CardDataError("pilots.json", f"{where}.conditions",
                                    f"unknown condition {name!r}")
    for index, upgrade in enumerate(db.upgrades):
        where = f"[{index}] ({upgrade.xws})"
        for ship in upgrade.ships:
            if ship not in ships:
                raise CardDataError("upgrades.json", f"{where}.ships", f"unknown ship {ship!r}")
        for name in upgrade.conditions:
            if name not in conditions:
                raise CardDataError("upgrades.json", f"{where}.conditions",
                                    f"unknown condition {name!r}")


def build_database_1e(files: Mapping[str, Any]) -> CardDatabase1e:
    """Validate parsed generated files (file name -> JSON value) and index them."""
    missing = [name for name in GENERATED_FILES_1E if name not in files]
    if missing:
        raise CardDataError(missing[0], "", "the file is missing")
    db = CardDatabase1e(
        source=codec.read_value(SourceInfo, files["source.json"], file="source.json"),
        ships=codec.read_list(Ship1e, files["ships.json"], file="ships.json"),
        pilots=codec.read_list(Pilot1e, files["pilots.json"], file="pilots.json"),
        upgrades=codec.read_list(Upgrade1e, files["upgrades.json"], file="upgrades.json"),
        conditions=codec.read_list(Condition1e, files["conditions.json"],
                                   file="conditions.json"),
        damage_decks=codec.read_list(DamageDeck, files["damage_decks.json"],
                                     file="damage_decks.json"),
        reference_cards=codec.read_list(ReferenceCard1e, files["reference_cards.json"],
                                        file="reference_cards.json"),
    )
    _check(db)
    return db


@cache
@cache
def load_cards_1e(directory: str | Path | None = None) -> CardDatabase1e:
    """The first-edition card database, loaded once and cached (``directory``: files in
    the same format elsewhere, e.g. for tests)."""
    if directory is None:
        with resources.as_file(resources.files("tallon.data") / "generated_1e") as path:
            return load_cards_1e(Path(path))
    return build_database_1e(read_directory(Path(directory), GENERATED_FILES_1E))
