"""RR: FLEE, RR: PLAY AREA — a ship flees when any part of its base is outside the play area."""

from __future__ import annotations

import pytest

from tallon.geometry import Table, execute_maneuver
from tests.conftest import ship


def test_base_crossing_the_edge_flees(table_svg):
    """After the maneuver part of the base is beyond the far edge: the ship flees."""
    table = table_svg(Table(ships=(ship("a", 300, 850),)))
    assert execute_maneuver(table, "a", "1F").fled


def test_only_the_template_outside_does_not_flee(table_svg):
    """'While a ship moves, the ship does not flee if only the template is outside the play
    area': a [3 turn right] near the left edge whose template swings past the edge while
    the base starts and ends inside."""
    table = table_svg(Table(ships=(ship("a", 30, 400, 315),)))
    outcome = execute_maneuver(table, "a", "3Y")
    assert min(x for x, _ in outcome.full_template.outline()) < -10
    assert not outcome.fled


def test_ending_across_the_edge_flees(table_svg):
    """A bank that ends with the base across the left edge flees."""
    table = table_svg(Table(ships=(ship("a", 25, 300, 0),)))
    assert execute_maneuver(table, "a", "2B").fled


def test_a_guide_outside_the_play_area_flees(table_svg):
    """Guides are part of the base (ignored only for range and arcs), so a guide hanging
    over the edge flees (ruling: docs/rulings.md, Guides)."""
    table = table_svg(Table(ships=(ship("a", 300, 914.4 - 20 - 3.3 - 80 + 0.5),)))
    assert execute_maneuver(table, "a", "1F").fled
    table = table_svg(Table(ships=(ship("b", 300, 914.4 - 20 - 3.3 - 80),)))
    assert not execute_maneuver(table, "b", "1F").fled


@pytest.mark.parametrize("edge", ["left", "right", "near", "far"])
def test_touching_the_edge_is_inside(edge, table_svg):
    """A base exactly on the edge is still inside the play area."""
    x, y, heading = {"left": (20 + 3.3, 300, 90), "right": (914.4 - 23.3, 300, 90),
                     "near": (300, 23.3, 0), "far": (300, 914.4 - 23.3, 0)}[edge]
    table = table_svg(Table(ships=(ship("a", x, y, heading),)))
    assert not execute_maneuver(table, "a", "0O").fled
