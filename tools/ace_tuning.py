#!/usr/bin/env python3
"""An ace with one of its constants changed against the ace as it is: mirrored random
squads of 4-6 ships (the same squad on both sides), sides swapped every other game with
the same dice and seeds (a change that never matters in a pair cancels in it); the
variant's wins, draws and losses, its share of the decided games with a 95% Wilson
interval, the z of wins against losses as if the games were independent, and the z of
the pairs' sums (each -2 to 2; a pair that cancels adds nothing to their spread), the
one to read.

Usage:
    python tools/ace_tuning.py NAME VALUE [--module tallon.agents.planning] [--games 1000]
                               [--seed 1] [--workers 2] [--json]

The constant is changed wherever the agents' modules hold it (a module that imported it
by name holds its own binding), and only while the variant chooses: both agents play in
one process. Constants read when a module is imported (tables built from them) are not
changed: the tool refuses a name no module of ``tallon.agents`` holds.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import multiprocessing
import random
import sys
import time
from typing import Any

from tallon.agents import play
from tallon.agents.ace import AceAgent
from tallon.cards import CARDS
from tallon.cards.pool import random_squad
from tallon.engine import Game, GameSetup
from tallon.sim import wilson_interval

#: Seeds a random squad is redrawn with until it has 4-6 ships, apart by this much.
REDRAW = 7919


def number(text: str) -> int | float:
    """A constant's value as given: whole numbers as int (a count, an index), else float."""
    try:
        return int(text)
    except ValueError:
        return float(text)


def holders(module: str, name: str) -> list[Any]:
    """The loaded agent modules that hold ``name`` bound to the object ``module`` holds
    (none if it holds no ``name``)."""
    missing = object()
    held = getattr(importlib.import_module(module), name, missing)
    if held is missing:
        return []
    return [m for key, m in sorted(sys.modules.items())
            if key.startswith("tallon.agents") and m is not None
            and getattr(m, name, None) is held]


class Variant(AceAgent):
    """The ace, with ``name`` set to ``value`` in every module holding it while it
    chooses."""

    def __init__(self, seed: int, modules: list[Any], name: str, value: Any) -> None:
        super().__init__(seed)
        self.modules, self.name, self.value = modules, name, value

    def choose(self, view: dict[str, Any], decision: Any) -> Any:
        kept = [getattr(m, self.name) for m in self.modules]
        for m in self.modules:
            setattr(m, self.name, self.value)
        try:
            return super().choose(view, decision)
        finally:
            for m, value in zip(self.modules, kept, strict=True):
                setattr(m, self.name, value)


def squad_seed(seed: int, pair: int) -> tuple[int, Any]:
    """The ``pair``-th squad of 4-6 ships, and the seed it was drawn with."""
    found = seed * 100_000 + pair
    while not 4 <= len((squad := random_squad(random.Random(found))).ships) <= 6:
        found += REDRAW
    return found, squad


def one_game(args: tuple[str, str, Any, int, int]) -> int:
    """Game ``n``: 1 if the variant won, -1 if it lost, 0 for a draw. The two games of a
    pair share the squad, the dice and the agents' seeds, sides swapped: they differ only
    from the variant's first different choice on, so a pair in which the change never
    matters is a win and a loss, and cancels."""
    module, name, value, n, seed = args
    drawn, squad = squad_seed(seed, n // 2)
    game = Game(GameSetup((squad, squad), seed=drawn * 2, cards=CARDS), logging=False)
    variant = Variant(drawn + 1, holders(module, name), name, value)
    ace = AceAgent(drawn + 1)
    play(game, (variant, ace) if n % 2 == 0 else (ace, variant))
    state = game.state
    if state.draw or state.winner is None:
        return 0
    return 1 if state.winner == (1 if n % 2 == 0 else 2) else -1


def paired_z(results: list[int]) -> float:
    """The z of the pairs' sums (games 0 and 1, 2 and 3, ...): their total over the root
    of the sum of their squares (under no difference each sum is as likely positive as
    negative); a pair that cancels counts for nothing."""
    pairs = [sum(results[n:n + 2]) for n in range(0, len(results), 2)]
    spread = math.sqrt(sum(d * d for d in pairs))
    return sum(pairs) / spread if spread else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", help="the constant, as the module names it: THREAT_SHARE")
    parser.add_argument("value", type=number,
                        help="the value tried: a whole number stays one (FORESEEN 5)")
    parser.add_argument("--module", default="tallon.agents.planning")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    found = holders(args.module, args.name)
    if not found:
        parser.error(f"{args.module} has no {args.name}")
    was = getattr(found[0], args.name)
    started = time.perf_counter()
    jobs = [(args.module, args.name, args.value, n, args.seed) for n in range(args.games)]
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        results = pool.map(one_game, jobs, chunksize=4)
    wins, draws, losses = results.count(1), results.count(0), results.count(-1)
    decided = wins + losses
    low, high = wilson_interval(wins, decided) if decided else (0.0, 1.0)
    row = {"name": args.name, "value": args.value, "was": was,
           "modules": [m.__name__ for m in found], "games": args.games, "seed": args.seed,
           "wins": wins, "draws": draws, "losses": losses,
           "decided_share": wins / decided if decided else 0.5, "ci95": [low, high],
           "z": (wins - losses) / math.sqrt(decided) if decided else 0.0,
           "pairs_z": paired_z(results),
           "seconds": round(time.perf_counter() - started, 1)}
    if args.json:
        print(json.dumps(row))
        return
    print(f"{args.name} {was} -> {args.value} (in {', '.join(row['modules'])}): "
          f"{wins}-{draws}-{losses} of {args.games} against the ace, "
          f"{row['decided_share']:.1%} of the decided games ({low:.1%} - {high:.1%}), "
          f"z = {row['z']:.2f} (by pairs {row['pairs_z']:.2f}); {row['seconds']} s")


if __name__ == "__main__":
    main()
