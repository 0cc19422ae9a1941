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


def test_the_log_starts_with_each_squad_and_its_points(tmp_path):
    """Situation: ``demo --random-squads`` (squads nobody chose). Expected: the log first
    names each player's squad, faction and points, then each pilot with its cost and
    upgrades; ``--json`` lists the same squads."""
    result = run("demo", "--out", str(tmp_path), "--rounds", "1", "--random-squads",
                 "--seed", "3")
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "replay.json").read_text())
    lines = result.output.splitlines()
    assert lines[0].startswith("Player 1: ") and "points)" in lines[0]
    first_pilot = record["setup"]["squads"][0]["pilots"][0]["id"]
    summary = json.loads(run("demo", "--out", str(tmp_path), "--rounds", "1", "--json",
                             "--random-squads", "--seed", "3").output)
    assert summary["squads"][0]["ships"][0]["pilot"] == first_pilot
    assert [s["player"] for s in summary["squads"]] == [1, 2]
    player_2 = next(k for k, line in enumerate(lines) if line.startswith("Player 2: "))
    assert all(line.startswith("  ") for line in lines[1:player_2])


def test_a_ship_is_destroyed_after_the_damage_that_destroys_it(tmp_path):
    """Situation: a whole demo game. Expected: each "X is destroyed" line follows the
    damage line of the same ship that destroyed it (it used to come before it)."""
    result = run("demo", "--out", str(tmp_path), "--seed", "2")
    lines = [line.strip() for line in result.output.splitlines()]
    destroyed = [k for k, line in enumerate(lines) if line.endswith(" is destroyed")]
    assert destroyed
    for k in destroyed:
        ship = lines[k].removesuffix(" is destroyed")
        assert lines[k - 1].startswith(f"{ship} suffers damage"), lines[k - 2:k + 1]


def test_squads_the_engine_cannot_play_are_refused_card_by_card(tmp_path):
    """Situation: a legal squad file of three pilots the engine does not play. Expected:
    exit 2 and one line per refused card, each with its reason."""
    from tallon.data import load_cards
    from tests.pool_helpers import without_cards

    db = load_cards()
    unique = [db.pilot(x) for x in ("wedgeantilles", "biggsdarklighter", "jekporkins")]
    squad = build_squad("rebelalliance", [(p.xws, []) for p in unique])
    path = tmp_path / "unplayed.json"
    path.write_text(json.dumps(to_xws(squad)))
    # the engine plays them: taken out of the pool, as cards it does not play yet
    with without_cards(*(("pilot", p.xws) for p in unique)):
        result = run("demo", "--out", str(tmp_path), "--squad1", str(path))
    assert result.exit_code == 2
    refused = [line for line in result.output.splitlines() if line.startswith("  - ")]
    assert len(refused) >= 3, result.output  # a pilot's standard loadout may add cards
    assert all("not implemented" in line for line in refused)
    for pilot in unique:
        assert any(f"{pilot.name} ({pilot.xws})" in line for line in refused)
