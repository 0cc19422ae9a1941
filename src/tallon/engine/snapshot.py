"""Encoding a game's state and pending steps as JSON, and back (the loadable snapshot
behind :meth:`Game.save <tallon.engine.game.Game.save>`).

Everything a game holds is plain data (steps are plain by construction), so one encoder
serves it all: JSON scalars as they are; tuples, sets, dicts and enum members tagged;
records (dataclasses and named tuples of known types) as their fields under their type's
registered name; the random generator as its state. Types are known by a short stable
name: every :class:`~tallon.engine.steps.Step` subclass by its class name
(:data:`~tallon.engine.steps.STEP_TYPES`, filled as the classes are defined, so a process
that only loads knows them all), other record types are listed here.
"""

from __future__ import annotations

import random
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from tallon.dice import DicePool, Die, DieKind, Face, Role
from tallon.dice.faces import FACE_BY_LABEL
from tallon.dice.ops import Add, Cancel, Change, ChangeAll, Reroll
from tallon.dice.ops import Option as DiceOption
from tallon.engine.abilities import Event
from tallon.engine.chance import LoadedDice
from tallon.engine.decisions import Decision, Option
from tallon.engine.features import Feature
from tallon.engine.payloads import PlacedDevice
from tallon.engine.queue import Entry
from tallon.engine.state import (
    ActionSpec,
    AttackState,
    Charge,
    ConditionCard,
    DamageCard,
    GameState,
    PlayerState,
    ShipState,
    Token,
    WeaponSpec,
)
from tallon.engine.steps import STEP_TYPES
from tallon.geometry import Arc, BaseSize, Device, Obstacle, Pose, Ship

_TYPES: dict[str, type] = {}
_NAMES: dict[type, str] = {}


def register_type(kind: type, name: str | None = None) -> None:
    """Make a record or enum type known to the encoder under ``name`` (its class name)."""
    name = name or kind.__name__
    held = _TYPES.get(name)
    if held is not None and held is not kind:
        raise ValueError(f"two types are registered as {name!r}: {held} and {kind}")
    _TYPES[name] = kind
    _NAMES[kind] = name


for _kind in (Token, BaseSize, Arc, DieKind, Face, Role, ActionSpec, Charge, DamageCard,
              ConditionCard, ShipState, PlayerState, GameState, Pose, Ship, Device, Obstacle,
              Event, Option, Decision, Die, Reroll, Change, ChangeAll, Add, Cancel,
              AttackState, WeaponSpec, Entry, PlacedDevice, Feature):
    register_type(_kind)
register_type(DiceOption, "DiceOption")


def _type_name(kind: type) -> str:
    name = _NAMES.get(kind)
    if name is not None:
        return name
    if STEP_TYPES.get(kind.__name__) is kind:
        return kind.__name__
    raise TypeError(f"{kind.__name__} is not a type the snapshot knows; register it "
                    "with tallon.engine.snapshot.register_type")


def _record_fields(value: Any) -> list[str]:
    if is_dataclass(value):
        # a leading underscore marks a cache (the state's table), rebuilt when needed
        return [f.name for f in fields(value) if f.init and not f.name.startswith("_")]
    return list(value._fields)


def encode(value: Any) -> Any:
    """``value`` as JSON data (see the module docstring)."""
    kind = type(value)
    if value is None or kind in (str, int, float, bool):
        return value
    if kind is list:
        return [encode(v) for v in value]
    if kind is tuple:
        return {"tuple": [encode(v) for v in value]}
    if kind is dict:
        return {"dict": [[encode(k), encode(v)] for k, v in value.items()]}
    if kind is set:
        return {"set": sorted((encode(v) for v in value), key=repr)}
    if isinstance(value, Enum):
        return {"enum": _type_name(kind), "value": value.value}
    if isinstance(value, random.Random):
        return _encode_random(value)
    if kind is DicePool:
        return {"dicepool": [encode(value.kind), [encode(d) for d in value.dice]]}
    if is_dataclass(value) or (isinstance(value, tuple) and hasattr(value, "_fields")):
        name = _type_name(kind)
        return {"record": name, "fields": {f: encode(getattr(value, f))
                                           for f in _record_fields(value)}}
    raise TypeError(f"can't encode a {kind.__name__} in a snapshot")


def decode(data: Any) -> Any:
    """The value :func:`encode` encoded."""
    kind = type(data)
    if data is None or kind in (str, int, float, bool):
        return data
    if kind is list:
        return [decode(v) for v in data]
    (tag, body), *extra = data.items()
    if tag == "tuple":
        return tuple(decode(v) for v in body)
    if tag == "dict":
        return {decode(k): decode(v) for k, v in body}
    if tag == "set":
        return {decode(v) for v in body}
    if tag == "enum":
        return _TYPES[body](extra[0][1])
    if tag == "random":
        return _decode_random(body)
    if tag == "dicepool":
        return DicePool(decode(body[0]), [decode(d) for d in body[1]])
    if tag == "record":
        record_type = _TYPES.get(body) or STEP_TYPES.get(body)
        if record_type is None:
            raise ValueError(f"the snapshot names an unknown type {body!r}")
        values = {k: decode(v) for k, v in extra[0][1].items()}
        return record_type(**values)
    raise ValueError(f"unknown snapshot tag {tag!r}")


def _encode_random(rng: random.Random) -> dict[str, Any]:
    version, internal, gauss = rng.getstate()
    data: dict[str, Any] = {"random": [version, list(internal), gauss]}
    script = getattr(rng, "script", None)
    if script is not None:
        # a scene's loaded dice keep their script (tallon.engine.chance.LoadedDice)
        data["random"].append([[kind.value, face.label] for kind, face in script])
    return data


def _decode_random(body: list[Any]) -> random.Random:
    state = (body[0], tuple(body[1]), body[2])
    if len(body) > 3:
        rng: random.Random = LoadedDice([(DieKind(k), FACE_BY_LABEL[f]) for k, f in body[3]])
    else:
        rng = random.Random()
    rng.setstate(state)
    return rng
