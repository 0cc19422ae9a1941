"""The MGK-300 configurations on a TIE/rb Heavy (the ship with a [Configuration] slot that
fields them): each card in a scene built for it, compared with the same scene without it.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import activation, pass_all


def ship(game, ship_id):
    return game.state.ships[ship_id]


class TestManeuverAssistMgk300:
    def stressed_after(self, dial, upgrades=("maneuverassistmgk300",)):
        sc = Scene()
        heavy = sc.ship("caridaacademycadet", at=(400, 150, 0), upgrades=list(upgrades),
                        stress=1)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, heavy, dial)
        pass_all(game)
        return ship(game, heavy).stressed

    def test_speed_3_straight_becomes_blue(self):
        """A stressed TIE/rb executes a white 3 straight: with Maneuver-Assist it is blue
        and removes the stress token; without it the stress stays."""
        assert not self.stressed_after("3FW")
        assert self.stressed_after("3FW", upgrades=())

    def test_speed_3_bank_too_but_not_speed_4(self):
        """A white 3 bank is blue too; a white 4 straight is not changed."""
        assert not self.stressed_after("3BW")
        assert self.stressed_after("4FW")


class TestTargetAssistMgk300:
    def calculate_before_attacking(self, enemies, **tokens):
        sc = Scene()
        heavy = sc.ship("caridaacademycadet", at=(400, 300, 0),
                        upgrades=["targetassistmgk300"], **tokens)
        for k in range(enemies):
            sc.ship("academypilot", player=2, at=(300 + 100 * k, 560, 180))
        game = sc.at(Engage(heavy))
        assert game.decision is not None and game.decision.kind == "declare_attack"
        return ship(game, heavy).count(Token.CALCULATE)

    def test_one_calculate_per_enemy_up_to_two(self):
        """Before engaging with enemy ships at range 2-3 in its (front) turret arc and no
        green token: 1 enemy gives 1 calculate token, 3 enemies give 2."""
        assert self.calculate_before_attacking(1) == 1
        assert self.calculate_before_attacking(3) == 2

    def test_not_with_a_green_token_nor_stressed(self):
        """Holding a focus token, or stressed: no calculate token."""
        assert self.calculate_before_attacking(1, focus=1) == 0
        assert self.calculate_before_attacking(1, stress=1) == 0
