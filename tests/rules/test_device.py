"""RR: DEVICE - dropping and launching a device with a template (its guides at the far end of
the template, from the rear or front guides), where it cannot be placed, and the
electro-chaff cloud, a device that is an obstacle (RR: ELECTRO-CHAFF CLOUD). (A ship moving
through a device: test_move.)"""

from __future__ import annotations

import pytest

from tallon.geometry import BaseSize, Table, place_device
from tests.conftest import ship


@pytest.mark.parametrize("size,half", [(BaseSize.SMALL, 20), (BaseSize.LARGE, 40)])
def test_drop_places_the_device_guides_at_the_far_end_of_a_rear_template(size, half):
    """A small and a large ship drop a bomb with the [1 straight]. RR: DEVICE - to drop a
    device, the template is placed between the rear guides and the device's guides slid into
    its far end. The bomb lies 40 mm behind the rear edge, facing away from the ship, and
    may be placed."""
    table = Table(ships=(ship("a", 400, 400, 0, size),))
    placed = place_device(table, "a", "bomb-1", "1F")
    pose = placed.device.pose
    assert (pose.x, pose.y, pose.heading) == pytest.approx((400, 400 - half - 40, 180))
    assert placed.allowed


def test_launch_uses_the_front_guides():
    """A ship launches a bomb with the [5 straight]. RR: DEVICE - to launch a device, the
    template is placed between the front guides. The bomb lies 200 mm ahead of the front
    edge (y 520), facing the ship's way."""
    placed = place_device(Table(ships=(ship("a", 400, 300),)), "a", "bomb-1", "5F",
                          launch=True)
    assert (placed.device.pose.y, placed.device.pose.heading) == pytest.approx((520, 0))


def test_drop_with_a_bank_follows_the_template():
    """A ship facing up the table drops a bomb with the [1 bank left]. RR: DEVICE (ruling in
    docs/rulings.md: laid from the rear guides, the template curves to the left of the
    direction it is laid in, away from the ship, i.e. towards the ship's right). The bomb
    lies down and to the right, facing 135 degrees."""
    placed = place_device(Table(ships=(ship("a", 400, 400),)), "a", "bomb-1", "1B")
    pose = placed.device.pose
    offset = 80 * (1 - 0.7071067811865476)
    assert (pose.x, pose.y, pose.heading) == pytest.approx(
        (400 + offset, 380 - 80 * 0.7071067811865476, 135))


def test_device_partly_off_the_table_cannot_be_placed(table_svg):
    """A ship near the near edge drops a bomb over it. RR: DEVICE ("A device cannot be
    placed so that a portion of the device would be outside the play area"). It may not be
    placed."""
    placed = place_device(Table(ships=(ship("a", 400, 70),)), "a", "bomb-1", "1F")
    assert not placed.allowed


def test_device_dropped_under_a_ship_is_reported(table_svg):
    """A ship drops a bomb where another ship stands. RR: DEVICE - a device placed
    overlapping a ship goes under its base (the ship overlaps it). The placement reports the
    ship above it."""
    table = table_svg(Table(ships=(ship("a", 400, 400), ship("b", 400, 330))))
    placed = place_device(table, "a", "bomb-1", "1F")
    assert placed.under_ships == ("b",)


def test_an_unknown_device_outline_is_refused():
    """A drop asked for a device outline that names no token. RR: DEVICE. The error names it
    rather than guessing."""
    with pytest.raises(KeyError, match="nosuchdevice"):
        place_device(Table(ships=(ship("a", 400, 300),)), "a", "x-1", "1F",
                     outline="nosuchdevice")


def test_a_launched_electro_chaff_cloud_is_an_obstacle(table_svg):
    """A small ship at y = 300 launches an electro-chaff cloud with the [4 straight].
    RR: ELECTRO-CHAFF CLOUD - it is a device and an obstacle; RR: DEVICE. Its guides sit at
    the template's far end (y = 320 + 160), and it comes back as an obstacle of that type,
    not a plain device, allowed there."""
    from tallon.geometry import Obstacle, ObstacleType

    placed = place_device(table_svg(Table(ships=(ship("a", 400, 300),))), "a", "cloud-1",
                          "4F", outline="electrochaffcloud", launch=True)
    assert isinstance(placed.device, Obstacle)
    assert placed.device.type is ObstacleType.ELECTRO_CHAFF_CLOUD
    assert (placed.device.pose.y, placed.device.pose.heading) == pytest.approx((480, 0))
    assert placed.allowed
