"""Scenario features drawn on the board (satellites, supply caches: the rulebook's
SCENARIO FEATURE), and the scenario's caption (its name and the mission points).

A feature is a round marker of radius SCENARIO_MARKER_RADIUS at its centre, in the table
frame (y up), as a group ``g.feature`` carrying its id, kind, centre, player marker and
carrier (the server's play page draws the same shapes from the view: board.js). A satellite
bearing a player's marker is ringed and dotted in that player's colour; a supply cache a
ship tows is drawn small beside that ship, tied to it by a line. A faint ring may show the
range the scenario measures from the marker's edge (range 1 for control, tow and scramble,
range 2 for Chance Engagement's contest).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from tallon.engine.scenarios import SCENARIOS, scenario_of
from tallon.engine.view import feature_view
from tallon.geometry import Ship, base_shape
from tallon.geometry.constants import RANGE_BAND_LENGTH, SCENARIO_MARKER_RADIUS
from tallon.render.svg import fmt

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState

R = SCENARIO_MARKER_RADIUS
#: the marker's face, by kind
FILL = {"satellite": "#d5dbdb", "supply_cache": "#f5b041"}
EDGE = "#fdfefe"
#: a towed cache's radius beside its ship (a token on the ship's card, not on the table)
TOWED_R = R * 0.55


def ring_range(scenario_name: str | None) -> int:
    """The range a scenario measures from its features (0: none): 2 for Chance
    Engagement's contest, 1 for control, tow and scramble."""
    if scenario_name is None or scenario_name not in SCENARIOS:
        return 0
    return 2 if SCENARIOS[scenario_name].scoring == "contest" else 1


def _face(kind: str, x: float, y: float, r: float) -> str:
    """The marker's emblem: a satellite's dish (a cross of panels), a cache's crate."""
    if kind == "satellite":
        a, b = r * 0.7, r * 0.18
        return (f'<rect x="{fmt(x - a)}" y="{fmt(y - b)}" width="{fmt(2 * a)}" '
                f'height="{fmt(2 * b)}" fill="#5d6d7e"/>'
                f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r * 0.3)}" fill="#2e4053"/>')
    side = r * 0.9
    return (f'<rect x="{fmt(x - side / 2)}" y="{fmt(y - side / 2)}" width="{fmt(side)}" '
            f'height="{fmt(side)}" fill="#7e5109"/>')


def feature_svg(features: Sequence[Mapping[str, Any]], colours: Sequence[str],
                carriers: Mapping[str, tuple[float, float, float]] | None = None,
                ring: int = 0) -> str:
    """The features (the view's shape: id, kind, x, y, marker, carrier) as an SVG fragment
    in the table frame. ``colours``: the players' colours, player 1 first; ``carriers``:
    where each towing ship is (x, y and its base's half side); ``ring``: the range to
    ring each feature in the play area with (0: none)."""
    carriers = carriers or {}
    out: list[str] = []
    for f in features:
        kind = str(f["kind"])
        marker = f.get("marker")
        stroke = colours[marker - 1] if marker else EDGE
        tip = f["id"].replace("-", " ").replace("_", " ") + (
            f" (player {marker}'s marker)" if marker else "")
        attrs = (f'class="feature" data-feature="{escape(f["id"])}" data-kind="{escape(kind)}"'
                 + (f' data-marker="{marker}"' if marker else ""))
        if f.get("x") is not None and f.get("y") is not None:
            x, y = float(f["x"]), float(f["y"])
            parts = [f'<g {attrs} data-x="{fmt(x)}" data-y="{fmt(y)}">',
                     f"<title>{escape(tip)}</title>"]
            if ring:
                parts.append(f'<circle class="range-ring" cx="{fmt(x)}" cy="{fmt(y)}" '
                             f'r="{fmt(R + ring * RANGE_BAND_LENGTH)}" fill="none" '
                             f'stroke="{EDGE}" stroke-opacity="0.3" stroke-width="0.8" '
                             f'stroke-dasharray="5 4"/>')
            parts.append(f'<circle class="marker" cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(R)}" '
                         f'fill="{FILL.get(kind, "#aeb6bf")}" stroke="{stroke}" '
                         f'stroke-width="{3 if marker else 1.2}"/>')
            parts.append(_face(kind, x, y, R))
            if marker:
                parts.append(f'<circle class="player-marker" cx="{fmt(x + R * 0.55)}" '
                             f'cy="{fmt(y + R * 0.55)}" r="{fmt(R * 0.35)}" '
                             f'fill="{stroke}" stroke="{EDGE}" stroke-width="0.8"/>')
            out.extend([*parts, "</g>"])
            continue
        carrier = f.get("carrier")
        if carrier is None or carrier not in carriers:
            continue  # off the table and on no ship in play: nothing to draw
        sx, sy, half = carriers[carrier]
        # beside the ship's base, clear of it whatever its heading, tied by a tow line
        x, y = sx + half + TOWED_R + 4, sy + half * 0.5
        out.extend([f'<g {attrs} data-carrier="{escape(carrier)}" data-x="{fmt(x)}" '
                    f'data-y="{fmt(y)}"><title>{escape(tip)}: towed by {escape(carrier)}'
                    "</title>",
                    f'<line x1="{fmt(sx)}" y1="{fmt(sy)}" x2="{fmt(x)}" y2="{fmt(y)}" '
                    f'stroke="{FILL["supply_cache"]}" stroke-width="1.2" '
                    f'stroke-dasharray="3 2"/>',
                    f'<circle class="marker towed" cx="{fmt(x)}" cy="{fmt(y)}" '
                    f'r="{fmt(TOWED_R)}" fill="{FILL.get(kind, "#aeb6bf")}" '
                    f'stroke="{stroke}" stroke-width="1"/>',
                    _face(kind, x, y, TOWED_R), "</g>"])
    return "".join(out)


def _half_length(ship: ShipState) -> float:
    """Half the ship's base length (a huge ship's rectangle's, not its size's square)."""
    body = ship.body
    return body.base.half if isinstance(body, Ship) else base_shape(ship.size).half


def game_features_svg(game: Game, colours: Sequence[str], ring: bool = True) -> str:
    """The game's features as :func:`feature_svg` draws them (no features: "")."""
    s = game.state
    if not s.features:
        return ""
    carriers = {ship.id: (ship.pose.x, ship.pose.y, _half_length(ship)) for ship in s.in_play()}
    return feature_svg([feature_view(f) for f in s.features], colours, carriers,
                       ring_range(s.scenario) if ring else 0)


def scenario_caption(scenario_name: str | None, round_number: int,
                     points: Sequence[int]) -> str:
    """The board's caption: the scenario's title, the round, and the mission points."""
    title = SCENARIOS[scenario_name].title if scenario_name in SCENARIOS else "No scenario"
    return (f"{title} - round {round_number} - mission points: player 1 {points[0]}, "
            f"player 2 {points[1]}")


def game_caption(game: Game) -> str:
    """:func:`scenario_caption` of the game as it stands."""
    scenario = scenario_of(game)
    s = game.state
    return scenario_caption(scenario.name if scenario else None, s.round,
                            [p.mission_points for p in s.players])


__all__ = ["feature_svg", "game_caption", "game_features_svg", "ring_range",
           "scenario_caption"]
