"""Steps: the rules procedures as explicit, immutable pieces of pending work.

The game keeps a stack of steps (architecture principle 4): cloning a game copies the list,
never an interpreter frame. A step runs, may push more steps, and may stop the game with a
:class:`~tallon.engine.decisions.Decision`; the decision names the step (``resume``) that
receives the answer, as a copy of itself carrying it in ``answer``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
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


@dataclass(frozen=True)
class Ask(Step):
    """A card's question: ``player`` chooses one of ``options`` and ``then(game, value)``
    carries the answer out (one option is taken without asking). For abilities whose
    effect needs a further choice, possibly by another player ("... unless it chooses
    to remove 1 green token")."""

    player: int
    kind: str
    prompt: str
    options: tuple[Any, ...]
    then: Callable[[Game, Any], None]
    ship: str | None = None
    answer: Any = UNANSWERED

    def run(self, game: Game) -> Decision | None:
        from tallon.engine.decisions import Decision

        if self.answer is None:
            if not self.options:
                return None
            if len(self.options) > 1:
                return Decision(self.player, self.kind, self.prompt, tuple(self.options),
                                self, ship=self.ship)
            value = self.options[0].value
        else:
            value = self.answer
        self.then(game, value)
        return None
