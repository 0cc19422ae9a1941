#!/usr/bin/env python3
"""Ace-against-ace speed: complete games per second of CPU time on one core, and where a
decision's time goes (the ace's own choice, the view it is shown, the engine's answer),
by decision kind, with the default squads per scenario and with random squads of 4-6 ships.

Usage:
    python tools/bench_agents.py [--runs 3] [--games 4] [--scenarios none,satellite-array]
                                 [--pool] [--level ace] [--profile FILE] [--gc MODE] [--json]

Every figure is the median over ``--runs`` runs (seeds differ by run, the same in every
version of the code, so two trees can be compared: run it with ``PYTHONPATH=OTHER/src``).
``--profile FILE`` writes a cProfile of one extra run's games (and prints its top
functions by own time) instead of timing. ``--gc default|settled|both`` times the games
with Python's default cyclic-collector settings, with the simulator's long-run settings
(``tallon.sim.runner.settle_memory``: long-lived data frozen, fewer young collections), or
both, alternating within each run (default: settled, as ``tallon sim`` plays).

The agent's own time alone, without the engine's and the views' (less noisy on a shared
machine, and a check that a speed-up changes no answer): ``--record FILE`` plays the
games of the settings once and keeps every decision's view and answer (a pickle);
``--replay FILE`` then shows the recorded views to fresh agents of the tree it runs in,
``--runs`` times, and prints the least CPU time of their choices (ms a game) and how many
answers differ from the recording.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import math
import pickle
import pstats
import random
import statistics
import time
from collections import defaultdict
from typing import Any

from tallon.agents import draw_chance
from tallon.agents.levels import make_agent
from tallon.cards import CARDS
from tallon.cards.pool import default_squads, random_squad
from tallon.engine import Game, GameSetup

try:
    from tallon.sim.runner import LONG_RUN_GC_THRESHOLD
except ImportError:  # an older tree
    LONG_RUN_GC_THRESHOLD = (20_000, 50, 20)
DEFAULT_GC_THRESHOLD = gc.get_threshold()

try:
    from tallon.agents import wants_view
except ImportError:  # an older tree: every agent that needs a view gets one
    def wants_view(agent: Any, decision: Any) -> bool:
        return bool(getattr(agent, "needs_view", True))

#: Decision kinds shown one by one (the rest are summed as "other").
SHOWN = ("set_dial", "perform_action", "linked_action", "use_ability", "declare_attack",
         "modify_attack_dice", "modify_defense_dice", "place_ship", "place_obstacle")


def _squads(seed: int, pool: bool) -> tuple[int, Any]:
    """The squads of a game from ``seed`` on: the default ones, or the first random pair
    of 4-6 ships each (and the seed it was drawn with)."""
    if not pool:
        return seed, default_squads()
    while True:
        rng = random.Random(seed)
        pair = (random_squad(rng), random_squad(rng))
        if all(4 <= len(squad.ships) <= 6 for squad in pair):
            return seed, pair
        seed += 100_000


def play_timed(seed: int, pool: bool, scenario: str | None, level: str,
               spent: dict[str, list[float]]) -> float:
    """One complete game, each decision's CPU time added to ``spent`` as (agent, view,
    engine) per kind: the agent's ``choose``, the view built for it, the engine's answer;
    returns the game's CPU time, from its setup on (drawing random squads is no part of
    playing them: a list builder's squads are given, and the draw, redrawn until both
    have 4-6 ships and checked for legality, took about a tenth of a pool game)."""
    seed, pair = _squads(seed, pool)
    clock = time.process_time
    started = clock()
    game = Game(GameSetup(pair, seed=seed, cards=CARDS, scenario=scenario), logging=False)
    agents = (make_agent(level, seed), make_agent(level, seed + 1))
    chance = random.Random(seed)
    while (decision := game.decision) is not None:
        if decision.is_chance:
            game.answer(draw_chance(decision, chance))
            continue
        agent = agents[decision.player - 1]
        t0 = clock()
        view = game.view(decision.player, log=False) if wants_view(agent, decision) else {}
        t1 = clock()
        answer = agent.choose(view, decision)
        t2 = clock()
        game.answer(answer)
        t3 = clock()
        row = spent[decision.kind if decision.kind in SHOWN else "other"]
        row[0] += t2 - t1
        row[1] += t1 - t0
        row[2] += t3 - t2
        row[3] += 1
    return clock() - started


def warm_geometry() -> None:
    """Fly every maneuver of every printed dial once on each base size: the geometry
    builds each maneuver's kit (its path and motion bounds, 20-40 ms) the first time it
    is flown in a process, a cost a long run pays once and random squads would otherwise
    keep adding to the first games."""
    from tallon.data import load_cards
    from tallon.geometry import BaseSize, Pose, Ship, Table, execute_maneuver

    codes = sorted({code for ship in load_cards().ships for code in ship.dial})
    for size in ("small", "medium", "large"):
        table = Table(ships=(Ship("x", Pose(457.2, 457.2, 0.0), BaseSize(size)),))
        for code in codes:
            try:
                execute_maneuver(table, "x", code)
            except ValueError:
                continue


def record(games: int, settings: list[tuple[bool, str | None]], level: str
           ) -> list[tuple[int, list[tuple[bytes, str]]]]:
    """Each game of ``settings`` (seeds 7000 on): its seed and, for every decision an
    agent answered, the pickled (player, view, decision) and the answer's repr."""
    found = []
    for pool, scenario in settings:
        for first in range(7000, 7000 + games):
            seed, pair = _squads(first, pool)
            game = Game(GameSetup(pair, seed=seed, cards=CARDS, scenario=scenario),
                        logging=False)
            agents = (make_agent(level, seed), make_agent(level, seed + 1))
            chance = random.Random(seed)
            shown = []
            while (decision := game.decision) is not None:
                if decision.is_chance:
                    game.answer(draw_chance(decision, chance))
                    continue
                agent = agents[decision.player - 1]
                view = game.view(decision.player, log=False) \
                    if wants_view(agent, decision) else {}
                blob = pickle.dumps((decision.player, view, decision))
                answer = agent.choose(view, decision)
                shown.append((blob, repr(answer)))
                game.answer(answer)
            found.append((seed, shown))
    return found


def replay(games: list[tuple[int, list[tuple[bytes, str]]]], level: str, runs: int
           ) -> tuple[float, int]:
    """(the least CPU seconds over ``runs`` replays of the agents' choices alone, the
    answers that differ from the recording)."""
    best, differing = math.inf, 0
    clock = time.process_time
    for run in range(runs):
        spent = 0.0
        for seed, shown in games:
            agents = (make_agent(level, seed), make_agent(level, seed + 1))
            for blob, answered in shown:
                player, view, decision = pickle.loads(blob)
                t0 = clock()
                answer = agents[player - 1].choose(view, decision)
                spent += clock() - t0
                if run == 0 and repr(answer) != answered:
                    differing += 1
        best = min(best, spent)
    return best, differing


def measure(games: int, first_seed: int, pool: bool, scenario: str | None,
            level: str) -> dict[str, Any]:
    """Games per second (whole games, chance draws included) and ms per decision by kind
    over ``games`` games."""
    spent: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0])
    seconds = sum(play_timed(seed, pool, scenario, level, spent)
                  for seed in range(first_seed, first_seed + games))
    decisions = sum(int(row[3]) for row in spent.values())
    return {
        "games_per_second": games / seconds,
        "decisions_per_game": decisions / games,
        "agent_share": sum(row[0] for row in spent.values()) / seconds,
        "view_share": sum(row[1] for row in spent.values()) / seconds,
        "kinds": {kind: {"count": row[3] / games, "agent_ms": 1000 * row[0] / row[3],
                         "view_ms": 1000 * row[1] / row[3],
                         "engine_ms": 1000 * row[2] / row[3]}
                  for kind, row in spent.items()},
    }


def set_collector(mode: str) -> None:
    """The cyclic collector as Python starts it (``default``) or as the simulator settles
    it for a long run (``settled``)."""
    if mode == "default":
        gc.unfreeze()
        gc.set_threshold(*DEFAULT_GC_THRESHOLD)
    else:
        gc.collect()
        gc.freeze()
        gc.set_threshold(*LONG_RUN_GC_THRESHOLD)


def _median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    kinds = sorted({k for r in runs for k in r["kinds"]})
    return {
        **{key: statistics.median(r[key] for r in runs)
           for key in ("games_per_second", "decisions_per_game", "agent_share",
                       "view_share")},
        "all_games_per_second": [round(r["games_per_second"], 2) for r in runs],
        "kinds": {kind: {field: statistics.median(r["kinds"][kind][field] for r in runs
                                                  if kind in r["kinds"])
                         for field in ("count", "agent_ms", "view_ms", "engine_ms")}
                  for kind in kinds},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs (median reported)")
    parser.add_argument("--games", type=int, default=4, help="games per run and setting")
    parser.add_argument("--scenarios", default="none,satellite-array",
                        help="comma-separated: none or scenario names")
    parser.add_argument("--pool", action="store_true",
                        help="also random squads of 4-6 ships (no scenario)")
    parser.add_argument("--level", default="ace")
    parser.add_argument("--profile", metavar="FILE")
    parser.add_argument("--record", metavar="FILE",
                        help="keep the views and answers of the games (no timing)")
    parser.add_argument("--replay", metavar="FILE",
                        help="time the agents' choices alone on recorded views")
    parser.add_argument("--gc", choices=("default", "settled", "both"), default="settled",
                        help="the cyclic collector's settings timed")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    settings = [(False, None if s == "none" else s) for s in args.scenarios.split(",") if s]
    if args.pool:
        settings.append((True, None))
    warm_geometry()
    if args.record:
        with open(args.record, "wb") as out:
            pickle.dump(record(args.games, settings, args.level), out)
        return
    if args.replay:
        with open(args.replay, "rb") as recorded:
            games = pickle.load(recorded)  # a file --record wrote: trusted
        seconds, differing = replay(games, args.level, args.runs)
        found = {"games": len(games), "agent_ms_per_game": 1000 * seconds / len(games),
                 "answers": sum(len(shown) for _, shown in games),
                 "answers_differing": differing}
        print(json.dumps(found) if args.json else
              f"{args.level}: {found['agent_ms_per_game']:.1f} ms a game of its own "
              f"(least of {args.runs} replays of {len(games)} games), "
              f"{differing} of {found['answers']} answers differ from the recording")
        return
    for pool, scenario in settings:  # warm: card data, geometry and dice tables
        measure(1, 1, pool, scenario, args.level)
    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
        for pool, scenario in settings:
            measure(args.games, 7000, pool, scenario, args.level)
        profile.disable()
        profile.dump_stats(args.profile)
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(30)
        return
    results: dict[str, list[dict[str, Any]]] = {}
    modes = ("default", "settled") if args.gc == "both" else (args.gc,)
    for run in range(args.runs):  # settings interleaved: a busy spell spreads over all
        for pool, scenario in settings:
            for mode in modes:
                set_collector(mode)
                name = ("pool 4-6 ships" if pool else "demo squads") + \
                    f", {scenario or 'none'}" + (f", gc {mode}" if len(modes) > 1 else "")
                results.setdefault(name, []).append(
                    measure(args.games, 7000 + 100 * run, pool, scenario, args.level))
    summary = {name: _median_of(runs) for name, runs in results.items()}
    if args.json:
        print(json.dumps({"settings": vars(args), "results": summary}))
        return
    print(f"{args.level} v {args.level}: medians of {args.runs} runs of {args.games} games, "
          "CPU time, one core")
    for name, found in summary.items():
        print(f"\n{name}: {found['games_per_second']:.2f} games/s "
              f"(runs {found['all_games_per_second']}), "
              f"{found['decisions_per_game']:.0f} decisions/game, agent "
              f"{found['agent_share']:.0%} of the time, views {found['view_share']:.0%}")
        print(f"  {'kind':22} {'per game':>8} {'agent ms':>9} {'view ms':>8} {'engine ms':>9}")
        for kind, row in sorted(found["kinds"].items(),
                                key=lambda item: -item[1]["agent_ms"] * item[1]["count"]):
            print(f"  {kind:22} {row['count']:8.1f} {row['agent_ms']:9.2f} "
                  f"{row['view_ms']:8.2f} {row['engine_ms']:9.2f}")


if __name__ == "__main__":
    main()
