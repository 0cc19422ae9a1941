#!/usr/bin/env python3
"""Benchmark the game engine on one core, optionally against an earlier commit in the
same run.

Prints, as medians over several runs of CPU time:
- complete games per second between random agents: the demo's squads (4 named X-wings
  against Vader, Howlrunner and 4 TIE/ln) and random legal squads of every playable card;
- the time to clone a game in the middle of a round (activation phase, round 3), and to
  clone and determinize it for one player (what a search agent does per sample);
- the simple agent's games per second, for reference;
- the ace's games per second against itself, on the demo squads and on random squads of
  4 to 6 ships, and the master's seconds per decision it searches (configured 0.2 s).

``--baseline REV`` measures the commit REV too (from a temporary git worktree, each
measure in its own process, alternating with this checkout's, run after run) and prints
both side by side: the before and after of a change, in one run on one machine.

Usage: python tools/bench_engine.py [--runs 5] [--games 20] [--baseline REV] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: Figures every version of this benchmark prints (a baseline lacking one shows "-").
FIGURES = ("random_games_per_second", "pool_games_per_second", "clone_microseconds",
           "determinize_microseconds", "simple_games_per_second", "ace_games_per_second",
           "ace_pool_games_per_second", "master_seconds_per_decision")
LABELS = {
    "random_games_per_second": "random-agent games/s, demo squads (4 v 6 ships)",
    "pool_games_per_second": "random-agent games/s, random squads of every playable card",
    "clone_microseconds": "clone a game mid-round (10 ships), microseconds",
    "determinize_microseconds": "clone + determinize it for one player, microseconds",
    "simple_games_per_second": "simple-agent games/s, demo squads (for reference)",
    "ace_games_per_second": "ace v ace games/s, demo squads",
    "ace_pool_games_per_second": "ace v ace games/s, random squads of 4-6 ships",
    "master_seconds_per_decision": "master (its default budget): seconds per searched decision",
}


# ------------------------------------------------------------------ one measure
def _engine() -> dict[str, Any]:
    """The engine API, whichever version is on the path (the card pool is given to the
    game since the engine stopped importing it)."""
    from tallon.agents import RandomAgent, SimpleAgent, play
    from tallon.cli.demo import default_squads
    from tallon.engine import Game, GameSetup

    try:
        from tallon.cards import CARDS
        from tallon.cards.pool import random_squad

        def setup(squads: Any, seed: int) -> Any:
            return GameSetup(squads, seed=seed, cards=CARDS)
    except ImportError:  # an engine that imports its card pool itself
        from tallon.engine.pool import random_squad  # type: ignore[no-redef]

        def setup(squads: Any, seed: int) -> Any:
            return GameSetup(squads, seed=seed)
    try:  # players numbered 1 and 2 (0 and 1 before)
        from tallon.engine.state import PLAYERS
        first = PLAYERS[0]
    except ImportError:
        first = 0
    return {"Game": Game, "setup": setup, "default_squads": default_squads, "play": play,
            "RandomAgent": RandomAgent, "SimpleAgent": SimpleAgent,
            "random_squad": random_squad, "first_player": first}


def _games_per_second(api: dict[str, Any], count: int, first_seed: int, pool: bool = False,
                      simple: bool = False) -> float:
    squads = []
    for seed in range(first_seed, first_seed + count):
        if pool:  # squads are drawn outside the timing: the benchmark measures play
            rng = random.Random(seed)
            squads.append((api["random_squad"](rng), api["random_squad"](rng)))
        else:
            squads.append(api["default_squads"]())
    agent = api["SimpleAgent"] if simple else api["RandomAgent"]
    start = time.process_time()
    for seed, pair in zip(range(first_seed, first_seed + count), squads, strict=True):
        game = api["Game"](api["setup"](pair, seed), logging=False)
        api["play"](game, (agent(seed), agent(seed + 1)))
    return count / (time.process_time() - start)


def _ace_games_per_second(api: dict[str, Any], count: int, first_seed: int,
                          pool: bool = False) -> float | None:
    """Complete ace-against-ace games per second of CPU time (None before the ace)."""
    try:
        from tallon.agents.levels import make_agent
    except ImportError:
        return None
    squads = []
    seed = first_seed
    while len(squads) < count:
        if pool:  # random squads of 4-6 ships, drawn outside the timing
            rng = random.Random(seed)
            pair = (api["random_squad"](rng), api["random_squad"](rng))
            if all(4 <= len(squad.ships) <= 6 for squad in pair):
                squads.append((seed, pair))
        else:
            squads.append((seed, api["default_squads"]()))
        seed += 1
    for seed, pair in squads[:1]:  # the calculator's tables, filled once per process
        api["play"](api["Game"](api["setup"](pair, seed), logging=False),
                    (make_agent("ace", seed), make_agent("ace", seed + 1)))
    start = time.process_time()
    for seed, pair in squads:
        game = api["Game"](api["setup"](pair, seed), logging=False)
        api["play"](game, (make_agent("ace", seed), make_agent("ace", seed + 1)))
    return count / (time.process_time() - start)


def _master_seconds(api: dict[str, Any], seed: int) -> float | None:
    """Wall seconds per decision the master searches, over the first two rounds of a
    game against the ace (the level's default budget: in a tree before 2026-11-27, 0.2 s
    of the clock; since, 300 imagined decisions)."""
    try:
        from tallon.agents import agent_answer
        from tallon.agents.levels import make_agent
        from tallon.agents.master import SEARCHED
    except ImportError:
        return None
    game = api["Game"](api["setup"](api["default_squads"](), seed), logging=False)
    agents = (make_agent("master", seed), make_agent("ace", seed + 1))
    spent, searched = 0.0, 0
    while not game.over and game.state.round <= 2:
        decision = game.decision
        start = time.perf_counter()
        answer = agent_answer(agents[decision.player - 1], game) if not decision.is_chance \
            else decision.options[0].key
        if decision.player == 1 and decision.kind in SEARCHED and len(decision.options) > 1:
            spent += time.perf_counter() - start
            searched += 1
        game.answer(answer)
    return spent / searched if searched else None


def _mid_round_game(api: dict[str, Any], seed: int) -> Any:
    """A game stopped at the first activation-phase decision of round 3 (or later)."""
    game = api["Game"](api["setup"](api["default_squads"](), seed), logging=False)
    agents = (api["SimpleAgent"](seed), api["SimpleAgent"](seed + 1))
    while not game.over:
        s = game.state
        if s.round >= 3 and s.phase == "activation":
            return game
        decision = game.decision
        agent = agents[decision.player - api["first_player"]]
        game.answer(agent.choose(game.view(decision.player, log=False), decision))
    raise RuntimeError("the game ended before round 3")


def _microseconds(work: Any, repeats: int = 2000) -> float:
    """Median microseconds per call over batches."""
    batches = []
    for _ in range(10):
        start = time.process_time()
        for _ in range(repeats // 10):
            work()
        batches.append((time.process_time() - start) / (repeats // 10) * 1e6)
    return statistics.median(batches)


def measure(run: int, games: int) -> dict[str, float | None]:
    """One run of every figure (seeds vary by run, the same in every version)."""
    api = _engine()
    _games_per_second(api, 1, 0)  # warm caches (card data, geometry tables)
    game = _mid_round_game(api, 7)
    determinize = getattr(game, "determinize", None)
    rng = random.Random(run)
    return {
        "random_games_per_second": _games_per_second(api, games, 1000 * run),
        "pool_games_per_second": _games_per_second(api, games, 1000 * run + 500, pool=True),
        "clone_microseconds": _microseconds(game.clone),
        "determinize_microseconds": None if determinize is None else
        _microseconds(lambda: determinize(api["first_player"], rng)),
        "simple_games_per_second": _games_per_second(api, max(2, games // 10),
                                                     5000 + 100 * run, simple=True),
        "ace_games_per_second": _ace_games_per_second(api, max(2, games // 4),
                                                      7000 + 100 * run),
        "ace_pool_games_per_second": _ace_games_per_second(api, max(2, games // 4),
                                                           9000 + 100 * run, pool=True),
        "master_seconds_per_decision": _master_seconds(api, 11 + run),
    }


# ------------------------------------------------------------------ the runs
def _measure_in(tree: Path, run: int, games: int) -> dict[str, float | None]:
    """One run measured in a fresh process on the source tree ``tree`` (this very script
    is what runs, so both versions are measured the same way)."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    out = subprocess.run([sys.executable, __file__, "--measure", str(run), "--games",
                          str(games)], env=env, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"measuring {tree} failed:\n{out.stderr}")
    return json.loads(out.stdout)


def _worktree(rev: str, into: Path) -> Path:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(into), rev],
                   check=True, capture_output=True)
    return into


def _median(values: list[float | None]) -> float | None:
    found = [v for v in values if v is not None]
    return round(statistics.median(found), 1) if found else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs (median reported)")
    parser.add_argument("--games", type=int, default=20, help="games per run")
    parser.add_argument("--baseline", metavar="REV",
                        help="also measure this git commit, alternating with this checkout")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--measure", type=int, help=argparse.SUPPRESS)  # one run, as JSON
    args = parser.parse_args()
    if args.measure is not None:
        print(json.dumps(measure(args.measure, args.games)))
        return
    runs: dict[str, list[dict[str, float | None]]] = {"current": []}
    with tempfile.TemporaryDirectory(prefix="tallon-bench-") as scratch:
        trees = {"current": ROOT}
        if args.baseline:
            trees["baseline"] = _worktree(args.baseline, Path(scratch) / "baseline")
            runs["baseline"] = []
        try:
            for run in range(args.runs):
                for name, tree in trees.items():
                    runs[name].append(_measure_in(tree, run, args.games))
                    print(f"run {run + 1}/{args.runs} {name} done", file=sys.stderr)
        finally:
            if args.baseline:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                                str(trees["baseline"])], capture_output=True)
    result = {name: {figure: _median([r[figure] for r in done]) for figure in FIGURES}
              for name, done in runs.items()}
    result["runs"] = runs  # type: ignore[assignment]
    result["settings"] = {"runs": args.runs, "games": args.games,  # type: ignore[assignment]
                          "baseline": args.baseline}
    if args.json:
        print(json.dumps(result))
        return
    print(f"medians of {args.runs} runs ({args.games} games each), CPU time on one core")
    header = f"{'':58} {'current':>10}"
    if args.baseline:
        header += f" {'baseline ' + args.baseline[:10]:>20}"
    print(header)
    for figure in FIGURES:
        line = f"{LABELS[figure]:58} {_shown(result['current'][figure]):>10}"
        if args.baseline:
            line += f" {_shown(result['baseline'][figure]):>20}"
        print(line)


def _shown(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


if __name__ == "__main__":
    main()
