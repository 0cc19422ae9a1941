"""The AI levels by name, as the command line, the simulator and the server name them.

    agent = make_agent("ace", seed=3)
    agent = make_agent("master", seed=3, think="400")    # decisions of imagined play
    agent = make_agent("master", seed=3, think="0.5s")   # seconds of the clock
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Literal

#: Each level, weakest first: (module, class, what a player should expect of it).
LEVELS: dict[str, tuple[str, str, str]] = {
    "random": ("tallon.agents", "RandomAgent", "picks any legal option"),
    "simple": ("tallon.agents.simple", "SimpleAgent",
               "flies towards the enemy and takes the obvious action"),
    "ace": ("tallon.agents.ace", "AceAgent",
            "plans every maneuver against where the enemy may go, weighs actions, targets "
            "and dice with the exact calculator"),
    "master": ("tallon.agents.master", "MasterAgent",
               "predicts the enemy's dials as the ace would set them and searches its "
               "maneuvers and actions ahead (beats the ace about 7 games in 10)"),
}


@dataclass(frozen=True)
class Think:
    """How much a searching level thinks per decision, on average over a game: ``amount``
    decisions of the games it imagines (``unit`` "decisions": work, so the same seed makes
    the same choices on any machine and under any load) or seconds of the clock (``unit``
    "seconds": as far as the machine's speed allows). Written ``400`` and ``0.5s``."""

    amount: float
    unit: Literal["decisions", "seconds"]

    @property
    def timed(self) -> bool:
        return self.unit == "seconds"

    def __str__(self) -> str:
        return f"{self.amount:g}s" if self.timed else f"{self.amount:g}"

    def describe(self) -> str:
        """The budget in words, for reports."""
        if self.timed:
            return f"{self.amount:g} s of the clock a decision"
        return f"{self.amount:g} imagined decisions a decision"


#: The most a searching level may think per decision: beyond, a game would never end.
MAX_THINK = {"decisions": 1_000_000, "seconds": 600.0}
#: What a searching level thinks per decision unless told otherwise: about what 0.2 s of
#: the clock bought on the machine its strength was first measured on (docs/simulation.md:
#: the master's budget), the same on every machine.
DEFAULT_THINK = Think(300, "decisions")


def parse_think(text: str | Think) -> Think:
    """A :class:`Think` from its text: a whole number of imagined decisions (``400``) or
    seconds ending in ``s`` (``0.5s``); :class:`ValueError` saying what is accepted."""
    if isinstance(text, Think):
        return text
    if not isinstance(text, str):
        raise TypeError(f"a thinking budget is text such as '400' or '0.5s', "
                        f"not {type(text).__name__}")
    value = text.strip().lower()
    timed = value.endswith("s")
    number = value[:-1].strip() if timed else value
    unit: Literal["decisions", "seconds"] = "seconds" if timed else "decisions"
    try:
        amount = float(number) if timed else int(number)
    except ValueError:
        raise ValueError(
            f"{text!r}: give imagined decisions a decision as a whole number (e.g. 400: "
            "the same choices on any machine) or seconds ending in s (e.g. 0.5s)") from None
    if not (math.isfinite(amount) and 0 <= amount <= MAX_THINK[unit]):
        raise ValueError(f"{text!r}: {unit} from 0 to {MAX_THINK[unit]:g}")
    return Think(amount, unit)


class UnknownLevelError(ValueError):
    """A level name that is not one of :data:`LEVELS`."""


def level_names() -> list[str]:
    return list(LEVELS)


def parse_levels(text: str) -> tuple[str, str]:
    """The two levels of an ``--agents`` value: ``"ace,simple"`` (player or squad A's
    first) or one name for both; :class:`UnknownLevelError` naming the levels otherwise."""
    names = [name.strip().lower() for name in text.split(",")]
    if len(names) not in (1, 2) or not all(names):
        raise UnknownLevelError(
            f"{text!r}: give one AI level for both sides or two separated by a comma, "
            f"e.g. ace,simple; levels: {', '.join(LEVELS)}")
    for name in names:
        if name not in LEVELS:
            raise UnknownLevelError(
                f"unknown AI level {name!r}: choose one of {', '.join(LEVELS)}")
    return names[0], names[-1]


def make_agent(level: str, seed: int = 0, *, think: Think | str | None = None) -> Any:
    """A fresh agent of ``level`` (one of :data:`LEVELS`), its choices drawn from ``seed``;
    ``think`` is the search budget per decision of a level that searches (a
    :class:`Think` or its text, :func:`parse_think`; the others ignore it)."""
    try:
        module, name, _ = LEVELS[level]
    except KeyError:
        raise UnknownLevelError(
            f"unknown AI level {level!r}: choose one of {', '.join(LEVELS)}") from None
    cls = getattr(import_module(module), name)
    if getattr(cls, "searches", False):
        return cls(seed, think=DEFAULT_THINK if think is None else parse_think(think))
    return cls(seed)


__all__ = ["DEFAULT_THINK", "LEVELS", "MAX_THINK", "Think", "UnknownLevelError", "level_names",
           "make_agent", "parse_levels", "parse_think"]
