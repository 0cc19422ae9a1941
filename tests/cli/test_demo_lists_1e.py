"""The first-edition 100-point lists in tests/lists/1e (XWS 1.0.0; every side, many of the
cards the engine plays: pilot abilities, elite talents, astromechs, crew, ordnance, titles,
modifications, turrets, cloaking TIE Phantoms, a K-wing, a Lambda shuttle, a YT-1300, a
Firespray's rear arc, a Decimator) are legal, play whole games in `tallon demo` with the ace
agents, and their replays reproduce."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tallon.cards import CARDS
from tallon.engine import Game
from tests.cli.helpers import run

LISTS = Path(__file__).resolve().parent.parent / "lists" / "1e"
#: the lists of this test, each played once below
NEW_LISTS = ("rebel-falcon-biggs-and-blount-100.json",
             "rebel-k-wing-and-b-wing-100.json",
             "rebel-corran-norra-and-kyle-100.json",
             "imperial-phantoms-and-soontir-100.json",
             "imperial-decimator-shuttle-and-bomber-100.json",
             "imperial-boba-fett-and-redline-100.json",
             "scum-kath-and-xizor-100.json",
             "scum-ig-88b-nym-and-y-wing-100.json")
#: (squad 1, squad 2, seed, words the log must contain): the ship or card the pair is
#: about doing its thing
PAIRS = [
    # the TIE Phantoms cloak (the advanced cloaking device's free cloak action)
    ("rebel-k-wing-and-b-wing-100.json", "imperial-phantoms-and-soontir-100.json", 3,
     "performs a cloak action"),
    # Kath Scarlet fires out of the Firespray's rear arc (the only rear arc of the pair)
    ("rebel-falcon-biggs-and-blount-100.json", "scum-kath-and-xizor-100.json", 2,
     "with its primary rear weapon"),
    # the Decimator or the TIE bomber drops a bomb
    ("rebel-corran-norra-and-kyle-100.json", "imperial-decimator-shuttle-and-bomber-100.json",
     3, " drops "),
    # Redline or Captain Nym drops a bomb
    ("imperial-boba-fett-and-redline-100.json", "scum-ig-88b-nym-and-y-wing-100.json", 1,
     " drops "),
]


@pytest.mark.parametrize("first,second,seed,shows", PAIRS)
def test_a_demo_game_with_the_1e_lists_plays_to_the_end(first, second, seed, shows,
                                                         tmp_path):
    """Situation: two legal first-edition lists played by the ace agents for 6 rounds.
    Expected: the demo exits 0 with a finished game won by a player or drawn, its replay
    reproduces the recorded final state, and its log shows the pair's event."""
    result = run("demo", "--squad1", str(LISTS / first), "--squad2", str(LISTS / second),
                 "--json", "--agents", "ace", "--seed", str(seed), "--rounds", "6",
                 "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ruleset"] == "1e"
    assert data["rounds"] >= 1
    assert data["winner"] in (1, 2) or (data["winner"] is None and data["draw"])
    assert [squad["points"] for squad in data["squads"]] == [100, 100]
    replay = tmp_path / "replay.json"
    checked = run("replay", str(replay), "--json")
    assert checked.exit_code == 0, checked.output
    assert json.loads(checked.output)["reproduced"] is True
    game = Game.from_record(json.loads(replay.read_text()), CARDS)
    assert game.over
    assert any(shows in e["text"] for e in game.log), shows


def test_the_1e_lists_are_legal_100_point_squads():
    """Every list of this test passes `tallon squad check --ruleset 1e` at 100 points, has
    a name and a description, and every side has at least two of them."""
    sides = []
    for name in NEW_LISTS:
        squad = json.loads((LISTS / name).read_text())
        assert squad["version"] == "1.0.0" and squad["name"] and squad["description"]
        sides.append(squad["faction"])
        result = run("squad", "check", str(LISTS / name), "--ruleset", "1e", "--json")
        assert result.exit_code == 0, (name, result.output)
        report = json.loads(result.output)
        assert report["legal"] and report["points"] == 100, (name, report["errors"])
        assert not report["warnings"], (name, report["warnings"])
    assert all(sides.count(side) >= 2 for side in ("rebel", "imperial", "scum"))


def test_each_1e_list_is_played_by_a_pair():
    """The pairs above play every list of this test."""
    assert sorted(name for pair in PAIRS for name in pair[:2]) == sorted(NEW_LISTS)
