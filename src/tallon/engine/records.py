"""Save files: the record (setup and answers: the replay) and the snapshot (the whole game
at one point, loaded without replaying).

A **record** (``format: tallon-game``) holds the setup, every answer given and the state
hash to check a replay against. Version 3 numbers the players 1 and 2 in that hash, as
everything else does; versions 1 and 2 numbered them 0 and 1 there (their answers never
named a player, so they replay the same). Version 2 and 3 answers are option keys; a
version 1 record (the
answers were option values: list positions for dice modifications and the ability queue,
objects for attack declarations) is read by translating each answer to its key as it is
replayed. A game played with ``chance="explicit"`` records its chance outcomes among the
answers, and its record says so.

A **snapshot** (``format: tallon-snapshot``) holds the setup, the answers so far, the
whole state (hidden facts and the random generator included), the pending steps and
decision, and the log, as JSON (:mod:`tallon.engine.snapshot`): loading it continues the
game exactly where it was, as a server storing games between moves needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.engine.decisions import Decision, Value
from tallon.engine.queue import Queue
from tallon.engine.setup import SetupError
from tallon.engine.snapshot import encode

if TYPE_CHECKING:
    from tallon.engine.game import Game

RECORD_FORMAT = "tallon-game"
RECORD_VERSION = 3
SNAPSHOT_FORMAT = "tallon-snapshot"
SNAPSHOT_VERSION = 2  # 2: players numbered 1 and 2


# ------------------------------------------------------------------------ records
def to_record(game: Game) -> dict[str, Any]:
    """The save file: setup, every answer, and the state hash to check a replay."""
    record = {"format": RECORD_FORMAT, "version": RECORD_VERSION,
              "setup": game.setup.to_json(), "choices": list(game.choices),
              "state_hash": game.state_hash()}
    if game.explicit_chance:
        record["chance"] = "explicit"
    return record


def _check_format(data: dict[str, Any], expected: str, versions: tuple[int, ...]) -> None:
    if not isinstance(data, dict) or data.get("format") != expected:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise SetupError(f"not a Tallon {expected.partition('-')[2]} file (format {found!r})")
    if data.get("version") not in versions:
        raise SetupError(f"unsupported {expected} version {data.get('version')!r} "
                         f"(this Tallon reads {', '.join(map(str, versions))})")


def check_record(record: dict[str, Any]) -> bool:
    """Refuse what is not a record Tallon reads (:class:`SetupError` saying why); True for
    a version 1 record (its answers need :func:`legacy_answer`)."""
    _check_format(record, RECORD_FORMAT, (1, 2, RECORD_VERSION))
    for key in ("setup", "choices"):
        if key not in record:
            raise SetupError(f"the record has no {key!r}")
    if not isinstance(record["choices"], list):
        raise SetupError("the record's 'choices' is not a list of answers")
    return record["version"] == 1


def numbered_from_zero(record: dict[str, Any]) -> bool:
    """Whether the record's state hash numbers the players 0 and 1 (before version 3)."""
    return record.get("version") in (1, 2)


def legacy_answer(decision: Decision, value: Value) -> Value:
    """A version 1 answer as the key of the same choice: list positions (dice
    modifications, the upgrade side, a card's drawn cards) and queue entries by index,
    attack declarations by their weapon and defender; other values are already keys, and
    placements are free answers."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        if decision.kind == "order_abilities":
            step = decision.resume
            assert isinstance(step, Queue)
            return step.entries[value].key
        if 0 <= value < len(decision.options):
            return decision.options[value].key
        return str(value)
    if isinstance(value, dict) and "weapon" in value and "defender" in value:
        return f"{value['weapon']}@{value['defender']}"
    if isinstance(value, dict) and value.get("obstacle", "") is None:
        return "none"
    if isinstance(value, list):
        return ",".join(map(str, value)) or "alone"
    return value


# ---------------------------------------------------------------------- snapshots
def save(game: Game) -> dict[str, Any]:
    """The whole game at this point as JSON (see the module docstring)."""
    if game.urgent:
        raise RuntimeError("a game can only be saved between steps")
    return {"format": SNAPSHOT_FORMAT, "version": SNAPSHOT_VERSION,
            "setup": game.setup.to_json(), "chance": "explicit" if game.explicit_chance
            else "sample", "logging": game.logging, "choices": encode(list(game.choices)),
            "state": encode(game.state), "stack": [encode(step) for step in game.stack],
            "pending": None if game.pending is None else encode(game.pending),
            "log": encode(game.log)}


def check_snapshot(data: dict[str, Any]) -> None:
    """Refuse what is not a snapshot Tallon reads (:class:`SetupError` saying why)."""
    _check_format(data, SNAPSHOT_FORMAT, (SNAPSHOT_VERSION,))
    missing = [k for k in ("setup", "chance", "logging", "choices", "state", "stack",
                           "pending", "log") if k not in data]
    if missing:
        raise SetupError(f"the snapshot has no {', '.join(map(repr, missing))}")
