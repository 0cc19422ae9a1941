"""Replays: re-run a saved game, check it reproduces, and draw it as a page that steps
through the game on the SVG board.

A frame is taken each time the board changes: every obstacle placed and every ship placed
in setup is a frame of its own, then every move, token and attack that shows on the
table. The page shows only what the log shows to both players: events that carry a
secret (a dial set) are left out. A scenario game's frames also carry its features (they
are placed, towed, dropped and marked) and the mission points, and the page lists every
mission point scored and why."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tallon.cards import CARDS
from tallon.engine import Game
from tallon.engine.loadout import ENERGY
from tallon.engine.view import feature_view
from tallon.geometry import BaseSize, Device, Obstacle, Pose
from tallon.geometry.constants import HUGE_BASE_LENGTH
from tallon.geometry.outlines import placed_obstacle_outlines
from tallon.render.features import feature_svg, ring_range, scenario_caption
from tallon.render.replay_page import (
    PLAYER_COLOURS,
    board_svg,
    flipped,
    obstacle_of,
    page,
    pieces_svg,
    ship_svg,
    token_shape,
)


@dataclass
class Frame:
    """The board after something visible happened, and what happened since the last one:
    the ships, the obstacles placed in setup so far (``obstacles``), and the pieces cards
    put on the table during the game (``devices``: remotes and devices that are obstacles,
    which come and go)."""

    round: int
    phase: str
    lines: list[str]
    ships: list[dict[str, Any]]
    devices: list[dict[str, Any]] = field(default_factory=list)
    obstacles: list[dict[str, Any]] = field(default_factory=list)
    #: the scenario's features (the view's shape) and each player's mission points
    features: list[dict[str, Any]] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    #: every mission point scored so far, and why (the log's "score" events, and the
    #: removals that scored)
    scores: list[str] = field(default_factory=list)


Board = tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]],
              list[dict[str, Any]], list[int]]


def _board_state(game: Game) -> Board:
    """The ships in play, the remotes and the obstacles cards placed, the obstacles
    placed in setup so far, the scenario's features and the mission points."""
    s = game.state
    ships = []
    for ship in s.in_play():
        pose = ship.pose
        tokens = ", ".join(f"{n} {t.value}" if n > 1 else t.value
                           for t, n in ship.tokens.items())
        drawn = {"id": ship.id, "owner": ship.owner, "name": ship.name,
                 "x": pose.x, "y": pose.y, "heading": pose.heading,
                 "size": ship.size.value, "hull": ship.hull - len(ship.damage),
                 "shields": ship.shields, "tokens": tokens}
        if ship.huge:  # only then: other frames stay as they were
            energy = ship.charges.get(ENERGY)
            drawn.update({"huge": True, "length": HUGE_BASE_LENGTH[ship.ship_type],
                          "energy": None if energy is None else
                          [energy.active, energy.limit]})
        ships.append(drawn)
    devices = []
    for remote in s.remotes_of():
        if remote.in_play:
            pose = remote.pose
            devices.append({"id": remote.id, "owner": remote.owner, "name": remote.name,
                            "x": pose.x, "y": pose.y, "heading": pose.heading,
                            "outline": remote.outline, "remote": True,
                            "hull": remote.hull - len(remote.damage)})
    obstacles = []
    for obstacle in s.obstacles:
        pose = obstacle.pose
        placed = {"id": obstacle.id, "x": pose.x, "y": pose.y, "heading": pose.heading,
                  "outline": obstacle.outline_id}
        if _placed_by_a_card(obstacle):
            devices.append({**placed, "remote": False, "fuses": s.fuses.get(obstacle.id, 0)})
        else:
            obstacles.append(placed)
    return (ships, devices, obstacles, [feature_view(f) for f in s.features],
            [p.mission_points for p in s.players])


def scored(event: dict[str, Any]) -> bool:
    """Whether a log event is a mission point scored: a scenario's ("score") or a ship
    removed from the game (whose text names the points)."""
    return event.get("kind") == "score" or (
        event.get("kind") == "removed" and " scores " in str(event.get("text", "")))


def _placed_by_a_card(obstacle: Obstacle) -> bool:
    """An obstacle a card placed during the game (a device that is an obstacle)."""
    return obstacle.outline_id in placed_obstacle_outlines()


def frames_of(record: dict[str, Any]) -> tuple[Game, list[Frame]]:
    """Replay ``record`` and collect a frame each time the board changes (each answer
    places at most one obstacle or ship, so each placement is a frame of its own)."""
    frames: list[Frame] = []
    seen = 0
    pending_lines: list[str] = []
    scores: list[str] = []
    last_board: Board | None = None

    def capture(game: Game) -> None:
        nonlocal seen, last_board
        # public text only: an event with a secret (a dial set) is left out
        events = [e for e in game.log[seen:] if "secret" not in e]
        seen = len(game.log)
        pending_lines.extend(e["text"] for e in events)
        scores.extend(e["text"] for e in events if scored(e))
        board = ships, devices, obstacles, features, points = _board_state(game)
        if board != last_board or game.over:
            frames.append(Frame(game.state.round, game.state.phase, list(pending_lines),
                                ships, devices=devices, obstacles=obstacles,
                                features=features, points=points, scores=list(scores)))
            pending_lines.clear()
            last_board = board

    game = Game.from_record(record, CARDS, watch=capture)
    return game, frames


def _obstacle_key(data: dict[str, Any]) -> tuple[Any, ...]:
    return (data["id"], data["outline"], data["x"], data["y"], data["heading"])


def player_colours(game: Game) -> dict[str, str]:
    """Each ship's colour: its player's (player 1 first in PLAYER_COLOURS)."""
    return {s.id: PLAYER_COLOURS[s.owner - 1] for s in game.state.ships_of()}


def replay_html(record: dict[str, Any], title: str = "Tallon replay") -> str:
    """A self-contained page stepping through the game on the SVG board."""
    game, frames = frames_of(record)
    colours = player_colours(game)
    ring = ring_range(game.state.scenario)
    # every setup obstacle is drawn once, hidden until the frame it is placed in
    placed: dict[tuple[Any, ...], dict[str, Any]] = {}
    for frame in frames:
        for o in frame.obstacles:
            placed.setdefault(_obstacle_key(o), o)
    keys = {key: k for k, key in enumerate(placed)}
    board = board_svg([obstacle_of(o) for o in placed.values()])
    data = []
    for frame in frames:
        pieces = [(Device if d["remote"] else Obstacle)(
            d["id"], Pose(d["x"], d["y"], d["heading"]), d["outline"]) for d in frame.devices]
        status = [f"{s['name']} ({s['id']}): hull {s['hull']}, shields {s['shields']}"
                  + (f", energy {s['energy'][0]}/{s['energy'][1]}" if s.get("energy") else "")
                  + (f", {s['tokens']}" if s["tokens"] else "") for s in frame.ships]
        status += [f"{d['name']} ({d['id']}, remote): hull {d['hull']}"
                   for d in frame.devices if d["remote"]]
        carriers = {s["id"]: (s["x"], s["y"],
                              token_shape(BaseSize(s["size"]), s.get("length")).half)
                    for s in frame.ships}
        data.append({"round": frame.round, "phase": frame.phase, "lines": frame.lines,
                     "status": status, "svg": ship_svg(frame.ships, colours),
                     "pieces": pieces_svg(pieces),
                     "features": flipped(feature_svg(frame.features, PLAYER_COLOURS,
                                                     carriers, ring)),
                     "points": frame.points, "scores": frame.scores,
                     "obstacles": [keys[_obstacle_key(o)] for o in frame.obstacles]})
    summary = ("a draw" if game.state.draw else
               f"player {game.state.winner} wins" if game.over else "unfinished")
    s = game.state
    if s.scenario is not None:
        summary = (f"{scenario_caption(s.scenario, s.round, [p.mission_points for p in s.players])}"
                   f": {summary}")
    return page(title, summary, board, json.dumps(data).replace("</", "<\\/"))
