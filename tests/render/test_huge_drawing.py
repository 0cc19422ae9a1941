"""Huge ships drawn at true size and shape (RR: APPENDIX: HUGE SHIPS): a C-ROC Cruiser's
base is a rectangle 80 mm wide and 195 mm long with front and rear guides, on the replay
page, in the server's table drawing, as the ghost of its placement and of its maneuver
preview; its arc lines meet the front and rear edges 4.28 mm in from the corners (the
geometry's estimate); its energy, length and engagement value are in the views, the
roster and the replay's ship list. Standard ships are drawn and described as before.

The game: a C-ROC (p1.1, Syndicate Smugglers: energy 4) and a Binayre Pirate (p1.2)
against a TIE/ln (p2.1), the C-ROC placed at (457.2, 100.8) facing +y; in round 1 it
executes the red [4 straight] (it spends energy on the stress and its obstacle's damage:
3 of 4 energy left in round 2)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from functools import cache
from typing import Any

import pytest

from tallon.cards import CARDS
from tallon.engine import Game
from tallon.engine.view import player_view
from tallon.geometry import BaseSize
from tallon.render.replay import frames_of, replay_html
from tallon.render.replay_page import PLAYER_COLOURS, base_token, ship_svg
from tallon.server.table import board_svg, preview, roster
from tests.rules.game_helpers import at, complete_setup, drive, new_game, squad

SVG = "{http://www.w3.org/2000/svg}"
PLACES = {"p1.1": (457.2, 100.8, 0.0), "p1.2": (700.0, 40.0, 0.0), "p2.1": (457.2, 870.0, 180.0)}
#: the keys of a standard ship in a replay frame (as before huge ships)
STANDARD_FRAME_KEYS = {"id", "owner", "name", "x", "y", "heading", "size", "hull", "shields",
                       "tokens"}


def croc_game() -> Game:
    return new_game(squad("scumandvillainy", "syndicatesmugglers", "binayrepirate"),
                    squad("galacticempire", "blacksquadronace"))


@cache
def played() -> dict[str, Any]:
    """The record of the game up to round 2's dials (the C-ROC flew [4FR] in round 1)."""
    game = complete_setup(croc_game(), PLACES)
    drive(game, lambda d: d.kind == "set_dial" and game.state.round == 2, dials={"p1.1": "4FR"})
    return game.to_record()


def replayed() -> Game:
    return Game.from_record(played(), CARDS)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(re.sub(r"^<\?xml[^>]*\?>", "", svg))


def fragment(svg: str) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{svg}</svg>')


def points(polygon: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in
            (p.split(",") for p in polygon.get("points", "").split())]


def sides(polygon: ET.Element) -> list[float]:
    """The lengths of a polygon's sides, in order."""
    ps = points(polygon)
    return [round(math.dist(a, b), 3) for a, b in zip(ps, ps[1:] + ps[:1], strict=True)]


def frames_json(page: str) -> list[dict[str, Any]]:
    import json
    found = re.search(r"const frames = (.*?);\nconst slider", page, re.S)
    assert found
    return list(json.loads(found.group(1).replace("<\\/", "</")))


# ------------------------------------------------------------------------------ views
def test_a_huge_ships_view_has_its_length_energy_and_engagement():
    """Situation: round 2 of the C-ROC game, seen by player 2. Rule:
    RR: APPENDIX: HUGE SHIPS - the C-ROC's base is 195 mm long, its energy is a charge (4,
    3 left), its engagement value 1. Expected: its view says huge, length 195, energy
    3/4, engagement 1; the Binayre Pirate's view has none of these keys (other views are
    unchanged)."""
    ships = {s["id"]: s for s in player_view(replayed(), 2, with_log=False)["ships"]}
    croc = ships["p1.1"]
    assert (croc["huge"], croc["length"], croc["engagement"]) == (True, 195.0, 1)
    assert croc["energy"] == {"active": 3, "limit": 4}
    assert croc["size"] == "large"  # the standard size as wide (BaseSize has no huge)
    assert not {"huge", "length", "energy", "engagement"} & set(ships["p1.2"])


def test_the_roster_names_a_huge_ships_length_energy_and_engagement():
    """Situation: the C-ROC game's roster (printed facts). Rule: the C-ROC's card gives
    energy 4 and engagement 1; its base is 195 mm. Expected: its entry has huge, length
    195, energy 4, engagement 1; the Binayre Pirate's entry has no such keys."""
    entries = {e["id"]: e for e in roster(replayed())}
    croc = entries["p1.1"]
    assert (croc["huge"], croc["length"], croc["energy"], croc["engagement"]) == \
        (True, 195.0, 4, 1)
    assert not {"huge", "length", "energy", "engagement"} & set(entries["p1.2"])


# ----------------------------------------------------------------------------- replay
def test_a_replay_frame_carries_the_huge_ships_length_and_energy():
    """Situation: the C-ROC game replayed into frames. Rule: a huge ship's base is drawn
    at true size, which a frame must carry (its size says large). Expected: in the last
    frame the C-ROC has huge, length 195 and energy [3, 4]; the Binayre Pirate has the
    standard keys only."""
    _, frames = frames_of(played())
    ships = {s["id"]: s for s in frames[-1].ships}
    assert (ships["p1.1"]["huge"], ships["p1.1"]["length"]) == (True, 195.0)
    assert ships["p1.1"]["energy"] == [3, 4]
    assert set(ships["p1.2"]) == STANDARD_FRAME_KEYS


def test_the_replay_page_draws_the_croc_80_by_195_and_the_escort_40_square():
    """Situation: the replay page of the C-ROC game. Rule: RR: APPENDIX: HUGE SHIPS - the
    C-ROC's base is 80 x 195 mm, with front and rear guides; RR: SHIP SIZES - a small
    base is 40 mm square. Expected: the last frame's C-ROC group has a base rectangle 80
    wide, 195 long, centred, and four guides at its front and rear edges (y = +-97.5); the
    Binayre Pirate's base is 40 x 40; the ship list shows the C-ROC's energy 3/4."""
    last = frames_json(replay_html(played(), "huge"))[-1]
    drawn = fragment(last["svg"])
    croc = drawn.find(f".//{SVG}g[@data-ship='p1.1']")
    assert croc is not None and croc.get("data-length") == "195"
    base = croc.find(f"{SVG}rect[@class='base']")
    assert base is not None
    assert [float(base.get(k, "")) for k in ("x", "y", "width", "height")] == \
        [-40.0, -97.5, 80.0, 195.0]
    guides = [r for r in croc.findall(f"{SVG}rect") if r.get("class") is None]
    edges = sorted({float(g.get("y", "")) + (float(g.get("height", "")) if
                                             float(g.get("y", "")) < 0 else 0)
                    for g in guides})
    assert len(guides) == 4 and edges == [-97.5, 97.5]
    escort = drawn.find(f".//{SVG}g[@data-ship='p1.2']")
    assert escort is not None and escort.get("data-length") is None
    square = escort.find(f"{SVG}rect[@class='base']")
    assert square is not None
    assert (float(square.get("width", "")), float(square.get("height", ""))) == (40.0, 40.0)
    assert any(line.startswith("Syndicate Smugglers (p1.1): ") and "energy 3/4" in line
               for line in last["status"])
    assert not any("energy" in line for line in last["status"] if "(p1.2)" in line)


def test_a_huge_tokens_arc_lines_meet_its_edges_4_28_mm_in_from_the_corners():
    """Situation: a C-ROC token (195 mm) drawn in its own frame. Rule: the geometry's
    estimate (docs/geometry.md, Huge ships) - the arc lines cross at the centre and meet
    the front and rear edges 4.28 mm in from the corners. Expected: two front arc lines
    from the centre to (+-35.72, 97.5), two rear ones to (+-35.72, -97.5), and the facing
    marker points forward near the front edge, inside the 80 mm width."""
    token = fragment(base_token(BaseSize.LARGE, PLAYER_COLOURS[0], 195.0))
    front = token.findall(f"{SVG}line[@class='arc-line']")
    rear = token.findall(f"{SVG}line[@class='arc-line rear']")
    ends = sorted((float(line.get("x2", "")), float(line.get("y2", "")))
                  for line in front + rear)
    assert ends == [(-35.72, -97.5), (-35.72, 97.5), (35.72, -97.5), (35.72, 97.5)]
    assert all(line.get("x1") == "0" and line.get("y1") == "0" for line in front + rear)
    marker = token.find(f"{SVG}polygon[@class='facing']")
    assert marker is not None
    xs, ys = zip(*points(marker), strict=True)
    assert max(ys) > 90 and min(ys) > 60 and max(abs(x) for x in xs) < 40


def test_a_broadside_huge_ships_label_sits_just_above_its_base():
    """Situation: a C-ROC at (400, 300) facing 90 (lying along x) on the replay page.
    Rule: labels sit clear of the base, above it on the page. Expected: the label is
    within 50 mm of the centre on the page (the base reaches 40 mm up), not a long base's
    half length (97.5 mm) away; a standard ship's label is where it was (its corner
    circle)."""
    croc = {"id": "p1.1", "name": "Smugglers", "x": 400.0, "y": 300.0, "heading": 90.0,
            "size": "large", "huge": True, "length": 195.0}
    page_y = 914.4 - 300.0
    drawn = fragment(ship_svg([croc], {"p1.1": "#e74c3c"}))
    span = drawn.find(f".//{SVG}text[@class='label']/{SVG}tspan")
    assert span is not None
    assert page_y - 50 < float(span.get("y", "")) < page_y - 40
    small = {**croc, "size": "small", "huge": False, "heading": 0.0}
    span = fragment(ship_svg([small], {"p1.1": "#e74c3c"})).find(
        f".//{SVG}text[@class='label']/{SVG}tspan")
    assert span is not None
    reach = 20 * math.sqrt(2) + 3  # a small base's corner, plus 3
    assert float(span.get("y", "")) == pytest.approx(page_y - reach, abs=0.001)


# ----------------------------------------------------------------------------- server
def test_the_servers_drawing_draws_the_croc_as_its_rectangle():
    """Situation: the game page's drawing (board_svg) of the C-ROC game in round 2, the
    C-ROC at (457.2, 260.8) facing +y. Rule: the huge base is 80 x 195 mm. Expected: its
    ship group says huge and length 195 and its base polygon has sides 80, 195, 80, 195
    around its centre; its range bands are rounded rectangles 80 + 2r wide and 195 + 2r
    long; the Binayre Pirate's base is 40 mm square with no length."""
    drawing = parse(board_svg(replayed(), 1))
    croc = drawing.find(f".//{SVG}g[@class='ship'][@data-ship='p1.1']")
    assert croc is not None
    assert (croc.get("data-huge"), croc.get("data-length")) == ("true", "195")
    base = croc.find(f"{SVG}polygon")
    assert base is not None and sides(base) == [80.0, 195.0, 80.0, 195.0]
    xs, ys = zip(*points(base), strict=True)
    assert (min(xs) + max(xs)) / 2 == pytest.approx(457.2)
    assert (min(ys) + max(ys)) / 2 == pytest.approx(260.8)
    bands = drawing.findall(f".//{SVG}g[@class='reach'][@data-ship='p1.1']/{SVG}rect")
    assert [(float(b.get("width", "")), float(b.get("height", ""))) for b in bands] == \
        [(280.0, 395.0), (480.0, 595.0), (680.0, 795.0)]
    escort = drawing.find(f".//{SVG}g[@class='ship'][@data-ship='p1.2']")
    assert escort is not None and escort.get("data-length") is None
    square = escort.find(f"{SVG}polygon")
    assert square is not None and sides(square) == [40.0] * 4


def test_the_placement_ghost_of_a_huge_ship_is_its_rectangle():
    """Situation: setup, player 1 to place the C-ROC (huge ships are placed first). Rule:
    the page drags the ship's base to place it. Expected: the drawing's ghost piece for
    p1.1 (in its defs) is an 80 x 195 rectangle at the origin, with four guides."""
    game = croc_game()
    decision = drive(game, at("place_ship"))
    assert decision is not None and decision.ship == "p1.1"
    piece = parse(board_svg(game, 1)).find(f".//{SVG}defs/{SVG}g[@id='piece-p1.1']")
    assert piece is not None
    polygons = piece.findall(f"{SVG}polygon")
    assert sorted(points(polygons[0])) == [(-40.0, -97.5), (-40.0, 97.5), (40.0, -97.5),
                                           (40.0, 97.5)]
    assert len(polygons) == 1 + 4 + 1  # base, guides, facing marker


def test_a_huge_ships_preview_shows_its_rectangle_where_the_tool_leaves_it():
    """Situation: round 2 dials, the C-ROC at (457.2, 260.8) facing +y; the page asks for
    a preview of [2 straight]. Rule: RR: APPENDIX: HUGE SHIPS - the maneuver tool (no
    template) moves it 40 mm per speed (estimate). Expected: the final pose is 80 mm
    ahead; the preview's SVG is the ghost base (80 x 195) with no template, and it
    overlaps no ship."""
    game = replayed()
    shown = preview(game, 1, "2FB")
    assert shown["final"]["x"] == pytest.approx(457.2)
    assert shown["final"]["y"] == pytest.approx(340.8)
    assert (shown["partial"], shown["fled"], shown["overlaps"]) == (False, False, [])
    polygons = fragment(shown["svg"]).findall(f"{SVG}polygon")
    assert sides(polygons[0]) == [80.0, 195.0, 80.0, 195.0]
    assert "f4d03f" not in shown["svg"]  # no template laid


def test_a_huge_ships_move_leaves_a_trail_without_a_template():
    """Situation: the page redraws after round 1 (since the start of the log), in which
    the C-ROC executed [4FR] with the maneuver tool. Rule: a huge ship flies no template.
    Expected: the drawing has a hidden trail group for p1.1 starting at (457.2, 100.8)
    with nothing in it; the Binayre Pirate's trail holds its [1 straight] template."""
    drawing = parse(board_svg(replayed(), 1, since=0))
    croc = drawing.find(f".//{SVG}g[@class='trail'][@data-ship='p1.1']")
    assert croc is not None and croc.get("data-start") == "457.2,100.8,0"
    assert len(croc) == 0
    escort = drawing.find(f".//{SVG}g[@class='trail'][@data-ship='p1.2']")
    assert escort is not None and len(escort) == 1
