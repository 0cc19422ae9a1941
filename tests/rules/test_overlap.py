"""RR: OVERLAP (partial execution), RR: BEARING (advanced maneuvers that can't be completed),
RR: SIDESLIP (partial sideslips) and the FAQ on the Tallon roll's positions."""

from __future__ import annotations

import math

import pytest

from tallon.geometry import BaseSize, Pose, Table, execute_maneuver
from tallon.geometry.overlap import max_penetration
from tallon.geometry.table import Ship
from tests.conftest import ship


def penetration_between(a: Ship, b: Ship) -> float:
    return max_penetration(a.overlap_pieces, b.overlap_pieces)


def assert_touching(a: Ship, b: Ship) -> None:
    """Touching: no overlap beyond the tolerance, and no gap beyond it either."""
    depth = penetration_between(a, b)
    assert -1e-6 <= depth <= 1e-6, depth


def test_full_execution_when_nothing_overlaps(table_svg):
    """A ship fully executes a maneuver when its final position overlaps no ship."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("b", 500, 300))))
    outcome = execute_maneuver(table, "a", "3F")
    assert outcome.fully_executed
    assert outcome.final == Pose(300, 300 + 160, 0)


def test_straight_bump_stops_guides_against_guides(table_svg):
    """Ships in line: the front guides of the moving ship meet the rear guides of the ship
    ahead. Front guides at y = 300 + 20 + 3.3, rear guides ahead at 410 - 20 - 3.3, so the
    ship backs to 63.4 mm of travel; it is touching, not overlapping."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("b", 300, 410))))
    outcome = execute_maneuver(table, "a", "2F")
    assert outcome.partial
    assert outcome.forced_by == ("b",)
    assert outcome.touching == ("b",)
    assert outcome.final.x == pytest.approx(300)
    assert outcome.final.y - 300 == pytest.approx(63.4, abs=1e-5)
    assert_touching(table.ship("a").at(outcome.final), table.ship("b"))


def test_offset_bump_stops_base_against_base(table_svg):
    """Ships offset sideways so the guides miss each other: the bases meet edge to edge
    (front edge at 300 + 20 + travel = rear edge 410 - 20, travel 70)."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("b", 335, 410))))
    outcome = execute_maneuver(table, "a", "2F")
    assert outcome.final.y - 300 == pytest.approx(70.0, abs=1e-5)
    assert_touching(table.ship("a").at(outcome.final), table.ship("b"))


def test_partial_may_leave_the_ship_where_it_started(table_svg):
    """'This may result in the ship not leaving its initial position': a ship already
    touching the ship in front of it can't move forward at all."""
    # a large ship whose rear edge touches the small ship's front edge (clear of its guides)
    blocker = ship("b", 353, 360, 0, BaseSize.LARGE)
    table = table_svg(Table(ships=(ship("a", 300, 300), blocker)))
    outcome = execute_maneuver(table, "a", "1F")
    assert outcome.partial
    assert outcome.final.y == pytest.approx(300, abs=1e-6)
    assert outcome.template is not None and outcome.template.empty


def test_rulebook_partial_example_touches_the_last_ship_backed_over(table_svg):
    """Rulebook, partial maneuvers: the X-wing's [2 straight] moves through the Y-wing
    and overlaps the TIE; backing up it overlaps the Y-wing, so it backs further and ends
    touching the Y-wing. The effect is that of the TIE, which initially forced it."""
    table = table_svg(Table(ships=(
        ship("xwing", 300, 300),
        ship("ywing", 310, 370, 0.0, BaseSize.SMALL),
        ship("tie", 290, 421, 0.0),
    )))
    outcome = execute_maneuver(table, "xwing", "2F")
    assert outcome.forced_by == ("tie",)
    assert outcome.touching[0] == "ywing"
    moved = table.ship("xwing").at(outcome.final)
    assert_touching(moved, table.ship("ywing"))
    assert penetration_between(moved, table.ship("tie")) < 0


def test_simultaneous_overlap_reports_every_ship(table_svg):
    """Simultaneous overlap of two ships: both forced the partial maneuver (the engine
    then applies the friendly-ship effect when one of them is friendly)."""
    table = table_svg(Table(ships=(
        ship("a", 300, 300), ship("b", 285, 400), ship("c", 318, 402),
    )))
    outcome = execute_maneuver(table, "a", "2F")
    assert set(outcome.forced_by) == {"b", "c"}


def off_centre_line(outcome, point: tuple[float, float]) -> float:
    """Distance of a point from the template's centre line, extended straight back behind
    its start and straight on beyond its end."""
    placed = outcome.full_template
    template = placed.template
    sector = placed.sector
    start = placed.start
    r, f = start.to_local(*point)
    if f <= 0:
        return abs(r)  # behind the start: the entry line
    end_r, end_f, end_h = template.end()
    end = start.moved(end_r, end_f, end_h)
    er, ef = end.to_local(*point)
    if ef >= 0:
        return abs(er)  # beyond the end: the exit line
    return abs(math.hypot(point[0] - sector.cx, point[1] - sector.cy) - template.radius)


@pytest.mark.parametrize("code", ["2N", "3N", "2Y", "3Y"])
def test_curved_partial_keeps_both_hashmarks_on_the_centre_line(code, table_svg):
    """Backing along a curved template, 'the hashmarks in the middle of both sets of guides
    remain centered over the line down the middle of the template'. A ship placed across
    the middle of the path stops the maneuver there; both hashmarks are on the centre-line
    circle, and the ship touches the blocker."""
    mover = ship("a", 300, 300)
    table = Table(ships=(mover,))
    full = execute_maneuver(table, "a", code)
    # a blocker across the front half of the final position
    spot = full.final.moved(right=5, forward=28, rotation=30)
    blocker = ship("b", spot.x, spot.y, spot.heading)
    table = table_svg(Table(ships=(mover, blocker)))
    outcome = execute_maneuver(table, "a", code)
    assert outcome.partial
    for hashmark in (outcome.final.to_world(0, -20), outcome.final.to_world(0, 20)):
        assert off_centre_line(outcome, hashmark) <= 1e-6
    assert_touching(table.ship("a").at(outcome.final), blocker)


def test_curved_partial_contact_is_solved_to_a_hundredth_of_a_millimetre(table_svg):
    """The contact is solved, not stepped: the final position touches the blocker within
    the tolerance, and moving 0.01 mm further along the path would overlap it."""
    mover = ship("a", 300, 300)
    blocker = ship("b", 345, 392, 45)
    table = table_svg(Table(ships=(mover, blocker)))
    outcome = execute_maneuver(table, "a", "2N")
    moved = mover.at(outcome.final)
    assert_touching(moved, blocker)
    # advance 0.01 mm further along the same path: it must overlap
    from tallon.geometry.path import ChordPath

    path = ChordPath(40.0, outcome.full_template.template)
    u = next(u for u in _candidates(path, outcome.final, mover.pose))
    r, f, h = path.pose(u + 0.01)
    further = mover.at(mover.pose.moved(r, f, h))
    assert penetration_between(further, blocker) > 1e-6


def _candidates(path, final: Pose, start: Pose):
    """The path parameter of a final pose (searched densely, then polished)."""
    best, best_d = 0.0, math.inf
    steps = 20000
    for k in range(steps + 1):
        u = path.full * k / steps
        r, f, h = path.pose(u)
        p = start.moved(r, f, h)
        d = math.hypot(p.x - final.x, p.y - final.y)
        if d < best_d:
            best, best_d = u, d
    lo, hi = max(0.0, best - path.full / steps), min(path.full, best + path.full / steps)
    for _ in range(80):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        p1 = start.moved(*path.pose(m1))
        p2 = start.moved(*path.pose(m2))
        if math.hypot(p1.x - final.x, p1.y - final.y) < math.hypot(p2.x - final.x,
                                                                    p2.y - final.y):
            hi = m2
        else:
            lo = m1
    yield (lo + hi) / 2


def test_koiogran_turn_that_overlaps_ends_facing_forward(table_svg):
    """A Koiogran turn that overlaps partially executes as a straight with the rear guides:
    it does not turn around (rulebook: if the ship cannot fully execute, it does not
    rotate 180 degrees)."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("b", 300, 440))))
    outcome = execute_maneuver(table, "a", "3K")
    assert outcome.partial
    assert outcome.final.heading == pytest.approx(0.0, abs=1e-9)
    assert outcome.forced_by == ("b",)


def test_segnors_loop_that_overlaps_does_not_turn_around(table_svg):
    """A Segnor's loop that overlaps partially executes as the bank: no 180 turn."""
    mover = ship("a", 300, 300)
    full = execute_maneuver(Table(ships=(mover,)), "a", "2N")
    table = table_svg(Table(ships=(mover, ship("b", full.final.x, full.final.y, 45))))
    outcome = execute_maneuver(table, "a", "2P")
    assert outcome.partial
    assert -10 < outcome.final.heading < 50


def test_tallon_roll_chooses_a_valid_position(table_svg):
    """FAQ: if the Tallon roll's middle position is blocked but another isn't, the ship
    fully executes at a valid position; asking for the blocked one is refused."""
    mover = ship("a", 300, 300)
    middle = execute_maneuver(Table(ships=(mover,)), "a", "2R", position="middle").final
    blocker = ship("b", middle.x - 9, middle.y + 38)  # clips only the middle/back spots
    table = table_svg(Table(ships=(mover, blocker)))
    outcome = execute_maneuver(table, "a", "2R")
    assert outcome.fully_executed
    assert outcome.position == "front"
    with pytest.raises(ValueError, match="must choose a valid position"):
        execute_maneuver(table, "a", "2R", position="middle")


def test_tallon_roll_with_every_position_blocked_falls_back_to_the_turn(table_svg):
    """All three positions overlap: partial execution along the turn, no extra 90 degrees."""
    mover = ship("a", 300, 300)
    middle = execute_maneuver(Table(ships=(mover,)), "a", "2R").final
    table = table_svg(Table(ships=(mover, ship("b", middle.x, middle.y, 0))))
    outcome = execute_maneuver(table, "a", "2R")
    assert outcome.partial
    assert outcome.final.heading < 91


def test_partial_sideslip_uses_the_side_centre_line(table_svg):
    """A sideslip that can't be completed backs along the template with the ship's
    left/right hashmarks on its centre line (RR: SIDESLIP)."""
    mover = ship("a", 300, 300)
    full = execute_maneuver(Table(ships=(mover,)), "a", "2B", sideslip=True)
    table = table_svg(Table(ships=(mover, ship("b", full.final.x + 15, full.final.y, 0))))
    outcome = execute_maneuver(table, "a", "2B", sideslip=True)
    assert outcome.partial
    for side in (-20, 20):
        assert off_centre_line(outcome, outcome.final.to_world(side, 0)) <= 1e-6


def test_reverse_maneuver_bump_backs_towards_the_start(table_svg):
    """A reverse straight that overlaps stops touching the ship behind: here the mover's
    rear guide (x 310-313) meets the front edge of the ship behind (y 220), so the mover's
    centre stops at 220 + 3.3 + 20."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("b", 310, 200))))
    outcome = execute_maneuver(table, "a", "2S")
    assert outcome.partial
    assert outcome.final.y == pytest.approx(243.3, abs=1e-5)
    assert outcome.final.heading == pytest.approx(0.0)


def test_even_a_partial_maneuver_keeps_its_speed_and_bearing():
    """'Even if a ship partially executes a maneuver, it is still treated as having
    executed a maneuver of the indicated speed, bearing and difficulty': the outcome keeps
    the full template it was flown with."""
    table = Table(ships=(ship("a", 300, 300), ship("b", 300, 410)))
    outcome = execute_maneuver(table, "a", "3NR".replace("R", ""))
    assert outcome.full_template is not None
    assert outcome.full_template.template.label == "[3 bank right]"


@pytest.mark.parametrize("size", [BaseSize.MEDIUM, BaseSize.LARGE])
def test_medium_and_large_bumps_touch(size, table_svg):
    """Partial execution works the same for every base size."""
    mover = ship("a", 300, 300, 0, size)
    table = table_svg(Table(ships=(mover, ship("b", 360, 430, 20, size))))
    outcome = execute_maneuver(table, "a", "2N")
    assert outcome.partial
    assert_touching(mover.at(outcome.final), table.ship("b"))


def test_ship_starting_in_contact_within_the_tolerance_can_stay_put(table_svg):
    """Regression (found by the simple agent): a ship that starts touching another ship,
    penetrating it by less than the tolerance (as a previous partial maneuver leaves it),
    and whose whole [1 turn] path overlaps that ship, stays where it started."""
    mover = ship("p2.1", 466.918831, 372.806025, 45.0)
    neighbour = ship("p2.2", 515.478755, 356.492482, 271.697584)
    table = table_svg(Table(ships=(mover, neighbour)))
    assert abs(penetration_between(mover, neighbour)) <= 1e-6
    outcome = execute_maneuver(table, "p2.1", "1Y")
    assert outcome.partial
    right, forward, turned = outcome.final.relative_to(mover.pose)
    assert math.hypot(right, forward) < 0.01 and abs(turned) < 0.01
    assert_touching(mover.at(outcome.final), neighbour)


def test_refining_the_contact_from_a_position_clear_of_every_ship_still_touches(table_svg):
    """The contact is bracketed from a position so far back that no ship is within reach
    (nothing to interpolate from there): the ship still ends touching the blocker, not
    short of it."""
    mover = Ship("a", Pose(585.855329615048, 371.1011216039619, 311.642367507923),
                 BaseSize.MEDIUM)
    blocker = ship("b", 467.9845439118245, 361.7197478037314, 70.3075768608925)
    table = table_svg(Table(ships=(mover, blocker)))
    outcome = execute_maneuver(table, "a", "1N", sideslip=True)
    assert outcome.partial
    assert outcome.touching == ("b",)
    assert_touching(mover.at(outcome.final), blocker)
