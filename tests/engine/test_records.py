"""Game records and snapshots, and stable answers: a replay rebuilds the game exactly,
whatever order the squad listed its upgrades in (the record keeps squads as XWS, which
groups upgrades by slot); older records still replay; an option's key means the same in
a clone and in a game saved and loaded; a snapshot continues a game exactly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tallon.agents import RandomAgent, SimpleAgent, play
from tallon.cards import CARDS
from tallon.engine import Game, GameSetup, SetupError
from tallon.engine.attack import Engage
from tallon.scene import Scene, load_dice
from tallon.squads import build_squad

REBELS = build_squad("rebelalliance", [("bluesquadronescort", []),
                                       ("redsquadronveteran", ["predator"])])
EMPIRE_SQUAD = build_squad("galacticempire", [("academypilot", []), ("blacksquadronace", []),
                                              ("obsidiansquadronpilot", [])])


def test_a_replay_keeps_the_upgrade_order_of_the_game():
    rebels = build_squad("rebelalliance", [
        ("redsquadronveteran", ["predator", "protontorpedoes", "marksmanship"]),
        ("bluesquadronescort", []), ("cavernangelszealot", [])])
    empire = build_squad("galacticempire", [("academypilot", []), ("academypilot", []),
                                            ("academypilot", [])])
    game = Game(GameSetup((rebels, empire), seed=1, cards=CARDS))
    again = Game.from_record(game.to_record(), CARDS)
    assert game.state.ships["p1.1"].cards == again.state.ships["p1.1"].cards
    assert game.state_hash() == again.state_hash()


# ------------------------------------------------------------ older records
DATA = Path(__file__).resolve().parent / "data"


@pytest.mark.parametrize("name", ["record-v1-demo.json", "record-v1-random.json"])
def test_a_version_1_record_replays_to_its_recorded_state(name):
    """Records saved before answers were keys (version 1: dice modifications, queue
    entries and upgrade sides answered by list position, attacks by {weapon, defender})
    replay to the state hash they recorded: each answer is translated to its key."""
    record = json.loads((DATA / name).read_text())
    assert record["version"] == 1
    assert any(isinstance(c, int) for c in record["choices"])
    replay = Game.from_record(record, CARDS, logging=False)
    assert replay.reproduces(record)
    assert replay.state_hash(legacy_numbering=True) == record["state_hash"]
    assert all(isinstance(c, str) or (isinstance(c, dict) and "x" in c)
               for c in replay.choices)


def test_a_replayed_version_1_record_saves_as_the_current_version():
    """Saved again, an old record becomes a version 3 record of keys that replays, its
    hash now numbering the players 1 and 2; in the old numbering it is the old hash."""
    old = json.loads((DATA / "record-v1-demo.json").read_text())
    record = Game.from_record(old, CARDS, logging=False).to_record()
    assert record["version"] == 3 and record["state_hash"] != old["state_hash"]
    replay = Game.from_record(record, CARDS, logging=False)
    assert replay.reproduces(record)
    assert replay.state_hash(legacy_numbering=True) == old["state_hash"]


# ------------------------------------------------------------- stable answers
def at_decisions(seed: int, kinds: set[str], limit: int = 600):
    """A game of simple agents (who fly at each other and fight) paused at each decision
    of ``kinds``."""
    game = Game(GameSetup((REBELS, EMPIRE_SQUAD), seed=seed, cards=CARDS), logging=False)
    agents = (SimpleAgent(seed), SimpleAgent(seed + 1))
    for _ in range(limit):
        d = game.decision
        if d is None:
            return
        if d.kind in kinds:
            yield game
        game.answer(agents[d.player - 1].choose(game.view(d.player, log=False), d))


def test_keys_mean_the_same_after_clone_save_and_load():
    """At dice modifications and attack declarations, the options' keys are the same in
    a clone and in a game saved and loaded through JSON, and answering one key leads all
    three games to the same state."""
    kinds = {"modify_attack_dice", "modify_defense_dice", "declare_attack"}
    checked = 0
    for game in at_decisions(6, kinds):
        clone = game.clone()
        loaded = Game.load(json.loads(json.dumps(game.save())), CARDS)
        keys = game.decision.option_keys()
        assert clone.decision.option_keys() == keys == loaded.decision.option_keys()
        key = keys[checked % len(keys)]
        hashes = set()
        for copy in (game.clone(), clone, loaded):
            copy.answer(key)
            hashes.add(copy.state_hash())
        assert len(hashes) == 1
        checked += 1
    assert checked >= 5


def test_modification_keys_say_what_they_do():
    """A dice modification's key names its source and its operations (``focus:change=
    all-focus>hit``, ``lock:reroll=...``), and every option of a decision has its own."""
    for game in at_decisions(6, {"modify_attack_dice", "modify_defense_dice"}):
        keys = game.decision.option_keys()
        assert len(set(keys)) == len(keys)
        for option in game.decision.options:
            if option.key != "done":
                source, _, operations = option.key.partition(":")
                assert source.split("@")[0].split("/")[0] == option.info["source"]
                assert operations.split("=")[0] in ("change", "reroll", "add", "cancel")


def test_an_attack_is_declared_by_weapon_and_defender():
    """Declaring an attack answers ``<weapon>@<defender>``; the option's info says the
    same as data."""
    for game in at_decisions(3, {"declare_attack"}):
        for option in game.decision.options:
            if option.key != "none":
                assert option.key == f"{option.info['weapon']}@{option.info['defender']}"
        return
    raise AssertionError("no attack declared")


# ------------------------------------------------------------------ snapshots
def test_a_snapshot_continues_the_game_without_replaying():
    """Game.save() at a decision, through JSON, loads into a game with the same state,
    decision and answers; it plays on to the same end as the game itself."""
    game = next(g for n, g in enumerate(at_decisions(12, {"perform_action"})) if n == 8)
    data = json.loads(json.dumps(game.save()))
    loaded = Game.load(data, CARDS)
    assert loaded.state_hash() == game.state_hash()
    assert loaded.decision == game.decision and loaded.choices == game.choices
    assert loaded.log == game.log
    for copy in (game, loaded):
        play(copy, (RandomAgent(5), RandomAgent(6)))
    assert loaded.state_hash() == game.state_hash()


def test_a_snapshot_loads_in_a_process_that_never_saved(tmp_path):
    """A game saved mid-round (a server storing it between moves), then loaded by a new
    Python process that has made no game. The new process knows every step the snapshot
    names and plays on to the same end as the game itself."""
    game = next(g for n, g in enumerate(at_decisions(12, {"perform_action"})) if n == 8)
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(game.save()))
    script = ("import json, sys\n"
              "from tallon.agents import RandomAgent, play\n"
              "from tallon.cards import CARDS\n"
              "from tallon.engine import Game\n"
              "game = Game.load(json.loads(open(sys.argv[1]).read()), CARDS)\n"
              "print(game.state_hash())\n"
              "play(game, (RandomAgent(5), RandomAgent(6)))\n"
              "print(game.state_hash())\n")
    result = subprocess.run([sys.executable, "-c", script, str(saved)], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr
    loaded_hash, final_hash = result.stdout.split()
    assert loaded_hash == game.state_hash()
    play(game, (RandomAgent(5), RandomAgent(6)))
    assert final_hash == game.state_hash()


def test_a_snapshot_keeps_a_scenes_loaded_dice():
    """A scene's scripted dice are part of the generator: saved and loaded, the next
    attack still rolls them."""
    sc = Scene()
    xwing = sc.ship("bluesquadronescort", at=(400, 300, 0), tokens={"focus": 1})
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.at(Engage(xwing))
    load_dice(game, ["crit", "focus", "blank"], ["evade", "blank", "blank"])
    loaded = Game.load(json.loads(json.dumps(game.save())), CARDS)
    for copy in (game, loaded):
        copy.answer(f"primary:front@{tie}")
        assert [f.label for f in copy.state.attack.attack_dice.faces()] == \
            ["crit", "focus", "blank"]
        copy.answer("focus:change=all-focus>hit")
        assert [e["text"] for e in copy.log if e["kind"] == "dice"][-1] == \
            "Academy Pilot rolls evade, blank, blank"


def test_a_file_that_is_not_a_snapshot_is_refused():
    """Loading names what is wrong: another format, another version, missing parts."""
    game = Game(GameSetup((REBELS, EMPIRE_SQUAD), seed=1, cards=CARDS))
    data = game.save()
    with pytest.raises(SetupError, match="not a Tallon snapshot file"):
        Game.load(game.to_record(), CARDS)
    with pytest.raises(SetupError, match="unsupported tallon-snapshot version"):
        Game.load({**data, "version": 7}, CARDS)
    with pytest.raises(SetupError, match="no 'stack'"):
        Game.load({k: v for k, v in data.items() if k != "stack"}, CARDS)
