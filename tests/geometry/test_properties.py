"""Property tests (hypothesis): symmetries and invariants of the table geometry."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tallon.geometry import (
    Arc,
    BaseSize,
    Maneuver,
    Obstacle,
    PlayArea,
    Pose,
    Ship,
    Table,
    barrel_roll,
    boost,
    execute_maneuver,
    in_arc,
    measure_arc,
    object_distance,
)
from tallon.geometry.overlap import max_penetration, ships_overlapped
from tallon.geometry.path import ChordPath

BIG = PlayArea(100000.0, 100000.0)
CENTRE = 50000.0
MIRROR = {"B": "N", "N": "B", "T": "Y", "Y": "T", "L": "P", "P": "L", "E": "R", "R": "E",
          "A": "D", "D": "A"}
CODES = ["1F", "2F", "5F", "1B", "2N", "3B", "1T", "2Y", "3T", "4K", "2L", "3P", "1E",
         "2R", "1S", "2A", "1D", "0O"]

sizes = st.sampled_from(list(BaseSize))
codes = st.sampled_from(CODES)
coords = st.floats(-150, 150)
headings = st.floats(0, 360, exclude_max=True)

PROPS = settings(max_examples=120, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])


def blockers():
    return st.lists(st.tuples(coords, coords, headings, sizes), min_size=0, max_size=3)


def table_with(size, heading, others, obstacles=()) -> Table | None:
    mover = Ship("m", Pose(CENTRE, CENTRE, heading), size)
    ships = [mover]
    for k, (dx, dy, h, s) in enumerate(others):
        ships.append(Ship(f"b{k}", Pose(CENTRE + dx, CENTRE + dy, h), s))
    table = Table(ships=tuple(ships), obstacles=tuple(obstacles), area=BIG)
    # the starting layout must be legal: no two ships overlap
    for ship in table.ships:
        if ships_overlapped(table, ship):
            return None
    return table


def mirror_pose(p: Pose) -> Pose:
    return Pose(2 * CENTRE - p.x, p.y, -p.heading % 360)


def mirror_code(code: str) -> str:
    return code[0] + MIRROR.get(code[1], code[1])


@PROPS
@given(sizes, headings, codes, blockers())
def test_left_and_right_mirror_each_other(size, heading, code, others):
    """Mirroring the table left-for-right and flying the mirrored maneuver gives the
    mirrored result, partial maneuvers included (bases and guides are symmetric)."""
    table = table_with(size, heading, others)
    assume(table is not None)
    mirrored = Table(ships=tuple(s.at(mirror_pose(s.pose)) for s in table.ships), area=BIG)
    a = execute_maneuver(table, "m", code)
    b = execute_maneuver(mirrored, "m", mirror_code(code),
                         position={"front": "front", "back": "back"}.get(a.position or "",
                                                                         a.position))
    expected = mirror_pose(a.final)
    assert math.hypot(b.final.x - expected.x, b.final.y - expected.y) < 1e-5
    assert abs(math.remainder(b.final.heading - expected.heading, 360)) < 1e-5
    assert a.fully_executed == b.fully_executed
    assert set(a.forced_by) == set(b.forced_by)


def moved_table(table: Table, dx: float, dy: float, turn: float) -> Table:
    def move(p: Pose) -> Pose:
        r = math.radians(turn)
        x, y = p.x - CENTRE, p.y - CENTRE
        # rotate clockwise by `turn` about the centre, then translate
        nx = x * math.cos(r) + y * math.sin(r)
        ny = -x * math.sin(r) + y * math.cos(r)
        return Pose(CENTRE + nx + dx, CENTRE + ny + dy, (p.heading + turn) % 360)

    return Table(ships=tuple(s.at(move(s.pose)) for s in table.ships),
                 obstacles=tuple(Obstacle(o.id, move(o.pose), o.outline_id)
                                 for o in table.obstacles), area=BIG), move


@PROPS
@given(sizes, headings, codes, blockers(), st.floats(-5000, 5000), st.floats(-5000, 5000),
       headings, st.sampled_from(["core2asteroid1", "core2debris0", "gascloud3"]),
       coords, coords)
def test_moving_or_turning_the_whole_table_changes_nothing(size, heading, code, others, dx,
                                                           dy, turn, outline, ox, oy):
    """Moving and rotating the whole table moves and rotates every result with it: final
    positions, full/partial, what was moved through and overlapped, range and arcs."""
    rock = Obstacle("rock", Pose(CENTRE + ox, CENTRE + oy, 0.0), outline)
    table = table_with(size, heading, others, (rock,))
    assume(table is not None)
    turned, move = moved_table(table, dx, dy, turn)
    a = execute_maneuver(table, "m", code)
    b = execute_maneuver(turned, "m", code, position=a.position)
    expected = move(a.final)
    assert math.hypot(b.final.x - expected.x, b.final.y - expected.y) < 1e-5
    assert a.fully_executed == b.fully_executed
    assert a.moved_through == b.moved_through and a.overlapping == b.overlapping
    for other in table.ships[1:]:
        assert abs(object_distance(table.ship("m"), other)
                   - object_distance(turned.ship("m"), turned.ship(other.id))) < 1e-6
        for arc in (Arc.FRONT, Arc.RIGHT, Arc.BULLSEYE, Arc.FULL_REAR):
            assert in_arc(table.ship("m"), other, arc) == in_arc(turned.ship("m"),
                                                                 turned.ship(other.id), arc)


@PROPS
@given(sizes, headings, codes, blockers())
def test_partial_maneuver_ends_touching_and_never_overlapping(size, heading, code, others):
    """After any maneuver the ship overlaps no other ship; after a partial one it touches
    the ship it last backed over (or never left its start)."""
    table = table_with(size, heading, others)
    assume(table is not None)
    outcome = execute_maneuver(table, "m", code)
    moved = table.ship("m").at(outcome.final)
    for other in table.ships[1:]:
        assert max_penetration(moved.overlap_pieces, other.overlap_pieces) <= 1e-6
    if outcome.partial and outcome.final != table.ship("m").pose:
        assert outcome.touching
        stopper = table.ship(outcome.touching[0])
        assert abs(max_penetration(moved.overlap_pieces, stopper.overlap_pieces)) <= 1e-6


@PROPS
@given(sizes, headings, sizes, coords, coords, headings)
def test_range_is_symmetric_and_attack_range_never_shorter(size_a, h_a, size_b, x, y, h_b):
    """Range from A to B equals range from B to A, and an attack range (to the part in the
    arc) is never shorter than the range; the bullseye lies in the front arc, which lies in
    the full front arc."""
    a = Ship("a", Pose(CENTRE, CENTRE, h_a), size_a)
    b = Ship("b", Pose(CENTRE + x * 2, CENTRE + y * 2, h_b), size_b)
    assert abs(object_distance(a, b) - object_distance(b, a)) < 1e-9
    for arc in Arc:
        m = measure_arc(a, b, arc)
        if m.in_arc:
            assert m.distance + 1e-9 >= object_distance(a, b)
    if in_arc(a, b, Arc.BULLSEYE):
        assert in_arc(a, b, Arc.FRONT)
    if in_arc(a, b, Arc.FRONT):
        assert in_arc(a, b, Arc.FULL_FRONT)


@PROPS
@given(sizes, headings, st.sampled_from(["front", "middle", "back"]))
def test_barrel_rolls_mirror(size, heading, position):
    """A roll to the left is the mirror image of a roll to the right."""
    table = Table(ships=(Ship("m", Pose(CENTRE, CENTRE, heading), size),), area=BIG)
    left = barrel_roll(table, "m", "left", position).relative()
    right = barrel_roll(table, "m", "right", position).relative()
    assert abs(left[0] + right[0]) < 1e-9 and abs(left[1] - right[1]) < 1e-9


@PROPS
@given(sizes, headings, st.sampled_from([("left", "1T"), ("right", "1Y")]))
def test_turn_boosts_land_where_the_turn_maneuver_does(size, heading, turn):
    """A boost with a [1 turn] template (Daredevil) is placed as the [1 turn] maneuver
    places the ship: template at the front guides, rear guides at its end (RR: BOOST)."""
    direction, code = turn
    table = Table(ships=(Ship("m", Pose(CENTRE, CENTRE, heading), size),), area=BIG)
    boosted = boost(table, "m", direction, turn=True).relative()
    flown = execute_maneuver(table, "m", Maneuver.parse(code)).final.relative_to(
        table.ship("m").pose)
    assert all(abs(a - b) < 1e-9 for a, b in zip(boosted, flown, strict=True))


@PROPS
@given(codes)
def test_every_code_round_trips(code):
    assert Maneuver.parse(code).code == code


CURVED = ["1B", "2N", "3B", "1T", "2Y", "3T", "2L", "3P", "1E", "2R", "2A", "1D"]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(sizes, headings, st.sampled_from(CURVED), st.booleans(), st.floats(0.5, 1.0),
       st.floats(-40, 40), st.floats(-40, 40), headings, sizes, blockers())
def test_curved_partial_stops_at_the_first_free_position(size, heading, code, slip, where,
                                                          dx, dy, turn, size_b, others):
    """Backing along a curved template, every position between the full maneuver and the
    final one overlaps a ship: the solver never steps over a free position (sampled every
    0.2 mm of travel). A blocker is put near the path so that most maneuvers bump."""
    maneuver = Maneuver.parse(code)
    slip = slip and maneuver.bearing.can_sideslip
    plan = maneuver.plan(slip)
    mover = Ship("m", Pose(CENTRE, CENTRE, heading), size)
    path = ChordPath(mover.base.length, plan.template)
    virtual = mover.pose.rotated(plan.frame_rotation)

    def pose_at(u: float) -> Pose:
        r, f, h = path.pose(u)
        return virtual.moved(r, f, h).rotated(-plan.frame_rotation)

    spot = pose_at(where * path.full)
    blocker = (spot.x + dx - CENTRE, spot.y + dy - CENTRE, turn, size_b)
    table = table_with(size, heading, [blocker, *others])
    assume(table is not None)
    outcome = execute_maneuver(table, "m", maneuver, sideslip=slip)
    assume(outcome.partial)
    # the final position's travel: the nearest of a fine sample
    samples = [path.full * k / 2000 for k in range(2001)]
    u_final = min(samples, key=lambda u: math.dist(pose_at(u)[:2], outcome.final[:2]))
    assert math.dist(pose_at(u_final)[:2], outcome.final[:2]) <= path.full / 1000
    u = path.full
    while u > u_final + path.full / 1000:
        moved = mover.at(pose_at(u))
        assert any(max_penetration(moved.overlap_pieces, other.overlap_pieces) > 0.0
                   for other in table.ships[1:]), u
        u -= 0.2
