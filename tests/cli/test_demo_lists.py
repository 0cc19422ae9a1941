"""The XWS lists in tests/lists (bombs, mines, remotes, ion weapons) play whole games in
`tallon demo`, and their devices are used."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tallon.cards import CARDS
from tallon.engine import Game
from tests.cli.helpers import run

LISTS = Path(__file__).resolve().parent.parent / "lists"
PAIRS = [("rebel-y-wing-bombers.json", "scum-firespray-mines.json"),
         ("separatist-droid-swarm.json", "rebel-y-wing-bombers.json")]


@pytest.mark.parametrize("first,second", PAIRS)
def test_a_demo_game_with_device_lists_plays_to_the_end(first, second, tmp_path):
    """Situation: two legal lists carrying bombs, mines, a remote or ion weapons, played
    by the ace agents. Expected: the demo exits 0 with a finished game, and its replay
    shows devices dropped or launched."""
    result = run("demo", "--squad1", str(LISTS / first), "--squad2", str(LISTS / second),
                 "--seed", "3", "--json", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["rounds"] >= 1 and data["winner"] in (1, 2, None)
    game = Game.from_record(json.loads((tmp_path / "replay.json").read_text()), CARDS)
    assert game.over
    assert any(e["kind"] == "device" and (" drops " in e["text"] or " launches " in e["text"])
               for e in game.log)


def test_the_lists_are_legal():
    """Every list in tests/lists passes `tallon squad check`."""
    for path in sorted(LISTS.glob("*.json")):
        result = run("squad", "check", str(path))
        assert result.exit_code == 0, (path.name, result.output)
