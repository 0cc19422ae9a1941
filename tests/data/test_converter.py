"""The converter (tools/convert_cards.py) keeps facts only, and stops on source data it
does not understand, naming the source file and card. Runs on a small hand-made source
database, so it needs no ../shared."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import convert_cards  # noqa: E402

ABILITY = "After you do a thing, you may do another thing."
FLAVOUR = "A sentence of flavour that must never reach Tallon."


def _write(base: Path, relative: str, data: object) -> None:
    path = base / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def _source(base: Path, *, pilot_extra: dict | None = None) -> Path:
    _write(base, "data/manifest.json", {
        "version": "0.0.1",
        "damagedecks": ["data/damage-decks/core.json"],
        "factions": ["data/factions/factions.json"],
        "pilots": [{"faction": "rebelalliance", "ships": ["data/pilots/rebel/wing.json"]}],
        "upgrades": ["data/upgrades/talent.json"],
        "conditions": "data/conditions/conditions.json",
        "quick-builds": ["data/quick-builds/rebel-alliance.json"],
    })
    _write(base, "data/factions/factions.json",
           [{"name": "Rebel Alliance", "xws": "rebelalliance", "icon": "https://x.invalid/i"}])
    pilot = {"name": "Test Ace", "xws": "testace", "initiative": 4, "limited": 1, "cost": 5,
             "loadout": 10, "slots": ["Talent", "Force Power"], "standard": True,
             "extended": True, "epic": True, "ability": ABILITY, "image": "https://x.invalid/p",
             "shipAbility": {"name": "Test Thrusters", "text": ABILITY},
             **(pilot_extra or {})}
    _write(base, "data/pilots/rebel/wing.json", {
        "name": "Test Wing", "xws": "testwing", "size": "Small", "faction": "rebelalliance",
        "dial": ["1FB", "2TW"], "icon": "https://x.invalid/s",
        "stats": [{"type": "attack", "arc": "Front Arc", "value": 3},
                  {"type": "agility", "value": 2}, {"type": "hull", "value": 3}],
        "actions": [{"type": "Focus", "difficulty": "White",
                     "linked": {"type": "Barrel Roll", "difficulty": "Red"}}],
        "pilots": [pilot],
    })
    _write(base, "data/upgrades/talent.json", [{
        "name": "Test Talent", "xws": "testtalent", "limited": 0, "cost": {"value": 2},
        "standard": True, "extended": True, "epic": True,
        "restrictions": [{"factions": ["rebelalliance"], "names": ["Test Ace"]}],
        "sides": [{"title": "Test Talent", "type": "Talent", "slots": ["Talent"],
                   "ability": ABILITY, "text": FLAVOUR, "charges": {"value": 1, "recovers": 1},
                   "grants": [{"type": "slot", "value": "force power", "amount": 1}]}],
    }])
    _write(base, "data/conditions/conditions.json",
           [{"name": "Test Mark", "xws": "testmark", "limited": 1, "ability": ABILITY}])
    _write(base, "data/damage-decks/core.json",
           {"cards": [{"title": "Bad Day!", "amount": 3, "type": "Pilot", "text": ABILITY}]})
    _write(base, "data/quick-builds/rebel-alliance.json",
           {"quick-builds": [{"threat": 2, "pilots": [{"id": "testace", "upgrades":
                                                        {"talent": ["testtalent"]}}]}]})
    (base / "VERSION").write_text("abc123 some date\n")
    return base


def test_a_source_database_converts_to_facts_only(tmp_path):
    """Names, numbers, slots and restrictions come through; ability texts, flavour texts
    and image addresses do not; abilities are recorded only as present."""
    texts = convert_cards.convert(_source(tmp_path))
    everything = "".join(texts.values())
    for banned in (ABILITY, FLAVOUR, "https://"):
        assert banned not in everything
    pilots = json.loads(texts["pilots.json"])
    assert pilots == [{"xws": "testace", "name": "Test Ace", "ship": "testwing",
                       "faction": "rebelalliance", "initiative": 4, "limited": 1, "cost": 5,
                       "standard": True, "extended": True, "epic": True, "loadout": 10,
                       "slots": ["talent", "force-power"], "ship_ability": "Test Thrusters",
                       "has_ability": True}]
    [upgrade] = json.loads(texts["upgrades.json"])
    assert upgrade["restrictions"] == [{"factions": ["rebelalliance"], "names": ["Test Ace"]}]
    assert upgrade["sides"][0]["grants"] == {"slots": [{"slot": "force-power", "amount": 1}]}
    [ship] = json.loads(texts["ships.json"])
    assert ship["actions"] == [{"type": "focus",
                                "linked": {"type": "barrel_roll", "difficulty": "red"}}]
    assert json.loads(texts["source.json"])["commit"] == "abc123"
    deck = json.loads(texts["damage_decks.json"])[0]
    assert deck["cards"] == [{"id": "badday", "number": 1, "title": "Bad Day!", "type": "pilot",
                              "count": 3}]


def test_an_unknown_source_field_stops_the_converter_naming_file_and_card(tmp_path):
    """A pilot field the converter does not know is an error naming the file and pilot, so
    new source data is never dropped silently."""
    source = _source(tmp_path, pilot_extra={"hyperspaceRating": 3})
    with pytest.raises(convert_cards.SourceError,
                       match=r"data/pilots/rebel/wing.json pilot testace.*hyperspaceRating"):
        convert_cards.convert(source)


def test_an_unknown_slot_stops_the_converter(tmp_path):
    """A slot outside the vocabulary is an error naming the slot."""
    source = _source(tmp_path, pilot_extra={"slots": ["Talent", "Jetpack"]})
    with pytest.raises(convert_cards.SourceError, match="Jetpack"):
        convert_cards.convert(source)


def test_check_mode_reports_stale_files_and_write_mode_fixes_them(tmp_path):
    """--check exits 1 and names the stale file; a normal run writes it; --check is then 0."""
    source = _source(tmp_path / "src")
    output = tmp_path / "out"
    messages: list[str] = []
    args = ["--source", str(source), "--output", str(output)]
    assert convert_cards.main([*args, "--check"], report=messages.append) == 1
    assert any("pilots.json" in m for m in messages)
    assert convert_cards.main(args, report=messages.append) == 0
    assert convert_cards.main([*args, "--check"], report=messages.append) == 0


def test_printed_charges_the_source_omits_are_supplied_only_while_it_omits_them():
    """Situation: Han Solo (Battle of Yavin) and Tápusk print charges the source omits.
    Rule: the converter's data correction gives their printed values (4, not recurring; 2,
    recurring 1), only while the source has none. Expected: the printed values for the
    bare source entries; the source's own value once it gives one; nothing for others."""
    charges = convert_cards._pilot_charges
    assert charges({"xws": "hansolo-battleofyavin"}, "here") == \
        convert_cards.model.Charges(value=4, recovers=0)
    assert charges({"xws": "tapusk"}, "here") == convert_cards.model.Charges(value=2,
                                                                             recovers=1)
    assert charges({"xws": "tapusk", "charges": {"value": 3}}, "here") == \
        convert_cards.model.Charges(value=3, recovers=0)
    assert charges({"xws": "testace"}, "here") is None
