"""Decisions: every choice a player makes is a typed request naming the player and listing
the legal options (architecture principle 3).

Answers are plain JSON values (strings, numbers, lists, objects) so that the list of answers
is the save file, the replay and the network protocol. A decision may also accept "free"
answers outside its listed options (placing an obstacle or a ship anywhere legal); those are
validated by the decision's ``check`` and refused with a reason.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.steps import Step

Value = Any  # a JSON value


class IllegalChoiceError(ValueError):
    """An answer the rules don't allow; the game is unchanged."""


def canonical(value: Value) -> str:
    """A stable text form of a JSON value, for comparing answers."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class Option:
    """One legal answer with a human label, and optional public facts about it (``info``)
    for agents and user interfaces (e.g. what a dice modification costs and gives)."""

    value: Value
    label: str
    info: dict[str, Value] | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Value]:
        data = {"value": self.value, "label": self.label}
        if self.info is not None:
            data["info"] = self.info
        return data


@dataclass(frozen=True)
class Decision:
    """A choice the engine is waiting for.

    ``kind`` names the kind of choice (``set_dial``, ``perform_action``, ...), ``ship`` the
    ship it concerns (if any). ``resume`` is the step that receives the answer. When
    ``free`` is set, answers outside ``options`` are allowed if ``check(game, value)``
    returns None (it returns the reason otherwise); ``free`` describes their form.
    """

    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    resume: Step
    ship: str | None = None
    free: str | None = None
    check: Callable[[Game, Value], str | None] | None = field(default=None, compare=False)
    hidden: bool = False

    def option_values(self) -> list[Value]:
        return [o.value for o in self.options]

    def find(self, value: Value) -> Option | None:
        if type(value) is str:
            # the usual answer: equal strings are equal JSON values (no encoding needed)
            return next((o for o in self.options
                         if isinstance(o.value, str) and o.value == value), None)
        key = canonical(value)
        for option in self.options:
            if canonical(option.value) == key:
                return option
        return None

    def validate(self, game: Game, value: Value) -> Value:
        """The answer in canonical form, or :class:`IllegalChoiceError` saying why not."""
        try:
            canonical(value)
        except (TypeError, ValueError):
            raise IllegalChoiceError(f"{self.prompt}: the answer must be a JSON value "
                                     f"(got {type(value).__name__})") from None
        option = self.find(value)
        if option is not None:
            return option.value
        if self.free is not None and self.check is not None:
            reason = self.check(game, value)
            if reason is None:
                return value
            raise IllegalChoiceError(f"{self.prompt}: {reason}")
        shown = ", ".join(canonical(o.value) for o in self.options[:12])
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
        }
