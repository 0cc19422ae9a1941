"""RR: BOOST and RR: CLOAK (decloaking)."""

from __future__ import annotations

import pytest

from tallon.geometry import BaseSize, Table, boost, decloak_options
from tests.conftest import obstacle, ship


@pytest.mark.parametrize("size,length", [(BaseSize.SMALL, 40), (BaseSize.MEDIUM, 60),
                                         (BaseSize.LARGE, 80)])
def test_boost_uses_the_speed_1_straight_and_banks(size, length):
    """Boost: [1 straight], [1 bank left] or [1 bank right] from the front guides."""
    table = Table(ships=(ship("a", 400, 400, 0, size),))
    assert boost(table, "a", "straight").relative() == pytest.approx((0, length + 40, 0))
    right, forward, rotation = boost(table, "a", "right").relative()
    assert rotation == pytest.approx(45)
    assert forward == pytest.approx(length / 2 + 80 * 0.7071067811865476
                                    + length / 2 * 0.7071067811865476)
    left = boost(table, "a", "left").relative()
    assert left == pytest.approx((-right, forward, -45))


def test_boost_onto_a_ship_fails(table_svg):
    """'The ship's final position would cause the ship to overlap another ship': fails."""
    table = table_svg(Table(ships=(ship("a", 400, 400), ship("b", 400, 480))))
    assert boost(table, "a", "straight").fails()
    assert boost(table, "a", "straight").overlapped_ships == ("b",)


def test_boost_through_an_obstacle_fails(table_svg):
    """'The ship would overlap or move through an obstacle': fails."""
    table = table_svg(Table(ships=(ship("a", 400, 400),),
                            obstacles=(obstacle("rock", 400, 440, outline="core2asteroid3"),)))
    attempt = boost(table, "a", "straight")
    assert attempt.moved_through_obstacles == ("rock",) and attempt.fails()


def test_boost_off_the_table_fails(table_svg):
    """A boost can't make a ship flee: the position outside the play area fails."""
    table = table_svg(Table(ships=(ship("a", 400, 880),)))
    assert boost(table, "a", "straight").fails()


def test_unknown_boost_direction_is_refused():
    with pytest.raises(ValueError, match="unknown boost direction"):
        boost(Table(ships=(ship("a", 400, 400),)), "a", "up")


def test_small_ship_decloaks_with_the_speed_2_straight():
    """Small ships decloak with the [2 straight]: boost 40 + 80 forward, or barrel roll
    80 + 40 sideways with the same front/middle/back shifts."""
    options = decloak_options(Table(ships=(ship("a", 400, 400),)), "a")
    moves = {o.label: o.relative() for o in options}
    assert moves["boost straight"] == pytest.approx((0, 120, 0))
    assert moves["barrel roll left front"] == pytest.approx((-120, 10, 0))
    assert moves["barrel roll right back"] == pytest.approx((120, -10, 0))
    assert len(options) == 7


@pytest.mark.parametrize("size,across,ahead", [(BaseSize.MEDIUM, 80, 100),
                                               (BaseSize.LARGE, 100, 120)])
def test_medium_and_large_ships_decloak_with_the_speed_1_straight(size, across, ahead):
    """Medium and large ships decloak with the [1 straight], barrel rolling as they do."""
    options = decloak_options(Table(ships=(ship("a", 400, 400, 0, size),)), "a")
    moves = {o.label: o.relative() for o in options}
    assert moves["boost straight"] == pytest.approx((0, ahead, 0))
    assert moves["barrel roll right middle"] == pytest.approx((across, 0, 0))
