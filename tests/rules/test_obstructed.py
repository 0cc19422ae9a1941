"""RR: OBSTRUCTED - an attack is obstructed when its attack range line crosses an object; an
obstacle (RR: OBSTACLES) obstructing it gives the defender one more defense die, once,
and a ship or device has no effect; with tied lines the attacker chooses.

The first tests measure the range line on a table; the others run one attack with every
die blank and count the dice rolled (a T-65 at (400, 300) facing +y against a TIE/ln at
range 2 unless said otherwise)."""

from __future__ import annotations

import pytest

from tallon.geometry import Arc, Table, attack_obstruction
from tallon.scene import Scene
from tests.conftest import obstacle, ship
from tests.rules.attack_helpers import (
    ASTEROID,
    BLANKS,
    DEBRIS,
    HERE,
    R3,
    TIE,
    VCX,
    XWING,
    answer,
    blank_counts,
    dice_counts,
    finish,
)


# ------------------------------------------------------------- the range line
def test_obstacle_across_the_range_line_obstructs(table_svg):
    """An asteroid across the range line from the attacker's closest point to the
    defender's. RR: OBSTRUCTED. The attack is obstructed by that asteroid (the defender
    would roll one more die), with no choice to make."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("d", 350, 560, 180)),
                            obstacles=(obstacle("rock", 325, 420),)))
    o = attack_obstruction(table, "a", "d", Arc.FRONT)
    assert o.obstructed and o.obstacles == ("rock",) and not o.attacker_chooses


def test_clear_line_is_not_obstructed(table_svg):
    """The same attack with the asteroid well to the side of the line. RR: OBSTRUCTED. It is
    not obstructed."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("d", 350, 560, 180)),
                            obstacles=(obstacle("rock", 500, 420),)))
    o = attack_obstruction(table, "a", "d", Arc.FRONT)
    assert not o.obstructed and o.obstacles == ()


def test_line_grazing_an_obstacle_is_not_obstructed(table_svg):
    """Two parallel ships give a family of tied lines from x 300 to 320; an asteroid's
    leftmost point touches x = 320. RR: OBSTRUCTED (ruling: the line must pass through the
    obstacle's interior; touching its outline is not obstructing). Not obstructed."""
    rock = obstacle("rock", 0, 0)
    min_x = min(x for piece in rock.range_pieces for x, _ in piece)
    rock = obstacle("rock", 320 - min_x, 420)
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("d", 320, 540, 180)),
                            obstacles=(rock,)))
    o = attack_obstruction(table, "a", "d", Arc.FRONT)
    assert not o.obstructed and not o.attacker_chooses


def test_tied_lines_let_the_attacker_choose(table_svg):
    """Tied range lines, an obstacle across only part of them. RR: OBSTRUCTED ("If multiple
    points are at equal distance from the attacker ... the attacker chooses"). The
    obstruction is the attacker's choice."""
    table = table_svg(Table(ships=(ship("a", 400, 300), ship("d", 410, 500, 180)),
                            obstacles=(obstacle("rock", 380, 400, outline="core2asteroid3"),)))
    o = attack_obstruction(table, "a", "d", Arc.FRONT)
    assert not o.lines.unique
    assert o.attacker_chooses and not o.obstructed and o.obstacles == ("rock",)


def test_tied_lines_all_crossing_is_obstructed(table_svg):
    """Tied range lines, an obstacle across every one of them. RR: OBSTRUCTED. Obstructed,
    with no choice."""
    table = table_svg(Table(ships=(ship("a", 400, 300), ship("d", 410, 500, 180)),
                            obstacles=(obstacle("rock", 410, 400, outline="core2asteroid2"),)))
    o = attack_obstruction(table, "a", "d", Arc.FRONT)
    assert o.obstructed and not o.attacker_chooses


def test_ships_obstruct_without_effect(table_svg):
    """A ship across the range line. RR: OBSTRUCTED ("If a ship or device obstructs an
    attack, there is no inherent effect"). It is reported as an obstructing object, not as
    an obstacle."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("d", 350, 560, 180),
                                   ship("x", 325, 420))))
    o = attack_obstruction(table, "a", "d", Arc.FRONT)
    assert not o.obstructed and o.objects == ("x",) and o.obstructed_by_object


def test_attacker_sitting_on_an_obstacle_measures_through_it(table_svg):
    """The attacker's closest point lies on an electro-chaff cloud (which would let it
    attack). RR: OBSTRUCTED - the range line starts inside the obstacle. Obstructed."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("d", 300, 520, 180)),
                            obstacles=(obstacle("cloud", 300, 330, outline="core2asteroid3"),)))
    assert attack_obstruction(table, "a", "d", Arc.FRONT).obstructed


def test_out_of_arc_has_no_obstruction():
    """A defender outside the attack arc. RR: OBSTRUCTED - measured on the attack range
    line, and there is none. Nothing is obstructed."""
    table = Table(ships=(ship("a", 300, 300), ship("d", 300, 100)))
    assert attack_obstruction(table, "a", "d", Arc.FRONT) is None


def test_range_0_attack_is_not_obstructed():
    """Touching ships. RR: OBSTRUCTED - at range 0 there is no range line to obstruct. Not
    obstructed."""
    table = Table(ships=(ship("a", 300, 300), ship("d", 300, 340, 180)),
                  obstacles=(obstacle("rock", 330, 330),))
    o = attack_obstruction(table, "a", "d", Arc.FRONT)
    assert not o.obstructed and o.obstacles == ()


# -------------------------------------------------------------- in an attack
class TestObstructed:
    """RR: OBSTRUCTED, RR: OBSTACLES - if at least one obstacle obstructs the attack, the
    defender rolls 1 additional defense die; a ship or device obstructing has no effect."""

    def test_an_obstacle_on_the_range_line_adds_a_defense_die(self):
        """An asteroid between the T-65 and the TIE at range 2. RR: OBSTRUCTED,
        RR: OBSTACLES. The TIE rolls 4 defense dice, not 3."""
        assert blank_counts(obstacles=[(ASTEROID, 400, 400)]) == (3, 4)

    def test_two_obstacles_add_only_one_die(self):
        """An asteroid and a debris cloud both on the range line, at range 3. RR: OBSTRUCTED
        ("If at least one obstacle obstructs"). 1 die for the obstruction and 1 for range 3:
        5."""
        assert blank_counts(to=R3, obstacles=[(ASTEROID, 400, 400), (DEBRIS, 400, 520)]) == (3, 5)

    def test_an_obstacle_beside_the_range_line_does_not_obstruct(self):
        """The same asteroid well to the side of the range line. RR: OBSTRUCTED. 3 defense
        dice."""
        assert blank_counts(obstacles=[(ASTEROID, 250, 400)]) == (3, 3)

    def test_a_ship_on_the_range_line_has_no_effect(self):
        """A friendly T-65 between the attacker and the TIE. RR: OBSTRUCTED ("If a ship or
        device obstructs an attack, there is no inherent effect"). 3 defense dice."""
        assert blank_counts(others=[(1, XWING, (400, 400, 0))]) == (3, 3)

    @pytest.mark.parametrize(("x", "y", "dice"), [(430, 390, 4), (480, 330, 3)])
    def test_obstruction_is_judged_on_the_attack_range_line(self, x, y, dice):
        """The TIE straddles the front arc's right line (ships at range 1, attack range 2).
        RR: OBSTRUCTED ("The attacker measures from the closest point of its base to the
        closest point of the defender's base that is in the attack arc, therefore the
        attacker cannot measure range from or to another point"). An asteroid across that
        line obstructs (4 dice); one across the line to the TIE's closest point outside the
        arc does not (3 dice)."""
        assert blank_counts(to=(510, 390, 0), obstacles=[(ASTEROID, x, y)]) == (3, dice)

    @pytest.mark.parametrize(("choice", "dice"), [("clear", 3), ("obstructed", 4)])
    def test_with_tied_lines_the_attacker_chooses(self, choice, dice):
        """Attacker and defender parallel, an asteroid across some of the equally short
        range lines. RR: OBSTRUCTED ("the attacker chooses one of those lines ... can choose
        to make this attack be obstructed or not"). The engine asks; the answer decides the
        defense dice: 3 clear, 4 obstructed."""
        sc = Scene()
        a = sc.ship(XWING, at=HERE)
        d = sc.ship(TIE, player=2, at=(410, 500, 180))
        sc.obstacle("core2asteroid3", 380, 400)
        game = sc.attack(a, d, dice=BLANKS, defense=BLANKS)
        answer(game, "obstruction", choice, a)
        finish(game)
        assert dice_counts(game, a, d) == (3, dice)

    def test_an_agility_0_ship_rolls_the_obstruction_die(self):
        """A VCX-100 (agility 0) defends behind an asteroid at range 2. RR: OBSTRUCTED,
        RR: AGILITY ("a ship with an agility value of 0 can still roll additional defense
        dice ... the attack being obstructed"). It rolls 1 die."""
        assert blank_counts(XWING, VCX, to=(400, 520, 180),
                            obstacles=[(ASTEROID, 400, 400)]) == (3, 1)
