"""Reading first-edition squads from XWS 1.0.0.

First-edition XWS names each pilot by ``name`` (the pilot's xws id) and ``ship`` (the
ship's), since pilot ids repeat across ships, and the squad by ``faction``: ``rebel``,
``imperial`` or ``scum``. Upgrades are listed under 1.0's slot keys (``ept``, ``amd``,
``mod``, ``samd``, ``title``, ``crew``, ...). As with 2.0 files (:mod:`tallon.squads.xws`),
reading never stops on a card problem: each unknown id, slot key or faction is an error
naming its place in the file, and the file's ``points`` are compared, never trusted.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tallon.data.cards_1e import CardDatabase1e, load_cards_1e
from tallon.data.model_1e import SLOTS_1E, SQUAD_FACTIONS_1E, Pilot1e, Upgrade1e
from tallon.files import FileAccessError, JsonTextError, parse_json, read_text
from tallon.squads.report import Problem, ProblemLog
from tallon.squads.xws import XwsError

XWS_VERSION_1E = "1.0.0"

#: XWS 1.0's slot keys, and the slots they name.
SLOT_KEYS_1E: dict[str, str] = {
    "amd": "astromech", "ept": "elite", "mod": "modification",
    "samd": "salvaged-astromech",
    **{slot: slot for slot in SLOTS_1E
       if slot not in ("astromech", "elite", "modification", "salvaged-astromech")},
}
_SLOT_ALIASES = {slot.replace("-", ""): slot for slot in SLOTS_1E}

# 2.0 faction names a 1.0 file may carry by mistake, and the 1.0 side they fight for.
_SECOND_EDITION_FACTIONS = {"rebelalliance": "rebel", "resistance": "rebel",
                            "galacticempire": "imperial", "firstorder": "imperial",
                            "scumandvillainy": "scum"}

_SQUAD_KEYS = {"version", "name", "points", "faction", "description", "obstacles",
               "pilots", "vendor"}
_PILOT_KEYS = {"name", "ship", "points", "upgrades", "vendor"}


@dataclass(frozen=True)
class SquadShip1e:
    """One ship of a first-edition squad: its pilot card and upgrades, with the slot each
    is listed under."""

    pilot: Pilot1e
    upgrades: tuple[tuple[str, Upgrade1e], ...] = ()


@dataclass(frozen=True)
class Squad1e:
    """A first-edition squad: its side (``rebel``, ``imperial``, ``scum``; None when the
    file named none Tallon knows) and ships."""

    faction: str | None
    ships: tuple[SquadShip1e, ...]
    name: str | None = None
    description: str | None = None
    #: the total the file claims, compared with the real one by the check
    points: int | None = None


@dataclass(frozen=True)
class XwsImport1e:
    """A first-edition squad read from XWS, with the problems met reading it."""

    squad: Squad1e
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]


class _Reader(ProblemLog):
    def __init__(self, db: CardDatabase1e) -> None:
        super().__init__()
        self.db = db

    def faction(self, raw: Any) -> str | None:
        if raw in SQUAD_FACTIONS_1E:
            return str(raw)
        if raw in _SECOND_EDITION_FACTIONS:
            side = _SECOND_EDITION_FACTIONS[raw]
            self.warn("faction", f"{raw!r} is a 2.0 faction name; read as first edition's "
                      f"{side!r}")
            return side
        if raw is None:
            self.error("faction", "the squad names no faction")
        else:
            close = difflib.get_close_matches(str(raw), list(SQUAD_FACTIONS_1E), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            self.error("faction", f"unknown faction {raw!r}; first-edition XWS uses "
                       f"{', '.join(SQUAD_FACTIONS_1E)}{hint}")
        return None

    def pilot(self, entry: Mapping[str, Any], where: str, index: int,
              side: str | None) -> Pilot1e | None:
        if "id" in entry and "name" not in entry:
            self.error(f"{where}.id", "an XWS 2.0 pilot entry: first-edition squads name "
                       "the pilot by 'name' and 'ship'; check 2.5 squads without "
                       "--ruleset 1e", ship=index)
            return None
        name, ship = entry.get("name"), entry.get("ship")
        if not isinstance(name, str) or not name:
            self.error(f"{where}.name", "the pilot has no name (its xws id)", ship=index)
            return None
        found = list(self.db.pilots_named(name))
        if not found:
            close = difflib.get_close_matches(name, [p.xws for p in self.db.pilots], n=3)
            hint = f"; did you mean {', '.join(dict.fromkeys(close))}?" if close else ""
            self.error(f"{where}.name", f"unknown pilot {name!r}{hint}", card=name,
                       ship=index)
            return None
        if isinstance(ship, str):
            on_ship = [p for p in found if p.ship == ship]
            if not on_ship:
                ships = ", ".join(sorted({p.ship for p in found}))
                self.error(f"{where}.ship", f"pilot {name!r} flies {ships}, not {ship!r}",
                           card=name, ship=index)
                return None
            found = on_ship
        else:
            self.error(f"{where}.ship", f"pilot {name!r} names no ship", card=name,
                       ship=index)
        if side is not None and len(found) > 1:
            mine = [p for p in found if p.faction in SQUAD_FACTIONS_1E[side]]
            found = mine or found
        if len(found) > 1:
            choices = ", ".join(f"{p.faction} {p.ship}" for p in found)
            self.error(where, f"pilot {name!r} is several cards ({choices}); name its ship "
                       "and the squad's faction", card=name, ship=index)
            return None
        return found[0]

    def slot_key(self, key: str, where: str, index: int) -> str | None:
        if key in SLOT_KEYS_1E:
            return SLOT_KEYS_1E[key]
        alias = _SLOT_ALIASES.get(key.replace("-", "").replace("_", "").lower())
        if alias:
            self.warn(where, f"read slot key {key!r} as XWS 1.0's "
                      f"{next(k for k, v in SLOT_KEYS_1E.items() if v == alias)!r}",
                      ship=index)
            return alias
        self.error(where, f"unknown upgrade slot key {key!r}; XWS 1.0 uses "
                   f"{', '.join(sorted(SLOT_KEYS_1E))}", ship=index)
        return None

    def upgrades(self, value: Any, where: str, index: int) -> list[tuple[str, Upgrade1e]]:
        if value is None:
            return []
        if not isinstance(value, dict):
            self.error(where, f"expected an object of slot keys, got {value!r}", ship=index)
            return []
        found = []
        for raw_key, ids in value.items():
            key_where = f"{where}.{raw_key}"
            slot = self.slot_key(str(raw_key), key_where, index)
            if not isinstance(ids, list):
                self.error(key_where, f"expected a list of upgrade ids, got {ids!r}",
                           ship=index)
                continue
            for position, raw in enumerate(ids):
                item_where = f"{key_where}[{position}]"
                cards = self.db.upgrades_named(raw) if isinstance(raw, str) else ()
                if not cards:
                    close = difflib.get_close_matches(
                        str(raw), [u.xws for u in self.db.upgrades], n=3)
                    hint = f"; did you mean {', '.join(close)}?" if close else ""
                    self.error(item_where, f"unknown upgrade {raw!r}{hint}", card=str(raw),
                               ship=index)
                    continue
                fitting = [card for card in cards if slot is None or card.slot == slot]
                # listed under another slot's key: kept, so the check names the slot rule
                card = (fitting or list(cards))[0]
                found.append((slot or card.slot, card))
        return found

    def squad(self, data: Mapping[str, Any]) -> Squad1e:
        for key in sorted(set(data) - _SQUAD_KEYS):
            self.warn(key, f"unknown squad field {key!r} ignored")
        version = data.get("version")
        if isinstance(version, str) and not version.startswith("1."):
            self.warn("version", f"XWS version {version!r}; read as first-edition XWS 1.0")
        side = self.faction(data.get("faction"))
        ships = []
        for index, entry in enumerate(data["pilots"]):
            where = f"pilots[{index}]"
            if not isinstance(entry, dict):
                self.error(where, f"expected a pilot object, got {entry!r}", ship=index)
                continue
            for key in sorted(set(entry) - _PILOT_KEYS):
                self.warn(f"{where}.{key}", f"unknown pilot field {key!r} ignored",
                          ship=index)
            pilot = self.pilot(entry, where, index, side)
            upgrades = self.upgrades(entry.get("upgrades"), f"{where}.upgrades", index)
            if pilot is not None:
                ships.append(SquadShip1e(pilot=pilot, upgrades=tuple(upgrades)))
        name = data.get("name")
        description = data.get("description")
        points = data.get("points")
        return Squad1e(faction=side, ships=tuple(ships),
                       name=name if isinstance(name, str) else None,
                       description=description if isinstance(description, str) else None,
                       points=points if type(points) is int else None)


def read_xws_1e(source: str | bytes | Mapping[str, Any],
                db: CardDatabase1e | None = None) -> XwsImport1e:
    """Read a first-edition squad from XWS 1.0 text or a parsed object; raises
    :class:`~tallon.squads.XwsError` only when the input is no squad at all."""
    if isinstance(source, str | bytes):
        try:
            data = parse_json(source)
        except JsonTextError as error:
            raise XwsError(str(error)) from None
    else:
        data = source
    if not isinstance(data, dict):
        raise XwsError("not an XWS squad: expected a JSON object")
    if not isinstance(data.get("pilots"), list):
        raise XwsError("not an XWS squad: no 'pilots' list")
    reader = _Reader(db or load_cards_1e())
    squad = reader.squad(data)
    return XwsImport1e(squad=squad, errors=tuple(reader.errors),
                       warnings=tuple(reader.warnings))


def read_xws_1e_file(path: str | Path, db: CardDatabase1e | None = None) -> XwsImport1e:
    """Read a first-edition XWS file; :class:`~tallon.squads.XwsError` naming the file if
    it cannot be read at all."""
    try:
        text = read_text(path)
    except FileAccessError as error:
        raise XwsError(str(error)) from None
    try:
        return read_xws_1e(text, db)
    except XwsError as error:
        raise XwsError(f"{path}: {error}") from None
