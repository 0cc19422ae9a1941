"""Independent Calculations (modification of the Separatist droids). Its part that replaces
Networked Calculations is shown in tests/cards/test_vultureclassdroidfighter.py
(TestNetworkedCalculations)."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.state import ActionSpec, Token
from tallon.scene import Scene
from tests.cards.helpers import finish


class TestIndependentCalculations:
    def scene(self, upgrades=("independentcalculations",), **tokens):
        sc = Scene()
        me = sc.ship("tradefederationdrone", at=(400, 300, 0), upgrades=upgrades, **tokens)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        return sc.at(PerformAction(me, during_activation=True), phase="activation"), me

    def test_a_white_calculate_treated_as_red_gives_2_tokens(self):
        """Performing a white calculate action: treated as red, the ship gains 2 calculate
        tokens and the red action's stress token."""
        game, me = self.scene()
        game.answer("calculate")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        finish(game)
        ship = game.state.ships[me]
        assert ship.count(Token.CALCULATE) == 2 and ship.count(Token.STRESS) == 1

    def test_declined_the_action_stays_white(self):
        """Declined: 1 calculate token, no stress token (as without the card)."""
        game, me = self.scene()
        game.answer("calculate")
        game.answer("decline")
        finish(game)
        ship = game.state.ships[me]
        assert ship.count(Token.CALCULATE) == 1 and not ship.stressed

    def test_not_for_a_red_calculate_action(self):
        """A calculate action that is red already (the drone's linked one after a barrel
        roll, here granted red): no offer."""
        sc = Scene()
        me = sc.ship("tradefederationdrone", at=(400, 300, 0),
                     upgrades=["independentcalculations"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(me, during_activation=True,
                                   grant=(ActionSpec("calculate", "red", None, "test"),)),
                     phase="activation")
        game.answer(game.decision.option_keys()[0])
        finish(game)
        ship = game.state.ships[me]
        assert ship.count(Token.CALCULATE) == 1 and ship.count(Token.STRESS) == 1

    def test_not_without_the_card(self):
        """Without the card a white calculate action gives 1 token and asks nothing."""
        game, me = self.scene(upgrades=())
        game.answer("calculate")
        assert game.decision is None or game.decision.kind != "use_ability"
        finish(game)
        assert game.state.ships[me].count(Token.CALCULATE) == 1
