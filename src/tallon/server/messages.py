"""What the server sends a player: the engine's view for that player and the pending
decision - its options only when it is theirs - and nothing else.

Nothing here may let a player learn or compute what the rules hide from them: the
opponent's facedown dials and damage cards, the deck order, secret conditions, the random
state. The engine's view already leaves those out; no state hash of the whole game is ever
added (it would let the opponent test each possible dial against it).
"""

from __future__ import annotations

from typing import Any

from tallon.engine import Game


def decision_message(game: Game, player: int) -> dict[str, Any] | None:
    """The pending decision as ``player`` may see it: its id (the number of answers given
    so far), whose it is and its kind; its prompt and options only if it is theirs."""
    decision = game.decision
    if decision is None:
        return None
    shown: dict[str, Any] = {"id": len(game.choices), "player": decision.player,
                             "kind": decision.kind}
    if decision.player == player:
        shown.update({
            "ship": decision.ship, "prompt": decision.prompt, "free": decision.free,
            "options": [{"value": option.key, "label": option.label,
                         **({"info": option.info} if option.info is not None else {})}
                        for option in decision.options],
        })
    return shown


def player_message(game: Game, player: int) -> dict[str, Any]:
    """Everything ``player`` is sent about ``game`` (docs/server.md)."""
    view = game.view(player)
    view.pop("decision", None)  # given below, in the server's own shape
    state = game.state
    return {"view": view, "decision": decision_message(game, player), "over": state.over,
            "winner": state.winner, "draw": state.draw, "scenario": state.scenario,
            "mission_points": [state.mission_points[1], state.mission_points[2]]}


__all__ = ["decision_message", "player_message"]
