"""Agents: programs that answer decisions.

An agent sees only what its player may see: the per-player view of the game and the
decision asked of it (architecture principle 5), never the game object itself.

    agent = SimpleAgent(seed=1)
    value = agent.choose(game.view(player), game.decision)
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from tallon.engine.decisions import Decision, Value


class Agent(Protocol):
    """Anything that answers decisions from a player's view."""

    def choose(self, view: dict[str, Any], decision: Decision) -> Value: ...


class RandomAgent:
    """Picks uniformly among the legal options (listed candidates for placements)."""

    needs_view = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Value:
        return self.rng.choice(decision.options).key


def play(game: Any, agents: tuple[Agent, Agent], max_decisions: int = 100_000) -> None:
    """Let two agents play ``game`` to its end."""
    for _ in range(max_decisions):
        decision = game.decision
        if decision is None:
            return
        agent = agents[decision.player]
        view = game.view(decision.player, log=False) if getattr(agent, "needs_view", True) \
            else {}
        game.answer(agent.choose(view, decision))
    raise RuntimeError(f"the game did not end within {max_decisions} decisions")


from tallon.agents.simple import SimpleAgent  # noqa: E402  (depends on the names above)

__all__ = ["Agent", "RandomAgent", "SimpleAgent", "play"]
