"""RR: APPENDIX: HUGE SHIPS - ATTACK RANGE 4-5 for the card helpers asking "in your arc"
(cards/common.py is_in_arc, in_firing_arc, enemy_in_arc, attack_crossing): "Some special
weapons and abilities can extend a huge ship's firing arcs to range 4 or 5 while a weapon
with that range requirement occupies that arc or that ability is active", and a front arc
extended so extends the bullseye arc.

Scenes: a CR90 (Alderaanian Guard: primary 4 in its left and right arcs, Broadside
Batteries: primary attacks at range 1-4; a 225 mm base 80 wide) faces +y at (457, 300): its
right side is at x 497, its front edge at y 412.5. TIE/ln fighters (40 mm bases) beside it
at x 867 are at range 4, at x 967 at range 5; straight ahead at y 782.5 range 4, at y
892.5 range 5 (in its bullseye; 120 mm to the right of that, in the front arc but not the
bullseye)."""

from __future__ import annotations

from tallon.cards.arc_reach import arc_reach
from tallon.cards.common import attack_crossing, enemy_in_arc, in_firing_arc, is_in_arc
from tallon.engine.effects import flip_upgrade
from tallon.engine.game import Game
from tallon.engine.state import AttackState, ShipState, ship_range
from tallon.engine.weapons import valid_targets
from tallon.geometry import Arc
from tallon.scene import Scene

CR90 = "alderaanianguard"
TIE = "academypilot"
SIDE_4, SIDE_5 = 867, 967
AHEAD_4, AHEAD_5 = 300 + 112.5 + 350 + 20, 300 + 112.5 + 460 + 20
BESIDE_BULLSEYE = 457 + 120
TLB, PCB = "turbolaserbattery", "protoncannonbattery"


def _game(*enemies: tuple[float, float], upgrades: tuple[str, ...] = (),
          **setup: object) -> Game:
    """The CR90 (p1.1) and a TIE of player 2 at each (x, y), facing +y (p2.1, p2.2 ...)."""
    sc = Scene(seed=1)
    sc.ship(CR90, at=(457, 300, 0), upgrades=upgrades, **setup)
    for x, y in enemies:
        sc.ship(TIE, player=2, at=(x, y, 0))
    return sc.game()


def _ships(game: Game) -> list[ShipState]:
    return [game.state.ships[i] for i in sorted(game.state.ships)]


class TestBroadsideBatteriesSideArcs:
    def test_a_ship_at_range_4_in_a_side_arc_is_in_that_arc(self):
        """Situation: a TIE at range 4 in the CR90's right arc. Rule: ATTACK RANGE 4-5 -
        Broadside Batteries is active and the CR90's primary weapon (range 1-4 with it)
        occupies its side arcs, so they extend to range 4. Expected: a card asking finds
        the TIE in the right arc (and in a firing arc, and an enemy in that arc), not in
        the left arc."""
        game = _game((SIDE_4, 300))
        cr90, tie = _ships(game)
        assert ship_range(cr90, tie) == 4
        assert is_in_arc(cr90, tie, Arc.RIGHT)
        assert in_firing_arc(cr90, tie)
        assert enemy_in_arc(game, cr90, Arc.RIGHT)
        assert not is_in_arc(cr90, tie, Arc.LEFT)
        assert arc_reach(cr90, Arc.RIGHT) == arc_reach(cr90, Arc.LEFT) == 4

    def test_without_the_ship_ability_the_side_arc_ends_at_range_3(self):
        """Situation: the same TIE at range 4; the CR90 holds no Broadside Batteries card.
        Rule: with no weapon or ability reaching range 4 the arc reaches range 1-3 as a
        standard ship's (RR: ARC). Expected: the TIE is in no arc of the CR90."""
        game = _game((SIDE_4, 300))
        cr90, tie = _ships(game)
        cr90.cards = tuple(c for c in cr90.cards if c[0] != "ship_ability")
        assert not is_in_arc(cr90, tie, Arc.RIGHT)
        assert not in_firing_arc(cr90, tie)

    def test_not_at_range_5(self):
        """Situation: a TIE at range 5 in the CR90's right arc. Rule: Broadside Batteries
        extends the side arcs to range 4 only. Expected: the TIE is not in the right arc
        nor in any firing arc."""
        game = _game((SIDE_5, 300))
        cr90, tie = _ships(game)
        assert ship_range(cr90, tie) == 5
        assert not is_in_arc(cr90, tie, Arc.RIGHT)
        assert not in_firing_arc(cr90, tie)

    def test_not_in_the_front_arc_at_range_4(self):
        """Situation: a TIE at range 4 straight ahead of the CR90. Rule: no weapon of the
        CR90 occupies its front arc (its primary weapons are in its side arcs), so the
        front arc and the bullseye keep range 1-3. Expected: the TIE is in neither, nor in
        a firing arc."""
        game = _game((457, AHEAD_4))
        cr90, tie = _ships(game)
        assert ship_range(cr90, tie) == 4
        assert not is_in_arc(cr90, tie, Arc.FRONT)
        assert not is_in_arc(cr90, tie, Arc.BULLSEYE)
        assert not in_firing_arc(cr90, tie)


class TestStandardShips:
    def test_a_standard_ship_at_range_4_is_never_in_arc(self):
        """Situation: a TIE at range 4 straight ahead of another TIE (in line with its
        bullseye), then at range 3. Rule: RR: ARC - arcs extend to range 3; the huge ship
        appendix extends only huge ships' arcs. Expected: at range 4 it is in neither the
        front nor the bullseye arc; at range 3 it is in both."""
        for distance, inside in ((350, False), (250, True)):
            sc = Scene(seed=1)
            sc.ship(TIE, at=(300, 300, 0))
            sc.ship(TIE, player=2, at=(300, 300 + 40 + distance, 180))
            me, enemy = _ships(sc.game())
            assert ship_range(me, enemy) == (4 if distance == 350 else 3)
            assert is_in_arc(me, enemy, Arc.FRONT) is inside
            assert is_in_arc(me, enemy, Arc.BULLSEYE) is inside

    def test_a_huge_ship_at_range_4_of_a_standard_ship_is_not_in_its_arc(self):
        """Situation: a TIE at range 4 of the CR90's right side, facing it (the CR90 ahead
        of the TIE). Rule: only the huge ship's own arcs extend; the TIE's front arc keeps
        range 3. Expected: the CR90 is not in the TIE's front arc, while the TIE is in the
        CR90's right arc."""
        sc = Scene(seed=1)
        sc.ship(CR90, at=(457, 300, 0))
        sc.ship(TIE, player=2, at=(SIDE_4, 300, 90))
        cr90, tie = _ships(sc.game())
        assert not is_in_arc(tie, cr90, Arc.FRONT)
        assert is_in_arc(cr90, tie, Arc.RIGHT)


class TestTurretHardpoints:
    def test_a_turbolaser_battery_turret_extends_the_arc_it_points_at_to_range_5(self):
        """Situation: the CR90 with a Turbolaser Battery (single turret arc, range 3-5) whose
        indicator points at the front arc; TIEs at range 5 ahead (in the bullseye and
        beside it) and at range 5 in the right arc. Rule: ATTACK RANGE 4-5 - the weapon
        occupies the front arc, so it extends to range 5, and "its bullseye arc also
        extends"; the right arc holds only the primary weapon (range 4). Expected: both
        TIEs ahead are in the front arc, the one in line in the bullseye too; the TIE on
        the right is in no arc."""
        game = _game((457, AHEAD_5), (BESIDE_BULLSEYE, AHEAD_5), (SIDE_5, 300),
                     upgrades=(TLB,), turret="front")
        cr90, ahead, beside, right = _ships(game)
        assert {ship_range(cr90, s) for s in (ahead, beside, right)} == {5}
        assert is_in_arc(cr90, ahead, Arc.FRONT) and is_in_arc(cr90, ahead, Arc.BULLSEYE)
        assert is_in_arc(cr90, beside, Arc.FRONT)
        assert not is_in_arc(cr90, beside, Arc.BULLSEYE)
        assert not is_in_arc(cr90, right, Arc.RIGHT) and not in_firing_arc(cr90, right)

    def test_turned_to_the_right_the_turret_takes_the_range_with_it(self):
        """Situation: the same, the Turbolaser Battery's indicator pointing at the right
        arc. Rule: "occupies" follows the indicator. Expected: the TIE at range 5 on the
        right is in the right arc (and a firing arc); the TIE at range 5 ahead is not in
        the front arc."""
        game = _game((457, AHEAD_5), (SIDE_5, 300), upgrades=(TLB,), turret="right")
        cr90, ahead, right = _ships(game)
        assert is_in_arc(cr90, right, Arc.RIGHT) and in_firing_arc(cr90, right)
        assert not is_in_arc(cr90, ahead, Arc.FRONT)

    def test_the_weapon_occupies_its_arc_whether_it_could_fire_or_not(self):
        """Situation: the Turbolaser Battery points right; the CR90 has no energy for its
        bonus attack and no lock for its requirement; then the card is flipped to its
        Offline side (no attack). Ruling (occupies): a weapon occupies its arc whether or
        not it could attack now; an offline card has no weapon. Expected: the TIE at range
        5 on the right is in the right arc, and no longer once the card is offline."""
        game = _game((SIDE_5, 300), upgrades=(TLB,), turret="right", charges={"energy": 0})
        cr90, right = _ships(game)
        assert cr90.charges["energy"].active == 0 and not cr90.locks
        assert is_in_arc(cr90, right, Arc.RIGHT)
        flip_upgrade(game, cr90, TLB, 1)
        assert not is_in_arc(cr90, right, Arc.RIGHT)


class TestBullseyeWeapon:
    def test_a_proton_cannon_battery_extends_only_the_bullseye(self):
        """Situation: the CR90 with a Proton Cannon Battery (bullseye arc, range 2-5); TIEs
        at range 5 ahead, one in the bullseye and one beside it. Rule: the weapon occupies
        the bullseye arc, which extends to range 5; the front arc has no weapon reaching
        beyond range 3 (the extension carries from the front arc to the bullseye, not
        back). Expected: the first TIE is in the bullseye arc, not the front arc; the other
        in neither."""
        game = _game((457, AHEAD_5), (BESIDE_BULLSEYE, AHEAD_5), upgrades=(PCB,))
        cr90, ahead, beside = _ships(game)
        assert is_in_arc(cr90, ahead, Arc.BULLSEYE)
        assert not is_in_arc(cr90, ahead, Arc.FRONT)
        assert not is_in_arc(cr90, beside, Arc.BULLSEYE)
        assert not is_in_arc(cr90, beside, Arc.FRONT)


class TestAttackCrossing:
    def test_a_range_4_attack_is_measured_through_its_obstacle(self):
        """Situation: the CR90 attacks the TIE at range 4 on its right with its primary
        weapon, across an asteroid halfway. Rule: ATTACK RANGE 4-5 - the attack's arc
        reaches range 4, so its range lines do (RR: OBSTRUCTED); a card asking what the
        attack is measured through (attack_crossing) must find the asteroid. Expected: the
        CR90 may attack the TIE from its right arc at range 4, and attack_crossing finds
        that attack obstructed by the asteroid."""
        sc = Scene(seed=1)
        sc.ship(CR90, at=(457, 300, 0))
        sc.ship(TIE, player=2, at=(SIDE_4, 300, 0))
        rock = sc.obstacle("core2asteroid3", 680, 300)
        game = sc.game()
        (target,) = valid_targets(game, game.state.ships["p1.1"])
        assert (target.arc, target.range) == (Arc.RIGHT, 4)
        attack = AttackState("p1.1", "p2.1", target.weapon, target.arc, target.range, True)
        crossed = attack_crossing(game, attack)
        assert crossed is not None and crossed.obstructed and crossed.obstacles == (rock,)
