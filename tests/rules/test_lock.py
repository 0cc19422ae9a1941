"""RR: LOCK (range 0-3, objects, one lock per ship, breaking, failing), RR: ION (no locks),
RR: REMOVED FROM THE GAME (locks break).

The scene: p1.1 (T-65, initiative 1) at (400, 200) flies [1 straight] to (400, 280): its
front edge at y = 300."""

from __future__ import annotations

import pytest

from tallon.engine.effects import gain_token
from tallon.engine.state import Token
from tests.engine.conftest import (
    ASTEROID,
    EMPIRE,
    REBEL,
    arrange,
    at,
    drive,
    failed,
    give,
    inject,
    refresh,
    solo_at_action,
    squad,
    start,
    to_action,
)


def scene(enemy_y: float, obstacles: list = (), friend: tuple | None = None):
    """p1.1 at its action decision, the TIE p2.1 (initiative 3) placed (arranged, after it
    moved) at (400, ``enemy_y``) facing p1.1."""
    rebels = squad(REBEL, "cavernangelszealot", *(["redsquadronveteran"] if friend else []))
    poses = {"p1.1": (400, 200, 0), "p2.1": (800, 850, 180)}
    if friend:
        poses["p1.2"] = friend
    game = start(rebels, squad(EMPIRE, "blacksquadronace"), poses=poses,
                 obstacles=list(obstacles))
    to_action(game, "p1.1", {"p1.1": "1FB"})
    arrange(game, {"p2.1": (400, enemy_y, 180)})
    refresh(game)
    return game


def lock_options(game) -> list[str]:
    game.answer("lock")
    d = game.decision
    assert (d.kind, d.ship) == ("lock_target", "p1.1")
    return d.option_keys()


@pytest.mark.parametrize(("gap", "offered"), [(300.0, True), (300.5, False), (5.0, True),
                                              (0.0, True)])
def test_a_ship_can_lock_objects_at_range_0_to_3(gap, offered):
    """LOCK: choose another object at range 0-3. An enemy whose closest point is 300 mm
    away (range 3) or touching (range 0) can be locked; at 300.5 mm (range 4) it can't."""
    game = scene(300 + gap + 20)
    if offered:
        assert lock_options(game) == ["p2.1"]
    else:
        game.answer("lock")                   # nothing at range 0-3: the lock fails
        assert game.state.ships["p1.1"].locks == []
        assert failed(game, "p1.1")


def test_a_lock_is_assigned_to_the_chosen_object():
    game = scene(500)
    lock_options(game)
    game.answer("p2.1")
    assert game.state.ships["p1.1"].locks == ["p2.1"]


def test_friendly_ships_and_obstacles_are_objects_that_can_be_locked():
    """LOCK / OBJECTS: any other object at range 0-3: a friendly ship, an obstacle; never
    the locking ship itself."""
    game = scene(800, obstacles=[(ASTEROID, 400, 450, 0)], friend=(550, 250, 0))
    options = lock_options(game)
    assert sorted(options) == ["obstacle-1", "p1.2"]
    game.answer("obstacle-1")
    assert game.state.ships["p1.1"].locks == ["obstacle-1"]


def test_an_object_can_be_locked_by_several_ships():
    """LOCK: an object can be locked by more than one ship: p1.2's lock on the TIE stays
    when p1.1 locks it too."""
    game = scene(500, friend=(550, 250, 0))
    game.state.ships["p1.2"].locks = ["p2.1"]
    lock_options(game)
    game.answer("p2.1")
    assert game.state.ships["p1.1"].locks == ["p2.1"]
    assert game.state.ships["p1.2"].locks == ["p2.1"]


def test_a_ship_maintains_only_one_lock():
    """LOCK: a ship can maintain only one lock: acquiring another removes the former one
    (the next round's lock on an asteroid replaces the lock on the TIE)."""
    game = scene(500, obstacles=[(ASTEROID, 250, 500, 0)])
    lock_options(game)
    game.answer("p2.1")
    drive(game, lambda d: game.state.round == 2)
    arrange(game, {"p2.1": (800, 850, 180)})         # out of the way again
    to_action(game, "p1.1", {"p1.1": "1FB"})
    arrange(game, {"p2.1": (400, 500, 180)})
    refresh(game)
    assert sorted(lock_options(game)) == ["obstacle-1", "p2.1"]
    game.answer("obstacle-1")
    assert game.state.ships["p1.1"].locks == ["obstacle-1"]


def test_a_lock_with_no_valid_object_fails_and_can_not_be_retried():
    """LOCK / FAIL: acquiring a lock fails only when there is no valid object; the failed
    lock action is spent for the round."""
    game = scene(850)
    game.answer("lock")
    ship = game.state.ships["p1.1"]
    assert ship.locks == [] and "lock" in ship.actions_done


def test_an_ionized_ship_can_not_be_locked():
    """ION: an ionized ship cannot be assigned locks."""
    game = scene(500, friend=(550, 250, 0))
    give(game, "p2.1", Token.ION)
    assert lock_options(game) == ["p1.2"]


def test_a_ship_that_becomes_ionized_breaks_its_locks():
    """ION: when a ship becomes ionized, it breaks all locks it is maintaining (the ion
    token gained here as an effect would be from a weapon)."""
    game = scene(500)
    lock_options(game)
    game.answer("p2.1")
    d = drive(game, at("perform_action", "p2.1"))
    assert d is not None and game.state.ships["p1.1"].locks == ["p2.1"]
    inject(game, lambda g: gain_token(g, g.state.ships["p1.1"], Token.ION))
    assert game.state.ships["p1.1"].locks == []


def test_a_medium_ship_with_one_ion_token_keeps_its_lock():
    """ION / SHIP SIZES: one ion token doesn't ionize a medium ship: its lock stays."""
    game, _d = solo_at_action("bluesquadronscout", enemy_at=(400, 600, 180))
    game.answer("lock")
    game.answer("p2.1")
    drive(game, at("perform_action", "p2.1"))
    inject(game, lambda g: gain_token(g, g.state.ships["p1.1"], Token.ION))
    assert game.state.ships["p1.1"].locks == ["p2.1"]
    inject(game, lambda g: gain_token(g, g.state.ships["p1.1"], Token.ION))
    assert game.state.ships["p1.1"].locks == []


def test_locks_on_a_removed_ship_break():
    """REMOVED FROM THE GAME: when the locked ship flees, the lock on it breaks."""
    game = scene(500)
    lock_options(game)
    game.answer("p2.1")
    drive(game, lambda d: game.state.round == 2)
    arrange(game, {"p2.1": (600, 30, 180)})          # about to fly off the near edge
    drive(game, lambda d: game.state.round == 3, dials={"p2.1": "5FW"})
    assert game.state.ships["p2.1"].removed
    assert game.state.ships["p1.1"].locks == []
