"""The replay page (``tallon demo`` writes it as out/replay.html): setup is stepped one
placement at a time, obstacles appear only once placed, ships are drawn at true size in
their player's colour with their facing and front arc lines and labelled with their
pilot's name, the step buttons are SVG icons with names, the arrow keys step, and the page
is self-contained, deterministic and shows no secret."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tallon.cards import CARDS
from tallon.engine import Game
from tallon.render.replay import frames_of, replay_html
from tallon.render.replay_page import PLAYER_COLOURS, ship_svg

DATA = Path(__file__).resolve().parent.parent / "engine" / "data"
#: a version 2 record written by ``tallon demo --seed 2`` before players were numbered 1, 2
V2_DEMO = Path(__file__).resolve().parent / "data" / "record-v2-demo.json"
SVG = "{http://www.w3.org/2000/svg}"
PLAY_AREA = 914.4
VERSIONS = ["v1", "v2", "current"]


@cache
def record_of(version: str) -> dict[str, Any]:
    """A saved demo game (six obstacles, ten ships): a version 1 record, a version 2
    record, or the version 1 game saved again as this Tallon saves it."""
    if version == "v2":
        record = json.loads(V2_DEMO.read_text())
        assert record["version"] == 2
        return record
    record = json.loads((DATA / "record-v1-demo.json").read_text())
    assert record["version"] == 1
    return record if version == "v1" else Game.from_record(record, CARDS).to_record()


@cache
def page_of(version: str = "current") -> str:
    return replay_html(record_of(version), "test")


def frames_in(page: str) -> list[dict[str, Any]]:
    found = re.search(r"const frames = (.*?);\nconst slider", page, re.S)
    assert found, "the page has no frames"
    return json.loads(found.group(1).replace("<\\/", "</"))


def board_in(page: str) -> ET.Element:
    found = re.search(r'<div id="board">(.*?)</div>', page, re.S)
    assert found, "the page has no board"
    return ET.fromstring(found.group(1))


def fragment(svg: str) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{svg}</svg>')


def placements(game: Game) -> list[str]:
    """The log's placements in setup: each obstacle placed and each ship placed."""
    return [e["text"] for e in game.log if e["round"] == 0 and
            (e["kind"] == "place" or (e["kind"] == "setup" and " places " in e["text"]))]


# ------------------------------------------------------------------------ setup frames
@pytest.mark.parametrize("version", VERSIONS)
def test_the_first_frame_shows_no_obstacle(version):
    """Before anyone places an obstacle the table is empty: the first frame lists no
    obstacle and every obstacle on the board starts hidden."""
    page = page_of(version)
    first = frames_in(page)[0]
    assert first["obstacles"] == [] and first["pieces"] == ""
    drawn = board_in(page).findall(f".//{SVG}g[@data-obstacle]")
    assert len(drawn) == 6
    assert all(g.get("display") == "none" for g in drawn)
    assert "<polygon" not in first["svg"]


@pytest.mark.parametrize("version", VERSIONS)
def test_setup_advances_one_placement_per_frame(version):
    """Six obstacles and ten ships are placed in setup: each placement is a frame of its
    own (no frame tells of two), and each frame shows one obstacle or one ship more than
    the one before."""
    game, frames = frames_of(record_of(version))
    placed = placements(game)
    assert len(placed) == 16
    told = [[line for line in f.lines if line in placed] for f in frames]
    assert all(len(lines) <= 1 for lines in told)
    assert [line for lines in told for line in lines] == placed
    setup = [f for f, lines in zip(frames, told, strict=True) if lines]
    counts = [(len(f.obstacles), len(f.ships)) for f in setup]
    assert counts == [(k, 0) for k in range(1, 7)] + [(6, k) for k in range(1, 11)]
    assert (frames[0].obstacles, frames[0].ships, told[0]) == ([], [], [])


def test_an_obstacle_appears_from_the_frame_it_is_placed_in():
    """The page shows obstacle k from the frame that places it onwards: frame k (counting
    the empty first frame as 0) shows obstacles 0 to k-1, and every later frame all six."""
    frames = frames_in(page_of())
    assert [f["obstacles"] for f in frames[:7]] == [list(range(k)) for k in range(7)]
    assert all(f["obstacles"] == list(range(6)) for f in frames[7:])


# ------------------------------------------------------------------------------ ships
def ship_group(svg: str, ship_id: str) -> ET.Element:
    found = fragment(svg).find(f".//{SVG}g[@data-ship='{ship_id}']")
    assert found is not None, f"{ship_id} is not drawn"
    return found


def test_a_small_base_is_drawn_40_mm_wide_on_a_914_mm_table():
    """Luke Skywalker's X-wing has a small base: its square is 40 x 40 board units, and
    the board's units are table millimetres (the view holds the 914.4 mm play area)."""
    page = page_of()
    play_area = board_in(page).find(f"{SVG}rect[@fill='#0b1320']")
    assert play_area is not None
    assert float(play_area.get("width")) == pytest.approx(PLAY_AREA)
    last = frames_in(page)[-1]
    ship_id = next(s for s in ("p1.1", "p1.2", "p1.3", "p1.4") if f'"{s}"' in last["svg"])
    base = ship_group(last["svg"], ship_id).find(f"{SVG}rect[@class='base']")
    assert base is not None
    assert (float(base.get("width")), float(base.get("height"))) == (40.0, 40.0)
    assert (float(base.get("x")), float(base.get("y"))) == (-20.0, -20.0)


@pytest.mark.parametrize(("size", "side"), [("small", 40), ("medium", 60), ("large", 80)])
def test_each_base_size_is_drawn_at_its_true_size(size, side):
    """A ship at (300, 200) facing 90 (the right edge) is a square of its base's side,
    centred on its pose and turned clockwise by its heading."""
    ship = {"id": "p1.1", "name": "Test Pilot", "x": 300.0, "y": 200.0, "heading": 90.0,
            "size": size}
    group = ship_group(ship_svg([ship], {"p1.1": "#e74c3c"}), "p1.1")
    base = group.find(f"{SVG}rect[@class='base']")
    assert base is not None and float(base.get("width")) == side
    assert group.get("transform") == "translate(300 200) rotate(-90)"


def test_a_ship_shows_its_facing_and_its_front_arc_lines():
    """The front arc lines of a small base cross at its centre and meet its front edge
    (y = 20 in the ship's frame) 81.24 degrees apart; a facing marker points forward."""
    ship = {"id": "p2.1", "name": "Test Pilot", "x": 300.0, "y": 200.0, "heading": 0.0,
            "size": "small"}
    group = ship_group(ship_svg([ship], {"p2.1": "#3498db"}), "p2.1")
    lines = group.findall(f"{SVG}line[@class='arc-line']")
    assert len(lines) == 2
    ends = [(float(line.get("x2")), float(line.get("y2"))) for line in lines]
    assert all(line.get("x1") == "0" and line.get("y1") == "0" for line in lines)
    assert all(y == 20.0 for _, y in ends)
    angle = math.degrees(math.atan2(ends[1][0], 20) - math.atan2(ends[0][0], 20))
    assert angle == pytest.approx(81.24, abs=0.01)
    marker = group.find(f"{SVG}polygon[@class='facing']")
    assert marker is not None
    ys = [float(p.split(",")[1]) for p in marker.get("points").split()]
    assert max(ys) > 15 and min(ys) > 0  # in front of the centre, pointing forward


def test_ships_are_drawn_in_their_players_colours():
    """Player 1's ships are drawn in the first colour, player 2's in the second."""
    last = frames_in(page_of())[-1]
    for group in fragment(last["svg"]).iter(f"{SVG}g"):
        ship_id = group.get("data-ship")
        if ship_id is None:
            continue
        base = group.find(f"{SVG}rect[@class='base']")
        assert base is not None
        assert base.get("stroke") == PLAYER_COLOURS[0 if ship_id.startswith("p1.") else 1]


def test_a_ship_is_labelled_with_its_pilots_name():
    """Luke Skywalker's ship (p1.1) is labelled "Luke Skywalker" on the board; its id is
    only in the tooltip; no label reads like an id."""
    frames = frames_in(page_of())
    luke = next(f for f in frames if '"p1.1"' in f["svg"])
    labels = fragment(luke["svg"]).findall(f".//{SVG}text[@class='label']")
    texts = {" ".join(t.text or "" for t in label.iter(f"{SVG}tspan")):
             label.find(f"{SVG}title").text for label in labels}
    assert texts["Luke Skywalker"] == "Luke Skywalker (p1.1)"
    assert not any(re.fullmatch(r"p\d\.\d+", text) for text in texts)
    assert ship_group(luke["svg"], "p1.1").find(f"{SVG}title").text == \
        "Luke Skywalker (p1.1)"


# ------------------------------------------------------------------------- the page
def test_the_step_buttons_are_svg_icons_with_names():
    """Each step button holds an inline SVG icon and no font glyph (a browser without the
    fonts shows none), and says what it does in its title and aria-label."""
    page = page_of()
    buttons = re.findall(r"<button[^>]*>.*?</button>", page, re.S)
    assert len(buttons) == 4
    for button in buttons:
        assert "<svg" in button
        assert re.search(r'title="[^"]+"', button) and re.search(r'aria-label="[^"]+"', button)
        assert not re.search(r"&#x?[0-9a-fA-F]+;", button)
    assert not any(glyph in page for glyph in "\u23ee\u23ed\u25c0\u25b6\u23f4\u23f5")


_STEPPER = r"""
const fs = require("fs");
const html = fs.readFileSync(process.argv[1], "utf8");
const script = html.match(/<script>([\s\S]*)<\/script>/)[1];
const els = {}; let onKey;
const el = id => els[id] || (els[id] = {innerHTML: "", textContent: "", value: 0});
const obstacles = [0, 1, 2, 3, 4, 5].map(k => ({dataset: {obstacle: String(k)},
  setAttribute(name, value) { this[name] = value; }}));
global.document = {getElementById: el, querySelectorAll: () => obstacles,
  addEventListener: (type, f) => { onKey = f; }};
eval(script + ";globalThis.count = frames.length;");
const shown = () => obstacles.filter(o => o.display === "inline").length;
const seen = [[els.slider.value, shown()]];
for (const key of ["ArrowRight", "ArrowRight", "ArrowLeft", "End", "Home"]) {
  onKey({key, target: {}, preventDefault() {}});
  seen.push([els.slider.value, shown()]);
}
console.log(JSON.stringify({seen, frames: globalThis.count}));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the page")
def test_the_arrow_keys_step_through_the_frames(tmp_path):
    """Run the page's script (a stand-in document): the right arrow steps forward one
    frame and shows one more obstacle, the left arrow steps back, End and Home go to the
    last and the first frame."""
    path = tmp_path / "replay.html"
    path.write_text(page_of(), encoding="utf-8")
    run = subprocess.run(["node", "-e", _STEPPER, str(path)], capture_output=True,
                         text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    last = out["frames"] - 1
    assert out["seen"] == [[0, 0], [1, 1], [2, 2], [1, 1], [last, 6], [0, 0]]


def test_the_page_is_self_contained_and_deterministic():
    """The same record gives the same page twice; it loads nothing (no scripts, styles,
    images or fonts from elsewhere: the only address is the SVG namespace)."""
    page = page_of()
    assert replay_html(record_of("current"), "test") == page
    assert set(re.findall(r"https?://[^\s\"')]+", page)) == {"http://www.w3.org/2000/svg"}
    assert not re.search(r"<(link|img|iframe)\b|\bsrc=|@import|url\(", page)


def test_the_page_shows_no_secret():
    """Dials are set facedown: the lines of the page are the log's public events in order,
    with no event that carries a secret (a dial set) and no secret's data."""
    game, _ = frames_of(record_of("current"))
    public = [e["text"] for e in game.log if "secret" not in e]
    shown = [line for f in frames_in(page_of()) for line in f["lines"]]
    assert shown == public
    secret = [e["text"] for e in game.log if "secret" in e]
    assert secret and not set(secret) & set(shown)
    assert '"secret"' not in page_of() and '"maneuver"' not in page_of()
