"""The AI levels by name, as the command line, the simulator and the server name them.

    agent = make_agent("ace", seed=3)
    agent = make_agent("master", seed=3, think=0.5)   # seconds of search per decision
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

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
#: Seconds a searching level thinks per decision unless told otherwise.
DEFAULT_THINK = 0.2


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


def make_agent(level: str, seed: int = 0, *, think: float | None = None) -> Any:
    """A fresh agent of ``level`` (one of :data:`LEVELS`), its choices drawn from ``seed``;
    ``think`` is the search budget in seconds per decision of a level that searches (the
    others ignore it)."""
    try:
        module, name, _ = LEVELS[level]
    except KeyError:
        raise UnknownLevelError(
            f"unknown AI level {level!r}: choose one of {', '.join(LEVELS)}") from None
    cls = getattr(import_module(module), name)
    if getattr(cls, "searches", False):
        return cls(seed, think=DEFAULT_THINK if think is None else think)
    return cls(seed)


__all__ = ["DEFAULT_THINK", "LEVELS", "UnknownLevelError", "level_names", "make_agent",
           "parse_levels"]
