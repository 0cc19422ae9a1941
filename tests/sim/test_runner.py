"""Playing the games of a simulation (``tallon.sim.runner``): seeds, seats, the record of
a game read from its end state and its log, and the tasks workers are given."""

from __future__ import annotations

import json
import pickle
import socket

import pytest

from tallon.agents import play
from tallon.agents.levels import make_agent
from tallon.cards import CARDS
from tallon.engine import Game, GameSetup
from tallon.sim.runner import (
    BackendUnavailableError,
    Matchup,
    a_player,
    check_reachable,
    chunks,
    derive_seed,
    game_record,
    largest_task,
    play_game,
    run_games,
)
from tallon.sim.squads import load_squad

REBELS = load_squad("Rebel X-wing aces")
TIES = load_squad("Imperial TIE swarm")
MATCHUP = Matchup((REBELS.xws, TIES.xws), ("random", "random"), seed=11, rounds=6)


def test_a_games_seed_depends_on_the_runs_seed_and_its_number_only():
    assert derive_seed(11, 3, "game") == derive_seed(11, 3, "game")
    seeds = {derive_seed(seed, game, "game") for seed in range(5) for game in range(50)}
    assert len(seeds) == 250
    assert derive_seed(11, 3, "game") != derive_seed(11, 3, "agent 1")
    assert all(0 <= s < 2**63 for s in seeds)


def test_squad_a_sits_as_player_1_and_player_2_in_turn():
    assert [a_player(k) for k in range(6)] == [1, 2, 1, 2, 1, 2]
    records = [play_game(MATCHUP, k) for k in range(2)]
    assert [r["a_player"] for r in records] == [1, 2]
    # squad A's ships come first in each record, whatever its seat
    assert [len(side) for side in records[1]["ships"]] == [4, 8]


def test_a_record_is_the_same_whichever_games_are_played_with_it():
    """Game 3's record is the same played alone or after games 0 to 2: nothing carries
    over from one game to the next in a worker."""
    together = list(run_games(MATCHUP, range(4)))
    alone = list(run_games(MATCHUP, [3]))
    assert together[3] == alone[0]


def test_a_record_is_small_plain_data():
    record = play_game(MATCHUP, 0)
    assert pickle.loads(pickle.dumps(record)) == record
    assert json.loads(json.dumps(record)) == record
    assert set(record) == {"game", "a_player", "winner", "points", "rounds", "ships",
                           "first_loss", "scenario"}
    assert len(json.dumps(record)) < 400


@pytest.fixture(scope="module")
def played():
    """A whole game of the simple agents (they attack, hit and destroy ships)."""
    game = Game(GameSetup((REBELS.squad, TIES.squad), seed=5, rounds=12, cards=CARDS))
    play(game, (make_agent("simple", 1), make_agent("simple", 2)))
    return game


def test_the_record_reads_the_end_state(played):
    game = played
    record = game_record(game, 0, 1)
    state = game.state
    assert record["points"] == [state.mission_points[1], state.mission_points[2]]
    assert record["rounds"] == state.round
    assert record["winner"] == {1: "A", 2: "B", None: None}[state.winner]
    for side, player in ((0, 1), (1, 2)):
        for index, (lost, _, taken) in enumerate(record["ships"][side]):
            ship = state.ships[f"p{player}.{index + 1}"]
            assert lost == (ship.destroyed or ship.removed)
            assert taken == min(len(ship.damage), ship.hull) + ship.shield_limit - ship.shields
    # the same game seen with squad A as player 2: the sides swap, nothing else
    swapped = game_record(game, 0, 2)
    assert swapped["ships"] == record["ships"][::-1]
    assert swapped["points"] == record["points"][::-1]


def test_damage_dealt_is_what_each_ships_attacks_did(played):
    """The engine's log of each attack's damage is read back (its wording is what the
    runner parses: this fails if it changes): the damage a ship's attacks dealt is the
    shields and cards its defenders lost to them."""
    game = played
    events = [e for e in game.log if e["kind"] == "damage"
              and "suffers damage from the attack" in e["text"]]
    assert events, "a game of the simple agents has attacks that hit"
    lost = 0
    for event in events:
        shields, cards = (int(word) for word in event["text"].split(": ")[-1].split()
                          if word.isdigit())
        lost += shields + cards
    record = game_record(game, 0, 1)
    dealt = sum(ship[1] for side in record["ships"] for ship in side)
    assert dealt == lost > 0


def test_the_first_loss_is_the_first_ship_destroyed_or_fled(played):
    game = played
    record = game_record(game, 0, 1)
    first = next(e["ship"] for e in game.log if e["kind"] in ("destroyed", "removed"))
    side, index = record["first_loss"]
    assert f"p{side + 1}.{index + 1}" == first


@pytest.mark.parametrize(("games", "workers", "largest", "sizes"), [
    (1000, 2, 25, [25] * 40), (10, 2, 25, [1] * 10), (100, 1, 25, [25] * 4),
    (7, 4, 2, [1] * 7), (40, 1, 2, [2] * 20)])
def test_games_are_cut_into_tasks_of_several_games(games, workers, largest, sizes):
    tasks = chunks(range(games), workers, largest)
    assert [len(t) for t in tasks] == sizes
    assert [g for t in tasks for g in t] == list(range(games))


def test_a_searching_level_gets_small_tasks():
    assert largest_task(MATCHUP) == 25
    assert largest_task(Matchup(MATCHUP.squads, ("simple", "ace"), 1)) == 2


def test_a_ray_address_where_nothing_listens_is_refused_at_once():
    """Ray retries an address where no cluster is without end: the runner looks first."""
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        port = listening.getsockname()[1]
        check_reachable(f"127.0.0.1:{port}")
        check_reachable(f"ray://127.0.0.1:{port}")
    with pytest.raises(BackendUnavailableError, match="cannot reach the Ray cluster"):
        check_reachable(f"127.0.0.1:{port}", timeout=2)
    check_reachable("auto")  # left to Ray


def test_a_long_run_settles_the_collector_once():
    """Situation: a process that plays games for a long time (a worker, `tallon sim` with
    one worker) after its first games. Expected: settle_memory freezes what the process
    has built and sets the simulator's collector thresholds, once; the games are not
    changed by it (the collector's timing only). Run in a fresh interpreter: the test
    process keeps Python's defaults."""
    import subprocess
    import sys

    code = ("import gc\n"
            "from tallon.sim.runner import LONG_RUN_GC_THRESHOLD, settle_memory\n"
            "before = gc.get_threshold()\n"
            "settle_memory(); frozen = gc.get_freeze_count()\n"
            "gc.set_threshold(*before); settle_memory()\n"
            "print(before != LONG_RUN_GC_THRESHOLD, frozen > 0, gc.get_threshold() == before)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["True", "True", "True"]
