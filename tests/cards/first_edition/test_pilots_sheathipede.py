"""The first edition's AP-5 (Sheathipede-class shuttle): coordinating a stressed friendly
ship, it may take 2 stress tokens to remove 1 from that ship before it acts. Scenes on a
first-edition table (``Scene(ruleset="1e")``)."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import values

AP5 = "1e-sheathipedeclassshuttle-ap5"
ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"


def coordinating(pilot: str, stress: int):
    """The shuttle (player 1) coordinates a Rookie Pilot with ``stress`` stress tokens at
    Range 2."""
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 300, 0))
    f = sc.ship(ROOKIE, at=(560, 300, 0), stress=stress)
    sc.ship(ACADEMY, player=2, at=(400, 800, 180))
    game = sc.at(PerformAction(a, during_activation=True), phase="activation")
    game.answer("coordinate")
    game.answer(f)
    return game, a, f


class TestAP5:
    def test_stress_moves_and_the_ship_may_act(self):
        """AP-5 coordinates a Rookie Pilot with 1 stress token: AP-5 receives 2 stress
        tokens, the Rookie loses its own and performs its free action (a focus)."""
        game, a, f = coordinating(AP5, 1)
        assert game.decision.kind == "use_ability" and game.decision.ship == a
        game.answer("use")
        assert game.state.ships[a].count(Token.STRESS) == 2
        assert not game.state.ships[f].has(Token.STRESS)
        assert game.decision.kind == "perform_action" and game.decision.ship == f
        game.answer("focus")
        assert game.state.ships[f].has(Token.FOCUS)

    def test_declined_the_stressed_ship_cannot_act(self):
        """Declined, the Rookie keeps its stress token and performs no action."""
        game, a, f = coordinating(AP5, 1)
        game.answer("decline")
        assert game.state.ships[f].has(Token.STRESS)
        assert not game.state.ships[a].has(Token.STRESS)
        assert game.decision is None or game.decision.ship != f

    def test_not_for_an_unstressed_ship(self):
        """Coordinating a Rookie Pilot without stress: nothing is offered (there is no
        stress token to remove); AP-5 takes none and the Rookie acts."""
        game, a, f = coordinating(AP5, 0)
        assert game.decision.kind == "perform_action" and game.decision.ship == f
        assert "focus" in values(game)
        assert not game.state.ships[a].has(Token.STRESS)
