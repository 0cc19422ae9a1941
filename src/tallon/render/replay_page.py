"""The drawing and the page of a replay (:mod:`tallon.render.replay` collects the frames).

The board is one SVG in table millimetres (the 914.4 mm play area and a margin), scaled to
the window by the page. Setup obstacles are drawn once, hidden, and shown from the frame
they are placed in; each frame brings its own layer of ships, of the pieces cards put
on the table and of a scenario's features (with the mission points and every point scored
so far, listed beside the board). A ship is its base at true size (40 / 60 / 80 mm square,
a huge ship's 80 mm wide rectangle 195 or 225 mm long, with its guides), its front arc
lines and arc shaded, a facing marker, in its player's colour, labelled with its pilot's
name (its id in the tooltip).

Everything is plain text made from the frames' numbers, so the same record gives the same
page, and the page needs nothing from the network: the step buttons are inline SVG icons,
not font glyphs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Any

from tallon.geometry import PLAY_AREA_SIDE, BaseShape, BaseSize, Obstacle, Pose, base_shape
from tallon.geometry.arcs import huge_front_arc_angle
from tallon.geometry.bases import huge_base_shape
from tallon.geometry.constants import FRONT_ARC_ANGLE
from tallon.render.svg import fmt, ship_layer

#: The players' colours, first player first.
PLAYER_COLOURS = ("#e74c3c", "#3498db")
#: Room around the play area (for the edge markers and the labels of ships at the edges).
MARGIN = 44.0
LABEL_SIZE = 11.0
#: Labels longer than this are wrapped at spaces (setup puts ships 66 mm apart).
LABEL_WIDTH = 10
BOARD_FILL = "#0b1320"


# ----------------------------------------------------------------------------- ships
def flipped(body: str, height: float = PLAY_AREA_SIDE) -> str:
    """``body`` drawn in the table frame (y up the page)."""
    return f'<g transform="translate(0 {fmt(height)}) scale(1 -1)">{body}</g>'


def token_shape(size: BaseSize, length: float | None = None) -> BaseShape:
    """A ship's base: its size's square, or a huge ship's rectangle ``length`` long."""
    return base_shape(size) if length is None else huge_base_shape(length)


def base_token(size: BaseSize, colour: str, length: float | None = None) -> str:
    """A ship's base in its own frame (centre at the origin, facing +y), at true size:
    the square (a huge ship's: the 80 mm wide rectangle ``length`` long), its guides, the
    front arc shaded between the two front arc lines and a facing marker at the front
    edge. A huge token's arc lines run on through the centre to the rear edge (they bound
    its rear arc too: the geometry's estimate, docs/geometry.md "Huge ships")."""
    shape = token_shape(size, length)
    half, width = shape.half, shape.half_width
    angle = FRONT_ARC_ANGLE[size] if length is None else huge_front_arc_angle(length)
    # the arc lines cross at the centre and meet the front edge this far from its middle
    reach = half * math.tan(math.radians(angle / 2))
    parts = [f'<rect class="base" x="{fmt(-width)}" y="{fmt(-half)}" width="{fmt(2 * width)}" '
             f'height="{fmt(2 * half)}" fill="{colour}" fill-opacity="0.22" stroke="{colour}" '
             f'stroke-width="1.6"/>']
    for guide in shape.guides:
        (x0, y0), _, (x1, y1), _ = guide
        parts.append(f'<rect x="{fmt(min(x0, x1))}" y="{fmt(min(y0, y1))}" '
                     f'width="{fmt(abs(x1 - x0))}" height="{fmt(abs(y1 - y0))}" '
                     f'fill="{colour}"/>')
    parts.append(f'<polygon class="front-arc" points="0,0 {fmt(-reach)},{fmt(half)} '
                 f'{fmt(reach)},{fmt(half)}" fill="{colour}" fill-opacity="0.45"/>')
    ends = [("arc-line", 1)] + ([("arc-line rear", -1)] if length is not None else [])
    for name, way in ends:
        for sign in (-1, 1):
            parts.append(f'<line class="{name}" x1="0" y1="0" x2="{fmt(sign * way * reach)}" '
                         f'y2="{fmt(way * half)}" stroke="{colour}" stroke-width="1.2"/>')
    # the marker is sized by the narrower side and sits at the front edge
    m = min(half, width)
    shift = half - m
    tip, back, wide = m * 0.92 + shift, m * 0.45 + shift, m * 0.28
    parts.append(f'<polygon class="facing" points="0,{fmt(tip)} {fmt(-wide)},{fmt(back)} '
                 f'{fmt(wide)},{fmt(back)}" fill="#fdfefe" stroke="{BOARD_FILL}" '
                 f'stroke-width="0.6"/>')
    return "".join(parts)


def label_lines(name: str, width: int = LABEL_WIDTH) -> list[str]:
    """A pilot's name wrapped at spaces into lines of about ``width`` characters."""
    lines: list[str] = []
    for word in name.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [name]


def ship_svg(ships: Sequence[dict[str, Any]], colours: dict[str, str],
             height: float = PLAY_AREA_SIDE) -> str:
    """The ships of a frame (``id``, ``name``, ``x``, ``y``, ``heading``, ``size``) as an
    SVG fragment: the bases in the table frame, then the labels (pilot names, upright)
    above them on the page, or below them where there is no room above on the table."""
    bodies = []
    labels = []
    for s in ships:
        colour = colours[s["id"]]
        size = BaseSize(s["size"])
        length = s.get("length") if s.get("huge") else None
        tip = escape(f"{s['name']} ({s['id']})")
        huge = f' data-huge="true" data-length="{fmt(length)}"' if length is not None else ""
        bodies.append(f'<g class="ship" data-ship="{escape(s["id"])}"{huge} '
                      f'transform="translate({fmt(s["x"])} {fmt(s["y"])}) '
                      f'rotate({fmt(-s["heading"])})"><title>{tip}</title>'
                      f'{base_token(size, colour, length)}</g>')
        lines = label_lines(s["name"])
        reach = _label_reach(token_shape(size, length), s["heading"])
        first = height - s["y"] - reach - (len(lines) - 1) * LABEL_SIZE  # above
        if first - LABEL_SIZE < 0:
            first = height - s["y"] + reach + LABEL_SIZE * 0.8  # below
        spans = "".join(f'<tspan x="{fmt(s["x"])}" y="{fmt(first + k * LABEL_SIZE)}">'
                        f"{escape(line)}</tspan>" for k, line in enumerate(lines))
        labels.append(f'<text class="label" font-size="{fmt(LABEL_SIZE)}" '
                      f'text-anchor="middle" fill="{colour}" stroke="{BOARD_FILL}" '
                      f'stroke-width="3" paint-order="stroke" font-family="sans-serif">'
                      f"<title>{tip}</title>{spans}</text>")
    return flipped("".join(bodies), height) + "".join(labels)


def _label_reach(shape: BaseShape, heading: float) -> float:
    """How far above (or below) its centre a ship's label starts on the page: clear of a
    square base's farthest corner whatever its heading; clear of a huge base's rectangle
    as it lies (a circle round it would float the label far off a broadside ship)."""
    if not shape.huge:
        return shape.radius + 3
    a = math.radians(heading)
    return max(abs(x * math.sin(a) + y * math.cos(a))
               for piece in shape.pieces for x, y in piece) + 3


def pieces_svg(pieces: Sequence[Any], height: float = PLAY_AREA_SIDE) -> str:
    """Remotes and obstacles placed by cards (drawn as the table drawing draws them)."""
    return ship_layer([], {}, height, pieces) if pieces else ""


# ----------------------------------------------------------------------------- board
def board_svg(obstacles: Sequence[Obstacle], side: float = PLAY_AREA_SIDE) -> str:
    """The board: the play area, each player's edge in their colour, and every setup
    obstacle ``obstacles[k]`` as a hidden group ``data-obstacle="k"`` that the page shows
    from the frame it is placed in. Frames are drawn into the empty group ``#ships``."""
    m = MARGIN
    view = f"{fmt(-m)} {fmt(-m)} {fmt(side + 2 * m)} {fmt(side + 2 * m)}"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}" role="img" '
             f'aria-label="the table" preserveAspectRatio="xMidYMid meet">',
             f'<rect x="{fmt(-m)}" y="{fmt(-m)}" width="{fmt(side + 2 * m)}" '
             f'height="{fmt(side + 2 * m)}" fill="#fbfcfc"/>',
             f'<rect x="0" y="0" width="{fmt(side)}" height="{fmt(side)}" fill="{BOARD_FILL}" '
             f'stroke="#5d6d7e" stroke-width="1"/>']
    # the first player's edge is y = 0 (the bottom of the page), the second's the top
    for k, y in enumerate((side + 4, -10)):
        parts.append(f'<rect class="edge" x="0" y="{fmt(y)}" width="{fmt(side)}" height="6" '
                     f'fill="{PLAYER_COLOURS[k]}"><title>player {k + 1} edge</title></rect>')
    for k, obstacle in enumerate(obstacles):
        tip = escape(f"{obstacle.id}: {obstacle.outline_id}")
        parts.append(f'<g data-obstacle="{k}" display="none"><title>{tip}</title>'
                     f"{ship_layer([], {}, side, [obstacle])}</g>")
    # a scenario's features lie on the table: under the pieces and the ships
    parts += ['<g id="features"></g><g id="pieces"></g><g id="ships"></g>', "</svg>"]
    return "".join(parts)


def obstacle_of(data: dict[str, Any]) -> Obstacle:
    return Obstacle(data["id"], Pose(data["x"], data["y"], data["heading"]), data["outline"])


# ----------------------------------------------------------------------------- page
def _icon(path: str) -> str:
    return (f'<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" '
            f'focusable="false"><path d="{path}" fill="currentColor"/></svg>')


#: The step buttons: id, what it does (title and aria-label), icon.
BUTTONS = (
    ("first", "First frame (Home)", _icon("M2 2h2.5v12H2zM14 2v12L5.5 8z")),
    ("prev", "Previous frame (left arrow)", _icon("M12 2v12L3.5 8z")),
    ("next", "Next frame (right arrow)", _icon("M4 2v12l8.5-6z")),
    ("last", "Last frame (End)", _icon("M2 2v12l8.5-6zM11.5 2H14v12h-2.5z")),
)


def page(title: str, summary: str, board: str, frames_json: str) -> str:
    """The whole page (``frames_json``: the frames as JSON, safe inside a script)."""
    buttons = "".join(f'<button type="button" id="{ident}" title="{label}" '
                      f'aria-label="{label}">{icon}</button>'
                      for ident, label, icon in BUTTONS)
    return _PAGE.format(title=escape(title), summary=escape(summary), board=board,
                        buttons=buttons, frames=frames_json)


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 0.8em; background: #fbfcfc; color: #1c2833; }}
h1 {{ font-size: 1.3em; margin: 0 0 0.2em; }}
#summary {{ margin: 0 0 0.5em; }}
#controls {{ display: flex; align-items: center; gap: 0.3em; margin-bottom: 0.5em;
  flex-wrap: wrap; }}
#controls button {{ display: inline-flex; align-items: center; justify-content: center;
  width: 2.4em; height: 2em; padding: 0; color: #1c2833; cursor: pointer; }}
#controls button:disabled {{ color: #aab7b8; cursor: default; }}
#slider {{ flex: 1 1 12em; max-width: 40em; }}
#main {{ display: flex; gap: 1em; align-items: flex-start; flex-wrap: wrap; }}
#board {{ flex: 1 1 480px; min-width: 300px; }}
#board svg {{ display: block; width: 100%; height: auto; max-height: calc(100vh - 7.5em); }}
#side {{ flex: 0 1 30em; min-width: 18em; max-height: calc(100vh - 7.5em); overflow: auto; }}
h3 {{ margin: 0.3em 0; font-size: 1em; }}
pre {{ white-space: pre-wrap; font-size: 13px; background: #eef2f3; padding: 0.6em;
  margin: 0 0 0.8em; }}
</style></head><body>
<h1>{title}</h1><p id="summary">{summary}</p>
<div id="controls">{buttons}
<input id="slider" type="range" min="0" value="0" aria-label="frame">
<span id="where" aria-live="polite"></span>
</div>
<div id="main"><div id="board">{board}</div>
<div id="side"><h3>What happened</h3><pre id="lines"></pre>
<h3>Ships</h3><pre id="status"></pre>
<h3>Mission points</h3><p id="points"></p><pre id="scores"></pre></div></div>
<script>
const frames = {frames};
const slider = document.getElementById("slider");
const obstacles = Array.from(document.querySelectorAll("[data-obstacle]"));
const button = id => document.getElementById(id);
slider.max = frames.length - 1;
let at = 0;
function show(i) {{
  at = Math.max(0, Math.min(frames.length - 1, i));
  const f = frames[at];
  const placed = new Set(f.obstacles);
  for (const o of obstacles) {{
    o.setAttribute("display", placed.has(Number(o.dataset.obstacle)) ? "inline" : "none");
  }}
  document.getElementById("pieces").innerHTML = f.pieces;
  document.getElementById("features").innerHTML = f.features;
  document.getElementById("points").textContent =
    "player 1: " + f.points[0] + ", player 2: " + f.points[1];
  document.getElementById("scores").textContent = f.scores.join("\\n") || "none scored yet";
  document.getElementById("ships").innerHTML = f.svg;
  document.getElementById("lines").textContent = f.lines.join("\\n");
  document.getElementById("status").textContent = f.status.join("\\n");
  document.getElementById("where").textContent =
    "frame " + (at + 1) + " of " + frames.length + ", round " + f.round + ", " + f.phase;
  slider.value = at;
  button("first").disabled = button("prev").disabled = at === 0;
  button("last").disabled = button("next").disabled = at === frames.length - 1;
}}
button("first").onclick = () => show(0);
button("prev").onclick = () => show(at - 1);
button("next").onclick = () => show(at + 1);
button("last").onclick = () => show(frames.length - 1);
slider.oninput = () => show(Number(slider.value));
const keys = {{ArrowRight: () => at + 1, ArrowDown: () => at + 1, ArrowLeft: () => at - 1,
  ArrowUp: () => at - 1, Home: () => 0, End: () => frames.length - 1}};
document.addEventListener("keydown", e => {{
  // the slider steps itself with the arrows
  if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey || !(e.key in keys)) return;
  e.preventDefault();
  show(keys[e.key]());
}});
show(0);
</script></body></html>
"""
