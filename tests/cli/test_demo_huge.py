"""`tallon demo` with a huge ship on each side (RR: APPENDIX: HUGE SHIPS): two epic squads
(tests/lists/epic/), each a C-ROC Cruiser with small escorts, played to the end by the default
agents and replayed; a squad with a huge ship is judged by the epic format."""

from __future__ import annotations

import json
from pathlib import Path

from tallon.cards import CARDS
from tallon.engine import Game
from tests.cli.helpers import run, said

EPIC = Path(__file__).resolve().parent.parent / "lists" / "epic"


def test_a_demo_with_a_huge_ship_on_each_side_plays_to_the_end(tmp_path):
    """Situation: ``demo --squad1 croc-scum.json --squad2 croc-seps.json --json`` (seed 3,
    Chance Engagement, the default agents: the ace on both sides). Expected: exit 0; both
    squads' first ship is a C-ROC; the game ended; the replay reproduces it and its log
    shows the huge ship maneuver tool."""
    result = run("demo", "--out", str(tmp_path), "--json", "--seed", "3", "--scenario",
                 "chance-engagement", "--squad1", str(EPIC / "croc-scum.json"),
                 "--squad2", str(EPIC / "croc-seps.json"))
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert [s["ships"][0]["pilot"] for s in summary["squads"]] == [
        "syndicatesmugglers", "separatistprivateers"]
    record = json.loads((tmp_path / "replay.json").read_text())
    game = Game.from_record(record, CARDS)
    assert game.over and game.reproduces(record)
    assert any("huge ship maneuver tool" in e["text"] for e in game.log)


def test_a_cr90_with_a_turbolaser_against_a_raider_plays_bonus_attacks(tmp_path):
    """Situation: ``demo`` (seed 1) with the CR90 list (Turbolaser Battery, Tantive IV)
    against the Raider list (Point-Defense Battery). Rule: RR: APPENDIX: HUGE SHIPS - BONUS
    ATTACKS. Expected: exit 0; the log has bonus attacks; a removed CR90 scores 149 (its
    upgrades' squad points included)."""
    result = run("demo", "--out", str(tmp_path), "--seed", "1",
                 "--squad1", str(EPIC / "cr90-rebels.json"),
                 "--squad2", str(EPIC / "raider-empire.json"))
    assert result.exit_code == 0, result.output
    assert "as a bonus attack" in result.output
    assert "Alderaanian Guard (p1.1) is removed" not in result.output or \
        "scores 149" in result.output


def test_an_epic_squad_is_judged_by_the_epic_format(tmp_path):
    """Situation: the C-ROC squad (73 points) as player 1 of a demo. Rule: a squad with a
    huge ship is an epic squad (docs/rulings.md, Squad building 19-21). Expected: it is
    not refused for its points nor for being a huge ship; a standard check of it fails."""
    result = run("demo", "--out", str(tmp_path), "--rounds", "1", "--agents", "random",
                 "--squad1", str(EPIC / "croc-scum.json"))
    assert result.exit_code == 0, said(result.output)
    check = run("squad", "check", str(EPIC / "croc-scum.json"))
    assert check.exit_code == 1 and "huge ship" in said(check.output)
