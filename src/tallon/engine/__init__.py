"""The 2.5 game as a deterministic state machine.

    from tallon.cards import CARDS
    from tallon.engine import Game, GameSetup
    game = Game(GameSetup(squads=(first, second), seed=7, cards=CARDS))
    while not game.over:
        game.answer(choose(game.decision))

See ``docs/engine.md``.
"""

from tallon.engine.abilities import CardRegistry
from tallon.engine.decisions import CHANCE, Decision, IllegalChoiceError, Option
from tallon.engine.game import Game, GameSetup, SetupError
from tallon.engine.state import GameState, ShipState, Token

__all__ = [
    "CHANCE",
    "CardRegistry",
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
