"""RR: ARC - the standard arcs (front, rear, left, right), the bullseye arc, the full arcs and
the turret arcs (RR: BULLSEYE ARC, RR: FULL ARCS, RR: TURRET ARCS); in front of, behind and
flanking; the FAQ "Is a ship in its own firing arc?"; and which enemies a weapon with a
full front, bullseye or turret arc can be declared against. (The arc of the weapon chosen
for an attack: test_attack_arc; measuring attack range: test_attack_range.)

The first tests measure arcs on a table; the declaration tests engage one ship
(``engage``) and look at the (weapon, defender) pairs the engine offers. The attacker sits
at (400, 300) facing +y unless said otherwise."""

from __future__ import annotations

import math
from typing import ClassVar

import pytest

from tallon.cards.common import is_in_arc
from tallon.geometry import (
    Arc,
    BaseSize,
    Relation,
    in_arc,
    measure_arc,
    range_between,
    relation,
    turret_arcs,
)
from tallon.geometry.constants import FRONT_ARC_ANGLE
from tests.conftest import obstacle, ship
from tests.rules.attack_helpers import (
    AUZITUCK,
    BEHIND,
    FIRESPRAY,
    HWK,
    KWING,
    LEFT,
    R2,
    RIGHT,
    TIE,
    XWING,
    declarable,
    engage,
    targets,
)


def polar(distance: float, degrees: float) -> tuple[float, float]:
    """A point ``distance`` from (400, 400) at ``degrees`` clockwise from +y."""
    r = math.radians(degrees)
    return (400 + distance * math.sin(r), 400 + distance * math.cos(r))


# ---------------------------------------------------------------- on the table
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
    table (each at least 10 degrees, its own angular half-width, from the arc lines).
    RR: ARC, RR: FULL ARCS. It is in the expected standard and full arcs; beside the ship it
    straddles the midway line, so it is in both full arcs."""
    centre = ship("c", 400, 400)
    target = ship("t", *polar(160, degrees), degrees + 180)
    assert {arc for arc in Arc if in_arc(centre, target, arc)} == expected


def test_a_ship_across_an_arc_line_is_in_both_arcs():
    """A ship straddling the line between the front and right arcs. RR: ARC - a ship is in
    an arc if any part of its base is inside it. It is in both."""
    centre = ship("c", 400, 400)
    target = ship("t", *polar(160, 40.6), 0)
    assert in_arc(centre, target, Arc.FRONT) and in_arc(centre, target, Arc.RIGHT)


def test_any_part_of_the_base_in_the_arc_counts(table_svg):
    """A ship mostly to the side with one corner 1 mm across the front arc line, then 1 mm
    short of it. RR: ARC ("A ship is IN an arc if any part of its base is inside that
    area"). The first is in the front arc, the second is not."""
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
    """A base whose corner lies exactly on the front arc line. RR: ARC (ruling: the arc
    lines belong to the arc). It is in the front arc."""
    centre = ship("c", 400, 400)
    half_angle = math.radians(FRONT_ARC_ANGLE[BaseSize.SMALL] / 2)
    y = 550
    x_line = 400 + (y - 400) * math.tan(half_angle)
    assert in_arc(centre, ship("t", x_line + 20, y - 20), Arc.FRONT)


def test_arcs_reach_range_3_only():
    """A ship dead ahead 300 mm, then 301 mm, from the front edge. RR: ARC - arcs extend to
    range 3. At 300 mm it is in the front arc; at 301 mm it is not."""
    centre = ship("c", 400, 400)
    assert in_arc(centre, ship("t", 400, 400 + 20 + 300 + 20), Arc.FRONT)
    assert not in_arc(centre, ship("t", 400, 400 + 20 + 301 + 20), Arc.FRONT)


def test_what_lies_under_the_ship_is_in_none_of_its_arcs():
    """An asteroid wholly under a large ship's base, then one sticking out in front of it.
    RR: ARC ("The portion of any object that lies beneath a ship is not in any of those
    ship's arcs"). The first, at range 0, is in no arc; the second is in the front arc at
    attack range 0, not in the rear arc."""
    large = ship("c", 400, 400, 0, BaseSize.LARGE)
    under = obstacle("rock", 400, 400, outline="core2asteroid3")  # about 55 across
    assert range_between(large, under) == 0
    assert not any(in_arc(large, under, arc) for arc in Arc)
    poking = obstacle("rock", 400, 430, outline="core2asteroid3")  # reaches past the front
    m = measure_arc(large, poking, Arc.FRONT)
    assert m.in_arc and m.range == 0
    assert not in_arc(large, poking, Arc.REAR)


def test_a_ship_is_not_in_its_own_arcs():
    """A ship measured against itself. RR: FAQ ("Is a ship in its own firing arc?" No - its
    whole base lies under itself), RR: ARC. It is in none of its arcs."""
    centre = ship("c", 400, 400)
    assert not any(in_arc(centre, centre, arc) for arc in Arc)


def test_bullseye_is_a_strip_the_width_of_the_ruler():
    """Ships ahead whose nearest edge is 7 mm, then 8 mm, off the centre line.
    RR: BULLSEYE ARC - a strip the width of the range ruler (14.79 mm) along the centre line
    from the front edge. The first is in the bullseye arc; the second is not (it is still in
    the front arc)."""
    centre = ship("c", 400, 400)
    assert in_arc(centre, ship("t", 400 + 7 + 20, 600), Arc.BULLSEYE)
    off = ship("u", 400 + 8 + 20, 600)
    assert not in_arc(centre, off, Arc.BULLSEYE) and in_arc(centre, off, Arc.FRONT)


def test_bullseye_is_inside_the_front_arc():
    """Ships all around a large ship turned 33 degrees. RR: BULLSEYE ARC ("If something is
    in a ship's bullseye arc, it is also in its front arc"). Each one in the bullseye arc is
    in the front arc."""
    centre = ship("c", 400, 400, 33, BaseSize.LARGE)
    for k in range(36):
        target = ship("t", *polar(150, k * 10), k * 7)
        if in_arc(centre, target, Arc.BULLSEYE):
            assert in_arc(centre, target, Arc.FRONT)


@pytest.mark.parametrize("size", list(BaseSize))
def test_front_arc_angle_per_size(size):
    """Points 0.01 degrees inside and outside the front arc line of each base size. RR: ARC,
    RR: SHIP SIZES - the front arc's full angle is 81.24 (small), 82.80 (medium), 83.52
    (large) degrees. The inside point is in the arc, the outside one is not."""
    centre = ship("c", 400, 400, 0, size)
    half = FRONT_ARC_ANGLE[size] / 2
    from tallon.geometry.arcs import point_in_arc

    inside = polar(200, half - 0.01)
    outside = polar(200, half + 0.01)
    assert point_in_arc(centre, *inside, Arc.FRONT)
    assert not point_in_arc(centre, *outside, Arc.FRONT)


def test_turret_arcs_select_standard_arcs():
    """Single and double turret indicators pointing left or front, and one pointing at the
    bullseye. RR: TURRET ARCS - a single indicator selects the standard arc it points at; a
    double one that arc and the opposite one. Left; left and right; front and rear; the
    bullseye is refused."""
    assert turret_arcs(False, Arc.LEFT) == (Arc.LEFT,)
    assert set(turret_arcs(True, Arc.LEFT)) == {Arc.LEFT, Arc.RIGHT}
    assert set(turret_arcs(True, Arc.FRONT)) == {Arc.FRONT, Arc.REAR}
    with pytest.raises(ValueError):
        turret_arcs(False, Arc.BULLSEYE)


def test_in_front_behind_and_flanking():
    """Ships ahead of, behind, beside across the midway line of, and far ahead of another.
    RR: ARC - "in front of", "behind" and "flanking" from the full arcs and the midway line,
    within range 3. In front, behind, flanking, and nothing beyond range 3."""
    b = ship("b", 400, 400)
    assert relation(ship("a", 400, 550), b) is Relation.IN_FRONT
    assert relation(ship("a", 420, 250, 90), b) is Relation.BEHIND
    assert relation(ship("a", 500, 410), b) is Relation.FLANKING  # crosses the midway line
    assert relation(ship("a", 400, 800), b) is None  # beyond range 3


def test_touching_the_midway_line_is_not_crossing_it():
    """A ship whose base edge lies on another's midway line. RR: ARC - touching the line is
    not crossing it. It is in front of the other, not flanking."""
    assert relation(ship("a", 500, 420), ship("b", 400, 400)) is Relation.IN_FRONT


# --------------------------------------------------- declaring against an arc
class TestFullFrontArc:
    """RR: ARC, RR: FULL ARCS: the full front arc covers everything in front of the midway
    line."""

    def test_full_front_weapon_reaches_beside_the_ship(self):
        """An enemy to the right, just in front of the midway line, outside the standard
        front arc. RR: FULL ARCS. An Auzituck (primary full front weapon) can declare it at
        range 2; a T-65 (front arc) cannot."""
        pose = (600, 325, 270)
        game, a, (tie,) = engage(AUZITUCK, [(TIE, pose)])
        s = game.state.ships
        assert not is_in_arc(s[a], s[tie], Arc.FRONT)
        assert targets(game) == {("primary:full_front", tie): 2}
        assert declarable(XWING, [(TIE, pose)]) == {}

    def test_full_front_weapon_does_not_reach_behind(self):
        """An enemy behind the Auzituck's midway line. RR: FULL ARCS. No attack can be
        declared."""
        assert declarable(AUZITUCK, [(TIE, BEHIND)]) == {}


class TestBullseyeArc:
    """RR: BULLSEYE ARC, RR: SPECIAL WEAPON (arc restriction). Proton Rockets (Attack
    (focus): bullseye arc, range 1-2, 5 dice) on a Firespray with a focus token."""

    def test_bullseye_weapon_needs_the_defender_in_the_bullseye(self):
        """One enemy dead ahead (in the bullseye arc), one ahead but off the centre line (in
        the front arc only), both at range 2. RR: BULLSEYE ARC. The rockets can be declared
        only at the first; the primary weapon at both."""
        game, a, (centre, aside) = engage(FIRESPRAY, [(TIE, (400, 470, 180)),
                                                      (TIE, (480, 470, 180))],
                                          upgrades=["protonrockets"], tokens={"focus": 1})
        s = game.state.ships
        assert is_in_arc(s[a], s[centre], Arc.BULLSEYE)
        assert not is_in_arc(s[a], s[aside], Arc.BULLSEYE)
        assert is_in_arc(s[a], s[aside], Arc.FRONT)
        assert set(targets(game)) == {("protonrockets", centre), ("primary:front", centre),
                                      ("primary:front", aside)}


class TestTurrets:
    """RR: TURRET ARCS - the standard arc the indicator points at is a turret arc; a turret
    weapon attacks a target in it. A double turret has two turret arcs in opposite
    directions."""

    ENEMIES = ((TIE, R2), (TIE, BEHIND), (TIE, LEFT), (TIE, RIGHT))
    BY_ARC: ClassVar[dict[str, str]] = {"front": "p2.1", "rear": "p2.2", "left": "p2.3",
                                        "right": "p2.4"}

    @pytest.mark.parametrize("pointing", ["front", "rear", "left", "right"])
    def test_single_turret_reaches_the_arc_it_points_at(self, pointing):
        """A Rebel Scout (HWK-290: primary single turret) with enemies ahead, behind, left
        and right at range 2, its indicator pointing ``pointing``. RR: TURRET ARCS. Only the
        enemy in that arc can be declared."""
        found = declarable(HWK, list(self.ENEMIES), turret=pointing)
        assert set(found) == {("primary:single_turret", self.BY_ARC[pointing])}

    @pytest.mark.parametrize(("pointing", "arcs"), [
        ("front", ("front", "rear")), ("left", ("left", "right"))])
    def test_double_turret_reaches_two_opposite_arcs(self, pointing, arcs):
        """A Warden Squadron Pilot (K-wing: primary double turret) pointing front/rear or
        left/right, with enemies on all four sides at range 2. RR: TURRET ARCS. The enemies
        in the two opposite arcs can be declared, not the others."""
        enemies = [(TIE, (400, 510, 180)), (TIE, (400, 90, 0)), (TIE, (190, 300, 90)),
                   (TIE, (610, 300, 270))]
        found = declarable(KWING, enemies, turret=pointing)
        assert {defender for _, defender in found} == {self.BY_ARC[a] for a in arcs}
        assert {weapon for weapon, _ in found} == {"primary:double_turret"}

    def test_front_weapon_and_turret_are_different_weapons(self):
        """A Shadowport Hunter (Lancer: primary front 3 and single turret 2, turret pointing
        front) with an enemy ahead. RR: TURRET ARCS, RR: ATTACK step 1b (choose one of the
        primary or special weapons), RR: PRIMARY WEAPON (up to two). Both weapons are
        offered against it."""
        found = declarable("shadowporthunter", [(TIE, (400, 520, 180))], turret="front")
        assert set(found) == {("primary:front", "p2.1"), ("primary:single_turret", "p2.1")}
