"""RR: RANGE, RR: GUIDES — measuring range between objects."""

from __future__ import annotations

import pytest

from tallon.geometry import (
    Device,
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


@pytest.mark.parametrize("distance,expected", [
    (0.0, 0), (1e-7, 0), (0.001, 1), (50, 1), (100, 1), (100 + 1e-7, 1), (100.001, 2),
    (200, 2), (200.5, 3), (300, 3), (300.01, 4), (400, 4), (500, 5), (500.5, 6),
])
def test_band_boundaries(distance, expected):
    """Ruling: range n holds distances in (100 (n-1), 100 n]; exactly 100 is range 1;
    touching (0 within the tolerance) is range 0."""
    assert band(distance) == expected


def test_range_is_measured_closest_point_to_closest_point():
    """Two small ships facing each other 150 mm apart between their facing edges: the
    range ruler lies across the gap, so 150 mm is range 2."""
    a, b = ship("a", 300, 300), ship("b", 300, 490, 180)
    assert object_distance(a, b) == pytest.approx(150)
    assert range_between(a, b) == 2


def test_touching_ships_are_at_range_0():
    """'A ship is at range 0 of another ship if it is physically touching another ship.'"""
    assert range_between(ship("a", 300, 300), ship("b", 340, 310)) == 0


def test_range_ignores_guides():
    """Guides are ignored while measuring range: ships whose guides touch but whose bases
    are 3.3 mm apart are at range 1, not range 0."""
    a, b = ship("a", 300, 300), ship("b", 300, 346.6)
    assert object_distance(a, b) == pytest.approx(6.6)
    assert range_between(a, b) == 1


def test_object_on_an_obstacle_is_at_range_0():
    """'An object is at range 0 of an obstacle or device if it is physically on top of it.'"""
    assert range_between(ship("a", 300, 300), obstacle("rock", 320, 320)) == 0


def test_range_to_a_device_includes_its_guides():
    """The guides on a device count for measuring range to it."""
    mine = Device("mine", Pose(300, 330, 0), "mine")  # its guides reach down to y 326.7
    assert object_distance(ship("a", 300, 300), mine) == pytest.approx(6.7)


def test_object_is_at_range_0_of_itself():
    """An object is at range 0 of itself (rulebook)."""
    a = ship("a", 300, 300)
    assert range_between(a, a) == 0


def test_rulebook_beyond_and_at_examples():
    """Rulebook: the TIE fighter is beyond range 1 and at range 2 of the X-wing; the
    asteroid is beyond range 1, beyond range 2 and at range 3."""
    xwing = ship("xw", 300, 300)
    tie = ship("tie", 300, 300 + 40 + 150, 180)
    rock = obstacle("rock", 300 + 20 + 250 + 25, 300)  # core2asteroid3 reaches 25 towards it
    assert beyond_range(xwing, tie, 1) and at_range(xwing, tie, 2)
    assert beyond_range(xwing, rock, 2) and at_range(xwing, rock, 3)
    assert at_range(xwing, tie, 1, 3) and not at_range(xwing, rock, 0, 2)


def test_within_means_the_whole_object():
    """'Within: an object is within a specified range if the entirety of it is inside
    that range.' A ship 80 mm away is at range 1 but only within range 2 (its far edge is
    160 mm away)."""
    a, b = ship("a", 300, 300), ship("b", 300, 440)
    assert at_range(a, b, 1)
    assert not within_range(a, b, 1)
    assert within_range(a, b, 2)
    assert within_range(a, b, 2, low=1)
    assert not within_range(a, b, 3, low=2)


def test_range_is_symmetric_for_rotated_objects():
    """Measuring from one object to the other gives the same result both ways."""
    a, b = ship("a", 300, 300, 17), obstacle("rock", 420, 390, 40, "core2debris1")
    assert object_distance(a, b) == pytest.approx(object_distance(b, a))


def test_unknown_object_on_the_table_is_named():
    table = Table(ships=(ship("a", 300, 300),))
    with pytest.raises(KeyError, match="no object 'zz'"):
        table.get("zz")
