"""Scum and Villainy titles of the Aggressor assault fighter and the Customized YT-1300:
each card in a scene built for it, compared with the same scene without it.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import answer, pass_all


class TestIG2000:
    @pytest.mark.parametrize("titles, evades", [(True, True), (False, False)])
    def test_has_the_other_title_holders_pilot_ability(self, titles, evades):
        """IG-2000: IG-88B has the pilot ability of each other friendly ship with IG-2000:
        with IG-88C carrying it too, after a boost action IG-88B may perform an evade action
        (IG-88C's ability); without the titles nothing is offered."""
        sc = Scene()
        title = ["ig2000"] if titles else []
        ig88b = sc.ship("ig88b", at=(400, 300, 0), upgrades=title)
        sc.ship("ig88c", at=(200, 300, 0), upgrades=title)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(ig88b, during_activation=True), phase="activation")
        answer(game, "perform_action", "boost", ig88b)
        answer(game, "boost_direction", "straight", ig88b)
        if evades:
            answer(game, "use_ability", "evade", ig88b)
        pass_all(game)
        assert game.state.ships[ig88b].has(Token.EVADE) is evades

    def test_not_from_a_ship_without_the_title(self):
        """Only ships carrying IG-2000 lend their ability: IG-88C without it gives IG-88B
        nothing although IG-88B carries the title."""
        sc = Scene()
        ig88b = sc.ship("ig88b", at=(400, 300, 0), upgrades=["ig2000"])
        ig88c = sc.ship("ig88c", at=(200, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        assert ("pilot", "ig88c", 0) not in game.state.ships[ig88b].cards
        assert ("pilot", "ig88b", 0) not in game.state.ships[ig88c].cards
