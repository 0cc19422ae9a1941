#!/usr/bin/env python3
"""Benchmark the table geometry on one core.

Prints, as medians over several runs:
- maneuvers resolved per second on a table with 10 ships and 6 obstacles, each with the
  overlap (ships, partial execution), move-through (obstacles, devices, ships) and flee
  checks of :func:`tallon.geometry.execute_maneuver`;
- attack-range queries per second: for an attacker and a defender, whether the defender is
  in the arc, the attack range to its closest in-arc point, and the obstruction check of
  that range line against every other object.

The tables are built once, so what the geometry derives lazily per object (placed bases,
outline pieces and their normals) is measured once and reused, as it would be for the
ships and obstacles that don't move between moves in a game. An extra figure flies the
same jobs on copies made of brand-new objects, one copy per ship's 25 maneuvers, so that
derived data counts too.

Then the calls agents make, in microseconds per call (median):
- ``object_distance`` and ``in_arc`` (front arc) between two ships, every ordered pair of
  ships on the tables (objects built once);
- ``execute_maneuver``, every ship flying every code (the mixed figure above, per call);
- the simple agent's preview of one dial option (``SimpleAgent._score``'s geometry):
  execute the maneuver, put a new ship at the final pose, then measure it against every
  other ship: distance, and its front arc and the other's when near enough.

``--baseline REV`` measures the commit REV too (from a temporary git worktree, each run in
its own process, alternating with this checkout's) and prints both side by side: the
before and after of a change, in one run on one machine.

Usage: python tools/bench_geometry.py [--runs 7] [--seconds 1.0] [--baseline REV] [--json]
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

from tallon.geometry import (
    STANDARD_ARCS,
    Arc,
    BaseSize,
    Maneuver,
    Obstacle,
    Pose,
    Ship,
    Table,
    execute_maneuver,
    in_arc,
    measure_arc,
    object_distance,
)
from tallon.geometry.obstruction import line_obstruction
from tallon.geometry.overlap import ships_overlapped

CODES = ["1F", "2F", "3F", "4F", "5F", "1B", "1N", "2B", "2N", "3B", "3N", "1T", "1Y",
         "2T", "2Y", "3T", "3Y", "4K", "2L", "2P", "3E", "3R", "1S", "1A", "1D"]
OUTLINES = ["core2asteroid0", "core2asteroid4", "core2debris1", "yt2400debris0",
            "gascloud2", "gascloud5"]


def build_table(seed: int) -> Table:
    """10 ships (mixed sizes) and 6 obstacles in the middle of the table, spaced like a
    game in progress: ships often within range 1-2 of each other."""
    rng = random.Random(seed)
    obstacles = []
    while len(obstacles) < 6:
        pose = Pose(rng.uniform(200, 714), rng.uniform(200, 714), rng.uniform(0, 360))
        if all((pose.x - o.pose.x) ** 2 + (pose.y - o.pose.y) ** 2 > 150 ** 2
               for o in obstacles):
            obstacles.append(Obstacle(OUTLINES[len(obstacles)], pose, OUTLINES[len(obstacles)]))
    ships: list[Ship] = []
    sizes = [BaseSize.SMALL] * 6 + [BaseSize.MEDIUM] * 2 + [BaseSize.LARGE] * 2
    while len(ships) < 10:
        size = sizes[len(ships)]
        candidate = Ship(f"s{len(ships)}", Pose(rng.uniform(150, 764), rng.uniform(150, 764),
                                                rng.uniform(0, 360)), size)
        table = Table(ships=(*ships, candidate))
        if not ships_overlapped(table, candidate):
            ships.append(candidate)
    return Table(ships=tuple(ships), obstacles=tuple(obstacles))


def _rate(jobs: list, run, seconds: float) -> float:
    """Calls per second of CPU time (robust to other processes on the machine)."""
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for job in jobs:
            run(*job)
            done += 1
    return done / (time.process_time() - start)


def maneuver_jobs(tables: list[Table]) -> tuple[list, list, list]:
    """Every ship flying every code: all jobs, the full ones and the partial ones."""
    every, full, partial = [], [], []
    for table in tables:
        for ship in table.ships:
            for code in CODES:
                job = (table, ship.id, Maneuver.parse(code))
                every.append(job)
                (partial if execute_maneuver(*job).partial else full).append(job)
    return every, full, partial


def bench_maneuvers(jobs: list, seconds: float) -> float:
    """Maneuvers resolved per second."""
    return _rate(jobs, execute_maneuver, seconds)


def _fresh_copy(table: Table) -> Table:
    """The table made again from new objects (nothing derived from them yet)."""
    return Table(ships=tuple(Ship(s.id, s.pose, s.size) for s in table.ships),
                 obstacles=tuple(Obstacle(o.id, o.pose, o.outline_id) for o in table.obstacles))


def bench_fresh_maneuvers(tables: list[Table], seconds: float) -> float:
    """Maneuvers resolved per second when every ship flies its codes on a copy of the
    table made of new objects (the copies are made before the clock starts)."""
    codes = [Maneuver.parse(code) for code in CODES]
    done, spent = 0, 0.0
    while spent < seconds:
        jobs = [(_fresh_copy(table), ship.id) for table in tables for ship in table.ships]
        start = time.process_time()
        for table, ship_id in jobs:
            for code in codes:
                execute_maneuver(table, ship_id, code)
                done += 1
        spent += time.process_time() - start
    return done / spent


def attack_jobs(tables: list[Table]) -> list:
    return [(t, a, d, arc) for t in tables for a in t.ships for d in t.ships if a is not d
            for arc in (*STANDARD_ARCS, Arc.BULLSEYE)]


def attack_query(table: Table, attacker: Ship, defender: Ship, arc: Arc) -> None:
    """In arc? attack range to the closest in-arc point; obstruction of that line."""
    measure = measure_arc(attacker, defender, arc)
    if measure.in_arc:
        line_obstruction(table, measure.closest, (attacker.id, defender.id))


def pair_jobs(tables: list[Table]) -> list:
    """Every ordered pair of ships on every table."""
    return [(a, b) for t in tables for a in t.ships for b in t.ships if a is not b]


def front_arc(ship: Ship, other: Ship) -> bool:
    return in_arc(ship, other, Arc.FRONT)


def preview_jobs(tables: list[Table]) -> list:
    """Every ship flying every code, with the other ships it is measured against."""
    return [(t, s.id, Maneuver.parse(code), [o for o in t.ships if o is not s])
            for t in tables for s in t.ships for code in CODES]


def agent_preview(table: Table, ship_id: str, maneuver: Maneuver, others: list[Ship]
                  ) -> None:
    """The geometry of the simple agent scoring one dial option (SimpleAgent._score)."""
    outcome = execute_maneuver(table, ship_id, maneuver)
    if outcome.fled:
        return
    moved = table.ship(ship_id).at(outcome.final)
    for other in others:
        d = object_distance(moved, other)
        if d <= 300:
            in_arc(moved, other, Arc.FRONT)
        if d <= 200:
            in_arc(other, moved, Arc.FRONT)


def _microseconds(rate: float) -> float:
    return round(1e6 / rate, 2)


#: Every figure, in the order printed (a baseline lacking one shows "-").
FIGURES = ("maneuvers_per_second", "full_maneuvers_per_second",
           "partial_maneuvers_per_second", "fresh_objects_maneuvers_per_second",
           "attack_queries_per_second", "ship_distance_us", "ship_in_arc_us",
           "maneuver_us", "agent_preview_us")
LABELS = {
    "maneuvers_per_second": "maneuvers resolved per second, every ship every code",
    "full_maneuvers_per_second": "  full maneuvers alone, per second",
    "partial_maneuvers_per_second": "  partial (bumping) maneuvers alone, per second",
    "fresh_objects_maneuvers_per_second": "  the same on copies made of new objects, /s",
    "attack_queries_per_second": "attack-range queries per second (arc+range+obstruction)",
    "ship_distance_us": "object_distance between two ships, us per call",
    "ship_in_arc_us": "in_arc (front) between two ships, us per call",
    "maneuver_us": "execute_maneuver, us per call",
    "agent_preview_us": "simple agent's preview of one dial option, us",
}


def measure(runs: int, seconds: float) -> dict[str, Any]:
    """Every figure: medians of ``runs`` timed runs of each."""
    tables = [build_table(seed) for seed in range(4)]
    every, full, partial = maneuver_jobs(tables)
    attacks = attack_jobs(tables)
    pairs = pair_jobs(tables)
    previews = preview_jobs(tables)
    in_arc_share = sum(measure_arc(a, d, arc).in_arc for _, a, d, arc in attacks) / len(attacks)
    runs_: dict[str, list[float]] = {"mixed": [], "full": [], "partial": [], "fresh": [],
                                     "attack": [], "distance": [], "in_arc": [],
                                     "preview": []}
    for _ in range(runs):
        runs_["mixed"].append(bench_maneuvers(every, seconds))
        runs_["full"].append(bench_maneuvers(full, seconds / 2))
        runs_["partial"].append(bench_maneuvers(partial, seconds / 2))
        runs_["fresh"].append(bench_fresh_maneuvers(tables, seconds / 2))
        runs_["attack"].append(_rate(attacks, attack_query, seconds))
        runs_["distance"].append(_rate(pairs, object_distance, seconds / 2))
        runs_["in_arc"].append(_rate(pairs, front_arc, seconds / 2))
        runs_["preview"].append(_rate(previews, agent_preview, seconds))
    medians = {k: statistics.median(v) for k, v in runs_.items()}
    return {
        "maneuvers_per_second": round(medians["mixed"]),
        "full_maneuvers_per_second": round(medians["full"]),
        "partial_maneuvers_per_second": round(medians["partial"]),
        "partial_share": round(len(partial) / len(every), 3),
        "fresh_objects_maneuvers_per_second": round(medians["fresh"]),
        "attack_queries_per_second": round(medians["attack"]),
        "in_arc_share": round(in_arc_share, 3),
        "ship_distance_us": _microseconds(medians["distance"]),
        "ship_in_arc_us": _microseconds(medians["in_arc"]),
        "maneuver_us": _microseconds(medians["mixed"]),
        "agent_preview_us": _microseconds(medians["preview"]),
        "runs": {k: [round(r) for r in v] for k, v in runs_.items()},
    }


# ------------------------------------------------------------------ before and after
def _measure_in(tree: Path, seconds: float) -> dict[str, Any]:
    """One run of every figure in a fresh process on the source tree ``tree`` (this very
    script is what runs, so both versions are measured the same way)."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    out = subprocess.run([sys.executable, __file__, "--measure", "--seconds", str(seconds)],
                         env=env, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"measuring {tree} failed:\n{out.stderr}")
    return json.loads(out.stdout)


def compare(baseline: str, runs: int, seconds: float) -> dict[str, Any]:
    """Medians of ``runs`` runs of this checkout and of commit ``baseline``, alternating."""
    root = Path(__file__).resolve().parent.parent
    done: dict[str, list[dict[str, Any]]] = {"current": [], "baseline": []}
    with tempfile.TemporaryDirectory(prefix="tallon-bench-") as scratch:
        tree = Path(scratch) / "baseline"
        subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", str(tree),
                        baseline], check=True, capture_output=True)
        try:
            for run in range(runs):
                for name, where in (("current", root), ("baseline", tree)):
                    done[name].append(_measure_in(where, seconds))
                    print(f"run {run + 1}/{runs} {name} done", file=sys.stderr)
        finally:
            subprocess.run(["git", "-C", str(root), "worktree", "remove", "--force",
                            str(tree)], capture_output=True)
    return {name: {f: statistics.median(r[f] for r in results) for f in FIGURES}
            for name, results in done.items()}


def _shown(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:,.2f}" if value < 1000 else f"{value:,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs (median reported)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each run")
    parser.add_argument("--baseline", metavar="REV",
                        help="also measure this git commit, alternating with this checkout")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:  # one run of every figure, as JSON (for --baseline)
        print(json.dumps(measure(1, args.seconds)))
        return
    if args.baseline:
        both = compare(args.baseline, args.runs, args.seconds)
        if args.json:
            print(json.dumps(both))
            return
        print(f"medians of {args.runs} runs of CPU time on one core")
        print(f"{'':58} {'current':>10} {'baseline ' + args.baseline[:10]:>20}")
        for figure in FIGURES:
            print(f"{LABELS[figure]:58} {_shown(both['current'][figure]):>10} "
                  f"{_shown(both['baseline'][figure]):>20}")
        return
    result = measure(args.runs, args.seconds)
    if args.json:
        print(json.dumps(result))
        return
    print(f"maneuvers resolved per second, 10 ships + 6 obstacles, every ship flying every "
          f"code ({result['partial_share']:.1%} partial): {result['maneuvers_per_second']:,}")
    print(f"  of which full maneuvers alone: {result['full_maneuvers_per_second']:,}/s; "
          f"partial (bumping) maneuvers alone: {result['partial_maneuvers_per_second']:,}/s")
    print(f"  the same jobs on copies made of new objects, one per ship: "
          f"{result['fresh_objects_maneuvers_per_second']:,}/s")
    print(f"attack-range queries per second (arc + attack range + obstruction, "
          f"{result['in_arc_share']:.1%} in arc): {result['attack_queries_per_second']:,}")
    print("calls agents make, microseconds per call: object_distance (two ships) "
          f"{result['ship_distance_us']}, in_arc (front, two ships) {result['ship_in_arc_us']}, "
          f"execute_maneuver {result['maneuver_us']}; the simple agent's preview of one "
          f"dial option {result['agent_preview_us']}")
    print(f"medians of {args.runs} runs of CPU time on one core")


if __name__ == "__main__":
    main()
