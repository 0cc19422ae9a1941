"""RR: LOCK - acquiring a lock on an object at range 0-3 (any ship but the locking one, or an
obstacle), one lock per ship, failing when there is no valid object, locks breaking, and
spending a lock to reroll attack dice. The effects of ionization on locks (RR: ION) and of
a locked ship's removal (RR: REMOVED FROM THE GAME) are tested here with the lock action.

The scene: p1.1 (T-65, initiative 1) at (400, 200) flies [1 straight] to (400, 280): its
front edge at y = 300. The attacks (spending a lock) run with loaded dice: a T-65 against
a TIE/ln at range 2."""

from __future__ import annotations

import pytest

from tallon.engine.effects import gain_token
from tallon.engine.state import Token
from tests.rules.attack_helpers import (
    TIE,
    choose_label,
    loaded_attack,
    modified,
    modify_scene,
)
from tests.rules.game_helpers import (
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


# ------------------------------------------------------------- acquiring a lock
@pytest.mark.parametrize(("gap", "offered"), [(300.0, True), (300.5, False), (5.0, True),
                                              (0.0, True)])
def test_a_ship_can_lock_objects_at_range_0_to_3(gap, offered):
    """p1.1 locks with a TIE ahead whose closest point is 300 mm (range 3), 300.5 mm (range
    4), 5 mm or 0 mm (touching) from its front edge. RR: LOCK - choose another object at
    range 0-3. The TIE is offered at 300, 5 and 0 mm; at 300.5 mm nothing is, and the lock
    fails."""
    game = scene(300 + gap + 20)
    if offered:
        assert lock_options(game) == ["p2.1"]
    else:
        game.answer("lock")                   # nothing at range 0-3: the lock fails
        assert game.state.ships["p1.1"].locks == []
        assert failed(game, "p1.1")


def test_a_lock_is_assigned_to_the_chosen_object():
    """p1.1 locks the TIE at range 2. RR: LOCK - the ship acquires a lock on the chosen
    object. Its locks are [the TIE]."""
    game = scene(500)
    lock_options(game)
    game.answer("p2.1")
    assert game.state.ships["p1.1"].locks == ["p2.1"]


def test_friendly_ships_and_obstacles_are_objects_that_can_be_locked():
    """p1.1 locks with a friendly T-65 and an asteroid in range, the TIE far away. RR: LOCK,
    RR: OBJECTS - any other object at range 0-3: a friendly ship, an obstacle; never the
    locking ship itself. The friend and the asteroid are offered; the asteroid, chosen, is
    locked."""
    game = scene(800, obstacles=[(ASTEROID, 400, 450, 0)], friend=(550, 250, 0))
    options = lock_options(game)
    assert sorted(options) == ["obstacle-1", "p1.2"]
    game.answer("obstacle-1")
    assert game.state.ships["p1.1"].locks == ["obstacle-1"]


def test_an_object_can_be_locked_by_several_ships():
    """p1.1 locks the TIE, which a friendly T-65 already locks. RR: LOCK - an object can be
    locked by more than one ship. Both T-65s have a lock on the TIE."""
    game = scene(500, friend=(550, 250, 0))
    game.state.ships["p1.2"].locks = ["p2.1"]
    lock_options(game)
    game.answer("p2.1")
    assert game.state.ships["p1.1"].locks == ["p2.1"]
    assert game.state.ships["p1.2"].locks == ["p2.1"]


def test_a_ship_maintains_only_one_lock():
    """p1.1 locks the TIE in round 1, then an asteroid in round 2. RR: LOCK - a ship can
    maintain only one lock: acquiring another removes the former one. In round 2 both are
    offered, and after locking the asteroid it is p1.1's only lock."""
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
    """p1.1 locks with the TIE beyond range 3 and nothing else near. RR: LOCK, RR: FAIL -
    acquiring a lock fails only when there is no valid object. It has no lock and the failed
    lock action is spent for the round."""
    game = scene(850)
    game.answer("lock")
    ship = game.state.ships["p1.1"]
    assert ship.locks == [] and "lock" in ship.actions_done


# -------------------------------------------------------------- ion and removal
def test_an_ionized_ship_can_not_be_locked():
    """p1.1 locks with an ionized TIE and a friendly T-65 in range. RR: ION - an ionized
    ship cannot be assigned locks. Only the friend is offered."""
    game = scene(500, friend=(550, 250, 0))
    give(game, "p2.1", Token.ION)
    assert lock_options(game) == ["p1.2"]


def test_a_ship_that_becomes_ionized_breaks_its_locks():
    """p1.1 locks the TIE, then gains an ion token (as from a weapon) later in the round.
    RR: ION - when a ship becomes ionized, it breaks all locks it is maintaining. Its lock
    holds until then and is gone after."""
    game = scene(500)
    lock_options(game)
    game.answer("p2.1")
    d = drive(game, at("perform_action", "p2.1"))
    assert d is not None and game.state.ships["p1.1"].locks == ["p2.1"]
    inject(game, lambda g: gain_token(g, g.state.ships["p1.1"], Token.ION))
    assert game.state.ships["p1.1"].locks == []


def test_a_medium_ship_with_one_ion_token_keeps_its_lock():
    """A UT-60D (medium) locks the TIE, then gains one ion token, then a second. RR: ION,
    RR: SHIP SIZES - a medium ship is ionized with two ion tokens. One token leaves the
    lock; the second breaks it."""
    game, _d = solo_at_action("bluesquadronscout", enemy_at=(400, 600, 180))
    game.answer("lock")
    game.answer("p2.1")
    drive(game, at("perform_action", "p2.1"))
    inject(game, lambda g: gain_token(g, g.state.ships["p1.1"], Token.ION))
    assert game.state.ships["p1.1"].locks == ["p2.1"]
    inject(game, lambda g: gain_token(g, g.state.ships["p1.1"], Token.ION))
    assert game.state.ships["p1.1"].locks == []


def test_locks_on_a_removed_ship_break():
    """p1.1 locks the TIE, which flees off the near edge in round 2.
    RR: REMOVED FROM THE GAME, RR: LOCK - when the locked ship is removed, the lock on it
    breaks. The TIE is removed and p1.1 has no lock."""
    game = scene(500)
    lock_options(game)
    game.answer("p2.1")
    drive(game, lambda d: game.state.round == 2)
    arrange(game, {"p2.1": (600, 30, 180)})          # about to fly off the near edge
    drive(game, lambda d: game.state.round == 3, dials={"p2.1": "5FW"})
    assert game.state.ships["p2.1"].removed
    assert game.state.ships["p1.1"].locks == []


# -------------------------------------------------------- spending a lock
class TestLock:
    """RR: LOCK - during the Modify Attack Dice step the attacker can spend a lock it has on
    the defender to reroll one or more of its attack dice."""

    def test_spending_the_lock_rerolls_chosen_dice_and_breaks_it(self):
        """The T-65 has a lock on the TIE; attack dice blank, focus, hit, and the rerolls
        come up hits. RR: LOCK. It spends the lock to reroll the blank and the focus: three
        hits, and the lock is gone."""
        sc, a, d = modify_scene(attacker_setup={"locks": ["p2.1"]})
        game = loaded_attack(sc, a, d, ("attack", ["blank", "focus", "hit"]),
                             ("attack", ["hit"] * 2),
                             ("defense", ["blank"] * 3))
        choose_label(game, "Spend lock: reroll 1 blank, 1 focus")
        assert sorted(modified(game)) == ["hit", "hit", "hit"]
        assert game.state.ships[a].locks == []

    def test_a_lock_on_another_ship_is_no_use(self):
        """The attacker's lock is on a second enemy, not on the defender. RR: LOCK - the
        lock must be on the defender. No lock option (no decision), and the lock stays."""
        sc, a, d = modify_scene(attacker_setup={"locks": ["p2.2"]})
        sc.ship(TIE, player=2, at=(600, 700, 180))
        game = loaded_attack(sc, a, d, ("attack", ["blank", "focus", "blank"]),
                             ("defense", ["blank"] * 3))
        assert game.decision is None
        assert game.state.ships[a].locks == ["p2.2"]

    def test_a_lock_does_not_modify_defense_dice(self):
        """The defender has a lock on the attacker; defense dice blank, focus, blank.
        RR: LOCK - a lock is spent on the attacker's own attack dice only. No decision on
        the defense dice, and the defender keeps its lock."""
        sc, a, d = modify_scene(defender_setup={"locks": ["p1.1"]})
        game = loaded_attack(sc, a, d, ("attack", ["hit", "hit", "hit"]),
                             ("defense", ["blank", "focus", "blank"]))
        assert game.decision is None
        assert game.state.ships[d].locks == ["p1.1"]
