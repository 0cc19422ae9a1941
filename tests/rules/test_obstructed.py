"""RR: OBSTRUCTED — whether the attack's range line crosses an object."""

from __future__ import annotations

from tallon.geometry import Arc, Table, attack_obstruction
from tests.conftest import obstacle, ship


def test_obstacle_across_the_range_line_obstructs(table_svg):
    """The range line from the attacker's closest point to the defender's passes through an
    asteroid: obstructed (the defender would roll one more die)."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("d", 350, 560, 180)),
                            obstacles=(obstacle("rock", 325, 420),)))
    o = attack_obstruction(table, "a", "d", Arc.FRONT)
    assert o.obstructed and o.obstacles == ("rock",) and not o.attacker_chooses


def test_clear_line_is_not_obstructed(table_svg):
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("d", 350, 560, 180)),
                            obstacles=(obstacle("rock", 500, 420),)))
    o = attack_obstruction(table, "a", "d", Arc.FRONT)
    assert not o.obstructed and o.obstacles == ()


def test_line_grazing_an_obstacle_is_not_obstructed(table_svg):
    """Ruling: the line must pass through the obstacle's interior; a line touching its
    outline is not obstructed. Two parallel ships give a family of vertical lines from
    x 300 to 320; an obstacle whose leftmost point touches x = 320 doesn't obstruct any."""
    rock = obstacle("rock", 0, 0)
    min_x = min(x for piece in rock.range_pieces for x, _ in piece)
    rock = obstacle("rock", 320 - min_x, 420)
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("d", 320, 540, 180)),
                            obstacles=(rock,)))
    o = attack_obstruction(table, "a", "d", Arc.FRONT)
    assert not o.obstructed and not o.attacker_chooses


def test_tied_lines_let_the_attacker_choose(table_svg):
    """'If multiple points are at equal distance from the attacker (for example, if the
    attacker and defender are parallel), the attacker chooses one of those lines': an
    obstacle across part of the family makes the obstruction the attacker's choice."""
    table = table_svg(Table(ships=(ship("a", 400, 300), ship("d", 410, 500, 180)),
                            obstacles=(obstacle("rock", 380, 400, outline="core2asteroid3"),)))
    o = attack_obstruction(table, "a", "d", Arc.FRONT)
    assert not o.lines.unique
    assert o.attacker_chooses and not o.obstructed and o.obstacles == ("rock",)


def test_tied_lines_all_crossing_is_obstructed(table_svg):
    """Every tied line crosses the obstacle: obstructed, no choice."""
    table = table_svg(Table(ships=(ship("a", 400, 300), ship("d", 410, 500, 180)),
                            obstacles=(obstacle("rock", 410, 400, outline="core2asteroid2"),)))
    o = attack_obstruction(table, "a", "d", Arc.FRONT)
    assert o.obstructed and not o.attacker_chooses


def test_ships_obstruct_without_effect(table_svg):
    """A ship across the line obstructs the attack with no inherent effect: it is reported
    as an object, not as an obstacle."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("d", 350, 560, 180),
                                   ship("x", 325, 420))))
    o = attack_obstruction(table, "a", "d", Arc.FRONT)
    assert not o.obstructed and o.objects == ("x",) and o.obstructed_by_object


def test_attacker_sitting_on_an_obstacle_measures_through_it(table_svg):
    """When the attacker's closest point lies on an obstacle (here an electro-chaff cloud
    would let it attack), the range line starts inside it: obstructed."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("d", 300, 520, 180)),
                            obstacles=(obstacle("cloud", 300, 330, outline="core2asteroid3"),)))
    assert attack_obstruction(table, "a", "d", Arc.FRONT).obstructed


def test_out_of_arc_has_no_obstruction():
    table = Table(ships=(ship("a", 300, 300), ship("d", 300, 100)))
    assert attack_obstruction(table, "a", "d", Arc.FRONT) is None


def test_range_0_attack_is_not_obstructed():
    """Touching ships have no range line to obstruct."""
    table = Table(ships=(ship("a", 300, 300), ship("d", 300, 340, 180)),
                  obstacles=(obstacle("rock", 330, 330),))
    o = attack_obstruction(table, "a", "d", Arc.FRONT)
    assert not o.obstructed and o.obstacles == ()
