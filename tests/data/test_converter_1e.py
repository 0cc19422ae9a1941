"""The first-edition converter (tools/convert_cards_1e.py): facts only, dials from the
maneuver tables, dual cards as one card, stops on source data it does not understand, and
the committed files equal a fresh conversion of ../shared (skipped where that is absent)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT.parent / "shared" / "data" / "xwing-data-1e"
GENERATED = ROOT / "src" / "tallon" / "data" / "generated_1e"
sys.path.insert(0, str(ROOT / "tools"))
import convert_cards_1e  # noqa: E402
from convert_cards import SourceError  # noqa: E402

ABILITY = "When attacking, you may do a thing the card says."
EFFECT = "When this bomb token detonates, something happens."


def _write(base: Path, name: str, data: object) -> None:
    path = base / "data" / f"{name}.js"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def _source(base: Path, *, ship_extra: dict | None = None,
            upgrade_extra: dict | None = None) -> Path:
    _write(base, "ships", [{
        "name": "Test Wing", "faction": ["Rebel Alliance", "Resistance"], "attack": 3,
        "agility": 2, "hull": 3, "shields": 2, "actions": ["Focus", "Target Lock"],
        "maneuvers": [[0, 0, 3], [0, 2, 2, 2], [1, 1, 1, 1, 1, 3]], "size": "small",
        "xws": "testwing", "id": 0, "firing_arcs": ["Front", "Auxiliary Rear"],
        **(ship_extra or {})}])
    _write(base, "pilots", [
        {"name": "Test Ace", "id": 0, "unique": True, "ship": "Test Wing", "skill": 7,
         "points": 25, "slots": ["Elite", "Salvaged Astromech"], "text": ABILITY,
         "image": "pilots/x.png", "faction": "Resistance", "xws": "testace"},
        {"name": "Odd Pilot", "id": 1, "ship": "Test Wing", "skill": "?", "points": "?",
         "slots": [], "image": "pilots/y.png", "faction": "Rebel Alliance", "xws": "oddpilot"},
    ])
    _write(base, "upgrades", [
        {"name": "Test Torpedo", "id": 0, "slot": "Torpedo", "points": 4, "attack": 4,
         "range": "2-3", "text": ABILITY, "image": "u.png", "xws": "testtorpedo",
         "ship": ["Test Wing"], "size": ["small"], "faction": "Rebel Alliance",
         "limited": True, **(upgrade_extra or {})},
        {"name": "Flip (Up)", "id": 1, "slot": "Title", "points": 1, "text": ABILITY,
         "image": "f.png", "xws": "flip", "dualCard": 2},
        {"name": "Flip (Down)", "id": 2, "slot": "Title", "points": 1, "text": ABILITY,
         "image": "g.png", "xws": "flip", "dualCard": 1, "effect": EFFECT},
    ])
    _write(base, "conditions", [{"image": "c.png", "name": "Test Mark", "xws": "testmark",
                                 "text": ABILITY, "unique": True, "id": 0}])
    for deck in ("core", "core-tfa"):
        _write(base, f"damage-deck-{deck}", [{"name": "Bad Day", "amount": 33,
                                              "type": "Pilot", "text": ABILITY,
                                              "image": "d.png"}])
    _write(base, "reference-cards", [{"id": 0, "title": "Ion Token",
                                      "subtitle": "Reference Card", "image": "r.png"}])
    (base / "package.json").write_text('{"version": "9.9.9"}')
    (base / "VERSION").write_text("abc123 some date\n")
    return base


def test_a_source_database_converts_to_facts_only(tmp_path):
    """Situation: a small source with texts, effects and image paths. Rule: facts only
    (../shared/docs/data-and-formats.md). Expected: numbers, slots, restrictions and the
    dial come through; no text, effect or image path does; an ability is kept only as
    present; "?" values are absent."""
    texts = convert_cards_1e.convert(_source(tmp_path))
    everything = "".join(texts.values())
    for banned in (ABILITY, EFFECT, ".png"):
        assert banned not in everything
    ace, odd = json.loads(texts["pilots.json"])
    assert ace == {"xws": "testace", "name": "Test Ace", "ship": "testwing",
                   "faction": "resistance", "slots": ["elite", "salvaged-astromech"],
                   "skill": 7, "points": 25, "unique": True, "has_ability": True}
    assert odd == {"xws": "oddpilot", "name": "Odd Pilot", "ship": "testwing",
                   "faction": "rebelalliance", "slots": []}
    [ship] = json.loads(texts["ships.json"])
    assert ship["dial"] == ["0OR", "1BG", "1FG", "1NG", "2TW", "2BW", "2FW", "2NW", "2YW",
                            "2KR"]
    assert ship["firing_arcs"] == ["front", "auxiliary_rear"]
    torpedo, _ = json.loads(texts["upgrades.json"])
    assert torpedo == {"xws": "testtorpedo", "name": "Test Torpedo", "slot": "torpedo",
                       "points": 4, "limited": True, "faction": "rebelalliance",
                       "ships": ["testwing"], "sizes": ["small"], "attack": 4,
                       "min_range": 2, "max_range": 3, "has_ability": True}
    assert json.loads(texts["source.json"]) == {"database": "xwing-data", "version": "9.9.9",
                                                "commit": "abc123"}


def test_a_dual_card_is_one_card_with_two_sides(tmp_path):
    """Situation: the source lists a dual card's faces as two entries naming each other.
    Rule: a dual card is one card, fielded and paid once (reference card "Dual Upgrade
    Cards"). Expected: one upgrade "Flip" with both faces' titles, its points once."""
    texts = convert_cards_1e.convert(_source(tmp_path))
    flip = json.loads(texts["upgrades.json"])[1]
    assert flip["name"] == "Flip"
    assert flip["sides"] == ["Flip (Up)", "Flip (Down)"]
    assert flip["points"] == 1


def test_unknown_source_fields_and_values_stop_the_converter(tmp_path):
    """Situation: an upgrade field, then an action, the converter does not know.
    Expected: an error naming the source file, the card and the value."""
    with pytest.raises(SourceError, match=r"upgrades.js upgrade testtorpedo.*hyperdrive"):
        convert_cards_1e.convert(_source(tmp_path / "a", upgrade_extra={"hyperdrive": 1}))
    with pytest.raises(SourceError, match=r"ships.js ship testwing.*'Teleport'"):
        convert_cards_1e.convert(_source(tmp_path / "b",
                                         ship_extra={"actions": ["Teleport"]}))


def test_a_dial_list_that_contradicts_the_maneuver_table_stops_the_converter(tmp_path):
    """Situation: the source's dial list gives a maneuver its table does not. Expected:
    the converter stops naming the ship, since one of the two records is wrong."""
    with pytest.raises(SourceError, match=r"testwing.*differs from the maneuver table"):
        convert_cards_1e.convert(_source(tmp_path, ship_extra={"dial": ["1FG"]}))


def test_check_mode_reports_stale_files_and_write_mode_fixes_them(tmp_path):
    """--check exits 1 naming the stale file; a normal run writes it; --check is then 0."""
    args = ["--source", str(_source(tmp_path / "src")), "--output", str(tmp_path / "out")]
    messages: list[str] = []
    assert convert_cards_1e.main([*args, "--check"], report=messages.append) == 1
    assert any("pilots.json" in m for m in messages)
    assert convert_cards_1e.main(args, report=messages.append) == 0
    assert convert_cards_1e.main([*args, "--check"], report=messages.append) == 0


@pytest.mark.skipif(not (SOURCE / "data" / "pilots.js").exists(),
                    reason="../shared/data/xwing-data-1e is not present")
def test_committed_data_matches_a_fresh_conversion():
    """Regenerating from ../shared/data/xwing-data-1e gives byte-identical files, and no
    other files lie in generated_1e."""
    texts = convert_cards_1e.convert(SOURCE)
    assert {path.name for path in GENERATED.glob("*.json")} == set(texts)
    stale = [name for name, text in texts.items()
             if (GENERATED / name).read_text(encoding="utf-8") != text]
    assert stale == [], f"regenerate with: python3 tools/convert_cards_1e.py ({stale})"
