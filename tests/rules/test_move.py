"""RR: MOVE - a ship moves through an object when the template is placed on it, and overlaps
one its base ends on (RR: MANEUVER); moving through a ship has no effect; only the
template and the start and end positions count. (The order obstacles are met in, and
partial maneuvers: test_obstacles; moving through ships in a game: test_overlap; a
stationary maneuver: test_bearing.)"""

from __future__ import annotations

from tallon.geometry import Device, Pose, Table, execute_maneuver
from tests.conftest import obstacle, ship


def test_template_over_an_obstacle_moves_through_it(table_svg):
    """A [4 straight] whose template crosses an asteroid, the base ending beyond it.
    RR: MOVE ("A ship moves through an object if the template is placed on that object").
    The asteroid is moved through (a hazard), not overlapped."""
    table = table_svg(Table(ships=(ship("a", 300, 300),),
                            obstacles=(obstacle("rock", 300, 380),)))
    outcome = execute_maneuver(table, "a", "4F")
    assert outcome.moved_through == ("rock",)
    assert outcome.overlapping == ()
    assert outcome.hazards == ("rock",)


def test_final_base_on_an_obstacle_overlaps_it(table_svg):
    """A [2 straight] whose final position is on an asteroid. RR: MANEUVER ("If a ship would
    be placed at the end of the template on top of another object, it has overlapped that
    object"), RR: MOVE. The asteroid is overlapped."""
    table = table_svg(Table(ships=(ship("a", 300, 300),),
                            obstacles=(obstacle("rock", 300, 400),)))
    outcome = execute_maneuver(table, "a", "2F")
    assert outcome.overlapping == ("rock",)


def test_obstacles_do_not_cause_partial_maneuvers(table_svg):
    """The same [2 straight] onto an asteroid. RR: MOVE, RR: OVERLAP (the rulebook:
    obstacles don't make a ship back up: it overlaps them and stays). The maneuver is fully
    executed."""
    table = table_svg(Table(ships=(ship("a", 300, 300),),
                            obstacles=(obstacle("rock", 300, 400),)))
    assert execute_maneuver(table, "a", "2F").fully_executed


def test_moving_through_another_ship_still_fully_executes(table_svg):
    """A [4 straight] whose template crosses another ship, the base ending clear of it.
    RR: MOVE ("If a ship moves through another ship, there is no inherent effect"). The
    maneuver is fully executed; the ship was moved through, and it is no hazard."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("b", 305, 380))))
    outcome = execute_maneuver(table, "a", "4F")
    assert outcome.fully_executed
    assert outcome.moved_through == ("b",)
    assert outcome.hazards == ()


def test_only_the_template_and_the_end_positions_count(table_svg):
    """An asteroid beside a [3 straight]'s template, within the base's sweep but clear of
    the template. RR: MANEUVER ("The full width of the ship's base is ignored except in its
    starting and final positions"), RR: MOVE. It is neither moved through nor overlapped."""
    rock = obstacle("rock", 337, 400, outline="core2asteroid3")  # 27.5 from the centre line
    table = table_svg(Table(ships=(ship("a", 300, 300),), obstacles=(rock,)))
    outcome = execute_maneuver(table, "a", "3F")
    assert outcome.moved_through == () and outcome.overlapping == ()


def test_devices_are_moved_through_like_other_objects(table_svg):
    """A [3 straight] whose template crosses a mine. RR: MOVE ("If a ship moves through a
    device, it can suffer effects based on the device"), RR: OBJECTS. The mine is moved
    through, a hazard."""
    mine = Device("mine", Pose(300, 380, 0), "mine")
    table = table_svg(Table(ships=(ship("a", 300, 300),), devices=(mine,)))
    outcome = execute_maneuver(table, "a", "3F")
    assert outcome.moved_through == ("mine",)
    assert outcome.hazards == ("mine",)
