"""Load on one game server: concurrent games against the AI, played to their end over real
HTTP and WebSockets, optionally against an earlier commit in the same run.

    .venv/bin/python tools/bench_server.py [--games 50] [--runs 3] [--think 0.5 2.0]
                                           [--modes saturated paced] [--baseline REV]

Each run starts ``tallon serve`` on a free port with a fresh SQLite database (WAL,
``synchronous=FULL``) and plays ``--games`` games at once, each a human seat against
``ai:simple``, every game to its end. The human seat of each game is a client modelled on
the game page: it keeps one HTTP/1.1 connection open (keep-alive) and the seat's WebSocket
(every push read), answers each decision with a random legal option (seeded: every
version plays the same games), and after each answer fetches the table
(``board.svg``), as the page does. Two ways of answering, each its own run:

- **saturated**: every client answers as soon as it has its decision - the throughput;
- **paced**: every client thinks first, a random ``--think`` time (0.5 to 2 s: a fast
  human) - the latency under a realistic load, which is what the target is about.

The latency of a human answer is the time from sending its POST to receiving the whole
response, on the client. The AI's thinking that happens inside that request is left out
by measuring the answers whose response holds no AI move (the next decision's id is the
answered id + 1: the engine gave the human their next decision without the AI acting) -
about half of a game's answers; the others, AI's turn included, are reported apart, and
so is each game's last answer (its response has no decision id to tell). No header or
field of the server is needed, so a baseline commit is measured the same way.

Printed, as medians over ``--runs`` runs: games finished, human answers per second, the
50th/95th/99th percentile latency of the answers with no AI move (target: p95 under 50 ms
in the paced runs), the p95 of the answers with the AI's turn, the server's CPU time per
human answer (AI thinking included) and the requests that failed.

``--baseline REV`` also measures the server of the commit REV (its ``src`` exported with
``git archive`` to a temporary directory; nothing in this checkout changes), or of a
directory REV holding a ``src`` tree, alternating with this checkout's run after run
(repeat it to compare several).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import math
import os
import random
import socket
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.helpers import demo_xws  # noqa: E402

SEATS = ["human", "ai:simple"]


# ------------------------------------------------------------------ the server
def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``tallon serve`` from the source tree ``src`` in its own process, on a fresh
    SQLite database; its error output kept in a file (a pipe nobody reads would fill
    and stop it)."""

    def __init__(self, src: Path, scratch: Path) -> None:
        self.port = _free_port()
        database = scratch / f"bench-{self.port}.db"
        self.errors = scratch / f"server-{self.port}.err"
        with self.errors.open("wb") as errors:
            self.process = subprocess.Popen(
                [sys.executable, "-c", "from tallon.cli import main; main()", "serve",
                 "--port", str(self.port), "--database", f"sqlite:///{database}"],
                stdout=subprocess.DEVNULL, stderr=errors,
                env={**os.environ, "PYTHONPATH": str(src), "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=1):
                    return
            except OSError:
                if self.process.poll() is not None:
                    sys.exit(f"the server did not start:\n{self.errors.read_text()}")
                time.sleep(0.1)
        sys.exit("the server did not start within 60 s")

    def cpu_seconds(self) -> float | None:
        """User and system CPU time of the server process so far (Linux)."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> list[str]:
        """Stops the server; each traceback it printed."""
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        said = self.errors.read_text(errors="replace").split("Traceback")[1:]
        return [f"server: Traceback{text.rstrip()}" for text in said]


# ------------------------------------------------------------------ one client
class Http:
    """One keep-alive HTTP/1.1 connection, as a browser keeps to the server."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, bytes]:
        data = b"" if body is None else json.dumps(body).encode()
        request = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                   f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
                   ).encode() + data
        for attempt in (1, 2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1",
                                                                         self.port)
            assert self.reader is not None
            self.writer.write(request)
            status_line = await self.reader.readline()
            if status_line:
                break
            self.close()  # the server closed the idle connection before reading: again
            if attempt == 2:
                raise ConnectionError("the server closed the connection")
        headers: dict[str, str] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            content = await self.reader.readexactly(int(headers["content-length"]))
        else:  # chunked
            parts = []
            while size := int((await self.reader.readline()).split(b";")[0], 16):
                parts.append(await self.reader.readexactly(size))
                await self.reader.readline()
            await self.reader.readline()
            content = b"".join(parts)
        if headers.get("connection", "").lower() == "close":
            self.close()
        return int(status_line.split()[1]), content

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Played:
    """What one run's clients saw."""

    quiet: list[float] = field(default_factory=list)    # no AI move in the request
    with_ai: list[float] = field(default_factory=list)  # the AI's turn in the request
    finished: int = 0
    errors: list[str] = field(default_factory=list)
    pushes: int = 0


async def _drain(websocket: Any, played: Played) -> None:
    try:
        async for _ in websocket:
            played.pushes += 1
    except ConnectionClosed:
        pass


async def _play_game(port: int, index: int, run: int, think: tuple[float, float] | None,
                     played: Played) -> None:
    """One game: create it, keep its human seat's socket, answer every decision."""
    rng = random.Random(f"bench-{run}-{index}")
    http = Http(port)
    websocket = None
    try:
        status, content = await http.call(
            "POST", "/api/games", {"squads": demo_xws(), "seats": SEATS,
                                   "seed": 10_000 * run + index})
        if status != 200:
            played.errors.append(f"create: {status} {content[:200]!r}")
            return
        created = json.loads(content)
        game, token = created["game"], created["seats"][0]["token"]
        websocket = await connect(f"ws://127.0.0.1:{port}/api/games/{game}/socket"
                                  f"?token={token}", open_timeout=60, max_size=None)
        drain = asyncio.ensure_future(_drain(websocket, played))
        status, content = await http.call("GET", f"/api/games/{game}/view?token={token}")
        message = json.loads(content)
        while status == 200 and message["decision"] is not None:
            decision = message["decision"]
            if think is not None:
                await asyncio.sleep(rng.uniform(*think))
            choice = rng.choice(decision["options"])["value"]
            start = time.perf_counter()
            status, content = await http.call(
                "POST", f"/api/games/{game}/answer?token={token}",
                {"decision": decision["id"], "answer": choice})
            latency = time.perf_counter() - start
            if status != 200:
                played.errors.append(f"answer: {status} {content[:200]!r}")
                return
            message = json.loads(content)
            following = message["decision"]
            quiet = following is not None and following["id"] == decision["id"] + 1
            (played.quiet if quiet else played.with_ai).append(latency)
            status, content = await http.call("GET",
                                              f"/api/games/{game}/board.svg?token={token}")
        if status != 200:
            played.errors.append(f"view or board: {status} {content[:200]!r}")
        elif message["over"]:
            played.finished += 1
        await websocket.close()
        await drain
    except (OSError, ValueError, KeyError, ConnectionClosed,
            asyncio.IncompleteReadError) as error:
        played.errors.append(f"client: {error!r}")
    finally:
        http.close()
        if websocket is not None:
            await websocket.close()


async def _play_all(port: int, games: int, run: int,
                    think: tuple[float, float] | None) -> tuple[Played, float]:
    played = Played()
    start = time.perf_counter()
    await asyncio.gather(*(_play_game(port, k, run, think, played) for k in range(games)))
    return played, time.perf_counter() - start


def _raised(traceback: str) -> str:
    """The exception line of a printed traceback (its first unindented line after the
    first)."""
    return next((line for line in traceback.splitlines()[1:]
                 if line and not line[0].isspace()), "")


def _machine_cpu_seconds() -> float | None:
    """Busy CPU time of the whole machine so far, all cores (Linux)."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except OSError:
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def _own_cpu_seconds() -> float:
    times = os.times()
    return times.user + times.system


def _percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return 1000 * ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def measure(src: Path, scratch: Path, games: int, run: int,
            think: tuple[float, float] | None) -> dict[str, float | None]:
    """One run on a fresh server from the source tree ``src``."""
    server = Server(src, scratch)
    try:
        cpu_before = server.cpu_seconds()
        machine_before, own_before = _machine_cpu_seconds(), _own_cpu_seconds()
        played, wall = asyncio.run(_play_all(server.port, games, run, think))
        cpu_after = server.cpu_seconds()
        machine_after, own_after = _machine_cpu_seconds(), _own_cpu_seconds()
    finally:
        tracebacks = server.stop()
    # a socket the client closed, whose receiving task app.py leaves unretrieved: noise
    # at the end of a game, not a failed request
    closing = [t for t in tracebacks if _raised(t).startswith(
        "starlette.websockets.WebSocketDisconnect")]
    tracebacks = [t for t in tracebacks if t not in closing]
    for failure in played.errors + tracebacks:
        print(f"  failure: {failure}", file=sys.stderr)
    answers = len(played.quiet) + len(played.with_ai)
    cpu = None if cpu_before is None or cpu_after is None or not answers else \
        1000 * (cpu_after - cpu_before) / answers
    others = None
    if None not in (cpu, machine_before, machine_after):
        others = ((machine_after - machine_before) - (cpu_after - cpu_before)  # type: ignore[operator]
                  - (own_after - own_before)) / wall
    return {
        "games_finished": played.finished,
        "human_answers_per_second": answers / wall,
        "quiet_p50_ms": _percentile(played.quiet, 0.50),
        "quiet_p95_ms": _percentile(played.quiet, 0.95),
        "quiet_p99_ms": _percentile(played.quiet, 0.99),
        "quiet_share": len(played.quiet) / answers if answers else None,
        "with_ai_p95_ms": _percentile(played.with_ai, 0.95),
        "server_cpu_ms_per_answer": cpu,
        "pushes_per_answer": played.pushes / answers if answers else None,
        "failures": len(played.errors) + len(tracebacks),
        "socket_close_tracebacks": len(closing),
        "other_cores_busy": others,
    }


LABELS = {
    "games_finished": "games finished",
    "human_answers_per_second": "human answers/s",
    "quiet_p50_ms": "answer latency p50, ms (no AI move in it)",
    "quiet_p95_ms": "answer latency p95, ms (no AI move in it)",
    "quiet_p99_ms": "answer latency p99, ms (no AI move in it)",
    "quiet_share": "share of answers with no AI move",
    "with_ai_p95_ms": "p95 of the others, ms (AI's turn included)",
    "server_cpu_ms_per_answer": "server CPU ms per human answer (AI included)",
    "pushes_per_answer": "WebSocket pushes per human answer",
    "failures": "failed requests and server tracebacks",
    "socket_close_tracebacks": "socket-close tracebacks (app.py, not counted)",
    "other_cores_busy": "cores busy with other processes (noise)",
}


# ------------------------------------------------------------------ the runs
def _export(rev: str, into: Path) -> Path:
    """The ``src`` directory of commit ``rev``, exported to ``into`` (no git state
    changes)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev, "src"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def _median(values: list[float | None]) -> float | None:
    found = [v for v in values if v is not None]
    return statistics.median(found) if found else None


def _shown(figure: str, value: float | None, games: int) -> str:
    if value is None:
        return "-"
    if figure == "games_finished":
        return f"{value:g}/{games}"
    if figure == "quiet_share":
        return f"{100 * value:.0f}%"
    if figure == "other_cores_busy":
        return f"{value:.2f}"
    return f"{value:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games")
    parser.add_argument("--runs", type=int, default=3, help="runs per mode (medians)")
    parser.add_argument("--think", type=float, nargs=2, default=(0.5, 2.0),
                        metavar=("LOW", "HIGH"), help="paced think time range, seconds")
    parser.add_argument("--modes", nargs="+", choices=("saturated", "paced"),
                        default=["saturated", "paced"])
    parser.add_argument("--baseline", metavar="REV", action="append", default=[],
                        help="also measure the server of this git commit (or of a "
                             "directory holding a src/ tree), alternating; repeatable")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    thinking = {"saturated": None, "paced": tuple(args.think)}
    with tempfile.TemporaryDirectory(prefix="tallon-bench-") as scratch:
        trees = {"current": ROOT / "src"}
        for k, baseline in enumerate(args.baseline):
            if (Path(baseline) / "src").is_dir():
                trees[f"{Path(baseline).name[:20]}"] = Path(baseline) / "src"
            else:
                trees[f"{baseline[:20]}"] = _export(baseline, Path(scratch) / f"base{k}")
        runs: dict[tuple[str, str], list[dict[str, float | None]]] = {
            (mode, name): [] for mode in args.modes for name in trees}
        for run in range(args.runs):
            for mode in args.modes:
                for name, src in trees.items():
                    runs[mode, name].append(measure(src, Path(scratch), args.games, run,
                                                    thinking[mode]))
                    print(f"run {run + 1}/{args.runs} {mode} {name}: "
                          f"{json.dumps(runs[mode, name][-1])}", file=sys.stderr)
    result = {mode: {name: {figure: _median([r[figure] for r in runs[mode, name]])
                            for figure in LABELS} for name in trees} for mode in args.modes}
    if args.json:
        print(json.dumps({"medians": result, "settings": vars(args),
                          "runs": {f"{m} {n}": r for (m, n), r in runs.items()}}))
        return
    print(f"{args.games} concurrent games, human seat (this client) v ai:simple, each to "
          f"its end; one server (SQLite, synchronous=FULL); medians of {args.runs} runs")
    print(f"{'':48}" + "".join(f"{name:>22}" for name in trees))
    for mode in args.modes:
        print("saturated: each answer sent at once" if mode == "saturated" else
              f"paced: each answer after {args.think[0]:g}-{args.think[1]:g} s of thinking")
        for figure, label in LABELS.items():
            print(f"  {label:46}" + "".join(
                f"{_shown(figure, result[mode][name][figure], args.games):>22}"
                for name in trees))


if __name__ == "__main__":
    main()
