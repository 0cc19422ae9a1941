"""The geometric building blocks: poses, convex polygons, annular sectors, convex
decomposition, the chord path and the obstacle catalogue."""

from __future__ import annotations

import math

import pytest

from tallon.geometry import (
    ObstacleType,
    Pose,
    Template,
    TemplateKind,
    device_outlines,
    obstacle_outline,
    obstacle_outlines,
)
from tallon.geometry.decompose import convex_pieces
from tallon.geometry.path import ChordPath
from tallon.geometry.polygons import (
    clip,
    closest_set,
    distance,
    penetration,
    segment_enters,
    signed_area,
)
from tallon.geometry.templates import Direction

SQUARE = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))


def shifted(poly, dx, dy):
    return tuple((x + dx, y + dy) for x, y in poly)


def test_pose_local_and_world_round_trip():
    """Local (right, forward) and world coordinates convert both ways; heading 90 faces +x."""
    pose = Pose(100, 200, 90)
    assert pose.to_world(0, 10) == pytest.approx((110, 200))
    assert pose.to_world(10, 0) == pytest.approx((100, 190))
    assert pose.to_local(*pose.to_world(3, 7)) == pytest.approx((3, 7))
    assert Pose(0, 0, 350).rotated(20).heading == pytest.approx(10)


def test_penetration_is_depth_when_overlapping_and_gap_bound_when_apart():
    assert penetration(SQUARE, shifted(SQUARE, 7, 0)) == pytest.approx(3)
    assert penetration(SQUARE, shifted(SQUARE, 13, 0)) == pytest.approx(-3)
    assert penetration(SQUARE, shifted(SQUARE, 10, 0)) == pytest.approx(0)


def test_distance_between_convex_polygons():
    assert distance(SQUARE, shifted(SQUARE, 13, 4)) == pytest.approx(3)
    assert distance(SQUARE, shifted(SQUARE, 13, 14)) == pytest.approx(5)
    assert distance(SQUARE, shifted(SQUARE, 5, 5)) == 0.0


def test_closest_set_finds_the_family_of_tied_lines():
    """Two squares with facing parallel edges overlapping over 6 mm: the closest pairs form
    a family along that 6 mm."""
    family = closest_set(SQUARE, shifted(SQUARE, 4, 15))
    assert family.distance == pytest.approx(5)
    assert not family.unique
    xs = sorted((family.a0[0], family.a1[0]))
    assert xs == pytest.approx([4, 10])
    corner = closest_set(SQUARE, shifted(SQUARE, 13, 14))
    assert corner.unique and corner.segment[0] == pytest.approx((10, 10))


def test_clip_keeps_the_part_inside_half_planes():
    half = clip(SQUARE, ((1.0, 0.0, -5.0),))  # x >= 5
    assert abs(signed_area(half)) == pytest.approx(50)


def test_segment_enters_requires_the_interior():
    assert segment_enters(-5, 5, 15, 5, SQUARE)
    assert not segment_enters(-5, 10, 15, 10, SQUARE)  # along the top edge
    assert not segment_enters(-5, 15, 15, 15, SQUARE)


def test_sector_template_shape_and_contact():
    """A [2 bank right] laid from the origin: its inner and outer radii are 120 and 140,
    and a point on the centre line half-way is inside it."""
    placed = Template(TemplateKind.BANK, 2, Direction.RIGHT).place(Pose(0, 0, 0))
    s = placed.sector
    assert (s.r_in, s.r_out) == (120, 140)
    r, f, _ = placed.template.centre_point(placed.template.length / 2)
    assert s.contains(r, f)
    assert not s.contains(-15, 20)  # beyond the template's left edge at -10
    square = shifted(((-3, -3), (3, -3), (3, 3), (-3, 3)), r, f)
    assert placed.overlaps_polygon(square)
    assert placed.first_contact(square) == pytest.approx(placed.template.length / 2, abs=4)


def test_straight_template_rectangle_and_first_contact():
    placed = Template(TemplateKind.STRAIGHT, 3).place(Pose(0, 0, 0))
    assert placed.polygon == ((-10, 0), (10, 0), (10, 120), (-10, 120))
    assert placed.first_contact(shifted(SQUARE, -5, 50)) == pytest.approx(50)


def test_templates_refuse_speeds_that_do_not_exist():
    with pytest.raises(ValueError, match="no speed 4 bank"):
        Template(TemplateKind.BANK, 4, Direction.LEFT)


def test_convex_decomposition_covers_the_polygon():
    """An L shape is cut into convex pieces whose areas add up to the whole."""
    ell = ((0, 0), (20, 0), (20, 10), (10, 10), (10, 30), (0, 30))
    pieces = convex_pieces(ell)
    assert len(pieces) >= 2
    assert sum(abs(signed_area(p)) for p in pieces) == pytest.approx(abs(signed_area(ell)))


def test_obstacle_catalogue_has_six_of_each_kind_at_real_sizes():
    """At least six asteroids, debris clouds and gas clouds, 40-100 mm across, each cut into
    convex pieces that cover its outline exactly."""
    outlines = obstacle_outlines()
    for kind in (ObstacleType.ASTEROID, ObstacleType.DEBRIS_CLOUD, ObstacleType.GAS_CLOUD):
        assert sum(o.type is kind for o in outlines.values()) >= 6
    for o in outlines.values():
        assert 40 <= o.extent <= 100, o.id
        assert sum(abs(signed_area(p)) for p in o.pieces) == pytest.approx(o.area)
    assert obstacle_outline("core2asteroid0").type is ObstacleType.ASTEROID
    with pytest.raises(KeyError, match="known ids"):
        obstacle_outline("moon")
    assert "bomb" in device_outlines()


@pytest.mark.parametrize("kind,speed", [(TemplateKind.BANK, 1), (TemplateKind.TURN, 1),
                                        (TemplateKind.TURN, 3)])
@pytest.mark.parametrize("length", [40.0, 60.0, 80.0])
def test_chord_path_is_continuous_and_keeps_hashmarks_a_base_apart(kind, speed, length):
    """Along the whole path the base moves continuously and its two hashmarks stay exactly
    one base length apart, from the start (u = 0) to the full maneuver."""
    path = ChordPath(length, Template(kind, speed, Direction.RIGHT))
    assert path.pose(0.0) == pytest.approx((0, 0, 0))
    prev = path.pose(0.0)
    steps = 2000
    for k in range(1, steps + 1):
        cur = path.pose(path.full * k / steps)
        assert math.hypot(cur[0] - prev[0], cur[1] - prev[1]) <= 1.5 * path.full / steps
        prev = cur


@pytest.mark.parametrize("direction", [Direction.LEFT, Direction.RIGHT])
def test_first_contact_is_never_negative_even_for_a_sliver_of_template(direction):
    """A partial maneuver can count a few micrometres of a curved template; the contact
    along it is still measured from its start (0 at the earliest)."""
    placed = Template(TemplateKind.BANK, 1, direction).place(Pose(0, 0, 0), 2e-6)
    square = ((-15.0, -5.0), (15.0, -5.0), (15.0, 5.0), (-15.0, 5.0))
    contact = placed.first_contact(square)
    assert contact is None or contact >= 0.0


def test_outcomes_built_in_one_go_are_ordinary_frozen_outcomes():
    """execute_maneuver fills a MoveOutcome's fields at once; the result equals the one
    the constructor makes, is still frozen, and pickles."""
    import dataclasses
    import pickle

    from tallon.geometry.movement import MoveOutcome, _outcome

    start, final = Pose(1, 2, 3), Pose(4, 5, 6)
    values = ("a", start, final, False, None, None, ("b",), ("b",), ("c",), ("d",), True,
              "front", ("d",))
    fast, slow = _outcome(*values), MoveOutcome(*values)
    assert fast == slow and hash(repr(fast)) == hash(repr(slow))
    assert fast.partial and fast.relative() == slow.relative()
    assert pickle.loads(pickle.dumps(fast)) == slow
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.fled = False  # type: ignore[misc]


def test_sectors_and_placed_templates_built_in_one_go_are_ordinary():
    """Template placement fills AnnularSector's and PlacedTemplate's fields at once; the
    results are the objects their constructors make (every field set, frozen, picklable)."""
    import dataclasses
    import pickle

    from tallon.geometry.sector import AnnularSector
    from tallon.geometry.templates import PlacedTemplate

    args = (1.0, 2.0, 70.0, 90.0, -0.5, 0.25, True)
    fast = AnnularSector.of(*args)
    assert fast == AnnularSector(*args) and hash(fast) == hash(AnnularSector(*args))
    assert pickle.loads(pickle.dumps(fast)) == fast
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.cx = 0.0  # type: ignore[misc]
    for template in (Template(TemplateKind.TURN, 2, Direction.LEFT),
                     Template(TemplateKind.STRAIGHT, 2)):
        placed = template.place(Pose(10, 20, 33), 30.0)
        slow = PlacedTemplate(placed.template, placed.start, placed.used_length,
                              placed.polygon, placed.sector)
        for field in dataclasses.fields(PlacedTemplate):
            assert getattr(placed, field.name) == getattr(slow, field.name)
        assert placed.circle == slow.circle
        assert placed.first_contact(SQUARE) == slow.first_contact(SQUARE)


def test_rectangle_first_contact_with_the_polygons_own_normals_is_the_same():
    """Passing an obstacle piece's cached edge normals (as template contacts do) gives the
    first contact the template finds without them."""
    import random

    from tallon.geometry import Obstacle

    rng = random.Random(7)
    template = Template(TemplateKind.STRAIGHT, 3)
    compared = 0
    for _ in range(300):
        rock = Obstacle("rock", Pose(rng.uniform(-60, 60), rng.uniform(-20, 160),
                                     rng.uniform(0, 360)),
                        rng.choice(["core2asteroid0", "core2debris1", "gascloud2"]))
        placed = template.place(Pose(0, 0, rng.uniform(-5, 5)), rng.uniform(20, 120))
        for _, (piece, normals) in rock.piece_axes:
            plain, cached = placed.first_contact(piece), placed.first_contact(piece, normals)
            assert (plain is None) == (cached is None)
            if plain is not None:
                compared += 1
                assert cached == pytest.approx(plain, abs=1e-9)
    assert compared > 50
