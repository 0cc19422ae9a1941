"""What the game page draws and previews: the interactive table, maneuver previews, the
roster and the replay page (docs/server.md), over real HTTP."""

from __future__ import annotations

import re
import urllib.request

import pytest

from tallon.geometry.movement import execute_maneuver
from tests.server.helpers import Server
from tests.server.test_api import new_game, pending, play


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("table") / "games.db").start()
    yield running
    running.stop()


def _text(server: Server, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(server.base + path, timeout=60) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def _to_dials(server: Server, game: str, tokens: dict[int, str]) -> tuple[int, dict]:
    for _ in range(60):
        player, message = pending(server, game, tokens)
        if message["decision"]["kind"] == "set_dial":
            return player, message
        play(server, game, tokens, 1)
    raise AssertionError("no dial to set within 60 answers")


def test_a_preview_shows_where_the_maneuver_ends_for_the_player_choosing_it(server):
    """Situation: a player is setting a ship's dial. Rule: the page previews the template
    and final position before a maneuver is confirmed, as RR: MANEUVER executes it.
    Expected: the preview's end pose is the engine's own for that maneuver from the
    ship's position, with the template drawn; the opponent, or a maneuver not offered,
    gets 409 (a preview never measures what the player cannot choose)."""
    game, one, two = new_game(server, seed=6)
    tokens = {1: one, 2: two}
    player, message = _to_dials(server, game, tokens)
    decision = message["decision"]
    maneuver = decision["options"][0]["value"]
    status, shown = server.call(
        "GET", f"/api/games/{game}/preview?token={tokens[player]}&maneuver={maneuver}")
    assert status == 200, shown
    assert shown["ship"] == decision["ship"] and "<polygon" in shown["svg"]
    from tallon.agents.simple import table_from_view
    table = table_from_view(message["view"])
    expected = execute_maneuver(table, decision["ship"], maneuver).final
    assert shown["final"] == pytest.approx(
        {"x": expected.x, "y": expected.y, "heading": expected.heading})
    status, _ = server.call(
        "GET", f"/api/games/{game}/preview?token={tokens[3 - player]}&maneuver={maneuver}")
    assert status == 409
    status, refused = server.call(
        "GET", f"/api/games/{game}/preview?token={tokens[player]}&maneuver=5KR")
    assert status == 409 and "not among" in refused["error"]


def test_the_table_drawing_groups_each_ship_with_its_pose_and_its_reach(server):
    """Situation: a game in its planning phase. Expected: the board's SVG has one g.ship
    per ship on the table with its pose, a hidden g.reach (range bands 1-3 and an arc) per
    ship, each obstacle in a g.obstacle; no piece to place is drawn then."""
    game, one, two = new_game(server, seed=7)
    tokens = {1: one, 2: two}
    player, message = _to_dials(server, game, tokens)
    status, svg = _text(server, f"/api/games/{game}/board.svg?token={tokens[player]}")
    assert status == 200
    ships = [s for s in message["view"]["ships"] if "pose" in s and not s["removed"]]
    for ship in ships:
        found = re.search(rf'<g class="ship" data-ship="{re.escape(ship["id"])}" '
                          r'data-x="([-\d.]+)" data-y="([-\d.]+)"', svg)
        assert found, ship["id"]
        assert float(found.group(1)) == pytest.approx(ship["pose"]["x"], abs=1e-3)
    assert svg.count('class="reach"') == len(ships)
    assert svg.count('class="arc"') >= len(ships)
    assert svg.count('class="obstacle"') == len(message["view"]["obstacles"])
    assert "piece-" not in svg


def test_the_player_placing_a_ship_gets_it_as_a_piece_to_drag(server):
    """Situation: setup, a ship to place. Expected: the placing player's drawing has the
    ship drawn at the origin as #piece-<id> (the ghost the page drags); the other
    player's drawing has no piece."""
    game, one, two = new_game(server, seed=8)
    tokens = {1: one, 2: two}
    for _ in range(40):
        player, message = pending(server, game, tokens)
        if message["decision"]["kind"] == "place_ship":
            break
        play(server, game, tokens, 1)
    ship = message["decision"]["ship"]
    mine = _text(server, f"/api/games/{game}/board.svg?token={tokens[player]}")[1]
    theirs = _text(server, f"/api/games/{game}/board.svg?token={tokens[3 - player]}")[1]
    assert f'id="piece-{ship}"' in mine
    assert "piece-" not in theirs


def test_the_roster_gives_each_ships_printed_facts(server):
    """Situation: the demo squads. Expected: every ship with its pilot, ship name,
    initiative, stats, upgrades by name and its printed dial (lists are open)."""
    game, one, _ = new_game(server, seed=9)
    status, roster = server.call("GET", f"/api/games/{game}/roster?token={one}")
    assert status == 200
    luke = next(s for s in roster["ships"] if s["pilot"] == "lukeskywalker")
    assert luke["ship_name"] == "T-65 X-wing" and luke["initiative"] == 5
    assert luke["attacks"] == [["front", 3]] and luke["agility"] == 2
    assert "R2-D2" in [u["name"] for u in luke["upgrades"]]
    assert "4KR" in luke["dial"]
    assert roster["damage"]["directhit"] == "Direct Hit!"


def test_the_replay_page_opens_once_the_game_is_over(server):
    """Situation: a game between two AI seats, played to its end as it is created. Rule:
    the record (and so the replay) is given once the game is over. Expected: the replay
    page is an HTML page with the table; before the end (another game) it is 409."""
    status, created = server.call("POST", "/api/games", {
        "squads": [{"opponent": "random"}, {"opponent": "random"}],
        "seats": ["ai:simple", "ai:simple"], "seed": 2})
    assert status == 200, created
    token = created["seats"][0]["token"]
    status, page = _text(server, f"/api/games/{created['game']}/replay?token={token}")
    assert status == 200 and "<svg" in page
    game, one, _ = new_game(server, seed=10)
    assert _text(server, f"/api/games/{game}/replay?token={one}")[0] == 409
