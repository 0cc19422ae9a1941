"""Loading the generated data files into a validated :class:`CardDatabase`.

The files in ``tallon/data/generated`` are written by ``tools/convert_cards.py``; loading
checks every field against the model and every cross-reference (a pilot's ship, a
standard loadout's upgrades, a quick build's cards), and fails with a
:class:`CardDataError` naming the file and the field.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from tallon.data import codec
from tallon.data.codec import CardDataError
from tallon.data.database import CardDatabase
from tallon.data.model import (
    Condition,
    DamageDeck,
    Faction,
    Pilot,
    QuickBuild,
    Ship,
    SourceInfo,
    Upgrade,
)

GENERATED_FILES: tuple[str, ...] = (
    "source.json",
    "factions.json",
    "ships.json",
    "pilots.json",
    "upgrades.json",
    "conditions.json",
    "damage_decks.json",
    "quick_builds.json",
)


def _unique(file: str, ids: list[str]) -> None:
    repeated = [key for key, count in Counter(ids).items() if count > 1]
    if repeated:
        raise CardDataError(file, "", f"id {repeated[0]!r} is used more than once")


def _check_references(db: CardDatabase) -> None:
    # Every id a card mentions must name a card, so no lookup made later by the engine or
    # the squad checker can fail on the database's own data.
    factions = {f.xws for f in db.factions}
    ship_keys = {(s.xws, s.faction) for s in db.ships}
    ship_ids = {s.xws for s in db.ships}
    pilot_ids = {p.xws for p in db.pilots}
    upgrade_ids = {u.xws for u in db.upgrades}
    condition_ids = {c.xws for c in db.conditions}
    for index, ship in enumerate(db.ships):
        if ship.faction not in factions:
            raise CardDataError("ships.json", f"[{index}] ({ship.xws}).faction",
                                f"unknown faction {ship.faction!r}")
    if len(ship_keys) != len(db.ships):
        raise CardDataError("ships.json", "", "a ship type appears twice for one faction")
    for index, pilot in enumerate(db.pilots):
        where = f"[{index}] ({pilot.xws})"
        if (pilot.ship, pilot.faction) not in ship_keys:
            raise CardDataError("pilots.json", f"{where}.ship",
                                f"no ship {pilot.ship!r} for faction {pilot.faction!r}")
        for name in pilot.standard_loadout:
            if name not in upgrade_ids:
                raise CardDataError("pilots.json", f"{where}.standard_loadout",
                                    f"unknown upgrade {name!r}")
        for name in pilot.conditions:
            if name not in condition_ids:
                raise CardDataError("pilots.json", f"{where}.conditions",
                                    f"unknown condition {name!r}")
        if pilot.loadout is None and not pilot.standard_loadout:
            raise CardDataError("pilots.json", where,
                                "a pilot needs a loadout value or a standard loadout")
    for index, upgrade in enumerate(db.upgrades):
        where = f"[{index}] ({upgrade.xws})"
        if not upgrade.sides:
            raise CardDataError("upgrades.json", f"{where}.sides", "an upgrade needs a side")
        if upgrade.front.type != upgrade.slot:
            raise CardDataError("upgrades.json", f"{where}.slot",
                                f"slot {upgrade.slot!r} differs from its front side's type "
                                f"{upgrade.front.type!r}")
        for side in upgrade.sides:
            for name in side.conditions:
                if name not in condition_ids:
                    raise CardDataError("upgrades.json", f"{where}.sides.conditions",
                                        f"unknown condition {name!r}")
        for group in upgrade.restrictions:
            for ship in group.ships:
                if ship not in ship_ids:
                    raise CardDataError("upgrades.json", f"{where}.restrictions.ships",
                                        f"unknown ship {ship!r}")
    for index, build in enumerate(db.quick_builds):
        where = f"[{index}] ({build.id})"
        for pilot in build.pilots:
            if pilot.pilot not in pilot_ids:
                raise CardDataError("quick_builds.json", f"{where}.pilots",
                                    f"unknown pilot {pilot.pilot!r}")
            for upgrade in pilot.upgrades:
                if upgrade.upgrade not in upgrade_ids:
                    raise CardDataError("quick_builds.json", f"{where}.pilots.upgrades",
                                        f"unknown upgrade {upgrade.upgrade!r}")


def build_database(files: Mapping[str, Any]) -> CardDatabase:
    """Validate parsed generated files (file name -> JSON value) and index them."""
    missing = [name for name in GENERATED_FILES if name not in files]
    if missing:
        raise CardDataError(missing[0], "", "the file is missing")
    factions = codec.read_list(Faction, files["factions.json"], file="factions.json")
    ships = codec.read_list(Ship, files["ships.json"], file="ships.json")
    pilots = codec.read_list(Pilot, files["pilots.json"], file="pilots.json")
    upgrades = codec.read_list(Upgrade, files["upgrades.json"], file="upgrades.json")
    conditions = codec.read_list(Condition, files["conditions.json"], file="conditions.json")
    decks = codec.read_list(DamageDeck, files["damage_decks.json"], file="damage_decks.json")
    builds = codec.read_list(QuickBuild, files["quick_builds.json"], file="quick_builds.json")
    source = codec.read_value(SourceInfo, files["source.json"], file="source.json")
    _unique("pilots.json", [p.xws for p in pilots])
    _unique("upgrades.json", [u.xws for u in upgrades])
    _unique("conditions.json", [c.xws for c in conditions])
    _unique("quick_builds.json", [q.id for q in builds])
    db = CardDatabase(
        source=source,
        factions=factions,
        ships=ships,
        pilots=pilots,
        upgrades=upgrades,
        conditions=conditions,
        damage_decks=decks,
        quick_builds=builds,
    )
    _check_references(db)
    return db


def read_directory(directory: Path, names: Sequence[str] = GENERATED_FILES
                   ) -> dict[str, Any]:
    """The generated files ``names`` of ``directory``, parsed (CardDataError naming the file
    that is missing or is not JSON)."""
    files: dict[str, Any] = {}
    for name in names:
        path = directory / name
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise CardDataError(str(path), "", "the file is missing") from None
        try:
            files[name] = json.loads(text)
        except json.JSONDecodeError as error:
            raise CardDataError(str(path), f"line {error.lineno}", error.msg) from None
    return files


@cache
def load_cards(directory: str | Path | None = None) -> CardDatabase:
    """The card database, loaded once and cached.

    With no ``directory`` it reads the data generated into the ``tallon`` package; a
    directory of files in the same format may be given instead (e.g. for tests).
    """
    if directory is None:
        with resources.as_file(resources.files("tallon.data") / "generated") as path:
            db = build_database(read_directory(Path(path)))
        # the first edition's cards play under ids of their own (1e-...), read on demand
        db.add_edition("1e-", _first_edition_cards)
        return db
    return build_database(read_directory(Path(directory)))


def _first_edition_cards() -> Any:
    # imported here: the first edition's loader reads its files with this module's
    from tallon.data.first_edition_play import first_edition_cards

    return first_edition_cards()
