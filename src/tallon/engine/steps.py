"""Steps: the rules procedures as explicit pieces of pending work, made of plain data.

The game keeps a stack of steps (architecture principle 4). A step is a frozen dataclass
holding only plain values - strings, numbers, ship ids, tuples, enums and other frozen
records of such values - never a function or a live game object, so that cloning,
saving, loading and searching a game are always right: a step means the same thing in any
copy of the game. :class:`Step` checks this when a step is made and refuses anything
else with :class:`StepDataError`.

Where a procedure must continue with code once a choice or a random event is settled, the
step names its **continuation**: a function registered under a stable name with
:func:`continuation`, called with plain arguments (``then="isbjingoist.token_chosen",
args=("p2.1",)``).

A step that asks something is a :class:`ChoiceStep`: ``choice(game)`` says what is asked
(or None when there is nothing to ask) and ``apply(game, answer)`` carries the answer out.
The game stops with the :class:`~tallon.engine.decisions.Decision` and resumes the step
with the answer (``answered``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.engine.decisions import Decision, Option

if TYPE_CHECKING:
    from tallon.engine.game import Game

#: The ``answer`` of a step that has not been answered yet.
UNANSWERED: Any = None


class StepDataError(TypeError):
    """A step was given something other than plain data (a function, a live object)."""


# --------------------------------------------------------------------- plain data
_SCALARS = frozenset({str, int, float, bool, type(None)})
_RECORD_FIELDS: dict[type, tuple[str, ...] | None] = {}


def _record_fields(kind: type) -> tuple[str, ...] | None:
    """The fields of an immutable record type (a frozen dataclass or a named tuple), or
    None for any other type (remembered per type: this runs for every step made)."""
    if kind in _RECORD_FIELDS:
        return _RECORD_FIELDS[kind]
    found: tuple[str, ...] | None = None
    if is_dataclass(kind) and kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        found = tuple(f.name for f in fields(kind))
    elif issubclass(kind, tuple) and hasattr(kind, "_fields"):
        found = tuple(kind._fields)  # type: ignore[attr-defined]
    _RECORD_FIELDS[kind] = found
    return found


def check_plain(value: Any, where: str) -> None:
    """Raise :class:`StepDataError` unless ``value`` is plain data: JSON scalars, tuples,
    lists and string-keyed dicts of plain data, enum members, and frozen records (frozen
    dataclasses, named tuples) whose fields are plain data."""
    if not _is_plain(value):
        _explain(value, where)


def _is_plain(value: Any) -> bool:
    return _plainness(value) > 0


def _plainness(value: Any) -> int:
    """0: not plain data; 1: plain, holding a list or dict; 2: plain and immutable all
    through (tuples, records, scalars and enums only)."""
    # one loop over the whole value, no call per item: every step made runs this
    pending = [value]
    pop, extend, scalars = pending.pop, pending.extend, _SCALARS
    found = 2
    while pending:
        item = pop()
        kind = type(item)
        if kind in scalars:
            continue
        if kind is tuple:
            extend(item)
        elif kind is list:
            found = 1
            extend(item)
        elif kind is dict:
            if any(type(key) is not str for key in item):
                return 0
            found = 1
            extend(item.values())
        elif isinstance(item, Enum):
            continue
        else:
            names = _record_fields(kind)
            if names is None:
                return 0
            extend(getattr(item, name) for name in names)
    return found


#: Immutable values already found plain, by id, each held (so that no other object takes
#: its id while it is remembered): steps are made again and again with one event, one
#: queue's entries or one facts tuple, and an immutable value stays plain.
_KNOWN_PLAIN: dict[int, Any] = {}


def _is_plain_step_value(value: Any) -> bool:
    if _KNOWN_PLAIN.get(id(value)) is value:
        return True
    found = _plainness(value)
    if found == 2:
        if len(_KNOWN_PLAIN) >= 4096:
            _KNOWN_PLAIN.clear()
        _KNOWN_PLAIN[id(value)] = value
    return found > 0


def _explain(value: Any, where: str) -> None:
    """Raise the error naming where in ``value`` the first non-plain item is."""
    kind = type(value)
    if kind in _SCALARS or isinstance(value, Enum):
        return
    if kind is tuple or kind is list:
        for k, item in enumerate(value):
            _explain(item, f"{where}[{k}]")
        return
    if kind is dict:
        for key, item in value.items():
            if type(key) is not str:
                raise StepDataError(f"{where}: a dict key must be a string, not {key!r}")
            _explain(item, f"{where}[{key!r}]")
        return
    names = _record_fields(kind)
    if names is None:
        what = "a function" if callable(value) else f"a {kind.__name__}"
        raise StepDataError(
            f"{where} is {what}: steps hold plain data (ids, numbers, strings, tuples, "
            "frozen records), never functions or live game objects; name a registered "
            "continuation and pass ids instead")
    for name in names:
        _explain(getattr(value, name), f"{where}.{name}")


# ---------------------------------------------------------------------- continuations
Continuation = Callable[..., None]
CONTINUATIONS: dict[str, Continuation] = {}


def continuation(name: str) -> Callable[[Continuation], Continuation]:
    """Register a function as the continuation ``name``: called as ``function(game,
    value, *args)`` with the answer or outcome ``value`` and the step's plain ``args``."""

    def register(function: Continuation) -> Continuation:
        held = CONTINUATIONS.get(name)
        if held is not None and held is not function:
            raise ValueError(f"continuation {name!r} is registered twice")
        CONTINUATIONS[name] = function
        return function

    return register


def call_continuation(game: Game, name: str, value: Any, args: tuple[Any, ...]) -> None:
    try:
        function = CONTINUATIONS[name]
    except KeyError:
        raise KeyError(f"no continuation is registered as {name!r}") from None
    function(game, value, *args)


# ------------------------------------------------------------------------- steps
#: Every step class by its class name (a saved game names its steps so).
STEP_TYPES: dict[str, type[Step]] = {}


@dataclass(frozen=True)
class Step(ABC):
    """A piece of the rules waiting to be carried out. Each step class is known by its
    class name (:data:`STEP_TYPES`): two of one name are refused."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        held = STEP_TYPES.get(cls.__name__)
        if held is not None and held is not cls:
            raise TypeError(f"two step classes are named {cls.__name__!r}: "
                            f"{held.__module__} and {cls.__module__}")
        STEP_TYPES[cls.__name__] = cls

    def __post_init__(self) -> None:
        # a step's __dict__ holds exactly its fields: read them at once (this runs for
        # every step made)
        scalars = _SCALARS
        for name, value in self.__dict__.items():
            if type(value) not in scalars and not _is_plain_step_value(value):
                _explain(value, f"{type(self).__name__}.{name}")

    @abstractmethod
    def run(self, game: Game) -> Decision | None:
        """Carry the step out; return a decision to wait for an answer."""


@dataclass(frozen=True)
class ChoiceStep(Step):
    """A step that asks a player to choose (architecture principle 3).

    ``choice(game)`` returns the decision to ask (made with :meth:`ask`), or None when
    there is nothing to ask (the step may have done its work); ``apply(game, answer)``
    carries out an answer: an option key, or a free answer ``check_free`` accepted. With
    ``auto_single``, a decision with a single option and no free answers is applied
    without asking.
    """

    answer: Any = field(default=UNANSWERED, kw_only=True)
    auto_single: ClassVar[bool] = False

    def run(self, game: Game) -> Decision | None:
        if self.answer is not None:
            self.apply(game, self.answer)
            return None
        decision = self.choice(game)
        if decision is None:
            return None
        if self.auto_single and len(decision.options) == 1 and decision.free is None:
            self.apply(game, decision.options[0].key)
            return None
        return decision

    @abstractmethod
    def choice(self, game: Game) -> Decision | None:
        """The decision to ask now, or None when there is nothing to ask."""

    @abstractmethod
    def apply(self, game: Game, answer: Any) -> None:
        """Carry out the answer."""

    def check_free(self, game: Game, value: Any) -> str | None:
        """Why a free answer (one not among the options) is refused, or None to accept it."""
        return "this decision accepts only its listed options"

    def answered(self, value: Any) -> ChoiceStep:
        """This step with the answer to its decision (a validated answer: a key or a
        JSON object, plain data; the rest was checked when the step was made)."""
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        object.__setattr__(copy, "answer", value)
        return copy

    def ask(self, player: int, kind: str, prompt: str, options: tuple[Option, ...] |
            list[Option], *, ship: str | None = None, free: str | None = None,
            hidden: bool = False) -> Decision:
        """The decision this step asks, resumed by this step."""
        return Decision(player, kind, prompt, tuple(options), self, ship=ship, free=free,
                        hidden=hidden)


@dataclass(frozen=True)
class Ask(ChoiceStep):
    """A card's question: ``player`` chooses one of ``options`` and the continuation
    ``then`` carries the answer out with ``args`` (a single option is taken without
    asking). For abilities whose effect needs a further choice, possibly by another player
    ("... unless it chooses to remove 1 green token")."""

    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    then: str
    args: tuple[Any, ...] = ()
    ship: str | None = None
    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        if not self.options:
            return None
        return self.ask(self.player, self.kind, self.prompt, self.options, ship=self.ship)

    def apply(self, game: Game, answer: Any) -> None:
        call_continuation(game, self.then, answer, self.args)


@dataclass(frozen=True)
class Then(Step):
    """Carry out the rest of an effect once what it scheduled before has resolved ("you
    must execute a maneuver, then ..."): the continuation ``then`` with ``args``."""

    then: str
    args: tuple[Any, ...] = ()

    def run(self, game: Game) -> Decision | None:
        call_continuation(game, self.then, None, self.args)
        return None
