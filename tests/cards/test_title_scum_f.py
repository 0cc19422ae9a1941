"""Scum and Villainy titles (the Virago): each card in a scene built for it, compared with
the same scene without the card or outside its conditions.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y."""

from __future__ import annotations

from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import answer, pass_all


# ------------------------------------------------------------------------ Virago
class TestVirago:
    def game(self, charges: int = 2):
        sc = Scene()
        viper = sc.ship("guri", at=(400, 300, 0), upgrades=["virago"],
                        charges={"virago": charges})
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        return sc.at(FireWindow.of("end_phase"), phase="end"), viper

    def test_spends_a_charge_for_a_red_boost(self):
        """During the End Phase the Virago may spend 1 charge to perform a red boost: the
        StarViper moves forward, gains a stress token and has 1 charge left."""
        game, viper = self.game()
        answer(game, "use_ability", "boost", viper)
        game.answer("straight")
        ship = game.state.ships[viper]
        assert ship.pose.y > 300 and ship.count(Token.STRESS) == 1
        assert ship.charges["virago"].active == 1

    def test_not_without_a_charge(self):
        """No charge left: nothing is offered; the ship stays put."""
        game, viper = self.game(charges=0)
        pass_all(game)
        assert game.state.ships[viper].pose.y == 300

    def test_adds_a_shield(self):
        """The title's grant: a StarViper with the Virago has 2 shields instead of 1."""
        sc = Scene()
        viper = sc.ship("guri", at=(400, 300, 0), upgrades=["virago"])
        plain = sc.ship("guri", player=2, at=(400, 800, 180))
        game = sc.game()
        assert game.state.ships[viper].shields == 2
        assert game.state.ships[plain].shields == 1
