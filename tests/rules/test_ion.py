"""RR: ION - a ship is ionized with 1 (small), 2 (medium) or 3 (large) ion tokens
(RR: SHIP SIZES); an ionized ship gets no dial, executes a blue speed 1 ion maneuver in its dial's
direction, may only focus, and removes its ion tokens after its activation. (Ion and
locks: test_lock; ion from a gas cloud: test_obstacles.)

The ship under test activates between two TIEs of player 2 (``between_ties``): the
initiative 1 TIE's action decision is the moment before, the initiative 3 TIE's the moment
after."""

from __future__ import annotations

import pytest

from tallon.engine.state import Token
from tests.rules.game_helpers import (
    after_p1_activates,
    at,
    before_p1_activates,
    between_ties,
    drive,
    events,
    give,
    moved,
    plan,
    pose,
    tokens,
)


@pytest.mark.parametrize(("pilot", "ions", "dial"), [
    ("bluesquadronescort", 1, False),       # small: ionized at 1
    ("bluesquadronscout", 1, True),         # medium: 2 needed
    ("bluesquadronscout", 2, False),
    ("outerrimsmuggler", 2, True),          # large: 3 needed
    ("outerrimsmuggler", 3, False),
])
def test_ionized_ships_get_no_dial(pilot, ions, dial):
    """A T-65 (small), a UT-60D (medium) and a YT-1300 (large) with 1, 2 or 3 ion tokens at
    the next Planning Phase. RR: ION, RR: SHIP SIZES - a ship is ionized with 1 (small), 2
    (medium) or 3 (large) ion tokens; RR: PLANNING PHASE - ionized ships are not assigned
    dials. Only the ships below their threshold are asked for a dial."""
    game = between_ties(pilot)
    after_p1_activates(game)                              # p1.1 has activated in round 1
    give(game, "p1.1", Token.ION, ions)
    drive(game, lambda d: game.state.round == 2)
    asked = set()
    while game.decision.kind == "set_dial":
        asked.add(game.decision.ship)
        game.answer(game.decision.options[0].key)
    assert ("p1.1" in asked) == dial


def _ionized_after_planning(code: str, pilot: str = "bluesquadronescort", ions: int = 1):
    game = between_ties(pilot)
    plan(game, {"p1.1": code})
    before_p1_activates(game)
    give(game, "p1.1", Token.ION, ions)     # arranged: ionized after its dial was set
    return game


@pytest.mark.parametrize(("pilot", "code", "ion"), [
    ("bluesquadronescort", "3TW", "1BB"),   # left turn: 1 bank left
    ("bluesquadronescort", "2NB", "1NB"),   # right bank: 1 bank right
    ("bluesquadronescort", "4KR", "1FB"),   # Koiogran turn: straight
    ("bluesquadronescort", "3ER", "1BB"),   # Tallon roll left: left
    ("rebelscout", "0OR", "1FB"),           # stationary: 1 straight
])
def test_an_ionized_ship_executes_a_blue_1_speed_maneuver_in_its_dials_direction(
        pilot, code, ion):
    """A ship that set a [3 turn left], [2 bank right], [4 Koiogran turn],
    [3 Tallon roll left] or [0 stop] is ionized before it activates. RR: ION - it executes
    an ion maneuver: a blue speed 1 bank or straight in the direction of its dial; a
    stationary dial gives a [1 straight]. The maneuvers are [1 bank left], [1 bank right],
    [1 straight], [1 bank left], [1 straight], and no dial is revealed."""
    game = _ionized_after_planning(code, pilot)
    after_p1_activates(game)
    assert [e["maneuver"] for e in events(game, "move", "p1.1")] == [ion]
    assert not events(game, "reveal", "p1.1")          # the Reveal Dial step is skipped


def test_an_ionized_ship_without_a_dial_flies_1_straight():
    """A T-65 gains an ion token after its round 1 activation, so it has no dial in round 2.
    RR: ION (ruling: with no dial to show a direction, the ion maneuver is a [1 straight]).
    In round 2 it moves 80 mm straight ahead."""
    game = between_ties("bluesquadronescort")
    after_p1_activates(game)
    give(game, "p1.1", Token.ION)
    start_pose = game.state.ships["p1.1"].pose
    game.answer("pass")
    drive(game, at("perform_action", "p2.2"))
    assert game.state.round == 2
    r, f, rot = pose(game, "p1.1").relative_to(start_pose)
    assert (round(r, 6), round(f, 6), rot) == (0, 80, 0)


def test_the_ion_maneuver_is_blue_and_ion_tokens_leave_after_the_activation():
    """A T-65 with 3 ion tokens and 2 stress tokens executes its ion maneuver. RR: ION - the
    ion maneuver is blue (it removes a stress token), and at the end of the activation the
    ship removes all its ion tokens. It ends with one stress token and no ion token."""
    game = _ionized_after_planning("3TW", ions=3)
    give(game, "p1.1", Token.STRESS, 2)
    after_p1_activates(game)
    assert tokens(game, "p1.1") == {"stress": 1}


def test_an_ionized_ship_can_only_focus():
    """An ionized T-65 at its Perform Action step. RR: ION - an ionized ship can perform
    only the focus action. It is offered focus and pass."""
    game = _ionized_after_planning("2FB")
    d = drive(game, at("perform_action", "p1.1"))
    assert d.option_keys() == ["focus", "pass"]


def test_an_ionized_ship_can_not_perform_an_action_linked_to_focus():
    """An ionized B-wing (focus > red barrel roll) focuses. RR: ION, RR: FAQ - an ionized
    ship cannot perform an action linked to its focus action. No linked action is offered;
    it has just its focus token."""
    game = _ionized_after_planning("2FB", pilot="bluesquadronpilot")
    drive(game, at("perform_action", "p1.1"))
    game.answer("focus")
    assert drive(game, lambda d: (d.ship == "p1.1" and d.kind == "linked_action")
                 or d.ship == "p2.2") .ship == "p2.2"
    assert tokens(game, "p1.1") == {"focus": 1}


def test_a_medium_ship_with_one_ion_token_activates_normally_and_keeps_it():
    """A UT-60D (medium) with one ion token. RR: ION, RR: SHIP SIZES - a medium ship needs
    two ion tokens to be ionized. It executes its dial ([3 straight]) and may lock; the ion
    token stays (only an ion maneuver removes them)."""
    game = _ionized_after_planning("3FW", pilot="bluesquadronscout", ions=1)
    d = drive(game, at("perform_action", "p1.1"))
    assert "lock" in d.option_keys()
    assert [e["maneuver"] for e in events(game, "move", "p1.1")] == ["3FW"]
    after_p1_activates(game)
    assert tokens(game, "p1.1") == {"ion": 1}


def test_a_medium_ship_with_two_ion_tokens_executes_an_ion_maneuver():
    """A UT-60D (medium) with two ion tokens that set a [3 straight]. RR: ION,
    RR: SHIP SIZES. It executes the ion maneuver [1 straight], 60 mm base plus 40 mm ahead,
    and ends with no ion token."""
    game = _ionized_after_planning("3FW", pilot="bluesquadronscout", ions=2)
    after_p1_activates(game)
    assert [e["maneuver"] for e in events(game, "move", "p1.1")] == ["1FB"]
    assert moved(game, "p1.1", (400, 200, 0)) == (0.0, 100.0, 0.0)   # 60 base + 40
    assert tokens(game, "p1.1") == {}


def test_a_ship_no_longer_ionized_at_activation_activates_as_normal():
    """A T-65 ionized in the Planning Phase (so without a dial) loses its ion token
    (arranged) before it activates. RR: ION - a ship no longer ionized at the start of its
    activation activates as normal; RR: PLANNING PHASE - without a dial it gains a stress
    token and executes the stress maneuver. It flies the white [2 straight], not an ion
    maneuver, and has a stress token."""
    game = between_ties("bluesquadronescort")
    after_p1_activates(game)
    give(game, "p1.1", Token.ION)
    drive(game, at("perform_action", "p2.1"))          # planned without a dial
    assert game.state.round == 2
    assert game.state.ships["p1.1"].dial_set is None
    del game.state.ships["p1.1"].tokens[Token.ION]      # arranged: the ion token is gone
    drive(game, at("perform_action", "p2.2"))
    round2 = [e for e in events(game, "move", "p1.1") if e["round"] == 2]
    assert [e["maneuver"] for e in round2] == ["2FW"]
    assert tokens(game, "p1.1") == {"stress": 1}


def test_an_ionized_ships_dial_is_flipped_faceup():
    """A T-65 that set a [3 turn left] is ionized before it activates. RR: ION step 2 - the
    ionized ship flips its dial faceup. After its activation the opponent sees the
    [3 turn left] on it."""
    game = _ionized_after_planning("3TW")
    after_p1_activates(game)
    seen = next(s for s in game.view(2)["ships"] if s["id"] == "p1.1")
    assert seen["dial"] == "3TW"
