#!/usr/bin/env python3
"""Benchmark the exact attack calculator: median time per calculation.

    .venv/bin/python tools/bench_dice.py [--runs 9] [--quick] [--targets]

First, the eight reference setups of issue 20 with their targets (median ms cold, one
core; "met" judged on CPU time, which others' work on the machine inflates less);
``--targets`` prints only those. Then, for each typical and heavy attack it prints the
median over ``--runs`` runs, wall-clock and (in brackets) CPU time of this process, of:

* cold: a whole ``calculate(attack)`` (solve, full outcome distribution,
  result object) after ``clear_caches()``: remembered results and the
  abilities' option caches are cleared. The built-in effects' move tables
  (for an effect, a kind of dice and a pool: the moves it offers) are kept:
  they depend on no attack, are shared by every ability with that effect and
  are filled once per process as pools are first met. So are the lean
  tokens-only solver's layouts (for the tokens a ship holds: the names and
  slots of its resources, its token effects' move tables and the ``Tokens``
  views of its states, and closures of those move tables: the ends its
  choices reach from a pool, its rolls of m defense dice grouped by those ends,
  the positions each option leads to from a pool, the attacker's positions
  from the rolls of n dice compiled into flat lists of nodes, and the
  ``Outcome`` objects of its packed outcomes against a given defender layout),
  which depend on the ships' tokens and dice alone, never on a value or a
  choice of a solve. The lean solver's result builds its ``Outcome`` keys when
  first read: ``--targets`` also prints the time with them read, not judged;
* from nothing: the same after ``clear_caches(tables=True)``, the move tables
  and layouts cleared too (what the very first attack of a process costs);
* warm: the same with the per-ability option caches kept but the remembered
  results cleared, so the attack is solved every time;
* value only: ``AttackSolver(attack).value()`` (the expected damage, no
  distribution), warm;
* repeated: ``calculate(attack)`` asked again, answered from the results it
  remembers (what an AI asking about the same attack again gets).

Each run times a batch of calls and divides, so that short calculations are
measured above the clock's resolution.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from tallon.dice import (
    Attack,
    AttackSolver,
    Combatant,
    calculate,
    clear_caches,
    clear_results,
)
from tallon.dice.abilities import cards
from tallon.dice.sequence import attacks_to_destroy

TYPICAL = {
    "3 vs 2: focus+lock vs focus+evade": Attack(
        Combatant(3, {"focus": 1, "lock": 1}), Combatant(2, {"focus": 1, "evade": 1})
    ),
    "3 vs 2: focus vs evade": Attack(Combatant(3, {"focus": 1}), Combatant(2, {"evade": 1})),
    "3 vs 2: lock vs focus": Attack(Combatant(3, {"lock": 1}), Combatant(2, {"focus": 1})),
    "2 vs 3: focus+lock vs focus+evade": Attack(
        Combatant(2, {"focus": 1, "lock": 1}), Combatant(3, {"focus": 1, "evade": 1})
    ),
    "3 vs 2: focus+lock+predator vs focus+evade": Attack(
        Combatant(3, {"focus": 1, "lock": 1}, (cards.predator(),)),
        Combatant(2, {"focus": 1, "evade": 1}),
    ),
}
HEAVY = {
    "6 vs 6: focus, lock, 2 Force, 2 calc vs focus, 2 evade, 2 Force": Attack(
        Combatant(6, {"focus": 1, "lock": 1, "force": 2, "calculate": 2}),
        Combatant(6, {"focus": 1, "evade": 2, "force": 2}),
    ),
}


def _plain(dice: int, *tokens: str) -> Combatant:
    return Combatant(dice, dict.fromkeys(tokens, 1))


REFERENCE = {
    # name: (attack, target median cold ms on the development machine, one core)
    "3v0 none": (Attack(_plain(3), _plain(0)), 0.012),
    "3 focus v 2 focus": (Attack(_plain(3, "focus"), _plain(2, "focus")), 0.045),
    "3 focus+lock v 2 focus": (Attack(_plain(3, "focus", "lock"), _plain(2, "focus")), 0.15),
    "3 focus+lock v 2 focus+evade": (
        Attack(_plain(3, "focus", "lock"), _plain(2, "focus", "evade")), 0.15),
    "4 focus+lock v 1 focus": (Attack(_plain(4, "focus", "lock"), _plain(1, "focus")), 0.30),
    "6 focus+lock v 6 focus+evade": (
        Attack(_plain(6, "focus", "lock"), _plain(6, "focus", "evade")), 2.0),
    "3 calculate v 2 calculate": (
        Attack(_plain(3, "calculate"), _plain(2, "calculate")), 0.045),
    "3 force v 2 force": (Attack(_plain(3, "force"), _plain(2, "force")), 0.045),
}
"""The setups the reference calculator was timed on (issue 20), one token of each kind."""


def report_targets(runs: int, quick: bool) -> None:
    """Median cold ms (wall-clock, CPU) of each reference setup against its target, and (not
    judged) the same with the result's ``Outcome`` keys read, which the lean solver's result
    builds only when first read."""
    print("reference setups (issue 20): median ms cold, wall-clock (CPU), target; "
          "then with the outcomes read (.masses)")
    for name, (attack, target) in REFERENCE.items():
        calculate(attack)
        batch = 1 if target >= 1 else (20 if quick else 200)
        if target >= 1 and not quick:
            batch = 10
        wall, cpu = median_ms(lambda a=attack: calculate(a), runs, batch, clear_caches)
        read = median_ms(lambda a=attack: calculate(a).masses, runs, batch, clear_caches)
        verdict = "met" if cpu <= target else "NOT met"
        print(f"  {name:<32} {_show((wall, cpu))}  target {target:6.3f}  {verdict:<7}  "
              f"{_show(read)}")


def clear_everything() -> None:
    """Clear every cache, the move tables too ("from nothing")."""
    clear_caches(tables=True)


def median_ms(call: Callable[[], object], runs: int, batch: int,
              reset: Callable[[], None] | None) -> tuple[float, float]:
    """(median wall-clock ms, median CPU ms) per call over ``runs`` batches of ``batch`` calls.

    CPU time (this process only) is reported too because the benchmark often shares the
    machine with other work, which inflates wall-clock times but not CPU time.
    """
    walls, cpus = [], []
    for _ in range(runs):
        wall = cpu = 0.0
        for _ in range(batch):
            if reset is not None:
                reset()
            start_wall, start_cpu = time.perf_counter(), time.process_time()
            call()
            wall += time.perf_counter() - start_wall
            cpu += time.process_time() - start_cpu
        walls.append(wall / batch * 1000)
        cpus.append(cpu / batch * 1000)
    return statistics.median(walls), statistics.median(cpus)


def _show(figure: tuple[float, float]) -> str:
    wall, cpu = figure
    return f"{wall:8.3f} ({cpu:8.3f})"


def report(name: str, attack: Attack, runs: int, batch: int) -> None:
    calculate(attack)  # import-time and first-call effects out of the way
    cold = median_ms(lambda: calculate(attack), runs, batch, clear_caches)
    scratch = median_ms(lambda: calculate(attack), runs, batch, clear_everything)
    warm = median_ms(lambda: calculate(attack), runs, batch, clear_results)
    value = median_ms(lambda: AttackSolver(attack).value(), runs, batch, None)
    repeat = median_ms(lambda: calculate(attack), runs, batch, None)
    print(f"  {name:<64} {_show(cold)}  {_show(scratch)}  {_show(warm)}  {_show(value)}  "
          f"{_show(repeat)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs per figure (median taken)")
    parser.add_argument("--quick", action="store_true", help="fewer calls per run")
    parser.add_argument("--targets", action="store_true",
                        help="only the reference setups against their targets")
    args = parser.parse_args()
    report_targets(args.runs, args.quick)
    if args.targets:
        return 0
    typical_batch = 20 if args.quick else 100
    heavy_batch = 1 if args.quick else 3
    print(f"Python {sys.version.split()[0]}; median of {args.runs} runs per figure; "
          "ms per calculation, wall-clock (CPU)")
    print("cold: caches cleared but the built-in effects' move tables, which depend on no "
          "attack (kept per process);\nfrom nothing: the move tables cleared too")
    header = (f"  {'':<64} {'cold':>19}  {'from nothing':>19}  {'warm':>19}  "
              f"{'value only':>19}  {'repeated':>19}")
    print("typical attacks (target: under 1 ms):")
    print(header)
    for name, attack in TYPICAL.items():
        report(name, attack, args.runs, typical_batch)
    print("heavy attack (target: under 100 ms):")
    print(header)
    for name, attack in HEAVY.items():
        report(name, attack, args.runs, heavy_batch)
    print("sequences (cold):")
    attack = TYPICAL["3 vs 2: focus+lock vs focus+evade"]
    figure = median_ms(
        lambda: attacks_to_destroy(attack, hull=3, shields=2, max_attacks=6),
        max(3, args.runs // 3), 1, clear_everything,
    )
    print(f"  {'attacks to destroy hull 3 + 2 shields, up to 6 typical attacks':<64} "
          f"{_show(figure)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
