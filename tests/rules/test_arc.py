"""RR: ARC (standard, bullseye, full and turret arcs; in front of, behind, flanking),
RR: ATTACK RANGE, and the FAQ "Is a ship in its own firing arc?"."""

from __future__ import annotations

import math

import pytest

from tallon.geometry import (
    Arc,
    BaseSize,
    Relation,
    attack_range,
    in_arc,
    measure_arc,
    range_between,
    relation,
    turret_arcs,
)
from tallon.geometry.constants import FRONT_ARC_ANGLE
from tests.conftest import obstacle, ship


def polar(distance: float, degrees: float) -> tuple[float, float]:
    """A point ``distance`` from (400, 400) at ``degrees`` clockwise from +y."""
    r = math.radians(degrees)
    return (400 + distance * math.sin(r), 400 + distance * math.cos(r))


@pytest.mark.parametrize("degrees,expected", [
    (0, {Arc.FRONT, Arc.BULLSEYE, Arc.FULL_FRONT}),
    (25, {Arc.FRONT, Arc.FULL_FRONT}),
    (90, {Arc.RIGHT, Arc.FULL_FRONT, Arc.FULL_REAR}),
    (115, {Arc.RIGHT, Arc.FULL_REAR}),
    (180, {Arc.REAR, Arc.FULL_REAR}),
    (270, {Arc.LEFT, Arc.FULL_FRONT, Arc.FULL_REAR}),
    (300, {Arc.LEFT, Arc.FULL_FRONT}),
])
def test_standard_and_full_arcs_around_a_ship(degrees, expected, table_svg):
    """A small ship centred 160 mm away in different directions of a ship facing up the
    table (each at least 10 degrees, its own angular half-width, from the arc lines): the
    arcs it is in. Beside the ship it straddles the midway line: in both full arcs."""
    centre = ship("c", 400, 400)
    target = ship("t", *polar(160, degrees), degrees + 180)
    assert {arc for arc in Arc if in_arc(centre, target, arc)} == expected


def test_a_ship_across_an_arc_line_is_in_both_arcs():
    """A ship straddling the line between the front and right arcs is in both."""
    centre = ship("c", 400, 400)
    target = ship("t", *polar(160, 40.6), 0)
    assert in_arc(centre, target, Arc.FRONT) and in_arc(centre, target, Arc.RIGHT)


def test_any_part_of_the_base_in_the_arc_counts(table_svg):
    """'A ship is IN an arc if any part of its base is inside that area': a ship mostly to
    the side with one corner across the front arc line is in the front arc."""
    centre = ship("c", 400, 400)
    half_angle = math.radians(FRONT_ARC_ANGLE[BaseSize.SMALL] / 2)
    # the part of a ship right of the arc that comes nearest the arc line is its top-left
    # corner (the line slants away): put that corner 1 mm inside, then 1 mm outside
    y = 400 + 150
    x_line = 400 + (y - 400) * math.tan(half_angle)
    target = ship("t", x_line - 1 + 20, y - 20)
    assert in_arc(centre, target, Arc.FRONT)
    assert not in_arc(centre, ship("u", x_line + 1 + 20, y - 20), Arc.FRONT)


def test_arc_lines_belong_to_the_arc():
    """Ruling: a base whose corner lies exactly on an arc line is in that arc."""
    centre = ship("c", 400, 400)
    half_angle = math.radians(FRONT_ARC_ANGLE[BaseSize.SMALL] / 2)
    y = 550
    x_line = 400 + (y - 400) * math.tan(half_angle)
    assert in_arc(centre, ship("t", x_line + 20, y - 20), Arc.FRONT)


def test_arcs_reach_range_3_only():
    """Arcs extend to range 3: a ship dead ahead at 301 mm is in no arc, at 300 mm it is."""
    centre = ship("c", 400, 400)
    assert in_arc(centre, ship("t", 400, 400 + 20 + 300 + 20), Arc.FRONT)
    assert not in_arc(centre, ship("t", 400, 400 + 20 + 301 + 20), Arc.FRONT)


def test_what_lies_under_the_ship_is_in_none_of_its_arcs():
    """'The portion of any object that lies beneath a ship is not in any of those ship's
    arcs': an obstacle wholly under the base is in no arc; one sticking out in front is in
    the front arc at attack range 0."""
    large = ship("c", 400, 400, 0, BaseSize.LARGE)
    under = obstacle("rock", 400, 400, outline="core2asteroid3")  # about 55 across
    assert range_between(large, under) == 0
    assert not any(in_arc(large, under, arc) for arc in Arc)
    poking = obstacle("rock", 400, 430, outline="core2asteroid3")  # reaches past the front
    m = measure_arc(large, poking, Arc.FRONT)
    assert m.in_arc and m.range == 0
    assert not in_arc(large, poking, Arc.REAR)


def test_a_ship_is_not_in_its_own_arcs():
    """FAQ: 'Is a ship in its own firing arc?' No — its whole base lies under itself."""
    centre = ship("c", 400, 400)
    assert not any(in_arc(centre, centre, arc) for arc in Arc)


def test_bullseye_is_a_strip_the_width_of_the_ruler():
    """The bullseye arc is 14.79 mm wide along the centre line from the front edge: a ship
    whose nearest edge is 7 mm off the centre line is in it; 8 mm off, it is not (it is
    still in the front arc)."""
    centre = ship("c", 400, 400)
    assert in_arc(centre, ship("t", 400 + 7 + 20, 600), Arc.BULLSEYE)
    off = ship("u", 400 + 8 + 20, 600)
    assert not in_arc(centre, off, Arc.BULLSEYE) and in_arc(centre, off, Arc.FRONT)


def test_bullseye_is_inside_the_front_arc():
    """'If something is in a ship's bullseye arc, it is also in its front arc.'"""
    centre = ship("c", 400, 400, 33, BaseSize.LARGE)
    for k in range(36):
        target = ship("t", *polar(150, k * 10), k * 7)
        if in_arc(centre, target, Arc.BULLSEYE):
            assert in_arc(centre, target, Arc.FRONT)


@pytest.mark.parametrize("size", list(BaseSize))
def test_front_arc_angle_per_size(size):
    """The front arc's full angle is 81.24 (small), 82.80 (medium), 83.52 (large): a point
    just inside the arc line is in, just outside is not."""
    centre = ship("c", 400, 400, 0, size)
    half = FRONT_ARC_ANGLE[size] / 2
    from tallon.geometry.arcs import point_in_arc

    inside = polar(200, half - 0.01)
    outside = polar(200, half + 0.01)
    assert point_in_arc(centre, *inside, Arc.FRONT)
    assert not point_in_arc(centre, *outside, Arc.FRONT)


def test_turret_arcs_select_standard_arcs():
    """A single turret indicator selects the arc it points at; a double one that arc and
    the opposite one (RR: TURRET ARCS)."""
    assert turret_arcs(False, Arc.LEFT) == (Arc.LEFT,)
    assert set(turret_arcs(True, Arc.LEFT)) == {Arc.LEFT, Arc.RIGHT}
    assert set(turret_arcs(True, Arc.FRONT)) == {Arc.FRONT, Arc.REAR}
    with pytest.raises(ValueError):
        turret_arcs(False, Arc.BULLSEYE)


def test_in_front_behind_and_flanking():
    """'Behind', 'in front of' and 'flanking' from the full arcs and the midway line."""
    b = ship("b", 400, 400)
    assert relation(ship("a", 400, 550), b) is Relation.IN_FRONT
    assert relation(ship("a", 420, 250, 90), b) is Relation.BEHIND
    assert relation(ship("a", 500, 410), b) is Relation.FLANKING  # crosses the midway line
    assert relation(ship("a", 400, 800), b) is None  # beyond range 3


def test_touching_the_midway_line_is_not_crossing_it():
    """A base whose edge lies on the midway line doesn't cross it: in front of."""
    assert relation(ship("a", 500, 420), ship("b", 400, 400)) is Relation.IN_FRONT


def test_attack_range_is_measured_to_the_closest_point_in_the_arc(table_svg):
    """Rulebook (targeting): the X-wing is partly in the TIE fighter's front arc; the
    closest point of the X-wing in that arc is at range 2, so the attack range is 2,
    although the two ships are at range 1 for all other purposes."""
    tie = ship("tie", 400, 300)
    xwing = ship("xw", 520, 398)
    assert range_between(tie, xwing) == 1
    assert in_arc(tie, xwing, Arc.FRONT)
    assert attack_range(tie, xwing, Arc.FRONT) == 2
    assert attack_range(tie, xwing, Arc.RIGHT) == 1


def test_attack_at_range_0_is_attack_range_0():
    """'While attacking a ship at range 0, the attack range is always 0': touching ships,
    the defender only partly in the arc."""
    a = ship("a", 400, 400)
    b = ship("b", 440, 430)  # touching a's right edge; its upper part in a's front arc
    assert range_between(a, b) == 0
    m = measure_arc(a, b, Arc.FRONT)
    assert m.in_arc and m.range == 0


def test_not_in_arc_means_no_attack_range():
    assert attack_range(ship("a", 400, 400), ship("b", 400, 200), Arc.FRONT) is None
