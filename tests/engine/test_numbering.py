"""Players are numbered 1 and 2 everywhere a user or developer sees one (docs/engine.md,
"Players are numbered 1 and 2, everywhere"): decisions, owners, the winner, the first
player, views, ship ids, the log, mission points and the command line's JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tallon.agents import RandomAgent, play
from tallon.cards import CARDS
from tallon.cli.demo import default_squads
from tallon.engine import CHANCE, Game, GameSetup
from tests.cli.helpers import run

V2_RECORD = Path(__file__).resolve().parents[1] / "render" / "data" / "record-v2-demo.json"


def test_every_decision_and_owner_is_player_1_or_2():
    """Situation: a whole game between random agents. Expected: every decision names player
    1 or 2 (or CHANCE for a random event), every ship's owner is 1 or 2 and its id starts
    with its owner's number, and the first player is 1 or 2."""
    game = Game(GameSetup(default_squads(), seed=4, rounds=3, cards=CARDS), chance="explicit")
    agents = (RandomAgent(1), RandomAgent(2))
    seen = set()
    while game.decision is not None:
        d = game.decision
        seen.add(d.player)
        who = 0 if d.player == CHANCE else d.player - 1
        game.answer(agents[who].choose({}, d))
        assert game.state.first_player in (1, 2)
    assert seen == {1, 2, CHANCE}
    for ship in game.state.ships.values():
        assert ship.owner in (1, 2) and ship.id[1] == str(ship.owner)


def test_the_winner_is_1_or_2_and_a_draw_says_so():
    """Situation: finished games. Expected: ``winner`` is 1, 2 or None; ``draw`` is true
    exactly when the game is over with no winner; mission points are by player number."""
    outcomes = set()
    for seed in range(6):
        game = Game(GameSetup(default_squads(), seed=seed, rounds=2, cards=CARDS))
        play(game, (RandomAgent(seed), RandomAgent(seed + 1)))
        s = game.state
        assert s.over and s.winner in (1, 2, None)
        assert s.draw == (s.winner is None)
        assert set(s.mission_points) == {1, 2}
        assert s.mission_points[2] == s.player(2).mission_points
        if s.winner is not None:
            assert s.mission_points[s.winner] > s.mission_points[3 - s.winner] or \
                not s.ships_of(3 - s.winner) or not any(x.in_play for x in
                                                         s.ships_of(3 - s.winner))
        outcomes.add(s.winner)
    unfinished = Game(GameSetup(default_squads(), seed=1, cards=CARDS))
    assert not unfinished.state.draw and unfinished.state.winner is None
    assert outcomes - {None}, "some game had a winner"


def test_a_view_is_asked_for_by_player_number_and_lists_the_players():
    """Situation: a new game. Expected: ``view(1)`` and ``view(2)`` name their player and
    list both players by number with their mission points; ``view(0)`` is refused."""
    game = Game(GameSetup(default_squads(), seed=1, cards=CARDS))
    for player in (1, 2):
        view = game.view(player, log=False)
        assert view["player"] == player
        assert [p["player"] for p in view["players"]] == [1, 2]
        assert all("mission_points" in p for p in view["players"])
    with pytest.raises(ValueError, match="numbered 1 and 2"):
        game.view(0)
    with pytest.raises(ValueError, match="numbered 1 and 2"):
        game.state.player(0)


def test_the_log_and_the_demo_json_number_players_as_the_api_does(tmp_path):
    """Situation: ``tallon demo --json`` and the log. Expected: the JSON's winner is the
    same number as ``state.winner`` (no +1 between them), mission points are listed player
    1's first, and the log's "Player N" is the decision's player N."""
    result = run("demo", "--rounds", "2", "--seed", "3", "--json", "--out", str(tmp_path))
    summary = json.loads(result.output)
    record = json.loads((tmp_path / "replay.json").read_text())
    game = Game.from_record(record, CARDS)
    assert summary["winner"] == game.state.winner
    assert summary["draw"] == game.state.draw
    assert summary["mission_points"] == [game.state.mission_points[1],
                                         game.state.mission_points[2]]
    fresh = Game(GameSetup(default_squads(), seed=3, cards=CARDS))
    first = next(e for e in fresh.log if "is the first player" in e["text"])
    assert first["text"] == f"Player {fresh.state.first_player} is the first player"
    assert fresh.decision.prompt.startswith(f"Player {fresh.decision.player}:")


def test_a_version_2_record_still_reproduces():
    """Situation: a record saved by version 2 (players 0 and 1 in its hash). Expected: it
    replays and ``reproduces`` it, comparing in the numbering it was saved with."""
    record = json.loads(V2_RECORD.read_text())
    assert record["version"] == 2
    game = Game.from_record(record, CARDS, logging=False)
    assert game.reproduces(record)
    assert game.state_hash() != record["state_hash"]
