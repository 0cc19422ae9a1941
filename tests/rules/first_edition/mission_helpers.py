"""Helpers for the first-edition mission tests (tallon.engine.missions_1e): games of a
mission with chosen squads, setup answered decision by decision, hand-made boards.

Player 1 sits at y = 0 (its edge), player 2 at y = 914.4; a small base is 40 mm square and
a range band 100 mm. The Rebel squad is player 1 unless a test says otherwise.
"""

from __future__ import annotations

import time
from typing import Any

from tallon.agents import SimpleAgent, play
from tallon.cards import CARDS
from tallon.engine import Game, GameSetup
from tallon.engine.decisions import IllegalChoiceError
from tallon.engine.missions_1e import mission_squads
from tallon.engine.state import ShipState
from tallon.geometry import Pose
from tallon.scene import start_at
from tallon.squads.play_1e import squad_for_play
from tallon.squads.xws_1e import read_xws_1e

RED = ("xwing", "redsquadronpilot")        # skill 4, attack 3, agility 2, hull 3, shields 2
ROOKIE = ("xwing", "rookiepilot")          # skill 2
ACADEMY = ("tiefighter", "academypilot")   # skill 1, attack 2, agility 3, hull 3
BLACK = ("tiefighter", "blacksquadronpilot")        # skill 4
OBSIDIAN = ("tiefighter", "obsidiansquadronpilot")  # skill 3
SIDE = 914.4


def squad(side: str, *pilots: tuple[str, str] | dict[str, Any]) -> Any:
    """A first-edition squad for play (``side``: rebel or imperial)."""
    entries = [p if isinstance(p, dict) else {"ship": p[0], "name": p[1]} for p in pilots]
    imported = read_xws_1e({"version": "1.0.0", "faction": side, "pilots": entries})
    assert not imported.errors, imported.errors
    return squad_for_play(imported.squad)


def preset(name: str) -> tuple[Any, Any]:
    """The mission's pre-determined squads (Rebel, Imperial)."""
    rebel, imperial = mission_squads(name)
    return squad_for_play(read_xws_1e(rebel).squad), squad_for_play(read_xws_1e(imperial).squad)


def mission_game(name: str, rebels: Any, imperials: Any, seed: int = 0,
                 rebel_player: int = 1, rounds: int = 12) -> Game:
    """A new game of mission ``name`` (at its first setup decision)."""
    squads = (rebels, imperials) if rebel_player == 1 else (imperials, rebels)
    return Game(GameSetup(squads, seed=seed, ruleset="1e", cards=CARDS, scenario=name,
                          rounds=rounds))


def first_options_until(game: Game, stop: Any = None, limit: int = 200) -> None:
    """Answer the first option of each decision until ``stop(decision)`` holds (or the
    setup is over, without ``stop``)."""
    while limit:
        d = game.decision
        assert d is not None, "the game stopped"
        if stop is not None and stop(d):
            return
        if stop is None and game.state.phase != "setup":
            return
        game.answer(d.options[0].key)
        limit -= 1
    raise AssertionError("the decision never came")


def refused(game: Game, value: Any) -> str:
    """The reason the pending decision refuses ``value`` (fails if it accepts it)."""
    try:
        game.answer(value)
    except IllegalChoiceError as error:
        return str(error)
    raise AssertionError(f"{value!r} was accepted")


def put(game: Game, ship_id: str, x: float, y: float, heading: float) -> ShipState:
    """Move a ship to a spot (a hand-made board)."""
    ship = game.state.ships[ship_id]
    game.state.set_pose(ship, Pose(x, y, heading))
    return ship


def run_steps(game: Game, *steps: Any, phase: str = "engagement") -> None:
    """Run these steps on the game as it stands (the game stops when they are done)."""
    start_at(game, *steps, phase=phase)


def whole_game(game: Game, seed: int = 1) -> float:
    """Play the game to its end with the simple agents; returns the seconds it took."""
    start = time.perf_counter()
    play(game, (SimpleAgent(seed), SimpleAgent(seed + 1)))
    return time.perf_counter() - start


def kinds_asked(game: Game, limit: int = 400) -> list[tuple[str, str | None]]:
    """Answer first options to the end (or ``limit``), returning (kind, ship) asked."""
    seen = []
    while game.decision is not None and limit:
        d = game.decision
        seen.append((d.kind, d.ship))
        game.answer(d.options[0].key)
        limit -= 1
    return seen
