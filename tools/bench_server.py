"""Load on one game server: many concurrent games over real HTTP.

    .venv/bin/python tools/bench_server.py [--games 50] [--runs 3] [--answers 40]

Starts ``tallon serve`` on a free port with a fresh SQLite database and, per run:
- **human answers**: ``--games`` games of two human seats, each driven by its own client
  thread answering ``--answers`` decisions; prints answers per second and the median and
  95th-percentile latency of an answer (no AI thinking is in these);
- **AI games**: ``--games`` games of a human seat against ``ai:simple`` played to their
  end at once; prints answers per second (human and AI answers) and the wall time.
Figures are medians over the runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.helpers import Server, demo_xws


def _create(server: Server, seats: list[str], seed: int) -> tuple[str, dict[int, str]]:
    status, created = server.call("POST", "/api/games",
                                  {"squads": demo_xws(), "seats": seats, "seed": seed})
    assert status == 200, created
    return created["game"], {s["player"]: s["token"] for s in created["seats"]}


def _drive(server: Server, game: str, tokens: dict[int, str], limit: int | None,
           latencies: list[float]) -> int:
    """Answer the game's pending human decisions (the last option each time); returns
    the number of answers given."""
    given = 0
    while limit is None or given < limit:
        message = None
        for player, token in tokens.items():
            _, seen = server.call("GET", f"/api/games/{game}/view?token={token}")
            if seen["decision"] is not None and seen["decision"]["player"] == player:
                message, acting = seen, player
                break
        if message is None:
            return given
        decision = message["decision"]
        start = time.perf_counter()
        status, _ = server.call("POST", f"/api/games/{game}/answer?token={tokens[acting]}",
                                {"decision": decision["id"],
                                 "answer": decision["options"][-1]["value"]})
        latencies.append(time.perf_counter() - start)
        assert status == 200
        given += 1
    return given


def _concurrently(work: list) -> float:
    threads = [threading.Thread(target=w) for w in work]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


def run_once(server: Server, games: int, answers: int, run: int) -> dict[str, float]:
    humans = [_create(server, ["human", "human"], 1000 * run + k) for k in range(games)]
    latencies: list[float] = []
    counts: list[int] = []
    wall = _concurrently([lambda g=g, t=t: counts.append(_drive(server, g, t, answers,
                                                                 latencies))
                          for g, t in humans])
    latencies.sort()
    ai_games = [_create(server, ["human", "ai:simple"], 2000 * run + k) for k in range(games)]
    ai_latencies: list[float] = []
    ai_counts: list[int] = []
    ai_wall = _concurrently([lambda g=g, t=t: ai_counts.append(
        _drive(server, g, {1: t[1]}, None, ai_latencies)) for g, t in ai_games])
    total_ai_answers = 0
    for game, tokens in ai_games:
        status, record = server.call("GET", f"/api/games/{game}/record?token={tokens[1]}")
        assert status == 200, "an AI game did not end"
        total_ai_answers += len(record["choices"])
    return {
        "human_answers_per_second": sum(counts) / wall,
        "human_answer_p50_ms": 1000 * latencies[len(latencies) // 2],
        "human_answer_p95_ms": 1000 * latencies[int(len(latencies) * 0.95)],
        "ai_game_answers_per_second": total_ai_answers / ai_wall,
        "ai_games_wall_seconds": ai_wall,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games")
    parser.add_argument("--runs", type=int, default=3, help="runs (medians reported)")
    parser.add_argument("--answers", type=int, default=40,
                        help="answers per human-vs-human game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        server = Server(Path(directory) / "bench.db").start()
        try:
            results = []
            for run in range(args.runs):
                results.append(run_once(server, args.games, args.answers, run))
                print(f"run {run + 1}/{args.runs} done", file=sys.stderr)
        finally:
            server.stop()
    print(f"medians of {args.runs} runs, {args.games} concurrent games, one server "
          "(SQLite, synchronous=FULL)")
    for key in results[0]:
        print(f"  {key:32s} {statistics.median(r[key] for r in results):10.1f}")


if __name__ == "__main__":
    main()
