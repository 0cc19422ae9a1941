#!/usr/bin/env python3
"""Generate Tallon's card data from the xwing-data2 card database.

    python3 tools/convert_cards.py [--source DIR] [--check]

Reads ``DIR`` (default: ``../shared/data/xwing-data2`` next to the repository) through its
``data/manifest.json`` and writes ``src/tallon/data/generated/*.json``. Only facts are
carried over: names, ids, numbers, dials, slots, costs, legality flags, restrictions.
Ability texts, flavour texts and image addresses are dropped; for each card only the fact
*that* it prints an ability is kept.

``--check`` writes nothing and exits 1 if the committed files differ from a fresh
conversion. Any value the converter does not understand stops it with the source file and
the card's id, so a new kind of source data is never silently dropped.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from tallon.data import codec, model, vocab  # noqa: E402
from tallon.data.loader import GENERATED_FILES, build_database  # noqa: E402

DEFAULT_SOURCE = ROOT.parent / "shared" / "data" / "xwing-data2"
OUTPUT = ROOT / "src" / "tallon" / "data" / "generated"


class SourceError(ValueError):
    """The source database holds something the converter does not understand."""


def _fail(where: str, problem: str) -> SourceError:
    return SourceError(f"{where}: {problem}")


# --- vocabulary ---------------------------------------------------------------------------

_ACTIONS = {vocab.action_name(a): a for a in vocab.ACTION_TYPES}
_ARCS = {vocab.arc_name(a): a for a in vocab.ARCS}


def _slot(raw: str, where: str) -> str:
    # The source spells slots "Force Power" in cards but "force-power" in file names, and
    # occasionally in lower case inside grants.
    slot = raw.strip().lower().replace(" ", "-")
    if slot not in vocab.SLOTS:
        raise _fail(where, f"unknown upgrade slot {raw!r}")
    return slot


def _action_type(raw: str, where: str) -> str:
    if raw not in _ACTIONS:
        raise _fail(where, f"unknown action {raw!r}")
    return _ACTIONS[raw]


def _arc(raw: str, where: str) -> str:
    if raw not in _ARCS:
        raise _fail(where, f"unknown arc {raw!r}")
    return _ARCS[raw]


def _difficulty(raw: str, where: str) -> str:
    difficulty = raw.lower()
    if difficulty not in vocab.DIFFICULTIES:
        raise _fail(where, f"unknown difficulty {raw!r}")
    return difficulty


def _size(raw: str, where: str) -> str:
    size = raw.lower()
    if size not in vocab.SIZES:
        raise _fail(where, f"unknown size {raw!r}")
    return size


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _check_keys(raw: dict[str, Any], allowed: Iterable[str], where: str) -> None:
    unknown = sorted(set(raw) - set(allowed))
    if unknown:
        raise _fail(where, f"unexpected source field(s) {', '.join(unknown)}")


# --- shared pieces ------------------------------------------------------------------------


def _action(raw: dict[str, Any], where: str) -> model.Action:
    _check_keys(raw, {"type", "difficulty", "linked"}, where)
    linked = raw.get("linked")
    return model.Action(
        type=_action_type(raw["type"], where),
        difficulty=_difficulty(raw["difficulty"], where),
        linked=_action(linked, where + " (linked)") if linked else None,
    )


def _charges(raw: dict[str, Any] | None, where: str) -> model.Charges | None:
    if raw is None:
        return None
    _check_keys(raw, {"value", "recovers"}, where)
    return model.Charges(value=raw["value"], recovers=raw.get("recovers", 0))


def _force(raw: dict[str, Any] | None, where: str) -> model.Force | None:
    if raw is None:
        return None
    _check_keys(raw, {"value", "recovers", "side"}, where)
    return model.Force(
        value=raw["value"], recovers=raw.get("recovers", 0), sides=tuple(raw.get("side", ()))
    )


def _stat_block(stats: list[dict[str, Any]], where: str) -> dict[str, Any]:
    """Split a source stat list into attacks and named values."""
    block: dict[str, Any] = {"attacks": []}
    for stat in stats:
        kind = stat["type"]
        if kind == "attack":
            _check_keys(stat, {"type", "arc", "value"}, where)
            block["attacks"].append(
                model.PrimaryAttack(arc=_arc(stat["arc"], where), value=stat["value"])
            )
        elif kind in ("agility", "hull", "shields", "energy"):
            _check_keys(stat, {"type", "value", "recovers"}, where)
            block[kind] = stat["value"]
            if "recovers" in stat:
                block[f"{kind}_recovers"] = stat["recovers"]
        else:
            raise _fail(where, f"unknown stat {kind!r}")
    block["attacks"] = tuple(block["attacks"])
    return block


# --- ships and pilots ---------------------------------------------------------------------

_SHIP_KEYS = {"name", "xws", "size", "faction", "stats", "actions", "pilots", "dial", "dialCodes",
              "icon"}
_PILOT_KEYS = {"name", "caption", "initiative", "limited", "cost", "loadout", "xws", "ability",
               "text", "image", "artwork", "slots", "standard", "extended", "epic", "keywords",
               "shipAbility", "shipStats", "shipActions", "standardLoadout", "charges", "force",
               "engagement", "conditions"}


def _ship(raw: dict[str, Any], where: str) -> model.Ship:
    _check_keys(raw, _SHIP_KEYS, where)
    stats = _stat_block(raw["stats"], where)
    shields_recover = stats.get("shields_recovers", 0)
    abilities: list[str] = []
    for pilot in raw["pilots"]:
        name = pilot.get("shipAbility", {}).get("name")
        if name and name not in abilities:
            abilities.append(name)
    return model.Ship(
        xws=raw["xws"],
        name=raw["name"],
        faction=raw["faction"],
        size=_size(raw["size"], where),
        dial=tuple(raw.get("dial", ())),
        attacks=stats["attacks"],
        agility=stats["agility"],
        hull=stats["hull"],
        shields=stats.get("shields", 0),
        shield_recovers=shields_recover,
        energy=stats.get("energy"),
        energy_recovers=stats.get("energy_recovers", 0),
        actions=tuple(_action(a, where) for a in raw["actions"]),
        ship_abilities=tuple(abilities),
    )


# Printed charges the source omits, as (value, recovers). The figures are the published
# cards' as recorded by the Fly Casual project's card list (facts only). Applied only while
# the source gives the pilot no charges, so a source that adds them wins (docs/rulings.md).
_MISSING_PILOT_CHARGES: dict[str, tuple[int, int]] = {
    "hansolo-battleofyavin": (4, 0),
    "tapusk": (2, 1),
}


def _pilot_charges(raw: dict[str, Any], where: str) -> model.Charges | None:
    if "charges" not in raw and raw.get("xws") in _MISSING_PILOT_CHARGES:
        value, recovers = _MISSING_PILOT_CHARGES[raw["xws"]]
        return model.Charges(value=value, recovers=recovers)
    return _charges(raw.get("charges"), where)


def _pilot(raw: dict[str, Any], ship: model.Ship, where: str) -> model.Pilot:
    where = f"{where} pilot {raw.get('xws', '?')}"
    _check_keys(raw, _PILOT_KEYS, where)
    overrides: dict[str, Any] = {}
    if "shipStats" in raw:
        # A pilot card printing its own stat line: keep only the values that differ from
        # the ship's, so ``None`` always means "as the ship".
        stats = _stat_block(raw["shipStats"], where)
        if stats["attacks"] != ship.attacks:
            overrides["attacks"] = stats["attacks"]
        for name in ("agility", "hull", "shields"):
            if name in stats and stats[name] != getattr(ship, name):
                overrides[name] = stats[name]
    if "shipActions" in raw:
        actions = tuple(_action(a, where) for a in raw["shipActions"])
        if actions != ship.actions:
            overrides["actions"] = actions
    ability = raw.get("shipAbility")
    return model.Pilot(
        xws=raw["xws"],
        name=raw["name"],
        ship=ship.xws,
        faction=ship.faction,
        initiative=raw["initiative"],
        limited=raw["limited"],
        cost=raw["cost"],
        standard=raw["standard"],
        extended=raw["extended"],
        epic=raw["epic"],
        loadout=raw.get("loadout"),
        slots=tuple(_slot(s, where) for s in raw.get("slots", ())),
        keywords=tuple(raw.get("keywords", ())),
        caption=raw.get("caption"),
        charges=_pilot_charges(raw, where),
        force=_force(raw.get("force"), where),
        ship_ability=ability["name"] if ability else None,
        standard_loadout=tuple(raw.get("standardLoadout", ())),
        conditions=tuple(raw.get("conditions", ())),
        engagement=raw.get("engagement"),
        has_ability=bool(raw.get("ability")),
        **overrides,
    )


# --- upgrades -----------------------------------------------------------------------------

_UPGRADE_KEYS = {"name", "limited", "xws", "sides", "standard", "extended", "epic", "cost",
                 "restrictions", "standardLoadoutOnly"}
_SIDE_KEYS = {"title", "type", "slots", "ability", "text", "image", "artwork", "charges",
              "grants", "attack", "force", "device", "actions", "conditions", "shipAbility",
              "restrictions"}
_RESTRICTION_ALTERNATIVES = {
    "factions": "factions",
    "ships": "ships",
    "sizes": "sizes",
    "keywords": "keywords",
    "arcs": "arcs",
    "force_side": "force_sides",
    "equipped": "equipped",
    "names": "names",
    "shipAbility": "ship_abilities",
}
_RESTRICTION_MARKERS = {"standardized": "standardized", "solitary": "solitary",
                        "non-limited": "non_limited"}


def _special_attack(raw: dict[str, Any], where: str) -> model.SpecialAttack:
    _check_keys(raw, {"type", "arc", "value", "minrange", "maxrange", "ordnance"}, where)
    return model.SpecialAttack(
        arc=_arc(raw["arc"], where),
        value=raw["value"],
        min_range=raw["minrange"],
        max_range=raw["maxrange"],
        ordnance=raw.get("ordnance", False),
    )


def _grants(raw: list[dict[str, Any]], where: str) -> model.Grants:
    actions, slots, stats, arcs, force = [], [], [], [], []
    for grant in raw:
        kind = grant["type"]
        if kind == "action":
            _check_keys(grant, {"type", "value"}, where)
            actions.append(_action(grant["value"], where))
        elif kind == "slot":
            _check_keys(grant, {"type", "value", "amount"}, where)
            slots.append(model.SlotGrant(slot=_slot(grant["value"], where),
                                         amount=grant["amount"]))
        elif kind == "stat":
            _check_keys(grant, {"type", "value", "amount", "arc"}, where)
            arc = _arc(grant["arc"], where) if "arc" in grant else None
            stats.append(model.StatGrant(stat=grant["value"], amount=grant["amount"], arc=arc))
        elif kind == "arc":
            _check_keys(grant, {"type", "value"}, where)
            arcs.append(_arc(grant["value"], where))
        elif kind == "force":
            _check_keys(grant, {"type", "value", "amount"}, where)
            force.append(model.ForceGrant(amount=grant["amount"],
                                          sides=tuple(grant["value"].get("side", ()))))
        else:
            raise _fail(where, f"unknown grant type {kind!r}")
    return model.Grants(actions=tuple(actions), slots=tuple(slots), stats=tuple(stats),
                        arcs=tuple(arcs), force=tuple(force))


def _device(raw: dict[str, Any], where: str) -> model.Device:
    _check_keys(raw, {"name", "type", "effect", "text", "image", "artwork", "initiative",
                      "charges", "stats"}, where)
    attack = agility = hull = None
    for stat in raw.get("stats", ()):
        if stat["type"] == "attack":
            attack = _special_attack(stat, where)
        elif stat["type"] == "agility":
            agility = stat["value"]
        elif stat["type"] == "hull":
            hull = stat["value"]
        else:
            raise _fail(where, f"unknown device stat {stat['type']!r}")
    return model.Device(
        name=raw["name"],
        type=raw["type"].lower(),
        initiative=raw.get("initiative"),
        charges=_charges(raw.get("charges"), where),
        attack=attack,
        agility=agility,
        hull=hull,
    )


def _side(raw: dict[str, Any], where: str) -> model.UpgradeSide:
    _check_keys(raw, _SIDE_KEYS, where)
    ability = raw.get("shipAbility")
    return model.UpgradeSide(
        title=raw["title"],
        type=_slot(raw["type"], where),
        slots=tuple(_slot(s, where) for s in raw["slots"]),
        attack=_special_attack(raw["attack"], where) if "attack" in raw else None,
        charges=_charges(raw.get("charges"), where),
        force=_force(raw.get("force"), where),
        grants=_grants(raw.get("grants", []), where),
        device=_device(raw["device"], where) if "device" in raw else None,
        conditions=tuple(raw.get("conditions", ())),
        actions=tuple(_action(a, where) for a in raw.get("actions", ())),
        ship_ability=ability["name"] if ability else None,
        has_ability=bool(raw.get("ability")),
    )


def _restrictions(
    raw: list[dict[str, Any]], where: str
) -> tuple[tuple[model.RestrictionGroup, ...], dict[str, bool]]:
    groups: list[model.RestrictionGroup] = []
    markers: dict[str, bool] = {}
    for entry in raw:
        marker_keys = set(entry) & set(_RESTRICTION_MARKERS)
        if marker_keys:
            # Markers are squad-level rules, never alternatives of a ship requirement.
            if len(entry) != 1:
                raise _fail(where, f"restriction mixes a marker with alternatives: {entry}")
            key = marker_keys.pop()
            markers[_RESTRICTION_MARKERS[key]] = bool(entry[key])
            continue
        arguments: dict[str, Any] = {}
        for key, value in entry.items():
            if key == "action":
                _check_keys(value, {"type", "difficulty"}, where)
                arguments["action"] = model.ActionRequirement(
                    type=_action_type(value["type"], where),
                    difficulty=_difficulty(value["difficulty"], where)
                    if "difficulty" in value else None,
                )
            elif key in _RESTRICTION_ALTERNATIVES:
                values = tuple(value)
                if key == "sizes":
                    values = tuple(_size(v, where) for v in values)
                elif key == "arcs":
                    values = tuple(_arc(v, where) for v in values)
                elif key == "equipped":
                    values = tuple(_slot(v, where) for v in values)
                arguments[_RESTRICTION_ALTERNATIVES[key]] = values
            else:
                raise _fail(where, f"unknown restriction {key!r}")
        groups.append(model.RestrictionGroup(**arguments))
    return tuple(groups), markers


def _cost(raw: dict[str, Any] | None, where: str) -> model.UpgradeCost | None:
    if raw is None:
        return None
    if "variable" in raw:
        _check_keys(raw, {"variable", "values"}, where)
        if raw["variable"] not in ("size", "agility", "initiative"):
            raise _fail(where, f"unknown variable cost {raw['variable']!r}")
        table = tuple(
            model.CostStep(key=_size(key, where) if raw["variable"] == "size" else key,
                           cost=value)
            for key, value in raw["values"].items()
        )
        return model.UpgradeCost(variable=raw["variable"], table=table)
    _check_keys(raw, {"value"}, where)
    value = raw.get("value")
    if isinstance(value, bool) or not isinstance(value, int):
        # The source writes "?" for cards whose cost depends on an epic scenario.
        return model.UpgradeCost()
    return model.UpgradeCost(value=value)


def _upgrade(raw: dict[str, Any], slot_key: str, where: str) -> model.Upgrade:
    where = f"{where} upgrade {raw.get('xws', '?')}"
    _check_keys(raw, _UPGRADE_KEYS, where)
    sides = tuple(_side(side, where) for side in raw["sides"])
    groups, markers = _restrictions(raw.get("restrictions", []), where)
    for side in raw["sides"]:
        # The source repeats some restrictions on a side; a side restriction that is not
        # also the card's would be a rule the model cannot hold.
        side_groups, side_markers = _restrictions(side.get("restrictions", []), where)
        if not set(side_groups) <= set(groups) or side_markers:
            raise _fail(where, "a side has restrictions the card itself does not have")
    return model.Upgrade(
        xws=raw["xws"],
        name=raw["name"],
        slot=_slot(slot_key, where),
        limited=raw["limited"],
        sides=sides,
        standard=raw["standard"],
        extended=raw["extended"],
        epic=raw["epic"],
        cost=_cost(raw.get("cost"), where),
        restrictions=groups,
        standard_loadout_only=raw.get("standardLoadoutOnly", False),
        **markers,
    )


# --- the rest -----------------------------------------------------------------------------


def _condition(raw: dict[str, Any], where: str) -> model.Condition:
    _check_keys(raw, {"name", "limited", "ability", "xws", "image", "artwork", "text"}, where)
    return model.Condition(xws=raw["xws"], name=raw["name"], limited=raw["limited"],
                           has_ability=bool(raw.get("ability")))


def _damage_deck(name: str, raw: dict[str, Any], where: str) -> model.DamageDeck:
    cards = []
    for number, card in enumerate(raw["cards"], start=1):
        _check_keys(card, {"title", "amount", "type", "text", "image", "artwork"}, where)
        cards.append(model.DamageCard(id=_slug(card["title"]), number=number,
                                      title=card["title"], type=card["type"].lower(),
                                      count=card["amount"]))
    return model.DamageDeck(name=name, cards=tuple(cards))


def _quick_builds(faction: str, raw: dict[str, Any], where: str) -> list[model.QuickBuild]:
    builds = []
    for number, build in enumerate(raw["quick-builds"], start=1):
        _check_keys(build, {"threat", "pilots"}, where)
        pilots = []
        for pilot in build["pilots"]:
            _check_keys(pilot, {"id", "upgrades"}, where)
            upgrades = tuple(
                model.QuickBuildUpgrade(slot=_slot(slot, where), upgrade=upgrade)
                for slot, ids in pilot.get("upgrades", {}).items()
                for upgrade in ids
            )
            pilots.append(model.QuickBuildPilot(pilot=pilot["id"], upgrades=upgrades))
        builds.append(model.QuickBuild(id=f"{faction}-{number:03d}", faction=faction,
                                       threat=build["threat"], pilots=tuple(pilots)))
    return builds


def _read_json(source: Path, relative: str) -> Any:
    with (source / relative).open(encoding="utf-8") as handle:
        return json.load(handle)


def _source_info(source: Path, manifest: dict[str, Any]) -> model.SourceInfo:
    version_file = source / "VERSION"
    commit = version_file.read_text().split()[0] if version_file.exists() else "unknown"
    return model.SourceInfo(database="xwing-data2", version=manifest["version"], commit=commit)


def convert_source(source: Path) -> dict[str, Any]:
    """Convert the source database into the model's objects, keyed by generated file name."""
    manifest = _read_json(source, "data/manifest.json")
    factions = [model.Faction(xws=f["xws"], name=f["name"])
                for path in manifest["factions"] for f in _read_json(source, path)]
    ships: list[model.Ship] = []
    pilots: list[model.Pilot] = []
    for group in manifest["pilots"]:
        for path in group["ships"]:
            raw = _read_json(source, path)
            if raw["faction"] != group["faction"]:
                raise _fail(path, "ship file's faction differs from the manifest's")
            ship = _ship(raw, path)
            ships.append(ship)
            pilots.extend(_pilot(p, ship, path) for p in raw["pilots"])
    upgrades = [
        _upgrade(raw, Path(path).stem, path)
        for path in manifest["upgrades"]
        for raw in _read_json(source, path)
    ]
    conditions = [_condition(raw, manifest["conditions"])
                  for raw in _read_json(source, manifest["conditions"])]
    decks = [_damage_deck(Path(path).stem, _read_json(source, path), path)
             for path in manifest["damagedecks"]]
    builds = []
    for path in manifest["quick-builds"]:
        faction = Path(path).stem.replace("-", "")
        if faction not in vocab.FACTIONS:
            raise _fail(path, f"quick-build file for unknown faction {faction!r}")
        builds.extend(_quick_builds(faction, _read_json(source, path), path))
    return {
        "source.json": _source_info(source, manifest),
        "factions.json": factions,
        "ships.json": ships,
        "pilots.json": pilots,
        "upgrades.json": upgrades,
        "conditions.json": conditions,
        "damage_decks.json": decks,
        "quick_builds.json": builds,
    }


def render(value: Any) -> str:
    """JSON text of a generated file: one card per line, so diffs show changed cards."""
    data = codec.to_data(value)
    if isinstance(data, list):
        lines = [json.dumps(item, ensure_ascii=False, separators=(",", ":")) for item in data]
        return "[\n" + ",\n".join(lines) + "\n]\n"
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def convert(source: Path) -> dict[str, str]:
    """The text of every generated file, checked by loading it as the runtime would."""
    objects = convert_source(source)
    if set(objects) != set(GENERATED_FILES):
        raise SourceError("the converter and the loader disagree on the generated files")
    texts = {name: render(value) for name, value in objects.items()}
    build_database({name: json.loads(text) for name, text in texts.items()})
    return texts


def _differences(texts: dict[str, str], directory: Path) -> list[str]:
    stale = [name for name, text in texts.items()
             if not (directory / name).exists()
             or (directory / name).read_text(encoding="utf-8") != text]
    extra = [p.name for p in directory.glob("*.json") if p.name not in texts]
    return sorted(stale + extra)


def main(argv: list[str] | None = None, report: Callable[[str], None] = print) -> int:
    return run_converter(argv, report, __doc__, convert, DEFAULT_SOURCE, OUTPUT,
                         "the xwing-data2 checkout to read")


def run_converter(argv: list[str] | None, report: Callable[[str], None], doc: str | None,
                  convert_source_dir: Callable[[Path], dict[str, str]], source: Path,
                  output: Path, source_help: str) -> int:
    """A converter's command line (this one's and the first edition's): convert the
    source, then write the generated files, or with --check only say which are stale."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=source,
                        help=f"{source_help} (default: %(default)s)")
    parser.add_argument("--output", type=Path, default=output,
                        help="where to write the generated files (default: %(default)s)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if the generated files are out of date")
    options = parser.parse_args(argv)
    texts = convert_source_dir(options.source)
    differences = _differences(texts, options.output)
    if options.check:
        for name in differences:
            report(f"out of date: {options.output / name}")
        return 1 if differences else 0
    options.output.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        (options.output / name).write_text(text, encoding="utf-8")
    for name in differences:
        if name not in texts:
            (options.output / name).unlink()
    report(f"wrote {len(texts)} files to {options.output} ({len(differences)} changed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
