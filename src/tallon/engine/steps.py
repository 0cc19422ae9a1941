"""Steps: the rules procedures as explicit, immutable pieces of pending work.

The game keeps a stack of steps (architecture principle 4): cloning a game copies the list,
never an interpreter frame. A step runs, may push more steps, and may stop the game with a
:class:`~tallon.engine.decisions.Decision`; the decision names the step (``resume``) that
receives the answer, as a copy of itself carrying it in ``answer``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tallon.engine.decisions import Decision
    from tallon.engine.game import Game

#: The ``answer`` of a step that has not been answered yet.
UNANSWERED: Any = None


@dataclass(frozen=True)
class Step(ABC):
    """A piece of the rules waiting to be carried out."""

    @abstractmethod
    def run(self, game: Game) -> Decision | None:
        """Carry the step out; return a decision to wait for an answer."""

    def answered(self, value: Any) -> Step:
        """This step with the answer to its decision."""
        return replace(self, answer=value)  # type: ignore[call-arg]
