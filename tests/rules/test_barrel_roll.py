"""RR: BARREL ROLL, RR: SHIP SIZES — where a barrel roll places a ship and when it fails."""

from __future__ import annotations

import pytest

from tallon.geometry import (
    BaseSize,
    RollPosition,
    Side,
    Table,
    barrel_roll,
    barrel_roll_options,
)
from tests.conftest import obstacle, ship


@pytest.mark.parametrize("side,sign", [("left", -1), ("right", 1)])
@pytest.mark.parametrize("position,shift", [("front", 10), ("middle", 0), ("back", -10)])
def test_small_ship_rolls_the_template_length_plus_its_base(side, sign, position, shift):
    """Small ship: the [1 straight] template's narrow edge against the side; the other side
    lands on the far narrow end, hashmark at its front, middle or back: the centre moves
    40 + 40 sideways and 10 forward/back."""
    table = Table(ships=(ship("a", 400, 400),))
    right, forward, rotation = barrel_roll(table, "a", side, position).relative()
    assert (right, forward, rotation) == pytest.approx((sign * 80, shift, 0), abs=1e-9)


@pytest.mark.parametrize("size,across", [(BaseSize.MEDIUM, 80), (BaseSize.LARGE, 100)])
@pytest.mark.parametrize("position,shift", [("front", 20), ("middle", 0), ("back", -20)])
def test_medium_and_large_ships_use_the_long_edge(size, across, position, shift):
    """Medium and large ships lay the template's long edge against their side, so they
    move their base length plus 20 sideways and 20 forward/back (RR: SHIP SIZES)."""
    table = Table(ships=(ship("a", 400, 400, 0, size),))
    right, forward, _ = barrel_roll(table, "a", "right", position).relative()
    assert (right, forward) == pytest.approx((across, shift), abs=1e-9)


def test_roll_keeps_the_ship_facing_and_follows_its_heading():
    """The roll is sideways relative to the ship: a ship facing right (90) rolling right
    moves down the table."""
    table = Table(ships=(ship("a", 400, 400, 90),))
    final = barrel_roll(table, "a", Side.RIGHT, RollPosition.MIDDLE).final
    assert (final.x, final.y, final.heading) == pytest.approx((400, 320, 90))


def test_roll_fails_only_when_all_three_positions_overlap_a_ship(table_svg):
    """'All three positions would cause the ship to overlap another ship': the roll fails.
    With one position free it doesn't, and the player can't choose to fail it."""
    blocker = ship("b", 480, 362)  # covers the middle and back positions
    table = table_svg(Table(ships=(ship("a", 400, 400), blocker)))
    options = barrel_roll_options(table, "a", "right")
    assert [o.fails() for o in options] == [False, True, True]
    table = table_svg(Table(ships=(ship("a", 400, 400), ship("c", 480, 400, 0,
                                                               BaseSize.LARGE))))
    assert all(o.fails() for o in barrel_roll_options(table, "a", "right"))


def test_roll_moving_through_an_obstacle_fails_at_every_position(table_svg):
    """The template sits against the side whatever the position, so an obstacle under it
    fails all three positions."""
    table = table_svg(Table(ships=(ship("a", 400, 400),),
                            obstacles=(obstacle("rock", 440, 400, outline="core2asteroid3"),)))
    options = barrel_roll_options(table, "a", "right")
    assert all(o.moved_through_obstacles == ("rock",) for o in options)
    assert all(o.fails() for o in options)
    assert not any(o.fails(ignore_obstacles=True) for o in options)


def test_roll_onto_an_obstacle_fails_that_position(table_svg):
    """Overlapping an obstacle with the final base fails that position."""
    table = table_svg(Table(ships=(ship("a", 400, 400),),
                            obstacles=(obstacle("rock", 490, 440, outline="core2asteroid3"),)))
    options = barrel_roll_options(table, "a", "right")
    assert options[0].overlapped_obstacles == ("rock",)
    assert options[0].fails() and not options[2].fails()


def test_roll_off_the_table_fails(table_svg):
    """A position outside the play area fails (a ship can't flee while barrel rolling)."""
    table = table_svg(Table(ships=(ship("a", 880, 400),)))
    assert all(o.outside_play_area and o.fails()
               for o in barrel_roll_options(table, "a", "right"))
    assert not any(o.fails() for o in barrel_roll_options(table, "a", "left"))


def test_roll_moving_over_a_ship_does_not_fail(table_svg):
    """Only overlapping a ship fails a roll; the template passing over one doesn't."""
    table = table_svg(Table(ships=(ship("a", 400, 400), ship("b", 440, 430))))
    middle = barrel_roll(table, "a", "right", "back")
    assert not middle.fails()
