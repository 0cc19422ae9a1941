"""Illicit cards of src/tallon/cards/upgrades/illicit_3.py: Scanner Baffler (friendly ships
placed again at the end of Setup, by the engine's placement step:
tallon.engine.placement).

The scene is arranged after setup, then the end of Setup is fired again. Player 1's edge
is y = 0 (its deployment area: within range 1 of it); small bases are 40 mm wide and range
bands 100 mm."""

from __future__ import annotations

import pytest

from tallon.engine.decisions import IllegalChoiceError
from tallon.engine.queue import FireWindow
from tallon.geometry import Pose
from tallon.scene import Scene, start_at
from tests.cards.helpers import values

BAFFLER = "scannerbaffler"


def _end_of_setup(friends: list[tuple[float, float]], baffler: bool = True):
    """The baffler's ship at (300, 40) facing the enemy edge, friends at ``friends``, an
    enemy at (300, 870) and one at (360, 870): the game at the end of Setup."""
    sc = Scene()
    me = sc.ship("academypilot", at=(300, 40, 0), upgrades=[BAFFLER] if baffler else [])
    ids = [sc.ship("academypilot", at=(x, y, 0)) for x, y in friends]
    sc.ship("academypilot", player=2, at=(300, 870, 180))
    sc.ship("academypilot", player=2, at=(360, 870, 180))
    game = sc.game()
    start_at(game, FireWindow.of("end_setup"), phase="setup")
    return game, me, ids


class TestScannerBaffler:
    def test_a_friend_at_range_1_is_placed_again_in_the_deployment_area(self):
        """At the end of Setup: a friendly ship at range 1 in the deployment area may be
        chosen (not one beyond range 1, not an enemy, not the ship itself); it is picked
        up and placed anywhere in the deployment area (a place outside it is refused).
        Declining leaves it where it was."""
        game, _, (near, _) = _end_of_setup([(360, 40), (800, 40)])
        d = game.decision
        assert d.kind == "use_ability" and d.player == 1
        assert values(game) == [near, "decline"]
        game.answer(near)
        assert game.state.ships[near].body is None
        d = game.decision
        assert d.kind == "card_placement" and d.ship == near
        assert d.options and all(o.info["y"] < 100 for o in d.options)
        with pytest.raises(IllegalChoiceError, match="range 1 of their player edge"):
            game.answer({"x": 600, "y": 300, "heading": 0})
        game.answer({"x": 600, "y": 50, "heading": 0})
        assert game.state.ships[near].pose == Pose(600, 50, 0)
        assert game.decision is None

        game, _, (near, _) = _end_of_setup([(360, 40), (800, 40)])
        game.answer("decline")
        assert game.decision is None and game.state.ships[near].pose == Pose(360, 40, 0)

    def test_any_number_of_ships_are_chosen_then_placed(self):
        """Two friends at range 1: after the first, the player may choose another (or
        stop); both are picked up before either is placed, so the first may take the
        second's old place."""
        game, _, (a, b) = _end_of_setup([(360, 40), (240, 40)])
        game.answer(a)
        d = game.decision
        assert d.kind == "use_ability" and values(game) == ["done", b]
        game.answer(b)
        assert game.decision.kind == "card_placement" and game.decision.ship == a
        game.answer({"x": 240, "y": 40, "heading": 0})
        assert game.decision.kind == "card_placement" and game.decision.ship == b
        game.answer({"x": 700, "y": 40, "heading": 0})
        assert game.state.ships[a].pose == Pose(240, 40, 0)
        assert game.state.ships[b].pose == Pose(700, 40, 0)

    def test_not_a_friend_outside_the_deployment_area(self):
        """A friend at range 1 of the ship but no longer wholly within range 1 of the
        player's edge is not in the deployment area: nothing can be chosen, no question.
        Without the card no question either."""
        game, _, (friend,) = _end_of_setup([(300, 160)])
        assert game.decision is None
        assert game.state.ships[friend].pose == Pose(300, 160, 0)
        game, _, _ = _end_of_setup([(360, 40)], baffler=False)
        assert game.decision is None
