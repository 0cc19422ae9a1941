"""RR: FAIL - an action that fails still costs a red action's stress, and a failed action
allows no linked action. (Each action's own ways to fail are tested with the action:
test_barrel_roll, test_boost, test_coordinate, test_jam, test_lock, test_slam, and the
decloak in test_cloak.)"""

from __future__ import annotations

from tests.rules.game_helpers import (
    REBEL,
    SEPARATIST,
    arrange,
    refresh,
    solo,
    solo_at_action,
    squad,
    to_action,
    tokens,
)


def test_a_red_action_that_fails_still_gives_stress():
    """A Z-95 (red barrel roll) at the left edge barrel rolls left, off the table. RR: FAIL
    - after a red action fails, the ship gains a stress token. The ship stays where it was,
    with one stress token."""
    game, _d = solo_at_action("banditsquadronpilot", code="2FB", at_pose=(30, 200, 0),
                              enemy_at=(400, 800, 180))
    game.answer("barrel_roll")
    game.answer("left")
    ship = game.state.ships["p1.1"]
    assert ship.pose.x == 30 and tokens(game, "p1.1") == {"stress": 1}


def test_no_linked_action_after_a_failed_action():
    """A Belbullab (boost > red focus) boosts straight into an enemy ship arranged just
    ahead. RR: FAIL - if an action fails, the ship cannot perform its linked action. No
    linked focus is offered and the ship has no token."""
    game = solo("skakoanace", SEPARATIST, enemy=squad(REBEL, "cavernangelszealot"),
                enemy_at=(400, 400, 180))
    to_action(game, "p1.1", {"p1.1": "2FB", "p2.1": "2TW"})
    arrange(game, {"p2.1": (400, 420, 180)})          # arranged: a ship ahead
    refresh(game)
    game.answer("boost")
    game.answer("straight")
    assert game.decision is None or game.decision.ship != "p1.1" or \
        game.decision.kind != "linked_action"
    assert tokens(game, "p1.1") == {}
