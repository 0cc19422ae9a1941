"""RR: TOKENS (gain, spend/remove, transfer), RR: TOKEN COLORS AND SHAPES, RR: TRACTOR (thresholds
by size, the tractor move chosen by the player whose effect applied the token, the owner's
rotation, once per round), RR: CLOAK (no second token).

No card the engine plays can apply tractor tokens yet: they are gained here through the
engine's own effect (as a weapon would apply them), at a decision of the game."""

from __future__ import annotations

import pytest

from tallon.engine.effects import gain_token, remove_token, transfer_token
from tallon.engine.state import Token
from tallon.geometry import Pose
from tests.engine.conftest import (
    ASTEROID,
    EMPIRE,
    REBEL,
    SCUM,
    arrange,
    drive,
    give,
    inject,
    squad,
    start,
    to_action,
    tokens,
)


# ---------------------------------------------------------------------- colours
@pytest.mark.parametrize(("token", "colour"), [
    (Token.FOCUS, "green"), (Token.EVADE, "green"), (Token.CALCULATE, "green"),
    (Token.REINFORCE_FORE, "green"), (Token.REINFORCE_AFT, "green"),
    (Token.CLOAK, "blue"),
    (Token.STRESS, "red"), (Token.STRAIN, "red"), (Token.DEPLETE, "red"), (Token.ION, "red"),
    (Token.TRACTOR, "orange"), (Token.JAM, "orange"), (Token.DISARM, "orange"),
])
def test_token_colours(token, colour):
    """TOKEN COLORS: focus, evade, calculate and reinforce are green; cloak blue; stress,
    strain, deplete and ion red; tractor, jam and disarm orange. Green and orange tokens
    are the circular ones (removed in the End Phase)."""
    assert token.colour == colour
    assert token.circular == (colour in ("green", "orange"))


# ------------------------------------------------------------ gain/remove/transfer
def _pair():
    game = start(squad(REBEL, "cavernangelszealot", "redsquadronveteran"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (400, 200, 0), "p1.2": (600, 200, 0), "p2.1": (800, 850, 180)})
    to_action(game, "p1.1", {"p1.1": "1FB"})
    return game


def test_removing_a_token_returns_one_of_that_kind():
    """TOKENS: to spend or remove a token, one token of that type is returned to the
    supply (never more than the ship has)."""
    game = _pair()
    give(game, "p1.1", Token.FOCUS, 2)
    ship = game.state.ships["p1.1"]
    assert remove_token(game, ship, Token.FOCUS) == 1
    assert tokens(game, "p1.1") == {"focus": 1}
    assert remove_token(game, ship, Token.FOCUS, 5) == 1
    assert tokens(game, "p1.1") == {}


def test_a_transferred_token_moves_from_one_ship_to_the_other():
    """TOKENS: a transferred token is removed from one ship and assigned to the other."""
    game = _pair()
    give(game, "p1.1", Token.FOCUS)
    done = []
    inject(game, lambda g: done.append(transfer_token(
        g, g.state.ships["p1.1"], g.state.ships["p1.2"], Token.FOCUS)))
    assert done == [True]
    assert tokens(game, "p1.1") == {} and tokens(game, "p1.2") == {"focus": 1}


def test_a_transfer_that_either_ship_can_not_make_does_not_happen():
    """TOKENS: if a ship involved in a transfer can't remove or gain the token, the
    transfer cannot take place: a ship without the token, or a cloaked receiver of a
    cloak token (CLOAK: a cloaked ship can't gain a second one)."""
    game = _pair()
    give(game, "p1.1", Token.CLOAK)
    give(game, "p1.2", Token.CLOAK)
    done = []
    inject(game, lambda g: done.append((
        transfer_token(g, g.state.ships["p1.1"], g.state.ships["p1.2"], Token.FOCUS),
        transfer_token(g, g.state.ships["p1.1"], g.state.ships["p1.2"], Token.CLOAK))))
    assert done == [(False, False)]
    assert tokens(game, "p1.1") == {"cloak": 1} and tokens(game, "p1.2") == {"cloak": 1}


# ----------------------------------------------------------------------- tractor
def tractor_scene(pilot: str = "cavernangelszealot", faction: str = REBEL,
                  at_pose=(400, 200, 0), obstacles: list = ()):
    """p1.1's action decision after its [1 straight] (at (400, 280) for a small ship)."""
    game = start(squad(faction, pilot), squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": at_pose, "p2.1": (800, 850, 180)}, obstacles=list(obstacles))
    to_action(game, "p1.1", {"p1.1": "1FB"})
    return game


def tractor(game, count: int = 1, applier: int = 1) -> None:
    inject(game, lambda g: gain_token(g, g.state.ships["p1.1"], Token.TRACTOR, count,
                                      applier=applier))


def test_a_tractored_ship_may_be_moved_by_the_player_who_applied_the_token():
    """TRACTOR: the first time a ship becomes tractored each round, the player whose effect
    applied the token may barrel roll it with the [1 straight] (choosing direction and
    position) or boost it with the [1 straight], or not move it."""
    game = tractor_scene()
    tractor(game)
    d = game.decision
    assert (d.kind, d.player, d.ship) == ("tractor_move", 1, "p1.1")
    values = set(d.option_keys())
    assert {"none", "boost straight"} <= values
    assert {f"barrel roll {s} {p}" for s in ("left", "right")
            for p in ("front", "middle", "back")} <= values
    assert game.state.ships["p1.1"].tractored


def test_after_an_opponent_moved_it_the_owner_may_rotate_it_90_degrees_and_gain_stress():
    game = tractor_scene()
    tractor(game)
    game.answer("boost straight")
    assert game.state.ships["p1.1"].pose == Pose(400, 360, 0)
    d = game.decision
    assert (d.kind, d.player, sorted(d.option_keys())) == \
        ("tractor_rotate", 0, ["left", "none", "right"])
    game.answer("left")
    assert game.state.ships["p1.1"].pose == Pose(400, 360, 270)
    assert tokens(game, "p1.1") == {"tractor": 1, "stress": 1}


def test_declining_the_rotation_gives_no_stress():
    game = tractor_scene()
    tractor(game)
    game.answer("barrel roll right middle")
    assert game.state.ships["p1.1"].pose == Pose(480, 280, 0)
    game.answer("none")
    assert tokens(game, "p1.1") == {"tractor": 1}


def test_no_rotation_when_the_owners_own_effect_moved_it():
    """TRACTOR: the rotation is offered only if an opponent moved the ship."""
    game = tractor_scene()
    tractor(game, applier=0)
    assert game.decision.player == 0
    game.answer("boost straight")
    assert game.decision is None or game.decision.kind != "tractor_rotate"


def test_the_tractor_move_can_not_touch_obstacles():
    """TRACTOR: this move cannot cause the ship to move through or overlap an obstacle."""
    game = tractor_scene(obstacles=[(ASTEROID, 400, 390, 0)])
    tractor(game)
    assert "boost straight" not in game.decision.option_keys()


@pytest.mark.parametrize(("pilot", "faction", "needed"), [
    ("cavernangelszealot", REBEL, 1), ("bluesquadronscout", REBEL, 2),
    ("outerrimsmuggler", REBEL, 3), ("lokrevenant", SCUM, 2)])
def test_tractor_thresholds_by_size(pilot, faction, needed):
    """TRACTOR / SHIP SIZES: a ship is tractored with 1 (small), 2 (medium) or 3 (large)
    tractor tokens: one fewer doesn't trigger the move."""
    game = tractor_scene(pilot=pilot, faction=faction)
    if needed > 1:
        tractor(game, needed - 1)
        assert game.decision.kind == "perform_action"
        assert not game.state.ships["p1.1"].tractored
    tractor(game, 1)
    assert game.decision.kind == "tractor_move"


def test_only_the_first_tractoring_each_round_moves_the_ship():
    """TRACTOR: the first time a ship becomes tractored each round - a second time in the
    same round gives no move; the next round it does again."""
    game = tractor_scene()
    tractor(game)
    game.answer("none")
    del game.state.ships["p1.1"].tokens[Token.TRACTOR]
    tractor(game)
    assert game.decision.kind == "perform_action"
    drive(game, lambda d: game.state.round == 2)
    assert tokens(game, "p1.1") == {}                 # orange: gone in the End Phase
    arrange(game, {"p2.1": (800, 850, 180)})
    to_action(game, "p1.1", {"p1.1": "1FB"})
    tractor(game)
    assert game.decision.kind == "tractor_move"


def test_no_rotation_is_offered_when_turning_would_overlap_a_ship():
    """ROTATE A SHIP: if rotating would make the base (its guides) overlap a ship, it can't
    be rotated: a ship touching both sides after the tractor move is not offered the
    rotation."""
    game = tractor_scene()
    tractor(game)
    game.answer("none")
    assert game.decision.kind == "perform_action"        # nothing moved: no rotation
    game = start(squad(REBEL, "cavernangelszealot", "redsquadronveteran", "redsquadronveteran"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (400, 200, 0), "p1.2": (100, 60, 0), "p1.3": (200, 60, 0),
                        "p2.1": (800, 850, 180)})
    to_action(game, "p1.1", {"p1.1": "1FB"})
    arrange(game, {"p1.2": (440, 360, 0), "p1.3": (360, 360, 0)})   # flanking the boost
    tractor(game)
    game.answer("boost straight")
    assert game.state.ships["p1.1"].pose == Pose(400, 360, 0)
    assert game.decision is None or game.decision.kind != "tractor_rotate"
    assert tokens(game, "p1.1") == {"tractor": 1}
