"""RR: APPENDIX: HUGE SHIPS - huge bases, the huge ship maneuver tool (straight, bank, 0-speed
bank, stop), overlapping huge ships (one speed lower, repeated), overlapping standard ships
and obstacles, placing picked-up ships in the full rear arc at range 0-1, the arcs of a
rectangular base and attack range 4-5.

The tool's figures are those of geometry/constants.py (mostly estimates, see
docs/geometry.md, Huge ships); the tests check the movement against them, so a changed
figure moves the ships with it."""

from __future__ import annotations

import math

import pytest

from tallon.geometry import (
    Arc,
    BaseSize,
    Maneuver,
    Obstacle,
    Pose,
    Ship,
    Table,
    in_arc,
    measure_arc,
    range_between,
)
from tallon.geometry.arcs import huge_front_arc_angle
from tallon.geometry.bases import base_shape
from tallon.geometry.constants import (
    GUIDE_DEPTH,
    HUGE_BANK_ANGLE,
    HUGE_BANK_FIRST_STEP,
    HUGE_BANK_STEP,
    HUGE_BANK_STEP_IN,
    HUGE_BASE_LONG,
    HUGE_BASE_SHORT,
    HUGE_STRAIGHT_PER_SPEED,
)
from tallon.geometry.huge import (
    execute_huge_maneuver,
    huge_maneuver,
    huge_offset,
    lower_speed,
    placement_overlaps,
    rear_arc_placement_problems,
    rear_arc_placements,
    resolve_huge_overlap,
)
from tallon.geometry.table import HugeShip

START = Pose(300, 300, 0)


def cr90(ship_id: str = "cr90", pose: Pose = START) -> HugeShip:
    return HugeShip.of_type(ship_id, pose, "cr90corelliancorvette")


def raider(ship_id: str = "raider", pose: Pose = START) -> HugeShip:
    return HugeShip.of_type(ship_id, pose, "raiderclasscorvette")


def corner(ship: Ship, side: float) -> tuple[float, float]:
    """The front corner of a base on its right (side 1) or left (side -1), world."""
    return ship.pose.to_world(side * ship.base.half_width, ship.base.half)


# ------------------------------------------------------------------------------ bases
def test_huge_bases_are_rectangles_80_wide_of_their_types_length():
    """RR: SHIP SIZES, huge ships: a CR90's base is 80 x 225, a GR-75's 80 x 195 (project
    geometry notes); the base has front and rear guides, counted for overlap only."""
    big = cr90()
    small = HugeShip.of_type("gr75", Pose(600, 300, 0), "gr75mediumtransport")
    assert (big.base.half_width, big.base.length) == (40.0, HUGE_BASE_LONG) == (40.0, 225.0)
    assert small.base.length == HUGE_BASE_SHORT == 195.0
    assert big.huge and not Ship("x", Pose(0, 0, 0)).huge
    assert len(big.base.guides) == 4
    front_guide_tip = max(y for g in big.base.guides for _, y in g)
    assert front_guide_tip == pytest.approx(112.5 + GUIDE_DEPTH)
    with pytest.raises(KeyError, match="no huge base known"):
        HugeShip.of_type("x", Pose(0, 0, 0), "t65xwing")


def test_a_ship_beside_a_huge_base_is_measured_from_its_long_side():
    """RR: RANGE - range is measured from the closest point: a small ship 50 mm off the
    CR90's side, level with its rear quarter, is at range 1 (not measured from a square)."""
    table = Table(ships=(cr90(), Ship("xw", Pose(300 + 40 + 50 + 20, 300 - 80, 0))))
    assert range_between(table.get("cr90"), table.get("xw")) == 1


def test_square_bases_keep_their_measures():
    """Standard bases are unchanged: half width equals half length and the corner radius is
    half a diagonal, exactly as before."""
    for size in BaseSize:
        shape = base_shape(size)
        assert shape.half_width == shape.half
        assert shape.corner_radius == shape.half * math.sqrt(2.0)
        assert not shape.huge


# ----------------------------------------------------------------------- maneuvers
def test_huge_maneuvers_are_straight_bank_and_stop():
    """RR: APPENDIX: HUGE SHIPS, RR: MOVEMENT - huge ships fly only straight [0-5], bank [0-3]
    and stop [0]; a speed 0 bank is a huge ship's maneuver (templates refuse it)."""
    assert huge_maneuver("0N").speed == 0
    with pytest.raises(ValueError, match="huge ships only"):
        Maneuver.parse("0N")
    for bad in ("2T", "3Y", "4N", "1E"):
        with pytest.raises(ValueError):
            huge_maneuver(bad)


def test_two_straight_moves_the_centre_line_two_speed_lines():
    """RR: APPENDIX: HUGE SHIPS, RR: STRAIGHT MANEUVERS - the ship's centre line moves from the
    tool's speed 0 line to its speed 2 line: the centre moves 2 x 40 mm forward, facing
    unchanged, whatever the ship's heading."""
    table = Table(ships=(cr90(pose=Pose(400, 300, 30)),))
    move = execute_huge_maneuver(table, "cr90", "2F")
    assert move.relative() == pytest.approx((0.0, 2 * HUGE_STRAIGHT_PER_SPEED, 0.0))
    assert move.final.heading == pytest.approx(30.0)


def test_one_bank_right_puts_the_front_right_corner_in_the_speed_1_corner():
    """RR: APPENDIX: HUGE SHIPS, RR: BANK MANEUVERS - after a [1 bank right] the ship has turned
    45 degrees right and its front right corner is in the tool's speed 1 corner: 33 mm
    along the new facing from where that corner was. On an 80 mm base this is the TTS mod's
    (6.766, 63.335)."""
    table = Table(ships=(cr90(),))
    ship = table.ship("cr90")
    move = execute_huge_maneuver(table, "cr90", "1N")
    assert move.final.heading == pytest.approx(HUGE_BANK_ANGLE)
    moved = ship.at(move.final)
    start_corner = corner(ship, 1)
    end_corner = corner(moved, 1)
    a = math.radians(HUGE_BANK_ANGLE)
    expected = (start_corner[0] + HUGE_BANK_FIRST_STEP * math.sin(a),
                start_corner[1] + HUGE_BANK_FIRST_STEP * math.cos(a))
    assert end_corner == pytest.approx(expected)
    assert huge_offset("1N", 80.0)[:2] == pytest.approx((6.766, 63.335), abs=1e-3)


def test_higher_bank_speeds_step_along_the_jagged_edge():
    """Each further speed's corner is 40 mm further along the new facing and 10 mm in
    (towards the ship's centre line: to the right, for a left bank): a [3 bank left] ends
    turned 45 degrees left with its front left corner there."""
    table = Table(ships=(raider(),))
    ship = table.ship("raider")
    two = ship.at(execute_huge_maneuver(table, "raider", "2B").final)
    three = ship.at(execute_huge_maneuver(table, "raider", "3B").final)
    assert three.pose.heading == pytest.approx(360 - HUGE_BANK_ANGLE)
    step = three.pose.to_local(*corner(three, -1))
    back = three.pose.to_local(*corner(two, -1))
    assert (step[0] - back[0], step[1] - back[1]) == pytest.approx(
        (HUGE_BANK_STEP_IN, HUGE_BANK_STEP))


def test_zero_speed_bank_turns_about_the_front_corner():
    """RR: APPENDIX: HUGE SHIPS - a speed 0 bank aligns the front edge with the tool's speed
    0 line: the ship turns 45 degrees with its front corner on the bank's side in place."""
    table = Table(ships=(cr90(),))
    ship = table.ship("cr90")
    right = ship.at(execute_huge_maneuver(table, "cr90", "0N").final)
    left = ship.at(execute_huge_maneuver(table, "cr90", "0B").final)
    assert right.pose.heading == pytest.approx(45.0)
    assert left.pose.heading == pytest.approx(315.0)
    assert corner(right, 1) == pytest.approx(corner(ship, 1))
    assert corner(left, -1) == pytest.approx(corner(ship, -1))


def test_stop_is_the_stationary_maneuver():
    """RR: APPENDIX: HUGE SHIPS, RR: STATIONARY MANEUVER - [0 stop] leaves the ship in place."""
    table = Table(ships=(cr90(),))
    move = execute_huge_maneuver(table, "cr90", "0O")
    assert move.final == Pose(300, 300, 0)


def test_trident_reverse_and_koiogran_use_the_straight_edge():
    """The Trident's dial has [1 reverse straight] and [4 Koiogran turn] (card data), which
    the appendix doesn't describe; ruling: the straight edge backwards, and forwards then
    turned 180 degrees about the centre."""
    assert huge_offset("1S", 195) == pytest.approx((0.0, -40.0, 0.0))
    assert huge_offset("4K", 195) == pytest.approx((0.0, 160.0, 180.0))


# ---------------------------------------------------------------------- overlapping
def test_overlapping_a_huge_ship_flies_one_speed_lower():
    """RR: APPENDIX: HUGE SHIPS, RR: OVERLAPPING HUGE SHIPS (Fig. 2) - the Raider's [2 bank
    right] would overlap the CR90, so it executes the [1 bank right], which doesn't; the
    CR90 is the huge ship it overlapped."""
    table = Table(ships=(raider(), cr90(pose=Pose(420, 560, 90))))
    result = resolve_huge_overlap(table, "raider", "2N")
    assert [a.maneuver.code for a in result.attempts] == ["2N", "1N"]
    assert result.attempts[0].huge_ships == ("cr90",)
    assert result.executed.huge_ships == ()
    assert result.executed.final == execute_huge_maneuver(table, "raider", "1N").final
    assert result.huge_ships_overlapped == ("cr90",)


def test_lowering_ends_with_a_stationary_maneuver_after_a_speed_0_bank():
    """RR: APPENDIX: HUGE SHIPS - the process repeats, "executing a stationary maneuver if it
    was executing a speed 0 bank": a CR90 across the Raider's bow blocks every bank, so it
    stays where it was."""
    table = Table(ships=(raider(), cr90(pose=Pose(300, 460, 90))))
    result = resolve_huge_overlap(table, "raider", "2N")
    assert [a.maneuver.code for a in result.attempts] == ["2N", "1N", "0N", "0O"]
    assert result.executed.final == Pose(300, 300, 0)
    assert lower_speed("1F").code == "0O" and lower_speed("0O") is None


def test_standard_ships_overlapped_are_reported_and_never_moved_through():
    """RR: APPENDIX: HUGE SHIPS, RR: OVERLAPPING STANDARD SHIPS, and the FAQ - the final base
    overlaps the X-wing at the end of a [4 straight]; the TIE beside the CR90's right edge,
    where the tool lies, is not met: only the final base counts, nothing is "moved
    through"."""
    hull = cr90()
    end = 300 + 4 * HUGE_STRAIGHT_PER_SPEED + 112.5
    table = Table(ships=(hull, Ship("xw", Pose(300, end, 0)),
                         Ship("tie", Pose(380, 300 + 112.5 + 30, 0))))
    move = execute_huge_maneuver(table, "cr90", "4F")
    assert move.standard_ships == ("xw",)
    assert move.huge_ships == ()


def test_obstacles_overlapped_and_fleeing():
    """RR: APPENDIX: HUGE SHIPS, RR: OVERLAPPING OBSTACLES - the asteroid under the final base is
    reported; a ship whose final base leaves the play area flees (RR: FLEE)."""
    table = Table(ships=(cr90(),), obstacles=(Obstacle("rock", Pose(300, 520, 0)),))
    move = execute_huge_maneuver(table, "cr90", "3F")
    assert move.obstacles == ("rock",) and not move.fled
    edge = Table(ships=(cr90(pose=Pose(300, 914.4 - 130, 0)),))
    assert execute_huge_maneuver(edge, "cr90", "1F").fled


# ------------------------------------------------------------- placing picked-up ships
def test_placement_in_the_full_rear_arc_at_range_0_1():
    """RR: APPENDIX: HUGE SHIPS, RR: OVERLAPPING STANDARD SHIPS (Fig. 3b) - a picked-up ship is
    placed in the huge ship's full rear arc at range 0-1. Ruling: wholly behind the midway
    line, within range 1, overlapping no ship, inside the play area."""
    hull = raider(pose=Pose(450, 450, 0))
    blocker = Ship("ywing", Pose(450, 450 - 112.5 - 60, 0))
    table = Table(ships=(hull, blocker))
    yt = Ship("yt", Pose(0, 0, 0), BaseSize.LARGE)
    behind = yt.at(Pose(550, 450 - 112.5 - 50, 90))
    assert rear_arc_placement_problems(table, "raider", behind) == ()
    beside = yt.at(Pose(450 + 40 + 45, 450, 0))
    assert "not wholly in raider's full rear arc" in rear_arc_placement_problems(
        table, "raider", beside)
    far = yt.at(Pose(550, 450 - 112.5 - 45 - 120, 0))
    assert "beyond range 1 of raider" in rear_arc_placement_problems(table, "raider", far)
    on_blocker = yt.at(Pose(450, 450 - 112.5 - 50, 0))
    assert "overlaps ywing" in rear_arc_placement_problems(table, "raider", on_blocker)
    offered = rear_arc_placements(table, "raider", yt)
    assert offered
    assert all(not rear_arc_placement_problems(table, "raider", yt.at(p)) for p in offered)


def test_placement_may_overlap_an_obstacle():
    """Ruling: the rule doesn't forbid placing the ship on an obstacle; it is reported."""
    hull = raider(pose=Pose(450, 450, 0))
    rock = Obstacle("rock", Pose(450, 450 - 112.5 - 60, 0))
    table = Table(ships=(hull,), obstacles=(rock,))
    xw = Ship("xw", Pose(450, 450 - 112.5 - 30, 0))
    assert rear_arc_placement_problems(table, "raider", xw) == ()
    assert placement_overlaps(table, xw) == ("rock",)


# ------------------------------------------------------------------- arcs and range
def test_a_ship_beside_a_cr90_is_in_its_side_arc_not_its_front():
    """RR: APPENDIX: HUGE SHIPS, RR: FIRING ARCS - standard arcs on a rectangular token: a small
    ship level with the CR90's middle, off its right side, is in its right arc and not its
    front arc; a ship dead ahead is in the front and bullseye arcs."""
    hull = cr90()
    beside = Ship("beside", Pose(300 + 40 + 60, 300, 0))
    ahead = Ship("ahead", Pose(300, 300 + 112.5 + 80, 0))
    assert in_arc(hull, beside, Arc.RIGHT) and not in_arc(hull, beside, Arc.FRONT)
    assert in_arc(hull, ahead, Arc.FRONT) and in_arc(hull, ahead, Arc.BULLSEYE)
    assert not in_arc(hull, ahead, Arc.RIGHT)
    assert huge_front_arc_angle(225) == pytest.approx(35.2, abs=0.05)


def test_attack_range_4_and_5_of_a_huge_ship():
    """RR: APPENDIX: HUGE SHIPS, RR: ATTACK RANGE (4-5) - a weapon that reaches range 5 measures
    there: a ship 450 mm ahead of the CR90's front edge is at range 5 in its front and
    bullseye arcs, and beyond the default range 3 reach."""
    hull = cr90()
    far = Ship("far", Pose(300, 300 + 112.5 + 450 + 20, 0))
    assert measure_arc(hull, far, Arc.FRONT, reach_bands=5).range == 5
    assert measure_arc(hull, far, Arc.BULLSEYE, reach_bands=5).range == 5
    assert not measure_arc(hull, far, Arc.FRONT).in_arc
    assert in_arc(hull, far, Arc.FRONT, reach_bands=5) and not in_arc(hull, far, Arc.FRONT)
    four = Ship("four", Pose(300 + 40 + 350 + 20, 300, 0))
    assert measure_arc(hull, four, Arc.RIGHT, reach_bands=5).range == 4
