"""Bad input found by trying the command line as a new user would: each one now gets a
clear answer (docs/cli.md: exit status 2 for bad input, an ``error:`` line naming the
file or option and the reason), never a traceback and never a nonsense result.

The first tests run the installed ``tallon`` script itself, as a user does.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tallon.files import write_file
from tests.cli.helpers import run, said

SCRIPT = shutil.which("tallon", path=str(Path(sys.executable).parent)) or "tallon"


def tallon(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SCRIPT, *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120, env={**os.environ, "COLUMNS": "100"})


@pytest.mark.parametrize(("args", "says"), [
    (["demo", "--out", "/etc/passwd"], "exists and is not a directory"),
    (["demo", "--out", "/proc/nope"], "cannot create the directory"),
    (["draw", "--ship", "a=small@300,300,0", "--out", "/nonexistdir/x.svg"],
     "the directory /nonexistdir does not exist"),
    (["dice", "--attack", "3", "--plot", "/nonexistdir/x.png"],
     "the directory /nonexistdir does not exist"),
    (["dice", "--attack", "3", "--attacker", "focus=999"], "accepted counts are 0 to 10"),
], ids=["demo-out-file", "demo-out-proc", "draw-out", "dice-plot", "dice-tokens"])
def test_what_crashed_the_installed_script_is_refused_with_exit_2(args, says):
    """Situation: inputs that ended in a Python traceback. Expected: exit 2 and a message
    saying what is wrong; no traceback."""
    done = tallon(*args)
    assert done.returncode == 2, done.stderr
    assert says in said(done.stderr)
    assert "Traceback" not in done.stderr + done.stdout


def test_a_ban_list_that_is_not_text_is_refused(tmp_path):
    """Situation: ``squad check --lists`` given binary bytes (it raised
    UnicodeDecodeError). Expected: exit 2 naming the file: not UTF-8 text."""
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\xe0\x80\xff" * 50)
    squad = tmp_path / "squad.json"
    squad.write_text(json.dumps({"faction": "rebelalliance", "pilots": []}))
    done = tallon("squad", "check", str(squad), "--lists", str(garbage))
    assert done.returncode == 2
    assert f"{garbage}: not a UTF-8 text file" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_internal_error_is_reported_as_one_without_a_traceback(tmp_path, monkeypatch):
    """Situation: Tallon itself fails (here: a command made to raise). Expected: exit 3,
    "internal error", and TALLON_DEBUG=1 named as the way to see the traceback."""
    from tallon.cli import demo as demo_module
    from tests.fuzz.test_cli_fuzz import run_main

    def broken(*_args, **_kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(demo_module, "choose_squads", broken)
    monkeypatch.chdir(tmp_path)
    outcome = run_main(["demo"])
    assert outcome.code == 3
    assert "internal error" in outcome.err and "TALLON_DEBUG=1" in outcome.err
    assert "Traceback" not in outcome.err


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e308", "361"])
def test_a_rotation_that_is_not_an_angle_is_refused(value):
    """Situation: ``move --rotate`` with NaN, infinity or a huge number (it printed
    "rotation nan" or "-64 degrees"). Expected: exit 2, degrees from -360 to 360."""
    result = run("move", "--size", "small", "--rotate", value)
    assert result.exit_code == 2
    assert "give degrees from -360 to 360" in result.output


def test_a_position_for_a_maneuver_without_placements_is_refused():
    """Situation: ``move --maneuver 2F --position front`` (the position was ignored).
    Expected: exit 2: a position goes only with a Tallon roll."""
    result = run("move", "--size", "small", "--maneuver", "2F", "--position", "front")
    assert result.exit_code == 2
    assert "goes only with a Tallon roll" in said(result.output)
    tallon_roll = run("move", "--size", "small", "--maneuver", "3R", "--position", "front")
    assert tallon_roll.exit_code == 0


def test_a_position_with_a_boost_is_refused():
    """Situation: ``--position`` with a move that has no placements. Expected: exit 2."""
    result = run("move", "--size", "small", "--boost", "left", "--position", "back")
    assert result.exit_code == 2
    assert "--position goes with" in said(result.output)


def test_a_ship_wholly_off_the_table_is_refused():
    """Situation: ``measure`` with a ship at y = 1e9 (it answered "range 9999999").
    Expected: exit 2 naming the ship; a ship partly off the table is still measured, with
    a warning."""
    result = run("measure", "--ship", "a=small@400,1e9,0", "--ship", "b=small@400,300,0")
    assert result.exit_code == 2
    assert "wholly off the play area" in said(result.output)
    partly = run("measure", "--ship", "a=small@400,5,0", "--ship", "b=small@400,300,0")
    assert partly.exit_code == 0


def test_a_replay_without_squads_is_refused_with_the_missing_key_named(tmp_path):
    """Situation: a replay record whose setup has no ``squads`` (it printed
    "error: ...: 'squads'"). Expected: exit 2: the setup has no 'squads'."""
    record = {"format": "tallon-game", "version": 2, "choices": [],
              "setup": {"ruleset": "2.5", "seed": 1, "rounds": 12}}
    path = tmp_path / "replay.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert "the setup has no 'squads'" in result.output


def test_an_unknown_card_id_is_bad_input():
    """Situation: ``cards show`` with an id no card has. Expected: exit 2, as docs/cli.md
    says for bad input."""
    assert run("cards", "show", "nosuchcard").exit_code == 2


def test_an_output_file_is_written_whole_or_not_at_all(tmp_path):
    """Situation: an output written where it can be. Expected: the file holds all of it
    and no temporary file is left beside it; a device is written into, not replaced."""
    target = tmp_path / "out.json"
    write_file(target, "{}" * 1000)
    assert target.read_text() == "{}" * 1000
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]
    write_file("/dev/null", "nothing")
    assert Path("/dev/null").is_char_device()


@pytest.mark.parametrize("args", [
    ["demo", "--out", "x" * 300],
    ["draw", "--ship", "a=small@300,300,0", "--out", "x" * 300 + ".svg"],
    ["dice", "--attack", "2", "--plot", "y" * 300 + "/z.png"],
    ["replay", "x" * 300],
], ids=["demo", "draw", "dice", "replay"])
def test_a_file_name_too_long_is_bad_input(args, tmp_path, monkeypatch):
    """Situation: a path longer than the system allows (found by the fuzz test: it ended
    in an internal error). Expected: exit 2 with the reason."""
    from tests.fuzz.test_cli_fuzz import run_main

    monkeypatch.chdir(tmp_path)
    outcome = run_main(args)
    assert outcome.code == 2, outcome.err
    assert "too long" in outcome.err or "does not exist" in said(outcome.err)
