"""``tallon move``, ``tallon measure``, ``tallon draw`` and ``tallon demo`` as a user and a
script use them."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import run


def test_move_prints_json_relative_position():
    result = run("move", "--size", "small", "--maneuver", "1N", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["forward"] == pytest.approx(90.710678)
    assert data["right"] == pytest.approx(37.573593)
    assert data["rotation"] == pytest.approx(45.0)


def test_move_with_outline_gives_the_template_shape():
    data = json.loads(run("move", "--size", "large", "--maneuver", "2TW", "--json",
                          "--outline").output)
    assert data["outline"]["shape"] == "annular_sector"
    assert data["outline"]["inner_radius"] == pytest.approx(52.5)
    assert data["rotation"] == pytest.approx(-90.0)


@pytest.mark.parametrize("args,expected", [
    (["--barrel-roll", "left", "--position", "front"], (-80, 10, 0)),
    (["--boost", "straight"], (0, 80, 0)),
    (["--decloak", "right", "--position", "back"], (120, -10, 0)),
    (["--maneuver", "3K"], (0, 160, 180)),
    (["--maneuver", "2B", "--sideslip"], (126.066017, 52.218254, -45)),
    (["--maneuver", "1R", "--position", "back"], (55, 65, 180)),
    (["--rotate", "90"], (0, 0, 90)),
    (["--drop", "1F"], (0, -60, 180)),
])
def test_every_kind_of_move(args, expected):
    result = run("move", "--size", "small", *args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["right"], data["forward"], data["rotation"]) == pytest.approx(expected)


def test_move_human_output_names_the_move():
    result = run("move", "--size", "medium", "--maneuver", "2F")
    assert result.exit_code == 0
    assert "[2F] (medium base)" in result.output and "140.000" in result.output


@pytest.mark.parametrize("args,message", [
    (["--size", "small", "--maneuver", "9F"], "bad maneuver code"),
    (["--size", "huge", "--maneuver", "1F"], "unknown base size"),
    (["--size", "small"], "exactly one of"),
    (["--size", "small", "--maneuver", "1F", "--boost", "left"], "exactly one of"),
    (["--size", "small", "--barrel-roll", "up"], "unknown side"),
    (["--size", "small", "--maneuver", "2F", "--sideslip"], "sideslip"),
])
def test_move_refuses_bad_input_with_a_reason(args, message):
    result = run("move", *args)
    assert result.exit_code == 2
    assert message in result.output


def test_measure_json_has_every_key_for_each_ordered_pair():
    result = run("measure", "--ship", "tie=small@400,300,0", "--ship", "xw=small@520,398,0",
                 "--obstacle", "core2asteroid3@470,330,0", "--json")
    assert result.exit_code == 0, result.output
    records = json.loads(result.output)
    assert [(r["from"], r["to"]) for r in records] == [("tie", "xw"), ("xw", "tie")]
    first = records[0]
    assert set(first) >= {"from", "to", "range", "distance", "arcs", "attack_range",
                          "obstructed", "relation"}
    assert set(first["arcs"]) == {"front", "rear", "left", "right", "bullseye", "full_front",
                                  "full_rear"}
    assert first["range"] == 1 and first["attack_range"]["front"] == 2
    assert first["attack_range"]["rear"] is None
    assert first["obstructed"]["right"] is True
    assert first["relation"] == "in_front"


def test_measure_warns_about_overlapping_ships():
    result = run("measure", "--ship", "a=small@400,300,0", "--ship", "b=small@410,310,0")
    assert result.exit_code == 0
    assert "a and b overlap" in result.output


@pytest.mark.parametrize("spec,message", [
    ("a=small@1,2", "expected 3 comma-separated numbers"),
    ("a@1,2,3", "ID=SIZE@X,Y,HEADING"),
    ("a=tiny@1,2,3", "unknown base size"),
])
def test_measure_refuses_bad_ship_specs(spec, message):
    result = run("measure", "--ship", spec)
    assert result.exit_code == 2 and message in result.output


def test_measure_names_an_unknown_obstacle():
    result = run("measure", "--ship", "a=small@1,2,3", "--obstacle", "moon@1,2,3")
    assert result.exit_code == 2 and "unknown obstacle id 'moon'" in result.output


def test_draw_writes_an_svg(tmp_path):
    out = tmp_path / "t.svg"
    result = run("draw", "--ship", "a=small@300,300,0", "--ship", "b=large@420,500,180",
                 "--obstacle", "gascloud1@300,500,0", "--maneuver", "a=2N",
                 "--range-bands", "b", "--arcs", "a", "--lines", "--out", str(out))
    assert result.exit_code == 0, result.output
    svg = out.read_text()
    assert svg.startswith("<?xml") and "<svg" in svg and "<path" in svg


def test_demo_plays_a_game_and_writes_a_replay(tmp_path):
    """tallon demo --json prints the summary and writes replay.json and replay.html; the
    replay reproduces the game (tallon replay exits 0)."""
    result = run("demo", "--out", str(tmp_path), "--json", "--rounds", "2", "--seed", "4")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) >= {"seed", "rounds", "winner", "state_hash", "ships_destroyed",
                         "attacks", "damage_dealt", "replay"}
    assert data["seed"] == 4 and data["rounds"] == 2
    assert (tmp_path / "replay.html").read_text().startswith("<!DOCTYPE html>")
    replayed = run("replay", str(tmp_path / "replay.json"), "--json")
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.output)["reproduced"] is True


def test_replay_detects_a_changed_record(tmp_path):
    """A record whose final hash doesn't match what the answers produce exits 1."""
    run("demo", "--out", str(tmp_path), "--json", "--rounds", "1", "--seed", "5")
    path = tmp_path / "replay.json"
    record = json.loads(path.read_text())
    record["state_hash"] = "0" * 16
    path.write_text(json.dumps(record))
    assert run("replay", str(path)).exit_code == 1


def test_replay_refuses_unreadable_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = run("replay", str(bad))
    assert result.exit_code == 2 and "not JSON" in result.output


@pytest.mark.parametrize("command", ["move", "measure", "draw", "demo", "replay"])
def test_every_command_has_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0 and "Usage" in result.output


def test_measure_a_huge_ship_by_its_type():
    """Situation: a CR90 Corellian Corvette (its base 225 mm long) facing +y at (457, 300)
    and an X-wing 300 mm ahead of its centre, facing it. Rule: RR: APPENDIX: HUGE SHIPS -
    a huge ship's base is a rectangle 80 mm wide, its length by type; range is measured
    from base to base. Expected: 600 - 20 - (300 + 112.5) = 167.5 mm, range 2, in the
    CR90's front arc."""
    result = run("measure", "--ship", "cr90=cr90corelliancorvette@457,300,0",
                 "--ship", "xw=small@457,600,180", "--json")
    assert result.exit_code == 0, result.output
    record = next(r for r in json.loads(result.output) if r["from"] == "cr90")
    assert record["distance"] == pytest.approx(167.5) and record["range"] == 2
    assert record["attack_range"]["front"] == 2
    bad = run("measure", "--ship", "cr90=cr91@457,300,0")
    assert bad.exit_code == 2 and "cr90corelliancorvette" in bad.output


def test_draw_moves_a_huge_ship_with_its_maneuver_tool(tmp_path):
    """Situation: draw a CR90's 2 straight. Rule: RR: APPENDIX: HUGE SHIPS - huge ships
    move with the huge ship maneuver tool, not a template: 40 mm per speed straight ahead.
    Expected: the SVG shows no template and the ghost base 80 mm further along."""
    out = tmp_path / "cr90.svg"
    result = run("draw", "--ship", "cr90=cr90corelliancorvette@457,300,0",
                 "--maneuver", "cr90=2F", "--out", str(out))
    assert result.exit_code == 0, result.output
    svg = out.read_text()
    assert "417,187.5 497,187.5 497,412.5 417,412.5" in svg  # the CR90 where it starts
    assert "417,267.5 497,267.5 497,492.5 417,492.5" in svg  # and 80 mm ahead
    assert "447,412.5 467,412.5" not in svg  # no 20 mm wide template at its front
