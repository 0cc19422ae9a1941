"""The card database: every card of the game, looked up by xws id, name, ship or faction."""

from __future__ import annotations

import difflib
import re
import reprlib
import threading
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from tallon.data.model import (
    Action,
    Card,
    Condition,
    DamageDeck,
    Faction,
    Pilot,
    QuickBuild,
    RestrictionGroup,
    Ship,
    SourceInfo,
    Stats,
    Upgrade,
)

T = TypeVar("T")

CardKind = Literal["pilot", "upgrade", "ship", "condition"]
CARD_KINDS: tuple[CardKind, ...] = ("pilot", "upgrade", "ship", "condition")


def name_key(name: str) -> str:
    """A card name reduced for comparison: lower case, letters and digits only.

    Two cards "share a name" (RR: LIMITED) when their keys are equal, so quotes, accents
    of the source's spelling and punctuation never separate them.
    """
    return re.sub(r"[^0-9a-z]", "", name.casefold())


class UnknownCardError(KeyError):
    """No card of this kind has this id; the message suggests close matches."""

    def __init__(self, kind: str, key: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__(key)
        self.kind = kind
        self.key = key
        self.suggestions = tuple(suggestions)

    def __str__(self) -> str:
        message = f"unknown {self.kind} {self.key!r}"
        if self.suggestions:
            message += f"; did you mean {', '.join(self.suggestions)}?"
        return message


class AmbiguousShipError(UnknownCardError):
    """A ship type fielded by several factions was looked up without naming the faction."""

    def __init__(self, key: str, factions: Sequence[str]) -> None:
        super().__init__("ship", key)
        self.factions = tuple(factions)

    def __str__(self) -> str:
        return (f"ship {self.key!r} is fielded by several factions "
                f"({', '.join(self.factions)}); pass faction=...")


@dataclass(frozen=True, slots=True)
class SearchHit:
    """A card found by :meth:`CardDatabase.search`, with its kind."""

    kind: CardKind
    card: Card


def _suggest(key: str, candidates: Iterable[str]) -> list[str]:
    return difflib.get_close_matches(key, list(candidates), n=3, cutoff=0.6)


def _lookup(index: Mapping[str, T], kind: str, key: str) -> T:
    """``index[key]``, or :class:`UnknownCardError` suggesting the closest keys."""
    try:
        return index[key]
    except KeyError:
        raise UnknownCardError(kind, key, _suggest(key, index)) from None


class CardDatabase:
    """Every card of the game, indexed for lookup.

    Build one with :func:`tallon.data.load_cards`. Lookups raise
    :class:`UnknownCardError` (a ``KeyError``) naming the id and suggesting close ids.
    """

    def __init__(
        self,
        *,
        source: SourceInfo,
        factions: Sequence[Faction],
        ships: Sequence[Ship],
        pilots: Sequence[Pilot],
        upgrades: Sequence[Upgrade],
        conditions: Sequence[Condition],
        damage_decks: Sequence[DamageDeck],
        quick_builds: Sequence[QuickBuild],
    ) -> None:
        self.source = source
        self.factions: tuple[Faction, ...] = tuple(factions)
        self.ships: tuple[Ship, ...] = tuple(ships)
        self.pilots: tuple[Pilot, ...] = tuple(pilots)
        self.upgrades: tuple[Upgrade, ...] = tuple(upgrades)
        self.conditions: tuple[Condition, ...] = tuple(conditions)
        self.damage_decks: tuple[DamageDeck, ...] = tuple(damage_decks)
        self.quick_builds: tuple[QuickBuild, ...] = tuple(quick_builds)
        self._factions = {f.xws: f for f in self.factions}
        self._ships: dict[str, dict[str, Ship]] = defaultdict(dict)
        for ship in self.ships:
            self._ships[ship.xws][ship.faction] = ship
        self._pilots = {p.xws: p for p in self.pilots}
        self._upgrades = {u.xws: u for u in self.upgrades}
        self._conditions = {c.xws: c for c in self.conditions}
        self._decks = {d.name: d for d in self.damage_decks}
        self._quick_builds = {q.id: q for q in self.quick_builds}
        self._pilots_by_ship: dict[tuple[str, str], list[Pilot]] = defaultdict(list)
        for pilot in self.pilots:
            self._pilots_by_ship[pilot.ship, pilot.faction].append(pilot)
        self._by_name: dict[str, list[Pilot | Upgrade]] = defaultdict(list)
        for card in (*self.pilots, *self.upgrades):
            self._by_name[name_key(card.name)].append(card)
        #: other editions' cards, found by their prefixed ids once first asked for
        self._editions: dict[str, Callable[[], Any]] = {}
        self._reading_edition = threading.Lock()

    def add_edition(self, prefix: str, cards: Callable[[], Any]) -> None:
        """Make another edition's cards findable by id: ids starting with ``prefix``
        are looked up among ``cards()`` (read when one is first asked for: an object
        with ``ships``, ``pilots``, ``upgrades``, ``conditions`` and ``damage_decks``).
        They are not listed among this pool's cards (``pilots``, ``upgrades``, ...)."""
        self._editions[prefix] = cards

    def _edition_of(self, key: str) -> None:
        # one thread reads an edition while the others asking wait for it (a server checks
        # two squads at once); it is struck off only once its cards can all be found
        with self._reading_edition:
            for prefix in [p for p in self._editions if key.startswith(p)]:
                found = self._editions[prefix]()
                for ship in found.ships:
                    self._ships[ship.xws][ship.faction] = ship
                self._pilots.update((p.xws, p) for p in found.pilots)
                self._upgrades.update((u.xws, u) for u in found.upgrades)
                self._conditions.update((c.xws, c) for c in found.conditions)
                self._decks.update((d.name, d) for d in found.damage_decks)
                for pilot in found.pilots:
                    self._pilots_by_ship[pilot.ship, pilot.faction].append(pilot)
                del self._editions[prefix]

    # --- lookups by id -------------------------------------------------------------------

    def pilot(self, xws: str) -> Pilot:
        """The pilot with this xws id."""
        if xws not in self._pilots and self._editions:
            self._edition_of(xws)
        return _lookup(self._pilots, "pilot", xws)

    def upgrade(self, xws: str) -> Upgrade:
        """The upgrade with this xws id."""
        if xws not in self._upgrades and self._editions:
            self._edition_of(xws)
        return _lookup(self._upgrades, "upgrade", xws)

    def ship(self, xws: str, faction: str | None = None) -> Ship:
        """The ship type with this xws id, as fielded by ``faction``.

        ``faction`` may be left out when only one faction fields the ship type; otherwise
        :class:`AmbiguousShipError` says which factions do.
        """
        if xws not in self._ships and self._editions:
            self._edition_of(xws)
        by_faction = self._ships.get(xws)
        if not by_faction:
            raise UnknownCardError("ship", xws, _suggest(xws, self._ships))
        if faction is None:
            if len(by_faction) > 1:
                raise AmbiguousShipError(xws, list(by_faction))
            return next(iter(by_faction.values()))
        try:
            return by_faction[faction]
        except KeyError:
            raise UnknownCardError(
                f"ship for faction {faction}", xws, list(by_faction)) from None

    def condition(self, xws: str) -> Condition:
        """The condition card with this xws id."""
        if xws not in self._conditions and self._editions:
            self._edition_of(xws)
        return _lookup(self._conditions, "condition", xws)

    def damage_deck(self, name: str = "core") -> DamageDeck:
        """The damage deck with this name (the game has one: ``"core"``)."""
        if name not in self._decks and self._editions:
            self._edition_of(name)
        try:
            return self._decks[name]
        except KeyError:
            raise UnknownCardError("damage deck", name, list(self._decks)) from None

    def quick_build(self, build_id: str) -> QuickBuild:
        """The quick build with this id, e.g. ``"rebelalliance-001"``."""
        return _lookup(self._quick_builds, "quick build", build_id)

    def faction(self, xws: str) -> Faction:
        """The faction with this xws id."""
        return _lookup(self._factions, "faction", xws)

    def has_pilot(self, xws: str) -> bool:
        if xws not in self._pilots and self._editions:
            self._edition_of(xws)
        return xws in self._pilots

    def has_upgrade(self, xws: str) -> bool:
        if xws not in self._upgrades and self._editions:
            self._edition_of(xws)
        return xws in self._upgrades

    def has_ship(self, xws: str) -> bool:
        if xws not in self._ships and self._editions:
            self._edition_of(xws)
        return xws in self._ships

    # --- lookups by relation -------------------------------------------------------------

    def ship_of(self, pilot: Pilot) -> Ship:
        """The ship a pilot flies, as fielded by the pilot's faction."""
        if pilot.ship not in self._ships and self._editions:
            self._edition_of(pilot.ship)
        return self._ships[pilot.ship][pilot.faction]

    def stats_of(self, pilot: Pilot) -> Stats:
        """The printed values that apply to a pilot: its ship's, with the pilot's overrides."""
        ship = self.ship_of(pilot)
        return Stats(
            attacks=ship.attacks if pilot.attacks is None else pilot.attacks,
            agility=ship.agility if pilot.agility is None else pilot.agility,
            hull=ship.hull if pilot.hull is None else pilot.hull,
            shields=ship.shields if pilot.shields is None else pilot.shields,
            shield_recovers=ship.shield_recovers,
            energy=ship.energy,
            energy_recovers=ship.energy_recovers,
        )

    def actions_of(self, pilot: Pilot) -> tuple[Action, ...]:
        """The action bar that applies to a pilot: its own if printed, else its ship's."""
        return self.ship_of(pilot).actions if pilot.actions is None else pilot.actions

    def pilots_of(self, ship: str | Ship, faction: str | None = None) -> tuple[Pilot, ...]:
        """The pilots of a ship type, for one faction or for all.

        ``ship`` is the ship type's xws id (``"t65xwing"``) or a :class:`Ship`, which
        stands for its type: ``db.pilots_of(db.ship("tielnfighter", "rebelalliance"))``
        lists every faction's TIE/ln pilots, as ``pilots_of("tielnfighter")`` does; give
        ``faction`` for one faction's. Anything else raises ``TypeError``.
        """
        if isinstance(ship, Ship):
            ship = ship.xws
        elif not isinstance(ship, str):
            hint = " (a pilot's ship is db.ship_of(pilot))" if isinstance(ship, Pilot) else ""
            raise TypeError(f"pilots_of expects a ship type's xws id (a str such as "
                            f"'t65xwing') or a Ship, not {type(ship).__name__} "
                            f"{reprlib.repr(ship)}{hint}")
        if not self.has_ship(ship):
            raise UnknownCardError("ship", ship, _suggest(ship, self._ships))
        factions = [faction] if faction else list(self._ships[ship])
        return tuple(p for f in factions for p in self._pilots_by_ship.get((ship, f), ()))

    def ship_types(self, faction: str | None = None) -> tuple[Ship, ...]:
        """The ship types of one faction, or every faction's copy of each."""
        return tuple(s for s in self.ships if faction is None or s.faction == faction)

    def cards_named(self, name: str) -> tuple[Pilot | Upgrade, ...]:
        """Every pilot and upgrade whose name matches ``name`` (see :func:`name_key`)."""
        return tuple(self._by_name.get(name_key(name), ()))

    def upgrades_for_slot(self, slot: str) -> tuple[Upgrade, ...]:
        """The upgrades that occupy ``slot`` (an XWS slot key such as ``"force-power"``)."""
        return tuple(u for u in self.upgrades if slot in u.slots)

    # --- search --------------------------------------------------------------------------

    def search(
        self,
        text: str = "",
        *,
        kinds: Iterable[CardKind] = CARD_KINDS,
        faction: str | None = None,
        ship: str | None = None,
        slot: str | None = None,
    ) -> list[SearchHit]:
        """Cards whose name, caption, side title or xws id contains ``text``.

        Filters, all optional: ``faction`` keeps pilots and ships of that faction and
        upgrades not restricted to other factions; ``ship`` keeps that ship type, its
        pilots, and upgrades not restricted to other ship types; ``slot`` keeps pilots
        with that slot on their upgrade bar and upgrades that occupy it (ships and
        conditions have no slots, so they drop out).
        """
        needle = name_key(text)
        wanted = set(kinds)
        hits: list[SearchHit] = []

        def matches(*labels: str | None) -> bool:
            return not needle or any(label and needle in name_key(label) for label in labels)

        if "ship" in wanted and slot is None:
            hits.extend(
                SearchHit("ship", s)
                for s in self.ships
                if (faction is None or s.faction == faction)
                and (ship is None or s.xws == ship)
                and matches(s.name, s.xws)
            )
        if "pilot" in wanted:
            for p in self.pilots:
                if faction is not None and p.faction != faction:
                    continue
                if ship is not None and p.ship != ship:
                    continue
                if slot is not None and slot not in p.slots:
                    continue
                if matches(p.name, p.caption, p.xws):
                    hits.append(SearchHit("pilot", p))
        if "upgrade" in wanted:
            for u in self.upgrades:
                if faction is not None and not _allows(u, "factions", faction):
                    continue
                if ship is not None and not _allows(u, "ships", ship):
                    continue
                if slot is not None and slot not in u.slots:
                    continue
                if matches(u.name, u.xws, *(side.title for side in u.sides)):
                    hits.append(SearchHit("upgrade", u))
        if "condition" in wanted and faction is None and ship is None and slot is None:
            hits.extend(SearchHit("condition", c) for c in self.conditions
                        if matches(c.name, c.xws))
        return hits

    def find(self, key: str) -> list[SearchHit]:
        """Every card of any kind with exactly this xws id (a pilot and an upgrade may share
        one, e.g. ``chewbacca``); empty if there is none."""
        hits: list[SearchHit] = []
        if key in self._pilots:
            hits.append(SearchHit("pilot", self._pilots[key]))
        if key in self._upgrades:
            hits.append(SearchHit("upgrade", self._upgrades[key]))
        hits.extend(SearchHit("ship", s) for s in self._ships.get(key, {}).values())
        if key in self._conditions:
            hits.append(SearchHit("condition", self._conditions[key]))
        return hits

    def suggest(self, key: str) -> list[str]:
        """Ids of any kind close to ``key``, for error messages."""
        every = {*self._pilots, *self._upgrades, *self._ships, *self._conditions}
        return _suggest(key, every)


def _allows(upgrade: Upgrade, field: str, value: str) -> bool:
    # An upgrade is usable by a faction (or ship type) unless one of its restriction groups
    # limits it to others; groups naming no faction leave every faction allowed.
    for group in upgrade.restrictions:
        listed = getattr(group, field)
        if listed and value not in listed and _only(group, field):
            return False
    return True


def _only(group: RestrictionGroup, field: str) -> bool:
    # True when ``field`` is the group's only alternative, so failing it fails the group.
    fields = ("factions", "ships", "sizes", "keywords", "arcs", "force_sides", "equipped",
              "names", "ship_abilities")
    others = any(getattr(group, f) for f in fields if f != field)
    return not others and group.action is None
