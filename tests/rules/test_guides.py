"""RR: GUIDES - the guides of a ship's base are ignored only when measuring range or arcs; a
device's guides count. (A guide outside the play area makes a ship flee: test_flee.)"""

from __future__ import annotations

import pytest

from tallon.geometry import Device, Pose, object_distance, range_between
from tests.conftest import ship


def test_range_ignores_guides():
    """Two ships whose guides touch, their bases 6.6 mm apart. RR: GUIDES - guides on a
    ship's base are ignored while measuring range. They are at range 1, not range 0."""
    a, b = ship("a", 300, 300), ship("b", 300, 346.6)
    assert object_distance(a, b) == pytest.approx(6.6)
    assert range_between(a, b) == 1


def test_range_to_a_device_includes_its_guides():
    """A mine just beyond a ship's front edge (y 320), its guides reaching down to y 326.7.
    RR: GUIDES - only a ship's guides are ignored for range; a device's count. The distance
    to the mine is 6.7 mm, measured to its guides."""
    mine = Device("mine", Pose(300, 330, 0), "mine")  # its guides reach down to y 326.7
    assert object_distance(ship("a", 300, 300), mine) == pytest.approx(6.7)
