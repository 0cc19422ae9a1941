"""Replays: re-run a saved game, check it reproduces, and draw it as a page that steps
through the game on the SVG board."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import escape
from typing import Any

from tallon.cards import CARDS
from tallon.engine import Game
from tallon.geometry import BaseSize, Device, Obstacle, Pose, Ship, Table
from tallon.geometry.outlines import placed_obstacle_outlines
from tallon.render.svg import draw_table, ship_layer

OWNER_COLOURS = ("#e74c3c", "#3498db")


@dataclass
class Frame:
    """The board after something visible happened, and what happened since the last one:
    the ships, and the pieces cards put on the table during the game (``devices``: remotes
    and devices that are obstacles, which come and go)."""

    round: int
    phase: str
    lines: list[str]
    ships: list[dict[str, Any]]
    svg: str = ""
    devices: list[dict[str, Any]] = field(default_factory=list)


def _board_state(game: Game) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The ships in play, and the remotes and placed obstacles on the table."""
    s = game.state
    ships = []
    for ship in s.in_play():
        pose = ship.pose
        tokens = ", ".join(f"{n} {t.value}" if n > 1 else t.value
                           for t, n in ship.tokens.items())
        ships.append({"id": ship.id, "owner": ship.owner, "name": ship.name,
                      "x": pose.x, "y": pose.y, "heading": pose.heading,
                      "size": ship.size.value, "hull": ship.hull - len(ship.damage),
                      "shields": ship.shields, "tokens": tokens})
    devices = []
    for remote in s.remotes_of():
        if remote.in_play:
            pose = remote.pose
            devices.append({"id": remote.id, "owner": remote.owner, "name": remote.name,
                            "x": pose.x, "y": pose.y, "heading": pose.heading,
                            "outline": remote.outline, "remote": True,
                            "hull": remote.hull - len(remote.damage)})
    for obstacle in s.obstacles:
        if not _placed_by_a_card(obstacle):
            continue
        pose = obstacle.pose
        devices.append({"id": obstacle.id, "x": pose.x, "y": pose.y, "heading": pose.heading,
                        "outline": obstacle.outline_id, "remote": False,
                        "fuses": s.fuses.get(obstacle.id, 0)})
    return ships, devices


def _placed_by_a_card(obstacle: Obstacle) -> bool:
    """An obstacle a card placed during the game (a device that is an obstacle)."""
    return obstacle.outline_id in placed_obstacle_outlines()


def frames_of(record: dict[str, Any]) -> tuple[Game, list[Frame]]:
    """Replay ``record`` and collect a frame each time the board changes."""
    frames: list[Frame] = []
    seen = 0
    pending_lines: list[str] = []
    last_board: tuple[list[dict[str, Any]], list[dict[str, Any]]] | None = None

    def capture(game: Game) -> None:
        nonlocal seen, last_board
        new = [e["text"] for e in game.log[seen:] if "secret" not in e]
        seen = len(game.log)
        pending_lines.extend(new)
        board = ships, devices = _board_state(game)
        if board != last_board or game.over:
            frames.append(Frame(game.state.round, game.state.phase, list(pending_lines),
                                ships, devices=devices))
            pending_lines.clear()
            last_board = board

    game = Game.from_record(record, CARDS, watch=capture)
    return game, frames


def replay_html(record: dict[str, Any], title: str = "Tallon replay") -> str:
    """A self-contained page stepping through the game on the SVG board."""
    game, frames = frames_of(record)
    # the setup obstacles are the fixed board; what cards place is drawn frame by frame
    table = Table(obstacles=tuple(o for o in game.state.obstacles
                                  if not _placed_by_a_card(o)))
    board = draw_table(table)
    height = table.area.height
    colours = {s.id: OWNER_COLOURS[s.owner] for s in game.state.ships_of()}
    data = []
    for frame in frames:
        ships = [Ship(s["id"], Pose(s["x"], s["y"], s["heading"]),
                      BaseSize(s["size"])) for s in frame.ships]
        pieces = [(Device if d["remote"] else Obstacle)(
            d["id"], Pose(d["x"], d["y"], d["heading"]), d["outline"]) for d in frame.devices]
        status = [f"{s['id']} {s['name']}: hull {s['hull']}, shields {s['shields']}"
                  + (f", {s['tokens']}" if s["tokens"] else "") for s in frame.ships]
        status += [f"{d['id']} {d['name']} (remote): hull {d['hull']}"
                   for d in frame.devices if d["remote"]]
        data.append({"round": frame.round, "phase": frame.phase, "lines": frame.lines,
                     "status": status, "svg": ship_layer(ships, colours, height, pieces)})
    board = board.replace("</svg>", '<g id="ships"></g></svg>')
    summary = ("a draw" if game.state.winner is None and game.over else
               f"player {game.state.winner + 1} wins" if game.over else "unfinished")
    return _PAGE.format(title=escape(title), board=board, summary=escape(summary),
                        frames=json.dumps(data).replace("</", "<\\/"))


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 1em; background: #fbfcfc; color: #1c2833; }}
#main {{ display: flex; gap: 1.5em; align-items: flex-start; }}
#board svg {{ width: 640px; height: 640px; }}
#side {{ max-width: 520px; }}
pre {{ white-space: pre-wrap; font-size: 13px; background: #eef2f3; padding: 0.6em; }}
button {{ font-size: 16px; margin-right: 0.3em; }}
</style></head><body>
<h1>{title}</h1><p>{summary}</p>
<div id="controls">
<button id="first">&#x23ee;</button><button id="prev">&#x25c0;</button>
<button id="next">&#x25b6;</button><button id="last">&#x23ed;</button>
<input id="slider" type="range" min="0" value="0"> <span id="where"></span>
</div>
<div id="main"><div id="board">{board}</div>
<div id="side"><h3>What happened</h3><pre id="lines"></pre>
<h3>Ships</h3><pre id="status"></pre></div></div>
<script>
const frames = {frames};
const slider = document.getElementById("slider");
slider.max = frames.length - 1;
let at = 0;
function show(i) {{
  at = Math.max(0, Math.min(frames.length - 1, i));
  const f = frames[at];
  document.getElementById("ships").innerHTML = f.svg;
  document.getElementById("lines").textContent = f.lines.join("\\n");
  document.getElementById("status").textContent = f.status.join("\\n");
  document.getElementById("where").textContent =
    "frame " + (at + 1) + " of " + frames.length + ", round " + f.round + ", " + f.phase;
  slider.value = at;
}}
document.getElementById("first").onclick = () => show(0);
document.getElementById("prev").onclick = () => show(at - 1);
document.getElementById("next").onclick = () => show(at + 1);
document.getElementById("last").onclick = () => show(frames.length - 1);
slider.oninput = () => show(Number(slider.value));
document.addEventListener("keydown", e => {{
  if (e.key === "ArrowRight") show(at + 1);
  if (e.key === "ArrowLeft") show(at - 1);
}});
show(0);
</script></body></html>
"""
