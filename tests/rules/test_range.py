"""RR: RANGE - measuring range between objects (closest point to closest point, the range
bands, range 0 for touching objects and objects on an obstacle; "at", "within" and
"beyond"), and range 0 between ships after a partial maneuver, until one of them moves.
(Guides and range: test_guides; attack range: test_attack_range.)"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tallon.engine.state import ship_range
from tallon.geometry import (
    Pose,
    Table,
    at_range,
    band,
    beyond_range,
    object_distance,
    range_between,
    within_range,
)
from tests.conftest import obstacle, ship
from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    arrange,
    drive,
    events,
    plan,
    squad,
    start,
)


# ------------------------------------------------------------- on the table
@pytest.mark.parametrize("distance,expected", [
    (0.0, 0), (1e-7, 0), (0.001, 1), (50, 1), (100, 1), (100 + 1e-7, 1), (100.001, 2),
    (200, 2), (200.5, 3), (300, 3), (300.01, 4), (400, 4), (500, 5), (500.5, 6),
])
def test_band_boundaries(distance, expected):
    """Distances at and around each band's boundary. RR: RANGE (ruling: range n holds the
    distances in (100 (n-1), 100 n] mm; exactly 100 mm is range 1; touching - 0 within the
    tolerance - is range 0). Each distance gives the expected band."""
    assert band(distance) == expected


def test_range_is_measured_closest_point_to_closest_point():
    """Two small ships facing each other, 150 mm between their facing edges. RR: RANGE - the
    ruler goes from the closest point of one to the closest point of the other. The distance
    is 150 mm: range 2."""
    a, b = ship("a", 300, 300), ship("b", 300, 490, 180)
    assert object_distance(a, b) == pytest.approx(150)
    assert range_between(a, b) == 2


def test_touching_ships_are_at_range_0():
    """Two ships whose bases touch. RR: RANGE ("A ship is at range 0 of another ship if it
    is physically touching another ship"). They are at range 0."""
    assert range_between(ship("a", 300, 300), ship("b", 340, 310)) == 0


def test_object_on_an_obstacle_is_at_range_0():
    """A ship on an asteroid. RR: RANGE ("An object is at range 0 of an obstacle or device
    if it is physically on top of it"). It is at range 0 of it."""
    assert range_between(ship("a", 300, 300), obstacle("rock", 320, 320)) == 0


def test_object_is_at_range_0_of_itself():
    """A ship measured to itself. RR: RANGE (the rulebook: an object is at range 0 of
    itself). Range 0."""
    a = ship("a", 300, 300)
    assert range_between(a, a) == 0


def test_rulebook_beyond_and_at_examples():
    """The rulebook's examples: a TIE 150 mm from an X-wing, an asteroid 250 mm from it.
    RR: RANGE ("at", "beyond", "range #-#"). The TIE is beyond range 1 and at range 2 (and
    at range 1-3); the asteroid beyond range 2 and at range 3 (not at range 0-2)."""
    xwing = ship("xw", 300, 300)
    tie = ship("tie", 300, 300 + 40 + 150, 180)
    rock = obstacle("rock", 300 + 20 + 250 + 25, 300)  # core2asteroid3 reaches 25 towards it
    assert beyond_range(xwing, tie, 1) and at_range(xwing, tie, 2)
    assert beyond_range(xwing, rock, 2) and at_range(xwing, rock, 3)
    assert at_range(xwing, tie, 1, 3) and not at_range(xwing, rock, 0, 2)


def test_within_means_the_whole_object():
    """A ship 80 mm away whose far edge is 160 mm away. RR: RANGE ("Within: an object is
    within a specified range if the entirety of it is inside that range"). It is at range 1
    but only within range 2 (and within range 1-2, not 2-3)."""
    a, b = ship("a", 300, 300), ship("b", 300, 440)
    assert at_range(a, b, 1)
    assert not within_range(a, b, 1)
    assert within_range(a, b, 2)
    assert within_range(a, b, 2, low=1)
    assert not within_range(a, b, 3, low=2)


def test_range_is_symmetric_for_rotated_objects():
    """A rotated ship and a rotated debris cloud. RR: RANGE - the range between two objects.
    Measured either way the distance is the same."""
    a, b = ship("a", 300, 300, 17), obstacle("rock", 420, 390, 40, "core2debris1")
    assert object_distance(a, b) == pytest.approx(object_distance(b, a))


def test_unknown_object_on_the_table_is_named():
    """A table asked for an object it does not hold. RR: RANGE (measuring needs the
    objects). The error names the missing object."""
    table = Table(ships=(ship("a", 300, 300),))
    with pytest.raises(KeyError, match="no object 'zz'"):
        table.get("zz")


# ------------------------------------------------------------------ in a game
@pytest.mark.parametrize("blocker", [("p1.2", 0), ("p2.1", 180)])
def test_after_a_partial_maneuver_the_ships_are_at_range_0(blocker):
    """p1.1 (initiative 3, the last to move) bumps head-on into an enemy, or into a friendly
    ship's rear; nothing moves until the next round. RR: RANGE - after a partial maneuver
    the ship is at range 0 of the last ship it overlapped. The bases are 6.6 mm apart
    (guides touching: range 1 by the ruler), yet the ships are at range 0."""
    game = start(squad(REBEL, "redsquadronveteran", "cavernangelszealot"),
                 squad(EMPIRE, "academypilot"),
                 poses={"p1.1": (400, 200, 0), "p1.2": (100, 100, 0), "p2.1": (800, 800, 180)})
    plan(game, {"p1.1": "2FB"})
    drive(game, lambda d: game.state.ships["p1.2"].activated and
          game.state.ships["p2.1"].activated)
    ship_id, heading = blocker
    arrange(game, {ship_id: (400, 320, heading)})     # the blockers have moved already
    drive(game, lambda d: game.state.round == 2)
    ships = game.state.ships
    assert events(game, "bump", "p1.1")
    # the bases are 6.6 mm apart (guides touching), yet the ships are at range 0
    assert range_between(ships["p1.1"].body, ships[ship_id].body) == 1
    assert ship_range(ships["p1.1"], ships[ship_id]) == 0


def test_bump_contact_lasts_until_one_ship_moves():
    """A T-65 bumps a TIE with a [2 straight]; then the TIE is moved 10 mm away. RR: RANGE -
    two ships at range 0 stay so until one of them moves; then range is measured again.
    While in contact they are at range 0 (an attack between them at attack range 0); after
    the TIE moves, at range 1."""
    from tallon.engine.rounds import Activate
    from tallon.engine.weapons import valid_targets
    from tallon.scene import Scene, start_at

    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 200, 0), dial_set="2FW")
    tie = sc.ship("academypilot", player=2, at=(400, 320, 180))
    game = sc.game()
    start_at(game, Activate(xwing), phase="activation")
    ships = game.state.ships
    assert ship_range(ships[xwing], ships[tie]) == 0
    assert [t.range for t in valid_targets(game, ships[xwing])] == [0]
    game.state.set_pose(ships[tie], Pose(400, 330, 180))     # the TIE moves away a little
    assert ship_range(ships[xwing], ships[tie]) == 1


# ------------------------------------------------------------ target lists
_IN_RANGE_GAME: list = []


def _in_range_game():
    """One small ship, one large ship and an obstacle (built once: examples move them)."""
    from tallon.scene import Scene

    if not _IN_RANGE_GAME:
        sc = Scene()
        sc.ship("academypilot", at=(400, 300, 0))
        sc.ship("patrolleader", player=2, at=(400, 600, 180))
        _IN_RANGE_GAME.append(sc.game())
    return _IN_RANGE_GAME[0]


@settings(max_examples=300, deadline=None)
@given(st.floats(60, 850), st.floats(60, 850), st.floats(0, 360),
       st.floats(60, 850), st.floats(60, 850), st.floats(0, 360),
       st.integers(0, 3), st.integers(0, 3))
def test_in_range_agrees_with_measuring(x1, y1, h1, x2, y2, h2, low, span):
    """A small and a large ship anywhere, and an obstacle. RR: RANGE - an object is at range
    ``low``-``high`` when the range measured closest point to closest point is in the band.
    GameState.in_range settles most objects by their bounding circles without measuring:
    its answer is always the measured one (for ships and for the obstacle)."""
    game = _in_range_game()
    state = game.state
    small, large = state.ships["p1.1"], state.ships["p2.1"]
    state.set_pose(small, Pose(x1, y1, h1))
    state.set_pose(large, Pose(x2, y2, h2))
    rock = obstacle("rock", (x1 + x2) / 2, (y1 + y2) / 2, h1 + h2)
    high = low + span
    for other in (large, rock):
        measured = ship_range(small, other)
        assert state.in_range(small, other, low, high) == (low <= measured <= high)
