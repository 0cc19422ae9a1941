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

Usage: python tools/bench_geometry.py [--runs 7] [--seconds 1.0] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

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
    measure_arc,
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs (median reported)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each run")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    tables = [build_table(seed) for seed in range(4)]
    every, full, partial = maneuver_jobs(tables)
    attacks = attack_jobs(tables)
    in_arc = sum(measure_arc(a, d, arc).in_arc for _, a, d, arc in attacks) / len(attacks)
    runs: dict[str, list[float]] = {"mixed": [], "full": [], "partial": [], "fresh": [],
                                    "attack": []}
    for _ in range(args.runs):
        runs["mixed"].append(bench_maneuvers(every, args.seconds))
        runs["full"].append(bench_maneuvers(full, args.seconds / 2))
        runs["partial"].append(bench_maneuvers(partial, args.seconds / 2))
        runs["fresh"].append(bench_fresh_maneuvers(tables, args.seconds / 2))
        runs["attack"].append(_rate(attacks, attack_query, args.seconds))
    medians = {k: round(statistics.median(v)) for k, v in runs.items()}
    result = {
        "maneuvers_per_second": medians["mixed"],
        "full_maneuvers_per_second": medians["full"],
        "partial_maneuvers_per_second": medians["partial"],
        "partial_share": round(len(partial) / len(every), 3),
        "fresh_objects_maneuvers_per_second": medians["fresh"],
        "attack_queries_per_second": medians["attack"],
        "in_arc_share": round(in_arc, 3),
        "runs": {k: [round(r) for r in v] for k, v in runs.items()},
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"maneuvers resolved per second, 10 ships + 6 obstacles, every ship flying every "
          f"code ({result['partial_share']:.1%} partial): {medians['mixed']:,}")
    print(f"  of which full maneuvers alone: {medians['full']:,}/s; partial (bumping) "
          f"maneuvers alone: {medians['partial']:,}/s")
    print(f"  the same jobs on copies made of new objects, one per ship: "
          f"{medians['fresh']:,}/s")
    print(f"attack-range queries per second (arc + attack range + obstruction, "
          f"{result['in_arc_share']:.1%} in arc): {medians['attack']:,}")
    print(f"medians of {args.runs} runs of CPU time on one core")


if __name__ == "__main__":
    main()
