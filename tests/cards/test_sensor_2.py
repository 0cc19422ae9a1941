"""Sensor upgrades of :mod:`tallon.cards.upgrades.sensor_2`: Trajectory Simulator. A Gray
Squadron Bomber (B-wing) at (400, 300) facing +y."""

from __future__ import annotations

from tallon.engine.rounds import SystemTurn
from tallon.scene import Scene, start_at


def _system_turn(upgrades):
    sc = Scene()
    me = sc.ship("graysquadronbomber", at=(400, 300, 0), upgrades=upgrades)
    sc.ship("academypilot", player=2, at=(100, 800, 180))
    game = sc.game()
    start_at(game, SystemTurn(me), phase="system")
    return game, me


class TestTrajectorySimulator:
    def test_a_bomb_may_be_launched_with_the_5_straight_instead(self):
        """Dropping a proton bomb in the System Phase, the ship may instead launch it with
        the [5 straight] from its front guides: it lands 200 mm ahead of its front edge."""
        game, _ = _system_turn(["trajectorysimulator", "protonbombs"])
        assert set(game.decision.option_keys()) == {"1F", "launch:5F", "decline"}
        game.answer("launch:5F")
        assert game.state.devices[0].pose.y == 300 + 20 + 200

    def test_not_for_mines_nor_without_the_card(self):
        """A proximity mine is not a bomb: only its own drop is offered; without the card
        a bomb is only dropped."""
        for upgrades in (["trajectorysimulator", "proximitymines"], ["protonbombs"]):
            game, _ = _system_turn(upgrades)
            assert set(game.decision.option_keys()) == {"1F", "decline"}
