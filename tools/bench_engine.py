#!/usr/bin/env python3
"""Benchmark the game engine on one core.

Prints, as medians over several runs of CPU time:
- complete games per second between random agents, with attacks and card abilities: the
  demo's squads (4 named X-wings against Vader, Howlrunner and 4 TIE/ln) and random legal
  squads of every card the engine plays;
- the median time to clone a game in the middle of a round (activation phase, round 3);
- the simple agent's games per second, for reference.

Usage: python tools/bench_engine.py [--runs 5] [--games 20] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from tallon.agents import RandomAgent, SimpleAgent, play
from tallon.cards import CARDS
from tallon.cards.pool import random_squad
from tallon.cli.demo import default_squads
from tallon.engine import Game, GameSetup


def random_game(seed: int, pool: bool = False) -> Game:
    squads = default_squads()
    if pool:
        rng = random.Random(seed)
        squads = (random_squad(rng), random_squad(rng))
    game = Game(GameSetup(squads, seed=seed, cards=CARDS), logging=False)
    play(game, (RandomAgent(seed), RandomAgent(seed + 1)))
    return game


def games_per_second(count: int, first_seed: int, simple: bool = False,
                     pool: bool = False) -> float:
    if pool:  # squads are drawn outside the timing: the benchmark measures play
        for seed in range(first_seed, first_seed + count):
            rng = random.Random(seed)
            random_squad(rng), random_squad(rng)
    start = time.process_time()
    for seed in range(first_seed, first_seed + count):
        if simple:
            game = Game(GameSetup(default_squads(), seed=seed, cards=CARDS), logging=False)
            play(game, (SimpleAgent(seed), SimpleAgent(seed + 1)))
        else:
            random_game(seed, pool)
    return count / (time.process_time() - start)


def mid_round_game(seed: int) -> Game:
    """A game stopped at the first activation-phase decision of round 3 (or later)."""
    game = Game(GameSetup(default_squads(), seed=seed, cards=CARDS), logging=False)
    agents = (SimpleAgent(seed), SimpleAgent(seed + 1))
    while not game.over:
        s = game.state
        if s.round >= 3 and s.phase == "activation":
            return game
        decision = game.decision
        assert decision is not None
        game.answer(agents[decision.player].choose(game.view(decision.player, log=False),
                                                   decision))
    raise RuntimeError("the game ended before round 3")


def clone_time(game: Game, repeats: int = 2000) -> float:
    """Median microseconds per clone over batches."""
    batches = []
    for _ in range(10):
        start = time.process_time()
        for _ in range(repeats // 10):
            game.clone()
        batches.append((time.process_time() - start) / (repeats // 10) * 1e6)
    return statistics.median(batches)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs (median reported)")
    parser.add_argument("--games", type=int, default=20, help="games per run")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    random_game(0)  # warm caches (card data, geometry tables)
    rates = [games_per_second(args.games, 1000 * run) for run in range(args.runs)]
    pool_rates = [games_per_second(args.games, 1000 * run + 500, pool=True)
                  for run in range(args.runs)]
    simple = [games_per_second(max(2, args.games // 10), 5000 + 100 * run, simple=True)
              for run in range(max(1, args.runs // 2))]
    game = mid_round_game(7)
    clones = [clone_time(game) for _ in range(args.runs)]
    result = {
        "random_games_per_second": round(statistics.median(rates), 1),
        "random_game_runs": [round(r, 1) for r in rates],
        "pool_games_per_second": round(statistics.median(pool_rates), 1),
        "pool_game_runs": [round(r, 1) for r in pool_rates],
        "clone_microseconds": round(statistics.median(clones), 1),
        "clone_runs": [round(c, 1) for c in clones],
        "simple_games_per_second": round(statistics.median(simple), 2),
        "ships": len(game.state.ships),
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"complete games per second, random agents, demo squads (4 v 6 ships): "
          f"{result['random_games_per_second']} (median of {args.runs} runs of "
          f"{args.games} games: {result['random_game_runs']})")
    print(f"complete games per second, random agents, random squads of every playable "
          f"card: {result['pool_games_per_second']} (runs {result['pool_game_runs']})")
    print(f"clone a game mid-round ({result['ships']} ships, activation phase): "
          f"{result['clone_microseconds']} microseconds median (runs {result['clone_runs']})")
    print(f"for reference, simple-agent games per second: {result['simple_games_per_second']}")
    print("CPU time on one core")


if __name__ == "__main__":
    main()
