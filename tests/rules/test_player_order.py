"""RR: PLAYER ORDER - the first player holds the player marker; the setup roll decides it until
the first Planning Phase's roll. (The roll itself: test_planning_phase.)"""

from __future__ import annotations

from tests.rules.game_helpers import EMPIRE, REBEL, seed_with_first_player, squad, start


def test_the_setup_roll_gives_player_order_until_the_first_planning_roll():
    """A game whose setup roll makes player 2 the first player, at round 1's first dial.
    RR: PLAYER ORDER, RR: SETUP step 2 - the first player of setup holds the marker until
    the first Planning Phase's roll. Player 2 is first: the order is (2, 1)."""
    seed = seed_with_first_player(2)
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 seed=seed)
    assert game.state.first_player == 2
    assert game.state.player_order() == (2, 1)
