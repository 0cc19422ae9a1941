#!/usr/bin/env python3
"""Generate Tallon's first-edition card data from the xwing-data (first edition) database.

    python3 tools/convert_cards_1e.py [--source DIR] [--check]

Reads ``DIR/data/*.js`` (JSON despite the suffix; default: ``../shared/data/xwing-data-1e``
next to the repository) and writes ``src/tallon/data/generated_1e/*.json``. As with
``convert_cards.py`` (whose helpers this reuses), only facts are kept: names, ids, numbers,
dials, slots, costs, restrictions; never a card's text, only the fact that it has one.
``--check`` writes nothing and exits 1 when the committed files differ from a fresh
conversion. A value the converter does not understand stops it, naming file and card.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))

from convert_cards import SourceError, _check_keys, _fail, _slug, render, run_converter  # noqa: E402
from tallon.data import model  # noqa: E402
from tallon.data import model_1e as m  # noqa: E402
from tallon.data.cards_1e import GENERATED_FILES_1E, build_database_1e  # noqa: E402

DEFAULT_SOURCE = ROOT.parent / "shared" / "data" / "xwing-data-1e"
OUTPUT = ROOT / "src" / "tallon" / "data" / "generated_1e"

#: The damage decks of standard play; the rebel transport's deck is epic play's.
DECKS = ("core", "core-tfa")

# Columns of a maneuver table row, as the source's schema orders them; speed 0's straight
# is the stationary maneuver.
_BEARINGS = "TBFNYKLPERASD"
# A table entry's difficulty: 1 white, 2 green, 3 red (the source schema's numbering).
_DIFFICULTIES = {1: "W", 2: "G", 3: "R"}


def _word(raw: str, choices: tuple[str, ...], what: str, where: str) -> str:
    # The source writes "Target Lock", "Auxiliary 180", "Salvaged Astromech": the model's
    # words are those in lower case, joined as the model's vocabulary joins them.
    for joiner in ("_", "-"):
        word = raw.strip().lower().replace(" ", joiner)
        if word in choices:
            return word
    raise _fail(where, f"unknown {what} {raw!r}")


def _faction(raw: str, where: str) -> str:
    faction = _slug(raw)
    if faction not in m.FACTIONS_1E:
        raise _fail(where, f"unknown faction {raw!r}")
    return faction


def _range(raw: str, where: str) -> tuple[int, int]:
    found = re.fullmatch(r"([1-5])(?:-([1-5]))?", raw)
    if not found:
        raise _fail(where, f"unreadable range {raw!r}")
    low = int(found.group(1))
    return low, int(found.group(2) or low)


def dial_codes(table: list[list[int]], where: str, *, huge: bool = False) -> list[str]:
    """Dial codes (``2FG``) from a source maneuver table (row: speed, column: bearing)."""
    codes = []
    for speed, row in enumerate(table):
        if len(row) > len(_BEARINGS):
            raise _fail(where, f"a maneuver row of speed {speed} has {len(row)} columns")
        for column, value in enumerate(row):
            if value == 0:
                continue
            # a huge ship's table only says a maneuver exists: energy is its cost
            difficulty = ("W" if value == 1 else None) if huge else _DIFFICULTIES.get(value)
            if difficulty is None:
                raise _fail(where, f"unknown maneuver difficulty {value!r}")
            bearing = "O" if speed == 0 and _BEARINGS[column] == "F" else _BEARINGS[column]
            if speed == 0 and bearing != "O":
                raise _fail(where, f"a speed 0 maneuver other than stationary: {bearing}")
            codes.append(f"{speed}{bearing}{difficulty}")
    return codes


def _dial_energy(table: list[list[int]], maneuvers: list[list[int]]) -> list[int]:
    return [table[speed][column] if speed < len(table) and column < len(table[speed]) else 0
            for speed, row in enumerate(maneuvers) for column, value in enumerate(row) if value]


def _grants(raw: list[dict[str, Any]], where: str) -> tuple[m.Grant1e, ...]:
    grants = []
    for grant in raw:
        kind = grant["type"]
        if kind == "slot":
            _check_keys(grant, {"type", "name"}, where)
            grants.append(m.Grant1e(type="slot",
                                    name=_word(grant["name"], m.SLOTS_1E, "slot", where)))
        elif kind == "action":
            _check_keys(grant, {"type", "name"}, where)
            grants.append(m.Grant1e(type="action",
                                    name=_word(grant["name"], m.ACTIONS_1E, "action", where)))
        elif kind == "stats":
            _check_keys(grant, {"type", "name", "value"}, where)
            if grant["name"] not in m.STATS_1E:
                raise _fail(where, f"unknown stat {grant['name']!r}")
            grants.append(m.Grant1e(type="stat", name=grant["name"], value=grant["value"]))
        elif kind == "firing_arc":
            _check_keys(grant, {"type", "name", "slot"}, where)
            slot = grant.get("slot")
            grants.append(m.Grant1e(
                type="arc", name=_word(grant["name"], m.ARCS_1E, "firing arc", where),
                slot=_word(slot, m.SLOTS_1E, "slot", where) if slot else None))  # type: ignore[arg-type]
        else:
            raise _fail(where, f"unknown grant type {kind!r}")
    return tuple(grants)


# --- ships and pilots ---------------------------------------------------------------------

_SHIP_KEYS = {"name", "faction", "attack", "agility", "hull", "shields", "actions",
              "maneuvers", "size", "xws", "id", "firing_arcs", "dial", "energy", "epic_points",
              "maneuvers_energy"}
_PILOT_KEYS = {"name", "id", "unique", "ship", "skill", "points", "slots", "text", "image",
               "faction", "xws", "ship_override", "range", "grants", "conditions"}


def _ship(raw: dict[str, Any], where: str) -> m.Ship1e:
    where = f"{where} ship {raw.get('xws', '?')}"
    _check_keys(raw, _SHIP_KEYS, where)
    size = _word(raw["size"], m.SIZES_1E, "size", where)
    huge = size == "huge"
    dial = dial_codes(raw["maneuvers"], where, huge=huge)
    if "dial" in raw and sorted(raw["dial"]) != sorted(dial):
        # the source's own dial list is a second record of the same facts: a difference
        # means one of them is wrong, which a person must decide
        raise _fail(where, f"the dial list {raw['dial']} differs from the maneuver table")
    energy = _dial_energy(raw["maneuvers_energy"], raw["maneuvers"]) \
        if "maneuvers_energy" in raw else []
    return m.Ship1e(
        xws=raw["xws"],
        name=raw["name"],
        factions=tuple(_faction(f, where) for f in raw["faction"]),  # type: ignore[misc]
        size=size,  # type: ignore[arg-type]
        attack=raw.get("attack"),
        agility=raw["agility"],
        hull=raw["hull"],
        shields=raw["shields"],
        energy=raw.get("energy"),
        actions=tuple(_word(a, m.ACTIONS_1E, "action", where)  # type: ignore[misc]
                      for a in raw["actions"]),
        firing_arcs=tuple(_word(a, m.ARCS_1E, "firing arc", where)  # type: ignore[misc]
                          for a in raw.get("firing_arcs", ())),
        dial=tuple(dial),
        dial_energy=tuple(energy),
    )


def _known(value: Any) -> int | None:
    # "?" marks a value another card sets (Nashtah Pup Pilot)
    return None if value == "?" else value


def _pilot(raw: dict[str, Any], ships: dict[str, m.Ship1e], where: str) -> m.Pilot1e:
    where = f"{where} pilot {raw.get('xws', '?')}"
    _check_keys(raw, _PILOT_KEYS, where)
    if raw["ship"] not in ships:
        raise _fail(where, f"unknown ship {raw['ship']!r}")
    ship = ships[raw["ship"]]
    faction = _faction(raw["faction"], where)
    if faction not in ship.factions:
        raise _fail(where, f"the {ship.name} is not flown by {raw['faction']}")
    override = raw.get("ship_override")
    if override is not None:
        _check_keys(override, {"attack", "agility", "hull", "shields"}, where)
    return m.Pilot1e(
        xws=raw["xws"],
        name=raw["name"],
        ship=ship.xws,
        faction=faction,  # type: ignore[arg-type]
        skill=_known(raw["skill"]),
        points=_known(raw["points"]),
        unique=raw.get("unique", False),
        slots=tuple(_word(s, m.SLOTS_1E, "slot", where)  # type: ignore[misc]
                    for s in raw.get("slots", ())),
        stats=m.StatOverride1e(**override) if override else None,
        range=raw.get("range"),
        grants=_grants(raw.get("grants", []), where),
        conditions=tuple(_slug(c) for c in raw.get("conditions", ())),
        has_ability=bool(raw.get("text")),
    )


# --- upgrades -----------------------------------------------------------------------------

_UPGRADE_KEYS = {"name", "id", "slot", "points", "attack", "range", "text", "image", "xws",
                 "unique", "size", "effect", "grants", "faction", "limited", "energy", "ship",
                 "dualCard", "squadLimited", "conditions"}


#: Printed attack values the source leaves out (a secondary weapon with a range and no
#: attack value), used only while the source has none: Twin Laser Turret prints 3.
PRINTED_ATTACK_1E: dict[str, int] = {"twinlaserturret": 3}


def _upgrade(raw: dict[str, Any], ship_ids: dict[str, str], where: str) -> m.Upgrade1e:
    where = f"{where} upgrade {raw.get('xws', '?')}"
    _check_keys(raw, _UPGRADE_KEYS, where)
    low = high = None
    if "range" in raw:
        low, high = _range(raw["range"], where)
    ships = []
    for name in raw.get("ship", ()):
        if name not in ship_ids:
            raise _fail(where, f"restricted to an unknown ship {name!r}")
        ships.append(ship_ids[name])
    if not isinstance(raw["points"], int) or isinstance(raw["points"], bool):
        raise _fail(where, f"unreadable points {raw['points']!r}")
    return m.Upgrade1e(
        xws=raw["xws"],
        name=raw["name"],
        slot=_word(raw["slot"], m.SLOTS_1E, "slot", where),  # type: ignore[arg-type]
        points=raw["points"],
        unique=raw.get("unique", False),
        limited=raw.get("limited", False),
        squad_limit=raw.get("squadLimited"),
        faction=_faction(raw["faction"], where) if "faction" in raw else None,  # type: ignore[arg-type]
        ships=tuple(ships),
        sizes=tuple(_word(s, m.SIZES_1E, "size", where)  # type: ignore[misc]
                    for s in raw.get("size", ())),
        attack=raw.get("attack", PRINTED_ATTACK_1E.get(raw["xws"])),
        min_range=low,
        max_range=high,
        energy=raw.get("energy"),
        grants=_grants(raw.get("grants", []), where),
        conditions=tuple(_slug(c) for c in raw.get("conditions", ())),
        bomb_token=bool(raw.get("effect")),
        has_ability=bool(raw.get("text")),
    )


def _merge_dual(front: m.Upgrade1e, back: m.Upgrade1e, where: str) -> m.Upgrade1e:
    """One card from the source's two entries of a dual card's faces."""
    if front.xws != back.xws or front.points != back.points or front.slot != back.slot:
        raise _fail(where, f"the faces of dual card {front.xws} differ in id, slot or points")
    # "ARC Caster" / "ARC Caster (Recharging)": the card's name is what the faces share
    name = re.sub(r"\s*\([^)]*\)$", "", front.name)
    return dataclasses.replace(front, name=name, sides=(front.name, back.name))


def _upgrades(raws: list[dict[str, Any]], ship_ids: dict[str, str],
              where: str) -> list[m.Upgrade1e]:
    by_id = {raw["id"]: raw for raw in raws}
    upgrades = []
    for raw in raws:
        upgrade = _upgrade(raw, ship_ids, where)
        other = raw.get("dualCard")
        if other is None:
            upgrades.append(upgrade)
        elif other not in by_id or by_id[other].get("dualCard") != raw["id"]:
            raise _fail(f"{where} upgrade {raw['xws']}", f"dual card's other face {other} "
                        "does not name this face back")
        elif raw["id"] < other:  # the first face met stands for the card
            upgrades.append(_merge_dual(upgrade, _upgrade(by_id[other], ship_ids, where),
                                        where))
    return upgrades


# --- the rest -----------------------------------------------------------------------------


def _condition(raw: dict[str, Any], where: str) -> m.Condition1e:
    _check_keys(raw, {"image", "name", "xws", "text", "unique", "id"}, where)
    return m.Condition1e(xws=raw["xws"], name=raw["name"], unique=raw.get("unique", False),
                         has_ability=bool(raw.get("text")))


def _deck(name: str, raw: list[dict[str, Any]], where: str) -> model.DamageDeck:
    cards = []
    for number, card in enumerate(raw, start=1):
        _check_keys(card, {"name", "amount", "type", "text", "image"}, where)
        kind = card["type"].lower()
        if kind not in ("pilot", "ship"):
            raise _fail(where, f"unknown damage card trait {card['type']!r}")
        cards.append(model.DamageCard(id=_slug(card["name"]), number=number,
                                      title=card["name"], type=kind, count=card["amount"]))
    return model.DamageDeck(name=name, cards=tuple(cards))


def _read(source: Path, name: str) -> Any:
    with (source / "data" / f"{name}.js").open(encoding="utf-8") as handle:
        return json.load(handle)


def _source_info(source: Path) -> model.SourceInfo:
    version_file = source / "VERSION"
    commit = version_file.read_text().split()[0] if version_file.exists() else "unknown"
    package = json.loads((source / "package.json").read_text(encoding="utf-8"))
    return model.SourceInfo(database="xwing-data", version=package["version"], commit=commit)


def convert_source(source: Path) -> dict[str, Any]:
    """The source database as the model's objects, keyed by generated file name."""
    ships = [_ship(raw, "ships.js") for raw in _read(source, "ships")]
    by_name = {ship.name: ship for ship in ships}
    pilots = [_pilot(raw, by_name, "pilots.js") for raw in _read(source, "pilots")]
    upgrades = _upgrades(_read(source, "upgrades"), {s.name: s.xws for s in ships},
                         "upgrades.js")
    conditions = [_condition(raw, "conditions.js") for raw in _read(source, "conditions")]
    decks = [_deck(name, _read(source, f"damage-deck-{name}"), f"damage-deck-{name}.js")
             for name in DECKS]
    references = []
    for raw in _read(source, "reference-cards"):
        _check_keys(raw, {"id", "title", "subtitle", "image"}, "reference-cards.js")
        references.append(m.ReferenceCard1e(number=raw["id"] + 1, title=raw["title"]))
    return {
        "source.json": _source_info(source),
        "ships.json": ships,
        "pilots.json": pilots,
        "upgrades.json": upgrades,
        "conditions.json": conditions,
        "damage_decks.json": decks,
        "reference_cards.json": references,
    }


def convert(source: Path) -> dict[str, str]:
    """The text of every generated file, checked by loading it as the runtime would."""
    objects = convert_source(source)
    if set(objects) != set(GENERATED_FILES_1E):
        raise SourceError("the converter and the loader disagree on the generated files")
    texts = {name: render(value) for name, value in objects.items()}
    build_database_1e({name: json.loads(text) for name, text in texts.items()})
    return texts


def main(argv: list[str] | None = None, report: Callable[[str], None] = print) -> int:
    return run_converter(argv, report, __doc__, convert, DEFAULT_SOURCE, OUTPUT,
                         "the xwing-data (first edition) checkout")


if __name__ == "__main__":
    sys.exit(main())
