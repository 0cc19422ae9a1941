#!/usr/bin/env python3
"""The master's verdicts checked against many more samples.

The master plays a dial's or an action's few candidates forward in a handful of sampled
games and keeps the ace's choice unless another did clearly better. This tool plays
master-v-ace games (the mirrored squads of ``tools/ai_strength.py``) with the master
searching a fixed number of samples (``--samples``), and at each searched decision plays
the same candidates in ``--check`` more samples of its own, drawn independently: how much
better (in the master's own judgement of a round: squad points kept, and where the ships
stand) each candidate really is than the ace's choice, to within a small error. It then
prints, for each rule of when to switch (a margin in squad points a sample and a number
of standard errors), how many decisions that rule would have switched on the few samples
and what the switches were worth by the many - the figure the master's verdict is chosen
by (docs/simulation.md: the verdict, measured).

Usage:
    python tools/master_verdicts.py [--games 16] [--samples 6] [--check 30] [--seed 101]
                                    [--workers 2] [--out FILE.jsonl] [--read FILE.jsonl]

``--read`` prints the table of decisions kept earlier (several files together) without
playing.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
from typing import Any

from tallon.agents import InformationSet, play
from tallon.agents.ace import AceAgent
from tallon.agents.master import MasterAgent, paired_difference
from tallon.cards import CARDS
from tallon.engine import Game, GameSetup
from tallon.engine.decisions import Decision, Value
from tallon.sim.runner import derive_seed, settle_memory
from tallon.sim.squads import load_squad
from tallon.squads import read_xws

#: The mirrored squads, as ``tools/ai_strength.py`` plays them.
SQUADS = ("Rebel X-wing aces", "Scum Fang fighters", "First Order TIE/fo wing",
          "Republic V-19 wing")
#: The rules of when to switch compared: (squad points a sample, standard errors); those
#: without errors are the ones for one or two samples (``--samples 2``), where the master
#: asked two points a sample (now a dial judges two samples by the error, a single one by
#: two points, and an action keeps the ace's choice: ``master.ERROR_SAMPLES``).
RULES = ((1.0, 1.0), (0.5, 1.0), (0.5, 0.5), (0.0, 1.0), (0.0, 0.5), (0.0, 0.0),
         (2.0, 1.0), (1.0, 2.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0))
KINDS = ("set_dial", "perform_action")


class CheckedMaster(MasterAgent):
    """The master with a fixed number of samples, each searched decision checked."""

    def __init__(self, seed: int, samples: int, check: int,
                 found: list[dict[str, Any]]) -> None:
        super().__init__(seed, samples=samples)
        self.check, self.found = check, found
        self.check_rng = random.Random(seed + 7)

    def _search(self, view: dict[str, Any], decision: Decision, world: InformationSet,
                started: float) -> Value:
        if decision.kind not in KINDS:
            return self.ace.choose(view, decision)
        candidates = self._candidates(view, decision)
        if len(candidates) < 2:
            return candidates[0]
        few = self._play(candidates, world, decision.player, self.samples or 1, self.rng)
        many = self._play(candidates, world, decision.player, self.check, self.check_rng)
        chosen = self._verdict(candidates, few, decision.kind)
        self.found.append({"kind": decision.kind, "candidates": [str(c) for c in candidates],
                           "chosen": candidates.index(chosen),
                           "few": differences(candidates, few),
                           "many": differences(candidates, many)})
        return chosen

    def _play(self, candidates: list[Value], world: InformationSet, player: int,
              samples: int, rng: random.Random) -> dict[Value, list[float]]:
        results: dict[Value, list[float]] = {c: [] for c in candidates}
        for _ in range(samples):
            for candidate, value in self._play_sample(world, player, candidates,
                                                      rng).items():
                results[candidate].append(value)
        return results


def differences(candidates: list[Value], results: dict[Value, list[float]]
                ) -> list[tuple[float, float]]:
    """Each candidate's mean paired difference from the first and its standard error."""
    found = []
    for candidate in candidates:
        mean, error = paired_difference(results[candidate], results[candidates[0]])
        found.append((round(mean, 3), round(error, 3)))
    return found


def one_game(args: tuple[int, int, int, int]) -> list[dict[str, Any]]:
    n, samples, check, seed = args
    settle_memory()
    squad = read_xws(load_squad(SQUADS[(n // 2) % len(SQUADS)]).xws).squad
    game = Game(GameSetup((squad, squad), seed=derive_seed(seed, n, "game"), rounds=12,
                          cards=CARDS))
    found: list[dict[str, Any]] = []
    master = CheckedMaster(derive_seed(seed, n, "agent A"), samples, check, found)
    ace = AceAgent(derive_seed(seed, n, "agent B"))
    play(game, (master, ace) if n % 2 == 0 else (ace, master))
    return found


def switched(row: dict[str, Any], margin: float, errors: float) -> int:
    """The candidate a rule switches to on the few samples (0: the ace's choice)."""
    best, best_mean = 0, 0.0
    for index, (mean, error) in enumerate(row["few"][1:], start=1):
        if mean > max(margin, best_mean, errors * error):
            best, best_mean = index, mean
    return best


def table(rows: list[dict[str, Any]]) -> None:
    for kind in KINDS:
        found = [r for r in rows if r["kind"] == kind]
        print(f"{kind}: {len(found)} searched decisions")
        print("  margin  errors  switches  worth (squad points, by the check)")
        for margin, errors in RULES:
            picks = [(r, switched(r, margin, errors)) for r in found]
            picks = [(r, k) for r, k in picks if k]
            worth = sum(r["many"][k][0] for r, k in picks)
            print(f"  {margin:6.1f}  {errors:6.1f}  {len(picks):8d}  {worth:8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--samples", type=int, default=6,
                        help="samples the master plays a decision (as it would)")
    parser.add_argument("--check", type=int, default=30,
                        help="independent samples each decision is checked with")
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="keep the decisions (JSON lines)")
    parser.add_argument("--read", nargs="*", default=[],
                        help="print the table of decisions kept earlier, without playing")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    for name in args.read:
        with open(name, encoding="utf-8") as kept:
            rows += [json.loads(line) for line in kept]
    if not args.read:
        tasks = [(n, args.samples, args.check, args.seed) for n in range(args.games)]
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            for n, found in enumerate(pool.imap_unordered(one_game, tasks), start=1):
                rows += found
                print(f"game {n} of {args.games}: {len(rows)} decisions", flush=True)
        if args.out:
            with open(args.out, "w", encoding="utf-8") as out:
                out.writelines(json.dumps(row) + "\n" for row in rows)
    table(rows)


if __name__ == "__main__":
    main()
