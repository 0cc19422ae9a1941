"""Simulating many games between two squads (``tallon sim``): win rates with their 95%
intervals, the mission points margin, each ship's survival and damage, the first losses;
played in this process, in local worker processes or as Ray tasks, with the same results
for the same seed however they are spread. See ``docs/simulation.md``.

    summary = simulate("Rebel X-wing aces", "Scum Fang fighters", games=20,
                       agents=("random", "random"), seed=1)
    summary["win_rate"], summary["ci95"]
"""

from __future__ import annotations

from typing import Any

from tallon.agents.levels import Think, parse_think
from tallon.sim.runner import Matchup, run_games
from tallon.sim.squads import LoadedSquad, describe, load_squad
from tallon.sim.stats import compare, summarize, wilson_interval


def simulate(squad_a: str | LoadedSquad, squad_b: str | LoadedSquad, *, games: int = 100,
             agents: tuple[str, str] = ("simple", "simple"), seed: int = 0,
             rounds: int = 12, think: Think | str | None = None, workers: int = 1,
             backend: str = "local", address: str | None = None,
             scenario: str | None = None) -> dict[str, Any]:
    """Play ``games`` games of ``squad_a`` against ``squad_b`` (each a squad loaded with
    :func:`load_squad`, or what it accepts: an XWS file, a quick build id, a ready-made
    opponent's name), squad A player 1 in the even games and player 2 in the odd ones,
    in ``scenario`` (a standard scenario's name, "random": drawn per game, None: practice
    games), the searching levels thinking ``think`` a decision (a budget's text as
    :func:`~tallon.agents.levels.parse_think` reads it, e.g. ``"400"`` or ``"0.5s"``; None:
    the level's own), and return the summary (the object ``tallon sim --json`` prints,
    without ``run``)."""
    loaded = [s if isinstance(s, LoadedSquad) else load_squad(s) for s in (squad_a, squad_b)]
    think = None if think is None else parse_think(think)
    matchup = Matchup((loaded[0].xws, loaded[1].xws), agents, seed, rounds, think, scenario)
    records = list(run_games(matchup, range(games), workers=workers, backend=backend,
                             address=address))
    return summarize(records, squads=[describe(s) for s in loaded], agents=agents,
                     seed=seed, rounds_limit=rounds, think=think, games_planned=games,
                     scenario=scenario)


__all__ = ["LoadedSquad", "Matchup", "compare", "describe", "load_squad", "run_games",
           "simulate", "summarize", "wilson_interval"]
