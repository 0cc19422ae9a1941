"""Decisions: every choice a player makes is a typed request naming the player and listing
the legal options (architecture principle 3).

Each option has a stable **key**: a short string that names the same choice before and
after a clone, a save and load, or a resume (``"focus"``, ``"p2.1"``, ``"2TR"``,
``"lock:reroll=blank,focus"``, ``"primary:front@p2.1"``), with a human ``label`` and, where
useful, public facts about it (``info``). Keys are the answers: the list of keys given is
the save file, the replay and the network protocol. A decision may also accept "free"
answers beside its listed options (placing an obstacle or a ship anywhere legal): JSON
objects the asking step checks and refuses with a reason.

A random event the game is told to expose (``Game(..., chance="explicit")``) is a decision
of :data:`CHANCE`, the chance player: its options are the possible outcomes, each with its
``probability`` in ``info``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.steps import ChoiceStep
    from tallon.geometry import Pose

Value = Any  # a JSON value: an option key (str) or a free answer (an object)

#: The player of a chance decision (a random event exposed as outcomes with probabilities).
CHANCE = -1


class IllegalChoiceError(ValueError):
    """An answer the rules don't allow; the game is unchanged."""


def pose_key(pose: Pose) -> str:
    """A place in an answer key (a placement offered): ``"x,y,heading"``, each number as
    short as it can be and still exact."""
    return f"{_key_number(pose.x)},{_key_number(pose.y)},{_key_number(pose.heading)}"


def _key_number(value: float) -> str:
    short = f"{value:g}"
    return short if float(short) == value else repr(value)


def canonical(value: Value) -> str:
    """A stable text form of a JSON value, for comparing and showing answers."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer: its stable ``key``, a human ``label``, and optional public facts
    about it (``info``) for agents and user interfaces (what a dice modification costs and
    gives, where a placement puts the piece, an outcome's probability)."""

    key: str
    label: str
    info: dict[str, Value] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if type(self.key) is not str:
            raise TypeError(f"an option's key is a string, not {type(self.key).__name__} "
                            f"({self.key!r}: {self.label})")

    @property
    def facts(self) -> dict[str, Value]:
        """``info`` of an option of a kind that always carries it (a chance outcome's
        probability, a placement's place): an option without any is a mistake."""
        info = self.info
        if info is None:
            raise ValueError(f"option {self.key!r} ({self.label}) carries no info")
        return info

    def to_json(self) -> dict[str, Value]:
        data: dict[str, Value] = {"key": self.key, "label": self.label}
        if self.info is not None:
            data["info"] = self.info
        return data


def from_card(options: list[Option], card: str) -> list[Option]:
    """``options`` of a card's ability, each naming the card in its ``info`` (``"card"``:
    the card as the ship's cards list it). A player deciding whether and how to use an
    ability may want to know whose it is; the title alone does not always tell."""
    return [Option(o.key, o.label, {**(o.info or {}), "card": card}) for o in options]


@dataclass(frozen=True)
class Decision:
    """A choice the game is waiting for.

    ``kind`` names the kind of choice (``set_dial``, ``perform_action``, ...: the catalogue
    is :mod:`tallon.engine.vocabulary`), ``ship`` the ship it concerns (if any), ``hidden``
    marks a secret choice (its answer is hidden from the opponent). ``resume`` is the step
    that receives the answer. When ``free`` is set, answers outside ``options`` are allowed
    if ``resume.check_free`` accepts them; ``free`` describes their form.
    """

    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    resume: ChoiceStep
    ship: str | None = None
    free: str | None = None
    hidden: bool = False

    @property
    def is_chance(self) -> bool:
        """A random event exposed as outcomes (``player`` is :data:`CHANCE`)."""
        return self.player == CHANCE

    def option_keys(self) -> list[str]:
        return [o.key for o in self.options]

    def find(self, key: Value) -> Option | None:
        if type(key) is not str:
            return None
        for option in self.options:
            if option.key == key:
                return option
        return None

    def validate(self, game: Game, value: Value) -> Value:
        """The answer as it will be recorded (an option key or a checked free answer), or
        :class:`IllegalChoiceError` saying why not."""
        if type(value) is not str:  # a key is JSON already: the usual answer, at once
            try:
                canonical(value)
            except (TypeError, ValueError):
                raise IllegalChoiceError(
                    f"{self.prompt}: the answer must be an option key or a JSON value "
                    f"(got {type(value).__name__})") from None
        option = self.find(value)
        if option is not None:
            return option.key
        if self.free is not None and not isinstance(value, str):
            reason = self.resume.check_free(game, value)
            if reason is None:
                return value
            raise IllegalChoiceError(f"{self.prompt}: {reason}")
        shown = ", ".join(o.key for o in self.options[:12])
        more = "" if len(self.options) <= 12 else f" (and {len(self.options) - 12} more)"
        raise IllegalChoiceError(f"{self.prompt}: {canonical(value)} is not one of the legal "
                                 f"options: {shown}{more}")

    def to_json(self) -> dict[str, Value]:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "ship": self.ship,
            "options": [o.to_json() for o in self.options],
            "free": self.free,
            "hidden": self.hidden,
        }
