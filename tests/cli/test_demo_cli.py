"""``tallon demo``: attacks in the log, squads from files, random squads, bad input."""

from __future__ import annotations

import json

from tallon.squads import build_squad, to_xws
from tests.cli.helpers import run


def test_the_log_shows_attacks_dice_modifications_and_damage(tmp_path):
    """Issue 4: each attack's dice, every modification chosen and the damage dealt."""
    result = run("demo", "--out", str(tmp_path), "--seed", "1", "--rounds", "6")
    assert result.exit_code == 0, result.output
    log = result.output
    assert " attacks " in log and " rolls " in log
    assert "Spend focus" in log or "Spend lock" in log
    assert "suffers damage from the attack" in log


def test_squads_from_xws_files(tmp_path):
    rebels = build_squad("rebelalliance", [("wedgeantilles", []), ("lukeskywalker", []),
                                           ("biggsdarklighter", []), ("thanekyrell", [])])
    path = tmp_path / "rebels.json"
    path.write_text(json.dumps(to_xws(rebels)))
    result = run("demo", "--out", str(tmp_path), "--json", "--rounds", "1",
                 "--squad1", str(path))
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "replay.json").read_text())
    ids = [p["id"] for p in record["setup"]["squads"][0]["pilots"]]
    assert ids == ["wedgeantilles", "lukeskywalker", "biggsdarklighter", "thanekyrell"]


def test_an_illegal_squad_file_is_refused_with_its_problems(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"faction": "rebelalliance",
                                "pilots": [{"id": "wedgeantilles"}, {"id": "wedgeantilles"},
                                           {"id": "lukeskywalkr"}]}))
    result = run("demo", "--out", str(tmp_path), "--squad1", str(path))
    assert result.exit_code == 2
    assert "bad.json" in result.output and "lukeskywalkr" in result.output


def test_random_squads_are_drawn_from_the_seed(tmp_path):
    first = run("demo", "--out", str(tmp_path / "a"), "--json", "--rounds", "1",
                "--random-squads", "--seed", "3")
    second = run("demo", "--out", str(tmp_path / "b"), "--json", "--rounds", "1",
                 "--random-squads", "--seed", "3")
    assert first.exit_code == 0 and second.exit_code == 0, first.output
    squads = [json.loads((tmp_path / d / "replay.json").read_text())["setup"]["squads"]
              for d in ("a", "b")]
    assert squads[0] == squads[1]
