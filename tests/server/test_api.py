"""The server's JSON API and WebSocket over real HTTP: ``tallon serve`` in its own process
on a free port (docs/server.md)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from websockets.sync.client import connect

from tallon.cards import CARDS
from tallon.engine import Game
from tests.server.helpers import Server, demo_xws


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path / "games.db").start()
    yield running
    running.stop()


def new_game(server: Server, seats=("human", "human"), seed: int = 3) -> tuple[str, str, str]:
    status, created = server.call("POST", "/api/games",
                                  {"squads": demo_xws(), "seats": list(seats), "seed": seed})
    assert status == 200, created
    tokens = {seat["player"]: seat["token"] for seat in created["seats"]}
    return created["game"], tokens[1], tokens[2]


def pending(server: Server, game: str, tokens: dict[int, str]) -> tuple[int, dict]:
    """The player to answer and their message."""
    for player, token in tokens.items():
        status, message = server.call("GET", f"/api/games/{game}/view?token={token}")
        assert status == 200
        decision = message["decision"]
        if decision is not None and decision["player"] == player:
            return player, message
    raise AssertionError("nobody has a decision")


def play(server: Server, game: str, tokens: dict[int, str], answers: int) -> None:
    for _ in range(answers):
        player, message = pending(server, game, tokens)
        decision = message["decision"]
        status, after = server.call("POST", f"/api/games/{game}/answer?token={tokens[player]}",
                                    {"decision": decision["id"],
                                     "answer": decision["options"][-1]["value"]})
        assert status == 200, after


def test_a_game_is_created_with_a_token_per_seat_and_shows_each_player_their_own(server):
    """Situation: a game of two human seats. Expected: two seats numbered 1 and 2 with
    different tokens; each view names its player; only the player to act sees the
    options; the other sees whose decision it is and its kind."""
    game, one, two = new_game(server)
    assert one != two
    messages = {p: server.call("GET", f"/api/games/{game}/view?token={t}")[1]
                for p, t in ((1, one), (2, two))}
    assert {m["view"]["player"] for m in messages.values()} == {1, 2}
    acting = messages[1]["decision"]["player"]
    assert "options" in messages[acting]["decision"]
    assert "options" not in messages[3 - acting]["decision"]
    assert messages[3 - acting]["decision"]["kind"] == messages[acting]["decision"]["kind"]
    assert messages[1]["mission_points"] == [0, 0] and messages[1]["over"] is False


def test_a_wrong_token_is_refused_and_changes_nothing(server):
    """Situation: a request with a token of no seat. Expected: 403 for view, answer and
    record; the game is unchanged."""
    game, one, _two = new_game(server)
    before = server.call("GET", f"/api/games/{game}/view?token={one}")[1]
    assert server.call("GET", f"/api/games/{game}/view?token=nope")[0] == 403
    assert server.call("POST", f"/api/games/{game}/answer?token=nope",
                       {"decision": 0, "answer": "x"})[0] == 403
    assert server.call("GET", f"/api/games/{game}/record")[0] == 403
    assert server.call("GET", f"/api/games/{game}/view?token={one}")[1] == before


def test_an_illegal_answer_is_422_and_a_stale_decision_409_each_changing_nothing(server):
    """Situation: the acting player answers with a value no option has, then with the
    wrong decision id, then the other player answers. Expected: 422 with the engine's
    reason, 409 twice; the game is unchanged."""
    game, one, two = new_game(server)
    tokens = {1: one, 2: two}
    player, message = pending(server, game, tokens)
    decision = message["decision"]
    url = f"/api/games/{game}/answer?token={tokens[player]}"
    status, refused = server.call("POST", url, {"decision": decision["id"], "answer": "x"})
    assert status == 422 and "not one of the legal options" in refused["error"]
    status, _ = server.call("POST", url, {"decision": decision["id"] + 1,
                                          "answer": decision["options"][0]["value"]})
    assert status == 409
    other = f"/api/games/{game}/answer?token={tokens[3 - player]}"
    assert server.call("POST", other, {"decision": decision["id"],
                                       "answer": decision["options"][0]["value"]})[0] == 409
    assert server.call("GET", f"/api/games/{game}/view?token={tokens[player]}")[1] == message


def test_illegal_squads_are_refused_with_each_problem(server):
    """Situation: a squad with a misspelt pilot and a duplicate unique pilot. Expected:
    422 and a list of problems naming the squad, as `tallon squad check` reports them."""
    bad = {"faction": "rebelalliance", "pilots": [{"id": "wedgeantilles"},
                                                  {"id": "wedgeantilles"},
                                                  {"id": "lukeskywalkr"}]}
    status, refused = server.call("POST", "/api/games",
                                  {"squads": [bad, demo_xws()[1]], "seats": ["human", "human"]})
    assert status == 422
    assert all(problem["squad"] == 1 for problem in refused["problems"])
    assert any("lukeskywalkr" in problem["message"] for problem in refused["problems"])
    assert server.call("POST", "/api/games", {"squads": demo_xws(),
                                              "seats": ["human", "ai:genius"]})[0] == 422


def test_an_ai_seat_plays_and_the_record_reproduces(server):
    """Situation: a human (always the last option) against the simple agent, to the end.
    Expected: the AI answers on the server; the record is refused before the end (it
    would show hidden facts) and afterwards replays to its recorded state."""
    game, one, _ = new_game(server, seats=("human", "ai:simple"))
    assert server.call("GET", f"/api/games/{game}/record?token={one}")[0] == 409
    while True:
        status, message = server.call("GET", f"/api/games/{game}/view?token={one}")
        decision = message["decision"]
        if decision is None:
            break
        assert decision["player"] == 1  # the AI never leaves its decision pending
        status, message = server.call("POST", f"/api/games/{game}/answer?token={one}",
                                      {"decision": decision["id"],
                                       "answer": decision["options"][-1]["value"]})
        assert status == 200, message
    assert message["over"] and message["winner"] in (1, 2, None)
    status, record = server.call("GET", f"/api/games/{game}/record?token={one}")
    assert status == 200
    assert Game.from_record(record, CARDS, logging=False).reproduces(record)


def test_a_killed_server_resumes_every_game_exactly(server):
    """Situation: two games mid-setup and mid-round; the server process is SIGKILLed and
    started again on the same database. Expected: every seat's message is identical after
    the restart, and play goes on."""
    games = [new_game(server, seed=5), new_game(server, seats=("human", "ai:simple"), seed=6)]
    play(server, games[0][0], {1: games[0][1], 2: games[0][2]}, 25)
    play(server, games[1][0], {1: games[1][1]}, 20)
    before = {(g, t): server.call("GET", f"/api/games/{g}/view?token={t}")[1]
              for g, one, two in games for t in (one, two)}
    server.kill()
    server.start()
    after = {(g, t): server.call("GET", f"/api/games/{g}/view?token={t}")[1]
             for g, one, two in games for t in (one, two)}
    assert after == before
    play(server, games[0][0], {1: games[0][1], 2: games[0][2]}, 5)


def test_the_websocket_pushes_each_seat_its_new_message(server):
    """Situation: both seats connected by WebSocket; the acting player answers over HTTP.
    Expected: each socket first gets its player's message, then after the answer the new
    one - the same as GET view gives that player."""
    game, one, two = new_game(server)
    tokens = {1: one, 2: two}
    url = server.base.replace("http", "ws") + f"/api/games/{game}/socket?token="
    with connect(url + one) as first, connect(url + two) as second:
        opening = {1: json.loads(first.recv(timeout=10)), 2: json.loads(second.recv(timeout=10))}
        assert opening[1]["view"]["player"] == 1 and opening[2]["view"]["player"] == 2
        play(server, game, tokens, 1)
        pushed = {1: json.loads(first.recv(timeout=10)), 2: json.loads(second.recv(timeout=10))}
        for player, token in tokens.items():
            assert pushed[player] == server.call(
                "GET", f"/api/games/{game}/view?token={token}")[1]
            assert pushed[player]["decision"]["id"] == opening[player]["decision"]["id"] + 1
    with connect(url + "nope") as refused:
        assert json.loads(refused.recv(timeout=10))["status"] == 403


def test_the_pages_and_the_board_are_served(server):
    """Situation: a browser opening the server. Expected: the lobby and the game page
    (HTML), their ES modules and style, the example squads (two XWS squads the engine
    plays), and the table of a game as SVG for a seat's token (403 for another)."""
    for path, kind in (("/", "text/html"), ("/play", "text/html"),
                       ("/static/lobby.js", "javascript"), ("/static/play.js", "javascript"),
                       ("/static/tallon.css", "text/css")):
        with urllib.request.urlopen(server.base + path, timeout=10) as response:
            assert response.status == 200 and kind in response.headers["Content-Type"]
    status, examples = server.call("GET", "/api/examples")
    assert status == 200 and len(examples["squads"]) == 2
    game, one, _ = new_game(server)
    with urllib.request.urlopen(f"{server.base}/api/games/{game}/board.svg?token={one}",
                                timeout=10) as response:
        svg = response.read().decode()
    assert response.headers["Content-Type"].startswith("image/svg+xml")
    assert "<svg" in svg[:200] and svg.rstrip().endswith("</svg>")
    try:
        urllib.request.urlopen(f"{server.base}/api/games/{game}/board.svg?token=nope",
                               timeout=10)
        raise AssertionError("a wrong token got the board")
    except urllib.error.HTTPError as error:
        assert error.code == 403
