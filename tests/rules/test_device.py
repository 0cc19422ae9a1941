"""RR: TRACTOR, RR: DEVICE (drop and launch), RR: ROTATE A SHIP."""

from __future__ import annotations

import pytest

from tallon.geometry import BaseSize, Table, place_device, rotate_ship, tractor_options
from tests.conftest import obstacle, ship


def test_tractor_moves_are_rolls_with_the_speed_1_straight_or_a_straight_boost():
    """The tractoring player may barrel roll the ship with the [1 straight] (either side,
    any position) or boost it with the [1 straight]: seven placements."""
    options = tractor_options(Table(ships=(ship("a", 400, 400),)), "a")
    labels = sorted(o.label for o in options)
    assert len(options) == 7
    assert "boost straight" in labels and "barrel roll left back" in labels
    assert all(o.relative()[2] == pytest.approx(0) for o in options)


def test_tractor_move_cannot_touch_an_obstacle(table_svg):
    """'This move cannot cause the ship to move through or overlap an obstacle.'"""
    table = table_svg(Table(ships=(ship("a", 400, 400),),
                            obstacles=(obstacle("rock", 400, 445, outline="core2asteroid3"),)))
    straight = next(o for o in tractor_options(table, "a") if o.label == "boost straight")
    assert straight.fails()


@pytest.mark.parametrize("size,half", [(BaseSize.SMALL, 20), (BaseSize.LARGE, 40)])
def test_drop_places_the_device_guides_at_the_far_end_of_a_rear_template(size, half):
    """Drop: template between the rear guides, the device's guides slid into its far end."""
    table = Table(ships=(ship("a", 400, 400, 0, size),))
    placed = place_device(table, "a", "bomb-1", "1F")
    pose = placed.device.pose
    assert (pose.x, pose.y, pose.heading) == pytest.approx((400, 400 - half - 40, 180))
    assert placed.allowed


def test_launch_uses_the_front_guides():
    """Launch: the same from the front guides, e.g. a [5 straight]."""
    placed = place_device(Table(ships=(ship("a", 400, 300),)), "a", "bomb-1", "5F",
                          launch=True)
    assert (placed.device.pose.y, placed.device.pose.heading) == pytest.approx((520, 0))


def test_drop_with_a_bank_follows_the_template():
    """A [1 bank left] dropped from the rear guides curves to the left of the direction it
    is laid in (away from the ship), i.e. towards the ship's right (ruling in
    docs/rulings.md): a ship facing up the table drops it down and to the right, the
    device facing 135 degrees."""
    placed = place_device(Table(ships=(ship("a", 400, 400),)), "a", "bomb-1", "1B")
    pose = placed.device.pose
    offset = 80 * (1 - 0.7071067811865476)
    assert (pose.x, pose.y, pose.heading) == pytest.approx(
        (400 + offset, 380 - 80 * 0.7071067811865476, 135))


def test_device_partly_off_the_table_cannot_be_placed(table_svg):
    """'A device cannot be placed so that a portion of the device would be outside the
    play area.'"""
    placed = place_device(Table(ships=(ship("a", 400, 70),)), "a", "bomb-1", "1F")
    assert not placed.allowed


def test_device_dropped_under_a_ship_is_reported(table_svg):
    """A device placed overlapping a ship goes under its base (the ship overlaps it)."""
    table = table_svg(Table(ships=(ship("a", 400, 400), ship("b", 400, 330))))
    placed = place_device(table, "a", "bomb-1", "1F")
    assert placed.under_ships == ("b",)


def test_rotating_a_ship_turns_it_in_place():
    """Rotating a ship 90 degrees changes only its facing and is not a move."""
    rotation = rotate_ship(Table(ships=(ship("a", 400, 400, 10),)), "a", 90)
    assert rotation.possible
    assert (rotation.final.x, rotation.final.y, rotation.final.heading) == (400, 400, 100)


def test_rotation_that_would_put_a_guide_over_a_ship_is_not_possible(table_svg):
    """'If rotating a ship would cause its base to overlap a ship (such as if the front or
    rear guides would physically be placed over that ship's base), it cannot be rotated.'
    Two ships side by side, touching: after a 90 degree turn a guide sits on the other."""
    table = table_svg(Table(ships=(ship("a", 400, 400), ship("b", 440, 400))))
    rotation = rotate_ship(table, "a", 90)
    assert not rotation.possible and rotation.blocked_by == ("b",)


def test_rotating_onto_an_obstacle_is_range_0_only(table_svg):
    """Rotating onto an obstacle doesn't resolve overlap effects but is at range 0."""
    table = table_svg(Table(ships=(ship("a", 400, 400),),
                            obstacles=(obstacle("rock", 445, 400, outline="core2asteroid3"),)))
    rotation = rotate_ship(table, "a", 90)
    assert rotation.possible and rotation.at_range_zero_of == ("rock",)


# ----------------------------------------------- devices that are obstacles; guides
def test_a_launched_electro_chaff_cloud_is_an_obstacle(table_svg):
    """RR: ELECTRO-CHAFF CLOUD: it is a device and an obstacle. Launched with the
    [4 straight] from a small ship at y = 300, its guides sit at the template's far end
    (y = 320 + 160) and it comes back as an obstacle of that type, not a plain device."""
    from tallon.geometry import Obstacle, ObstacleType

    placed = place_device(table_svg(Table(ships=(ship("a", 400, 300),))), "a", "cloud-1",
                          "4F", outline="electrochaffcloud", launch=True)
    assert isinstance(placed.device, Obstacle)
    assert placed.device.type is ObstacleType.ELECTRO_CHAFF_CLOUD
    assert (placed.device.pose.y, placed.device.pose.heading) == pytest.approx((480, 0))
    assert placed.allowed


def test_an_unknown_device_outline_is_refused():
    """A device id that names no token is an error naming it, not a guess."""
    with pytest.raises(KeyError, match="nosuchdevice"):
        place_device(Table(ships=(ship("a", 400, 300),)), "a", "x-1", "1F",
                     outline="nosuchdevice")


@pytest.mark.parametrize("rear,y,heading", [(False, 420, 0), (True, 380, 180)])
def test_aligning_a_swarm_to_a_ships_guides_only_touches_that_ship(rear, y, heading):
    """RR: APPENDIX: EXAMPLES (Buzz Droid Swarm): the swarm's tab is aligned to the ship's front or
    rear guides, facing away from it; the ship is at range 0 of it but not overlapped."""
    from tallon.geometry import align_to_guides, range_between

    table = Table(ships=(ship("a", 400, 400),))
    spot = align_to_guides(table, "a", "r1.1", "buzzdroidswarm", rear=rear)
    assert (spot.device.pose.y, spot.device.pose.heading) == pytest.approx((y, heading))
    assert spot.overlapped == () and not spot.outside_play_area
    assert spot.guides == ("rear" if rear else "front")
    assert range_between(table.ship("a"), spot.device) == 0


def test_aligning_a_swarm_reports_what_it_would_overlap(table_svg):
    """A ship 50 mm ahead of the front guides lies under the swarm's disk: that set of
    guides is blocked; the rear set near the table's edge sticks out of the play area."""
    from tallon.geometry import align_to_guides

    table = table_svg(Table(ships=(ship("a", 400, 40), ship("b", 400, 110))))
    front = align_to_guides(table, "a", "r1.1", "buzzdroidswarm")
    rear = align_to_guides(table, "a", "r1.1", "buzzdroidswarm", rear=True)
    assert front.overlapped == ("b",)
    assert rear.outside_play_area and rear.overlapped == ()
