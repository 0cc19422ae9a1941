"""Black One (T-70 X-wing title, Resistance): its white SLAM, the charge it loses, and the
disarm token it may trade for an ion token."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.state import Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import activation, answer, values

BLACK_ONE = "blackone"


class TestBlackOne:
    @staticmethod
    def slam(answer_ion: str):
        sc = Scene()
        poe = sc.ship("blacksquadronace-t70xwing", at=(400, 200, 0), upgrades=[BLACK_ONE])
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = activation(sc, poe, "2FB")
        answer(game, "perform_action", "slam", poe)
        answer(game, "slam_maneuver", "2FB", poe)
        answer(game, "use_ability", answer_ion, poe)
        return game, game.state.ships[poe]

    def test_slam_then_trade_the_disarm_for_an_ion_token(self):
        """After its SLAM (which disarms it) the ship loses the charge and gains an ion
        token to remove the disarm token."""
        _game, ship = self.slam("ion")
        assert ship.charges[BLACK_ONE].active == 0
        assert ship.has(Token.ION) and not ship.has(Token.DISARM)

    def test_declined_keeps_the_disarm(self):
        """Declining the trade: the charge is still lost, the ship stays disarmed and has
        no ion token."""
        _, ship = self.slam("decline")
        assert ship.charges[BLACK_ONE].active == 0
        assert ship.has(Token.DISARM) and not ship.has(Token.ION)

    def test_no_slam_without_the_charge(self):
        """With the charge inactive the SLAM is not offered; with it, it is; without the
        title a T-70 has no SLAM."""
        def offered(upgrades, charges):
            sc = Scene()
            ship = sc.ship("blacksquadronace-t70xwing", at=(400, 200, 0), upgrades=upgrades,
                           **({"charges": {BLACK_ONE: charges}} if upgrades else {}))
            sc.ship("academypilot", player=2, at=(100, 850, 180))
            game = sc.game()
            game.state.ships[ship].executed_speed = 2
            start_at(game, PerformAction(ship, during_activation=True), phase="activation")
            return "slam" in values(game)

        assert offered([BLACK_ONE], 1)
        assert not offered([BLACK_ONE], 0)
        assert not offered([], 0)
