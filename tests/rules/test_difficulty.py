"""RR: DIFFICULTY - during Check Difficulty a red maneuver gives a stress token, and a purple
maneuver costs 1 Force. (A blue maneuver's relief is tested in test_maneuver, a purple
maneuver without Force in test_activation_phase.)

The ship under test activates between two TIEs of player 2 (``between_ties``)."""

from __future__ import annotations

import pytest

from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    after_p1_activates,
    between_ties,
    drive,
    moved,
    plan,
    refresh,
    squad,
    start,
    tokens,
)


@pytest.mark.parametrize(("code", "gained"), [("3ER", {"stress": 1}), ("4KR", {"stress": 1}),
                                              ("3FW", {}), ("2FB", {})])
def test_check_difficulty_red_gives_stress(code, gained):
    """A T-65 flies a red [3 Tallon roll], a red [4 Koiogran turn], a white [3 straight] or
    a blue [2 straight]. RR: DIFFICULTY - if the maneuver is red, the ship gains one stress
    token. Only the red maneuvers leave a stress token; white and blue leave none."""
    game = between_ties("bluesquadronescort")
    plan(game, {"p1.1": code})
    after_p1_activates(game)
    assert tokens(game, "p1.1") == gained


def _with_purple(game) -> None:
    """Arrange: a purple [2 straight] on p1.1's dial (no playable ship has one yet)."""
    ship = game.state.ships["p1.1"]
    ship.dial = (*ship.dial, "2FP")
    refresh(game)


def test_a_purple_maneuver_spends_one_force():
    """An Inquisitor (1 Force) flies a purple [2 straight] (arranged on its dial).
    RR: DIFFICULTY - the ship must spend 1 Force as a cost to execute a purple maneuver. It
    moves 120 mm ahead, with no Force left and no stress."""
    game = start(squad(EMPIRE, "inquisitor"), squad(REBEL, "cavernangelszealot"),
                 poses={"p1.1": (400, 200, 0), "p2.1": (100, 700, 180)})
    _with_purple(game)
    plan(game, {"p1.1": "2FP"})
    drive(game, lambda d: (game.state.ships["p1.1"].activated and d.kind != "set_dial")
          or game.state.round > 1)
    ship = game.state.ships["p1.1"]
    assert (ship.force, tokens(game, "p1.1")) == (0, {})
    assert moved(game, "p1.1", (400, 200, 0)) == (0.0, 120.0, 0.0)
