"""RR: ROTATE A SHIP - rotating a ship turns it in place (it is not a move); it cannot rotate
into a ship, and rotated onto an obstacle it is at range 0 of it without overlapping it.
(The rotation after a tractor move: test_tractor.)"""

from __future__ import annotations

from tallon.geometry import Table, rotate_ship
from tests.conftest import obstacle, ship


def test_rotating_a_ship_turns_it_in_place():
    """A ship at heading 10 rotated 90 degrees. RR: ROTATE A SHIP - rotating changes only
    its facing and does not count as moving. Possible; it stays at (400, 400), heading 100."""
    rotation = rotate_ship(Table(ships=(ship("a", 400, 400, 10),)), "a", 90)
    assert rotation.possible
    assert (rotation.final.x, rotation.final.y, rotation.final.heading) == (400, 400, 100)


def test_rotation_that_would_put_a_guide_over_a_ship_is_not_possible(table_svg):
    """Two ships side by side, touching; one is rotated 90 degrees, which would put a guide
    on the other. RR: ROTATE A SHIP ("If rotating a ship would cause its base to overlap a
    ship (such as if the front or rear guides would physically be placed over that ship's
    base), it cannot be rotated"). Not possible, blocked by the other ship."""
    table = table_svg(Table(ships=(ship("a", 400, 400), ship("b", 440, 400))))
    rotation = rotate_ship(table, "a", 90)
    assert not rotation.possible and rotation.blocked_by == ("b",)


def test_rotating_onto_an_obstacle_is_range_0_only(table_svg):
    """A ship beside an asteroid rotated 90 degrees onto it. RR: ROTATE A SHIP - rotating
    onto an obstacle does not resolve the effects of overlapping it, but the ship is at
    range 0 of it. Possible, at range 0 of the asteroid."""
    table = table_svg(Table(ships=(ship("a", 400, 400),),
                            obstacles=(obstacle("rock", 445, 400, outline="core2asteroid3"),)))
    rotation = rotate_ship(table, "a", 90)
    assert rotation.possible and rotation.at_range_zero_of == ("rock",)
