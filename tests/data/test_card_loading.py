"""Loading the generated data validates it against the typed model and fails with a
message naming the file and the field."""

from __future__ import annotations

import json
import shutil
from importlib import resources
from pathlib import Path

import pytest

from tallon.data import CardDataError, load_cards
from tallon.data.loader import GENERATED_FILES


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A writable copy of the packaged generated files."""
    with resources.as_file(resources.files("tallon.data") / "generated") as packaged:
        for name in GENERATED_FILES:
            shutil.copy(Path(packaged) / name, tmp_path / name)
    return tmp_path


def _edit(directory: Path, name: str, change) -> None:
    path = directory / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_the_packaged_data_loads(db):
    """The committed files load into a database with every kind of card."""
    assert len(db.pilots) > 600 and len(db.upgrades) > 500 and len(db.ships) > 100
    assert db.conditions and db.quick_builds and db.damage_deck("core").cards


def test_load_cards_is_cached():
    """load_cards() returns the same database object every time."""
    assert load_cards() is load_cards()


def test_a_copy_loads_from_a_directory(data_copy):
    """A directory of files in the same format loads too."""
    assert load_cards(data_copy).pilot("lukeskywalker").initiative == 5


def test_a_wrong_type_names_file_card_and_field(data_copy):
    """An initiative written as text: the error names pilots.json, the pilot and the field."""
    _edit(data_copy, "pilots.json", lambda pilots: pilots[0].__setitem__("initiative", "3"))
    with pytest.raises(CardDataError) as raised:
        load_cards(data_copy)
    message = str(raised.value)
    first = json.loads((data_copy / "pilots.json").read_text())[0]["xws"]
    assert "pilots.json" in message and first in message and ".initiative" in message
    assert "expected an integer" in message


def test_a_value_outside_the_vocabulary_is_named(data_copy):
    """A ship size 'gigantic' is rejected with the allowed sizes listed."""
    _edit(data_copy, "ships.json", lambda ships: ships[3].__setitem__("size", "gigantic"))
    with pytest.raises(CardDataError, match=r"ships.json: \[3\].*\.size: expected one of "):
        load_cards(data_copy)


def test_a_missing_required_field_is_named(data_copy):
    """An upgrade without 'sides' is reported by file, card and field name."""
    _edit(data_copy, "upgrades.json", lambda upgrades: upgrades[5].pop("sides"))
    with pytest.raises(CardDataError, match=r"upgrades.json: \[5\].*missing field 'sides'"):
        load_cards(data_copy)


def test_an_unknown_field_is_rejected(data_copy):
    """A field the model does not know is an error, not silently ignored."""
    _edit(data_copy, "pilots.json", lambda pilots: pilots[1].__setitem__("ability", "words"))
    with pytest.raises(CardDataError, match="unknown field 'ability'"):
        load_cards(data_copy)


def test_a_nested_field_path_is_named(data_copy):
    """A bad linked action difficulty deep inside a ship names the whole path."""
    def change(ships):
        ships[0]["actions"][0]["linked"] = {"type": "boost", "difficulty": "green"}

    _edit(data_copy, "ships.json", change)
    with pytest.raises(CardDataError, match=r"\.actions\[0\]\.linked\.difficulty"):
        load_cards(data_copy)


def test_a_dangling_reference_is_named(data_copy):
    """A standard loadout naming an upgrade that does not exist is caught at load time."""
    def change(pilots):
        pilot = next(p for p in pilots if p.get("standard_loadout"))
        pilot["standard_loadout"] = ["nosuchupgrade"]

    _edit(data_copy, "pilots.json", change)
    with pytest.raises(CardDataError, match="standard_loadout: unknown upgrade 'nosuchupgrade'"):
        load_cards(data_copy)


def test_a_pilot_of_an_unknown_ship_is_named(data_copy):
    """A pilot whose ship does not exist for its faction fails loading."""
    _edit(data_copy, "pilots.json", lambda pilots: pilots[0].__setitem__("ship", "xwingmk9"))
    with pytest.raises(CardDataError, match=r"\.ship: no ship 'xwingmk9'"):
        load_cards(data_copy)


def test_a_duplicate_id_is_named(data_copy):
    """Two upgrades with one id would make lookups ambiguous: rejected."""
    _edit(data_copy, "upgrades.json", lambda upgrades: upgrades.append(upgrades[0]))
    with pytest.raises(CardDataError, match=r"upgrades.json: id .* more than once"):
        load_cards(data_copy)


def test_broken_json_and_missing_files_are_named(data_copy):
    """Unparseable JSON names file and line; a missing file names the file."""
    (data_copy / "conditions.json").write_text("[\n{oops")
    with pytest.raises(CardDataError, match=r"conditions.json: line 2"):
        load_cards(data_copy)
    (data_copy / "conditions.json").unlink()
    with pytest.raises(CardDataError, match=r"conditions.json: the file is missing"):
        load_cards(data_copy)
