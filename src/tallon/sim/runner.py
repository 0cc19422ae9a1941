"""Playing a batch of games: one game, a chunk of games, and the backends that run chunks
(this process, local worker processes, or Ray tasks).

Every game is determined by the matchup and its number alone: its seed, which squad sits
as player 1 and the agents' seeds are derived from the matchup's seed and the game's
number (:func:`derive_seed`). So a run gives the same records however its games are
spread over processes or machines, and a summary made from the records sorted by game
number is the same too.

A game's record is a small dict of plain values (what a worker sends back):

    {"game": 7, "a_player": 2, "winner": "A" | "B" | None, "points": [a, b],
     "rounds": 12, "ships": [[[lost, dealt, taken], ...squad A...], [...squad B...]],
     "first_loss": [side, ship] | None,     # side 0 is A, ship counts from 0
     "scenario": "satellite-array" | None}  # the scenario played (None: practice)
"""

from __future__ import annotations

import gc
import hashlib
import importlib.util
import multiprocessing
import os
import re
import signal
import socket
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from tallon.agents import play
from tallon.agents.levels import Think, make_agent
from tallon.cards import CARDS
from tallon.engine import Game, GameSetup
from tallon.engine.scenarios import chosen_scenario
from tallon.squads import Squad, read_xws
from tallon.squads.play_1e import looks_first_edition, squad_for_play
from tallon.squads.xws_1e import read_xws_1e

#: The sides of a matchup, in the order of its squads.
SIDES = ("A", "B")
#: Levels that play a game in well under a second.
FAST_LEVELS = frozenset({"random", "simple"})

# The engine logs each attack's damage as a sentence (engine/damage.py); the numbers are
# read back from it. tests/sim/test_runner.py fails if the wording changes.
_ATTACK_DAMAGE = re.compile(
    r"suffers damage from the attack: (\d+) shield\(s\) lost, (\d+) damage card\(s\) dealt")


class BackendUnavailableError(RuntimeError):
    """A backend that cannot be used (Ray not installed, a cluster not reachable); the
    message says why and what to do."""


@dataclass(frozen=True)
class Matchup:
    """Two squads (as XWS: what a worker process or a Ray node can rebuild), the AI level
    of each (A's first), the run's seed, the rounds a game lasts, the searching agents'
    budget per decision (None: the level's default) and the scenario the games are played
    in: a standard scenario's name, "random" (drawn from each game's seed) or None (no
    scenario: practice games)."""

    squads: tuple[dict[str, Any], dict[str, Any]]
    agents: tuple[str, str]
    seed: int
    rounds: int = 12
    think: Think | None = None
    scenario: str | None = None


def derive_seed(seed: int, game: int, purpose: str) -> int:
    """A 63-bit seed for ``purpose`` ("game", "agent A", ...) in game number ``game`` of a
    run seeded ``seed``: a hash, so that neighbouring games and seeds are unrelated."""
    digest = hashlib.sha256(f"tallon-sim/{seed}/{game}/{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def a_player(game: int) -> int:
    """The player squad A is in game number ``game``: 1 in even games, 2 in odd ones, so
    that the first player's edge favours neither squad over a run."""
    return 1 if game % 2 == 0 else 2


_SQUADS: dict[str, Squad] = {}


def _squad(xws: dict[str, Any]) -> Squad:
    # a worker rebuilds each squad once, not once per game
    key = repr(xws)
    if key not in _SQUADS:
        _SQUADS[key] = squad_for_play(read_xws_1e(xws).squad) \
            if looks_first_edition(xws) else read_xws(xws).squad
    return _SQUADS[key]


def play_game(matchup: Matchup, game: int) -> dict[str, Any]:
    """Play game number ``game`` of ``matchup`` and return its record."""
    seat_a = a_player(game)
    squads = [_squad(matchup.squads[0]), _squad(matchup.squads[1])]
    levels = list(matchup.agents)
    if seat_a == 2:
        squads.reverse()
        levels.reverse()
    seed = derive_seed(matchup.seed, game, "game")
    try:
        ruleset = squads[0].played_ruleset
        # the 2.5 scenarios are 2.5's: a first-edition game is played without one
        scenario = chosen_scenario(matchup.scenario, seed) if ruleset == "2.5" else None
        played = Game(GameSetup((squads[0], squads[1]), seed=seed, rounds=matchup.rounds,
                                cards=CARDS, ruleset=ruleset, scenario=scenario))
        agents = tuple(make_agent(levels[p], derive_seed(matchup.seed, game, f"agent {p + 1}"),
                                  think=matchup.think) for p in (0, 1))
        play(played, (agents[0], agents[1]))
    except Exception as error:
        # which game failed is what makes the failure reproducible
        raise RuntimeError(f"game {game} of the run seeded {matchup.seed} (game seed {seed})"
                           f" failed: {type(error).__name__}: {error}") from error
    return game_record(played, game, seat_a)


def game_record(game: Game, number: int, seat_a: int) -> dict[str, Any]:
    """The record of a finished ``game`` in which squad A was player ``seat_a``."""
    state = game.state
    seats = (seat_a, 3 - seat_a)
    ships = {ship.id: ship for ship in state.ships_of()}
    dealt = dict.fromkeys(ships, 0)
    attacker_of: dict[str, str] = {}
    first_loss = None
    for event in game.log:
        kind = event["kind"]
        if kind == "attack" and "defender" in event:
            attacker_of[event["defender"]] = event["ship"]
        elif kind == "damage" and event.get("ship") in ships:
            found = _ATTACK_DAMAGE.search(event["text"])
            attacker = attacker_of.get(event["ship"])
            if found and attacker in dealt:
                dealt[attacker] += int(found[1]) + int(found[2])
        elif kind in ("destroyed", "removed") and first_loss is None \
                and event.get("ship") in ships:
            first_loss = event["ship"]
    sides = []
    for seat in seats:
        side = []
        for ship in sorted(state.ships_of(seat), key=lambda s: int(s.id.split(".")[1])):
            taken = min(len(ship.damage), ship.hull) + max(0, ship.shield_limit - ship.shields)
            side.append([ship.destroyed or ship.removed, dealt[ship.id], taken])
        sides.append(side)
    winner = None if state.winner is None else SIDES[seats.index(state.winner)]
    loss = None
    if first_loss is not None:
        owner, index = ships[first_loss].owner, int(first_loss.split(".")[1]) - 1
        loss = [seats.index(owner), index]
    return {"game": number, "a_player": seat_a, "winner": winner,
            "points": [state.mission_points[seat] for seat in seats],
            "rounds": state.round, "ships": sides, "first_loss": loss,
            "scenario": state.scenario}


def play_chunk(matchup: Matchup, games: Sequence[int]) -> list[dict[str, Any]]:
    """The records of the games numbered ``games`` (one task of a worker)."""
    return [play_game(matchup, number) for number in games]


def chunks(games: Sequence[int], workers: int, largest: int = 25) -> list[list[int]]:
    """The games split into tasks: several per worker, so that a worker finishing early
    takes more and the progress moves, but each big enough that sending it costs little
    next to playing it (up to ``largest`` games)."""
    size = max(1, min(largest, len(games) // (workers * 4)))
    return [list(games[k:k + size]) for k in range(0, len(games), size)]


def largest_task(matchup: Matchup) -> int:
    """Games per task: a game of the fast levels takes a fraction of a second, one of a
    searching level seconds, and an interrupted run loses its unfinished tasks."""
    return 25 if set(matchup.agents) <= FAST_LEVELS else 2


#: A task: the matchup's position in the run's list, and the numbers of its games.
Task = tuple[int, list[int]]


def _tasks(matchups: Sequence[Matchup], games: Sequence[int], workers: int) -> list[Task]:
    # matchup after matchup: the first ones finish first, as the progress shows them
    return [(k, chunk) for k, matchup in enumerate(matchups)
            for chunk in chunks(games, workers, largest_task(matchup))]


def run_games(matchup: Matchup, games: Sequence[int], *, workers: int = 1,
              backend: str = "local", address: str | None = None) -> Iterator[dict[str, Any]]:
    """The records of the games numbered ``games``, in the order they finish (see
    :func:`run_matchups`)."""
    for _, record in run_matchups([matchup], games, workers=workers, backend=backend,
                                  address=address):
        yield record


def run_matchups(matchups: Sequence[Matchup], games: Sequence[int], *, workers: int = 1,
                 backend: str = "local", address: str | None = None
                 ) -> Iterator[tuple[int, dict[str, Any]]]:
    """The games numbered ``games`` of each matchup, as (position of the matchup, record)
    in the order they finish. ``workers`` processes play them (this one alone when 1),
    started once for them all; ``backend`` "ray" runs them as Ray tasks, on the cluster at
    ``address`` (or ``RAY_ADDRESS``) or on a local Ray instance of ``workers`` CPUs.
    Closing the iterator (or an interrupt) stops the workers."""
    if backend == "ray":
        yield from _ray_records(matchups, games, workers, address)
    elif workers <= 1:
        for k, chunk in _tasks(matchups, games, 1):
            for number in chunk:
                yield k, play_game(matchups[k], number)
    else:
        yield from _pool_records(matchups, games, workers)


_WORKER_MATCHUPS: list[Matchup] = []


def _start_worker(matchups: list[Matchup]) -> None:
    # the matchups travel once per worker, not once per task
    _WORKER_MATCHUPS[:] = matchups
    # Ctrl-C goes to the whole process group: the parent stops the workers itself, and a
    # worker interrupted mid-task would only print a traceback
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_task(task: Task) -> tuple[int, list[dict[str, Any]]]:
    k, games = task
    records = play_chunk(_WORKER_MATCHUPS[k], games)
    settle_memory()
    return k, records


#: the cyclic collector's thresholds for a process that plays games for a long time: a
#: game makes many short-lived objects and few cycles, and at Python's default (700, 10,
#: 10) a full collection (~60 ms over the card data and the geometry's tables) lands
#: several times a game
LONG_RUN_GC_THRESHOLD = (20_000, 50, 20)


def settle_memory() -> None:
    """Once the process's long-lived data is built (after its first games: the card index,
    the geometry's maneuver tables, the dice tables), the cyclic collector stops scanning
    it (``gc.freeze``) and collects the young generation less often. Only the collector's
    timing changes; what is played does not. Done once a process."""
    if _FROZEN:
        return
    _FROZEN.append(True)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*LONG_RUN_GC_THRESHOLD)


#: whether this process has settled its memory (a list: no global statement)
_FROZEN: list[bool] = []


def _context() -> Any:
    # forkserver: workers forked from a clean server that has imported Tallon once (fast
    # to start, and no fork of this process's threads, such as the progress bar's)
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["tallon.sim.runner"])
        return context
    return multiprocessing.get_context("spawn")


def _pool_records(matchups: Sequence[Matchup], games: Sequence[int], workers: int
                  ) -> Iterator[tuple[int, dict[str, Any]]]:
    tasks = _tasks(matchups, games, workers)
    pool = _context().Pool(min(workers, len(tasks)) or 1, initializer=_start_worker,
                           initargs=(list(matchups),))
    try:
        for k, records in pool.imap_unordered(_play_task, tasks):
            for record in records:
                yield k, record
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def ray_installed() -> bool:
    return importlib.util.find_spec("ray") is not None


def ray_address(address: str | None) -> str | None:
    """The cluster to join: ``address``, else ``RAY_ADDRESS``, else None (start one)."""
    return address or os.environ.get("RAY_ADDRESS") or None


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """:class:`BackendUnavailableError` unless something listens at the cluster address
    ``host:port`` (or ``ray://host:port``): Ray itself retries an address that is not
    there without end. Other forms (``auto``) are left to Ray."""
    found = re.fullmatch(r"(?:ray://)?\[?([^\[\]]+?)\]?:(\d{1,5})", address.strip())
    if found is None:
        return
    try:
        socket.create_connection((found[1], int(found[2])), timeout=timeout).close()
    except (OSError, ValueError, OverflowError) as error:
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        raise BackendUnavailableError(f"cannot reach the Ray cluster at {address}: "
                                      f"{reason}") from None


def _ray_records(matchups: Sequence[Matchup], games: Sequence[int], workers: int,
                 address: str | None) -> Iterator[tuple[int, dict[str, Any]]]:
    if not ray_installed():
        raise BackendUnavailableError("the Ray backend needs Ray: pip install 'tallon[cluster]'")
    joined = ray_address(address)
    if joined:
        check_reachable(joined)
    import ray

    started = not ray.is_initialized()
    if started:
        try:
            if joined:
                ray.init(address=joined, logging_level="ERROR", log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, logging_level="ERROR",
                         log_to_driver=False)
        except Exception as error:  # Ray's own errors: a cluster not there, no resources
            where = f"join the Ray cluster at {joined}" if joined else "start Ray here"
            raise BackendUnavailableError(f"cannot {where}: {type(error).__name__}: "
                                          f"{error}") from None
    try:
        task = ray.remote(_play_ray_task)
        shared = ray.put(list(matchups))
        cpus = max(workers, int(ray.cluster_resources().get("CPU", workers)))
        pending = [task.remote(shared, k, chunk) for k, chunk in _tasks(matchups, games, cpus)]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    k, records = ray.get(ref)
                    for record in records:
                        yield k, record
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
    finally:
        if started:
            ray.shutdown()


def _play_ray_task(matchups: list[Matchup], k: int, games: list[int]
                   ) -> tuple[int, list[dict[str, Any]]]:
    records = play_chunk(matchups[k], games)
    settle_memory()  # a Ray worker process lives on for the next tasks
    return k, records


__all__ = ["SIDES", "BackendUnavailableError", "Matchup", "a_player", "check_reachable",
           "chunks", "derive_seed", "game_record", "largest_task", "play_chunk", "play_game",
           "ray_address", "ray_installed", "run_games", "run_matchups", "settle_memory"]
