"""RR: MOVE and RR: MANEUVER — moving through objects with the template; OBSTACLES — the order
in which obstacles are met; DEVICE — the part of the template that counts after a partial
maneuver."""

from __future__ import annotations

from tallon.geometry import Device, Pose, Table, execute_maneuver
from tests.conftest import obstacle, ship


def test_template_over_an_obstacle_moves_through_it(table_svg):
    """'A ship moves through an object if the template is placed on that object.'"""
    table = table_svg(Table(ships=(ship("a", 300, 300),),
                            obstacles=(obstacle("rock", 300, 380),)))
    outcome = execute_maneuver(table, "a", "4F")
    assert outcome.moved_through == ("rock",)
    assert outcome.overlapping == ()
    assert outcome.hazards == ("rock",)


def test_final_base_on_an_obstacle_overlaps_it(table_svg):
    """'If a ship would be placed at the end of the template on top of another object, it
    has overlapped that object.'"""
    table = table_svg(Table(ships=(ship("a", 300, 300),),
                            obstacles=(obstacle("rock", 300, 400),)))
    outcome = execute_maneuver(table, "a", "2F")
    assert outcome.overlapping == ("rock",)


def test_obstacles_do_not_cause_partial_maneuvers(table_svg):
    """Obstacles don't make a ship back up: it overlaps them and stays (rulebook)."""
    table = table_svg(Table(ships=(ship("a", 300, 300),),
                            obstacles=(obstacle("rock", 300, 400),)))
    assert execute_maneuver(table, "a", "2F").fully_executed


def test_moving_through_another_ship_still_fully_executes(table_svg):
    """Moving through a ship has no inherent effect; the maneuver is still full."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("b", 305, 380))))
    outcome = execute_maneuver(table, "a", "4F")
    assert outcome.fully_executed
    assert outcome.moved_through == ("b",)
    assert outcome.hazards == ()


def test_only_the_template_and_the_end_positions_count(table_svg):
    """'The full width of the ship's base is ignored except in its starting and final
    positions': an obstacle beside the template, within the base's sweep but clear of the
    template, is neither moved through nor overlapped."""
    rock = obstacle("rock", 337, 400, outline="core2asteroid3")  # 27.5 from the centre line
    table = table_svg(Table(ships=(ship("a", 300, 300),), obstacles=(rock,)))
    outcome = execute_maneuver(table, "a", "3F")
    assert outcome.moved_through == () and outcome.overlapping == ()


def test_obstacles_are_met_in_order_along_the_template(table_svg):
    """'If a ship moves through or overlaps more than one obstacle, it suffers the effects
    of each obstacle, starting with the obstacle that was closest to the ship in its
    starting position and proceeding along the template.'"""
    far = obstacle("far", 320, 575, outline="core2asteroid1")
    near = obstacle("near", 290, 380, outline="core2asteroid3")
    middle = obstacle("middle", 300, 470, outline="core2asteroid3")
    table = table_svg(Table(ships=(ship("a", 300, 300),), obstacles=(far, near, middle)))
    outcome = execute_maneuver(table, "a", "5F")
    assert outcome.hazards == ("near", "middle", "far")


def test_obstacles_along_a_curve_are_ordered_by_the_curve(table_svg):
    """The order follows the template's centre line, also on a turn."""
    probe = execute_maneuver(Table(ships=(ship("a", 300, 300),)), "a", "3Y").full_template
    spots = [probe.template.centre_point(probe.template.length * f) for f in (0.85, 0.15)]
    late, early = (probe.start.to_world(r, f) for r, f, _ in spots)
    table = table_svg(Table(ships=(ship("a", 300, 300),), obstacles=(
        obstacle("late", *late, outline="core2asteroid3"),
        obstacle("early", *early, outline="core2asteroid3"))))
    assert execute_maneuver(table, "a", "3Y").hazards == ("early", "late")


def test_after_a_partial_maneuver_only_the_travelled_template_counts(table_svg):
    """'If a ship partially executes a maneuver, only the portion of the template that is
    between the starting and final position of the ship is counted' — an obstacle under
    the far end of the template, past where the ship stopped, is not moved through; one
    under the near end is."""
    table = table_svg(Table(
        ships=(ship("a", 300, 300), ship("b", 300, 490)),
        obstacles=(obstacle("near", 300, 350, outline="core2asteroid3"),
                   obstacle("far", 300, 470, outline="core2asteroid3")),
    ))
    full_template = execute_maneuver(table.without("b"), "a", "4F").moved_through
    assert full_template == ("near", "far")
    outcome = execute_maneuver(table, "a", "4F")
    assert outcome.partial
    assert "near" in outcome.moved_through
    assert "far" not in outcome.moved_through
    assert "far" in outcome.overlapping  # the base itself stopped on it


def test_devices_are_moved_through_like_other_objects(table_svg):
    """Devices are objects: a template placed on a mine moves through it."""
    mine = Device("mine", Pose(300, 380, 0), "mine")
    table = table_svg(Table(ships=(ship("a", 300, 300),), devices=(mine,)))
    outcome = execute_maneuver(table, "a", "3F")
    assert outcome.moved_through == ("mine",)
    assert outcome.hazards == ("mine",)


def test_stationary_maneuver_overlaps_what_it_sits_on(table_svg):
    """A stationary maneuver triggers the effects of overlapping obstacles at range 0 and
    overlaps no ship."""
    table = table_svg(Table(ships=(ship("a", 300, 300),),
                            obstacles=(obstacle("rock", 310, 320),)))
    outcome = execute_maneuver(table, "a", "0O")
    assert outcome.overlapping == ("rock",) and outcome.hazards == ("rock",)
