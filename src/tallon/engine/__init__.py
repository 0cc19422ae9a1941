"""The 2.5 game as a deterministic state machine.

    from tallon.engine import Game, GameSetup
    game = Game(GameSetup(squads=(first, second), seed=7))
    while not game.over:
        game.answer(choose(game.decision))

See ``docs/engine.md``.
"""

from tallon.engine.decisions import Decision, IllegalChoiceError, Option
from tallon.engine.game import Game, GameSetup, SetupError
from tallon.engine.state import GameState, ShipState, Token

__all__ = [
    "Decision",
    "Game",
    "GameSetup",
    "GameState",
    "IllegalChoiceError",
    "Option",
    "SetupError",
    "ShipState",
    "Token",
]
