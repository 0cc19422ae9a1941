"""Reading and writing squads in XWS 2.0.0 (the X-Wing Squadron Specification).

Reading is strict about meaning and tolerant about form: every unknown id, slot key or
faction is an error naming where it is in the file (``pilots[1].upgrades.crew[0]``), but
ids written with or without a builder's suffix (``dfs311-vultureclassdroidfighter`` for
``dfs311``, ``hansolo`` under ``gunner`` for ``hansolo-gunner``) are matched, with a warning.
The file's ``points`` are never trusted: they are compared with the real costs and any
difference is a warning. Problems do not stop the reading; the squad read keeps every card
that could be identified.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tallon.data import CardDatabase, Pilot, QuickBuild, Upgrade, load_cards
from tallon.data.vocab import FACTIONS, SLOTS
from tallon.files import FileAccessError, JsonTextError, parse_json, read_text
from tallon.squads.model import EquippedUpgrade, Squad, SquadShip
from tallon.squads.report import Problem, ProblemLog

XWS_VERSION = "2.0.0"
DEFAULT_RULESET = "AMG"

_SQUAD_KEYS = {"version", "name", "points", "faction", "description", "obstacles", "pilots",
               "vendor", "ruleset"}
# "facedown": upgrades kept facedown under a card (tallon.squads.facedown), keyed like
# "upgrades"
_PILOT_KEYS = {"id", "name", "ship", "points", "upgrades", "vendor", "facedown"}

# First-edition XWS (1.0.0) faction names, to point the reader to the 2.0 names.
_FIRST_EDITION_FACTIONS = {"rebel": "rebelalliance", "imperial": "galacticempire",
                           "scum": "scumandvillainy"}

# Slot keys some builders write for the slots Tallon knows by their XWS 2.0 keys.
_SLOT_ALIASES = {"forcepower": "force-power", "tacticalrelay": "tactical-relay",
                 "payload": "device"}


class XwsError(ValueError):
    """The input cannot be read as an XWS squad at all (not JSON, not a squad object)."""


@dataclass(frozen=True)
class XwsImport:
    """A squad read from XWS, with the errors and warnings found while reading it."""

    squad: Squad
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]


class _Reader(ProblemLog):
    def __init__(self, db: CardDatabase) -> None:
        super().__init__()
        self.db = db

    def _suggestions(self, candidates: list[str]) -> str:
        return f"; did you mean {', '.join(candidates)}?" if candidates else ""

    # --- faction ---------------------------------------------------------------------

    def faction(self, data: Mapping[str, Any]) -> str | None:
        raw = data.get("faction")
        if raw is None:
            self.error("faction", "the squad names no faction")
            return None
        if not isinstance(raw, str):
            self.error("faction", f"expected a faction id, got {raw!r}")
            return None
        if raw in FACTIONS:
            return raw
        hint = _FIRST_EDITION_FACTIONS.get(raw)
        if hint:
            self.error("faction", f"unknown faction {raw!r} (a first-edition name); "
                       f"XWS 2.0 calls it {hint!r}")
        else:
            close = difflib.get_close_matches(raw, FACTIONS, n=2, cutoff=0.5)
            self.error("faction", f"unknown faction {raw!r}{self._suggestions(close)}")
        return None

    # --- pilots ----------------------------------------------------------------------

    def _pilot_candidates(self, raw: str, ship: str | None, faction: str | None) -> Iterator[str]:
        if ship:
            yield f"{raw}-{ship}"
        if faction:
            yield f"{raw}-{faction}"
        parts = raw.split("-")
        for end in range(len(parts) - 1, 0, -1):
            yield "-".join(parts[:end])

    def pilot(self, entry: Mapping[str, Any], where: str, index: int,
              faction: str | None) -> Pilot | None:
        raw = entry.get("id")
        if raw is None and isinstance(entry.get("name"), str):
            # First-edition XWS named the pilot in "name".
            raw = entry["name"]
            self.warn(f"{where}.name", f"no 'id'; read the pilot from 'name' ({raw!r})",
                      ship=index)
        if not isinstance(raw, str) or not raw:
            self.error(f"{where}.id", "the pilot has no id", ship=index)
            return None
        ship_hint = entry.get("ship") if isinstance(entry.get("ship"), str) else None
        db = self.db
        exact = db.pilot(raw) if db.has_pilot(raw) else None
        if exact and (ship_hint is None or exact.ship == ship_hint):
            return exact
        for candidate in self._pilot_candidates(raw, ship_hint, faction):
            if db.has_pilot(candidate):
                pilot = db.pilot(candidate)
                if ship_hint is None or pilot.ship == ship_hint:
                    self.warn(f"{where}.id", f"read pilot id {raw!r} as {candidate!r}",
                              card=candidate, ship=index)
                    return pilot
        if exact:
            self.error(f"{where}.ship", f"pilot {raw!r} flies {exact.ship!r}, not "
                       f"{ship_hint!r}", card=raw, ship=index)
            return exact
        close = db.suggest(raw)
        self.error(f"{where}.id", f"unknown pilot {raw!r}{self._suggestions(close)}",
                   card=raw, ship=index)
        return None

    # --- upgrades --------------------------------------------------------------------

    def _slot_key(self, key: str, where: str, index: int) -> str | None:
        if key in SLOTS:
            return key
        alias = _SLOT_ALIASES.get(key.replace("-", "").replace("_", "").lower())
        if alias:
            self.warn(where, f"read slot key {key!r} as {alias!r}", ship=index)
            return alias
        self.error(where, f"unknown upgrade slot {key!r}", ship=index)
        return None

    def _fits_key(self, upgrade: Upgrade, key: str | None) -> bool:
        return key is None or any(key in side.slots for side in upgrade.sides)

    def upgrade(self, raw: str, key: str | None, where: str, index: int,
                faction: str | None) -> Upgrade | None:
        db = self.db
        exact = db.upgrade(raw) if db.has_upgrade(raw) else None
        if exact and self._fits_key(exact, key):
            return exact
        candidates = [f"{raw}-{key}"] if key else []
        if faction:
            candidates.append(f"{raw}-{faction}")
        parts = raw.split("-")
        candidates += ["-".join(parts[:end]) for end in range(len(parts) - 1, 0, -1)]
        for candidate in candidates:
            if db.has_upgrade(candidate) and self._fits_key(db.upgrade(candidate), key):
                self.warn(where, f"read upgrade id {raw!r} as {candidate!r}", card=candidate,
                          ship=index)
                return db.upgrade(candidate)
        if exact:
            self.error(where, f"{raw!r} is listed under {key!r} but is a {exact.slot} "
                       "upgrade", card=raw, ship=index)
            return exact
        close = db.suggest(raw)
        self.error(where, f"unknown upgrade {raw!r}{self._suggestions(close)}", card=raw,
                   ship=index)
        return None

    def upgrades(self, value: Any, where: str, index: int,
                 faction: str | None) -> list[EquippedUpgrade]:
        if value is None:
            return []
        if not isinstance(value, dict):
            self.error(where, f"expected an object of slot keys, got {value!r}", ship=index)
            return []
        found: list[EquippedUpgrade] = []
        for raw_key, ids in value.items():
            key_where = f"{where}.{raw_key}"
            key = self._slot_key(raw_key, key_where, index)
            if isinstance(ids, str):
                self.warn(key_where, "expected a list of ids; read one id", ship=index)
                ids = [ids]
            if not isinstance(ids, list):
                self.error(key_where, f"expected a list of upgrade ids, got {ids!r}",
                           ship=index)
                continue
            for position, raw in enumerate(ids):
                item_where = f"{key_where}[{position}]"
                if not isinstance(raw, str) or not raw:
                    self.error(item_where, f"expected an upgrade id, got {raw!r}", ship=index)
                    continue
                upgrade = self.upgrade(raw, key, item_where, index, faction)
                if upgrade is not None:
                    slot = key if key is not None and key in upgrade.slots else upgrade.slot
                    found.append(EquippedUpgrade(upgrade=upgrade, slot=slot))
        return found

    # --- the squad -------------------------------------------------------------------

    def ship(self, entry: Any, index: int, faction: str | None) -> SquadShip | None:
        where = f"pilots[{index}]"
        if not isinstance(entry, dict):
            self.error(where, f"expected a pilot object, got {entry!r}", ship=index)
            return None
        for key in sorted(set(entry) - _PILOT_KEYS):
            self.warn(f"{where}.{key}", "unknown field, ignored", ship=index)
        pilot = self.pilot(entry, where, index, faction)
        upgrades = self.upgrades(entry.get("upgrades"), f"{where}.upgrades", index, faction)
        if pilot is None:
            return None
        if pilot.is_standard_loadout and not upgrades and "upgrades" not in entry:
            # A standard loadout card always carries its printed upgrades; files from
            # builders that leave them out mean the same ship.
            upgrades = [EquippedUpgrade(self.db.upgrade(u), self.db.upgrade(u).slot)
                        for u in pilot.standard_loadout]
            self.warn(where, f"{pilot.xws} is a standard loadout; equipped its printed "
                      "upgrades", card=pilot.xws, ship=index)
        points = entry.get("points")
        if points is not None and points != pilot.cost:
            self.warn(f"{where}.points", f"the file says {points!r} points; {pilot.name} costs "
                      f"{pilot.cost}", card=pilot.xws, ship=index)
        vendor = entry.get("vendor") if isinstance(entry.get("vendor"), dict) else None
        facedown = self.upgrades(entry.get("facedown"), f"{where}.facedown", index, faction)
        return SquadShip(pilot=pilot, upgrades=tuple(upgrades), vendor=vendor,
                         facedown=tuple(facedown))

    def _renumber(self, ships: list[SquadShip | None]) -> None:
        # Problems were filed under the pilot's position in the file; a pilot that could not
        # be read is not in the squad, so refer to positions in the squad instead.
        position: dict[int, int] = {}
        for index, ship in enumerate(ships):
            if ship is not None:
                position[index] = len(position)

        def renumber(problem: Problem) -> Problem:
            if problem.ship is None:
                return problem
            return replace(problem, ship=position.get(problem.ship))

        self.errors = [renumber(p) for p in self.errors]
        self.warnings = [renumber(p) for p in self.warnings]

    def squad(self, data: Mapping[str, Any]) -> Squad:
        for key in sorted(set(data) - _SQUAD_KEYS):
            self.warn(key, "unknown field, ignored")
        version = data.get("version")
        if version is None:
            self.warn("version", f"no XWS version given; read as {XWS_VERSION}")
        elif not (isinstance(version, str) and version.startswith("2.")):
            self.warn("version", f"XWS version {version!r}; read as {XWS_VERSION}")
        obstacles = data.get("obstacles")
        if obstacles is not None and not (
            isinstance(obstacles, list) and len(obstacles) == 3
            and all(isinstance(o, str) for o in obstacles)
        ):
            self.warn("obstacles", "expected three obstacle ids")
        ruleset = data.get("ruleset")
        if ruleset is not None and ruleset != DEFAULT_RULESET:
            self.warn("ruleset", f"ruleset {ruleset!r}; Tallon judges squads by the 2.5 rules "
                      "and the costs of its card database")
        faction = self.faction(data)
        ships = [self.ship(entry, index, faction) for index, entry in enumerate(data["pilots"])]
        self._renumber(ships)
        squad = Squad(
            faction=faction,
            ships=tuple(ship for ship in ships if ship is not None),
            name=data.get("name") if isinstance(data.get("name"), str) else None,
            description=data.get("description")
            if isinstance(data.get("description"), str) else None,
            obstacles=tuple(o for o in data.get("obstacles", ()) if isinstance(o, str))
            if isinstance(data.get("obstacles"), list) else (),
            ruleset=ruleset if isinstance(ruleset, str) else None,
            vendor=data.get("vendor") if isinstance(data.get("vendor"), dict) else None,
        )
        points = data.get("points")
        if points is not None and points != squad.points:
            self.warn("points", f"the file says {points!r} points; the squad costs "
                      f"{squad.points}")
        return squad


def read_xws(source: str | bytes | Mapping[str, Any], db: CardDatabase | None = None) -> XwsImport:
    """Read an XWS squad from JSON text or an already parsed object.

    Raises :class:`XwsError` only when the input is not an XWS squad at all; every other
    problem is reported in the result.
    """
    if isinstance(source, str | bytes):
        try:
            data = parse_json(source)
        except JsonTextError as error:
            raise XwsError(str(error)) from None
    else:
        data = source
    if not isinstance(data, dict):
        raise XwsError("not an XWS squad: expected a JSON object")
    if "pilots" not in data:
        raise XwsError("not an XWS squad: no 'pilots' list")
    if not isinstance(data["pilots"], list):
        raise XwsError("not an XWS squad: 'pilots' is not a list")
    reader = _Reader(db or load_cards())
    squad = reader.squad(data)
    return XwsImport(squad=squad, errors=tuple(reader.errors), warnings=tuple(reader.warnings))


def read_xws_file(path: str | Path, db: CardDatabase | None = None) -> XwsImport:
    """Read an XWS file; :class:`XwsError` (naming the file) if it cannot be read at all."""
    try:
        text = read_text(path)
    except FileAccessError as error:
        raise XwsError(str(error)) from None
    try:
        return read_xws(text, db)
    except XwsError as error:
        raise XwsError(f"{path}: {error}") from None


def to_xws(squad: Squad) -> dict[str, Any]:
    """The squad as an XWS 2.0.0 object, with the 2.5-era fields ``ship``, ``name`` and
    ``ruleset``. Upgrades are listed under their slot keys in the squad's order."""
    pilots = []
    for ship in squad.ships:
        upgrades: dict[str, list[str]] = {}
        for equipped in ship.upgrades:
            upgrades.setdefault(equipped.slot, []).append(equipped.xws)
        entry: dict[str, Any] = {
            "id": ship.pilot.xws,
            "name": ship.pilot.xws,
            "ship": ship.pilot.ship,
            "points": ship.pilot.cost,
        }
        if upgrades:
            entry["upgrades"] = upgrades
        if ship.facedown:
            facedown: dict[str, list[str]] = {}
            for equipped in ship.facedown:
                facedown.setdefault(equipped.slot, []).append(equipped.xws)
            entry["facedown"] = facedown
        if ship.vendor:
            entry["vendor"] = dict(ship.vendor)
        pilots.append(entry)
    data: dict[str, Any] = {"version": XWS_VERSION, "ruleset": squad.ruleset or DEFAULT_RULESET}
    if squad.faction is not None:
        data["faction"] = squad.faction
    if squad.name is not None:
        data["name"] = squad.name
    if squad.description is not None:
        data["description"] = squad.description
    data["points"] = squad.points
    if squad.obstacles:
        data["obstacles"] = list(squad.obstacles)
    data["pilots"] = pilots
    if squad.vendor:
        data["vendor"] = dict(squad.vendor)
    return data


def dump_xws(squad: Squad) -> str:
    """The squad as XWS JSON text."""
    return json.dumps(to_xws(squad), indent=2, ensure_ascii=False) + "\n"


def quick_build_xws(build: QuickBuild, db: CardDatabase | None = None) -> dict[str, Any]:
    """A quick build as an XWS squad object."""
    db = db or load_cards()
    pilots = []
    for pilot in build.pilots:
        upgrades: dict[str, list[str]] = {}
        for upgrade in pilot.upgrades:
            upgrades.setdefault(upgrade.slot, []).append(upgrade.upgrade)
        entry: dict[str, Any] = {"id": pilot.pilot, "name": pilot.pilot,
                                 "ship": db.pilot(pilot.pilot).ship}
        if upgrades:
            entry["upgrades"] = upgrades
        pilots.append(entry)
    return {"version": XWS_VERSION, "ruleset": DEFAULT_RULESET, "faction": build.faction,
            "name": f"Quick build {build.id} (threat {build.threat})", "pilots": pilots}
