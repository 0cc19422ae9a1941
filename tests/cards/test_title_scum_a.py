"""Scum and Villainy titles of the Aggressor assault fighter and the Customized YT-1300:
each card in a scene built for it, compared with the same scene without it.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import activation, answer, pass_all, values


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


class TestIG2000CopiesIG88D:
    @pytest.mark.parametrize("titles", [True, False])
    def test_ig88a_flies_his_loop_on_a_turn_template_with_ig88ds_ability(self, titles):
        """IG-2000: IG-88A, with IG-88D carrying the title too, has IG-88D's pilot ability:
        revealing a red [3 Segnor's loop left] he is asked which template and, on the [3
        turn] template, ends at (280, 420) facing 90. Without the titles he is not asked and
        ends at the bank template's end (about (326, 478) facing 135)."""
        sc = Scene()
        title = ["ig2000"] if titles else []
        ig88a = sc.ship("ig88a", at=(400, 300, 0), upgrades=title)
        sc.ship("ig88d", at=(150, 100, 0), upgrades=title)
        sc.ship("academypilot", player=2, at=(700, 850, 180))
        game = activation(sc, ig88a, "3LR")
        if titles:
            assert values(game) == ["bank", "turn", "straight"]
            answer(game, "maneuver_template", "turn", ig88a)
        else:
            assert "maneuver_template" not in pass_all(game)
        pose = game.state.ships[ig88a].pose
        assert (round(pose.x, 3), round(pose.y, 3), round(pose.heading % 360, 3)) == (
            (280.0, 420.0, 90.0) if titles else (326.066, 478.492, 135.0))
