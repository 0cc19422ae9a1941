"""Agents: programs that answer decisions.

An agent sees only what its player may see: the per-player view of the game and the
decision asked of it (architecture principle 5), never the game object itself. An agent
that searches also gets the player's :class:`InformationSet`: a source of whole games
consistent with that view (the hidden rest drawn at random), to play forward in.

    agent = SimpleAgent(seed=1)
    value = agent.choose(game.view(player), game.decision)
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from tallon.engine.decisions import Decision, Value
from tallon.engine.game import Game


class Agent(Protocol):
    """Anything that answers decisions from a player's view."""

    def choose(self, view: dict[str, Any], decision: Decision) -> Value: ...


class InformationSet:
    """What one player knows of a game, as games to search: :meth:`sample` gives a game
    consistent with everything the player may see, its hidden facts (the opponent's
    dials, the damage decks, secret conditions, future dice) drawn at random
    (:meth:`Game.determinize <tallon.engine.game.Game.determinize>`). Two games the player
    can't tell apart give the same samples: searching them learns nothing hidden."""

    __slots__ = ("_game", "player")

    def __init__(self, game: Game, player: int) -> None:
        self._game = game
        self.player = player

    def sample(self, rng: random.Random) -> Game:
        """A game to search: consistent with the player's view, the rest drawn with
        ``rng``."""
        return self._game.determinize(self.player, rng)


class RandomAgent:
    """Picks uniformly among the legal options (listed candidates for placements)."""

    needs_view = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Value:
        return self.rng.choice(decision.options).key


def play(game: Game, agents: tuple[Agent, Agent], max_decisions: int = 100_000) -> None:
    """Let two agents - player 1's, then player 2's - play ``game`` to its end (an agent
    with ``searches`` set is also given its player's :class:`InformationSet` as
    ``choose(view, decision, world)``). In a game with explicit chance, each random event
    is drawn by its probabilities with a generator of play's own, seeded by the game's
    seed: the game's generator is part of its state, and drawing from it outside an answer
    would leave a state its record cannot replay."""
    chance = random.Random(game.setup.seed)
    for _ in range(max_decisions):
        decision = game.decision
        if decision is None:
            return
        if decision.is_chance:
            game.answer(draw_chance(decision, chance))
            continue
        game.answer(agent_answer(agents[decision.player - 1], game))
    raise RuntimeError(f"the game did not end within {max_decisions} decisions")


def draw_chance(decision: Decision, rng: random.Random) -> Value:
    """An outcome of a chance decision, drawn by its probabilities with ``rng``."""
    weights = [option.facts["probability"] for option in decision.options]
    return rng.choices(decision.options, weights)[0].key


def agent_answer(agent: Agent, game: Game) -> Value:
    """What ``agent`` answers to ``game``'s pending decision, shown only its player's
    view (and, if it searches, its player's :class:`InformationSet`)."""
    decision = game.decision
    assert decision is not None and not decision.is_chance
    player = decision.player
    view = game.view(player, log=False) if wants_view(agent, decision) else {}
    if getattr(agent, "searches", False):
        return agent.choose(view, decision, InformationSet(game, player))  # type: ignore[call-arg]
    return agent.choose(view, decision)


def wants_view(agent: Agent, decision: Decision) -> bool:
    """Whether ``agent`` reads the view to answer ``decision``: building one is a good
    share of a fast agent's time, so an agent that answers some kinds blind says so
    (``needs_view`` False, or a ``wants_view(decision)`` method)."""
    asks = getattr(agent, "wants_view", None)
    if asks is not None:
        return bool(asks(decision))
    return bool(getattr(agent, "needs_view", True))


from tallon.agents.levels import LEVELS, make_agent  # noqa: E402
from tallon.agents.simple import SimpleAgent  # noqa: E402  (depends on the names above)

__all__ = ["LEVELS", "Agent", "InformationSet", "RandomAgent", "SimpleAgent", "agent_answer",
           "draw_chance", "make_agent", "play", "wants_view"]
