"""RR: SIDESLIP - a bank or turn template laid from the ship's side: where a sideslip leaves
each base size. (A sideslip that overlaps a ship is tested in test_overlap.)

The expectations are computed as ``tests/rules/maneuver_helpers.py`` says."""

from __future__ import annotations

import pytest

from tallon.geometry import BaseSize
from tallon.geometry.constants import BANK_RADIUS, TURN_RADIUS
from tests.rules.maneuver_helpers import SIZES, assert_pose, curve, fly


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("kind,radii,angle", [("B", BANK_RADIUS, 45), ("T", TURN_RADIUS, 90)])
@pytest.mark.parametrize("speed", [1, 2, 3])
def test_left_sideslip_moves_right_and_turns_left(size, kind, radii, angle, speed):
    """Each base size sideslips with a left bank or turn template at speeds 1-3.
    RR: SIDESLIP - the template is laid from the right side, its narrow end on the side
    hashmark, curving towards the ship's front; the ship's left side hashmark ends on the
    far end. The ship moves right and forward, and its facing turns left by the template's
    angle."""
    forward, right = curve(SIZES[size], radii[speed], angle)
    got = fly(size, f"{speed}{kind}", sideslip=True)
    assert_pose(got, forward, right, -angle)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("kind,radii,angle", [("N", BANK_RADIUS, 45), ("Y", TURN_RADIUS, 90)])
def test_right_sideslip_mirrors_left(size, kind, radii, angle):
    """Each base size sideslips with a [2 bank right] or [2 turn right] template.
    RR: SIDESLIP. The mirror image of the left sideslip: it moves left and forward, turning
    right."""
    forward, right = curve(SIZES[size], radii[2], angle)
    assert_pose(fly(size, f"2{kind}", sideslip=True), -forward, right, angle)


def test_sideslip_needs_a_bank_or_turn():
    """A small ship asked to sideslip a [2 straight]. RR: SIDESLIP - only bank and turn
    maneuvers can be sideslips. It is refused."""
    with pytest.raises(ValueError, match="sideslip"):
        fly(BaseSize.SMALL, "2F", sideslip=True)
