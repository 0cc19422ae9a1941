"""RR: ATTACK step 1 (Declare Target) and the entries it uses: RR: ATTACK ARC, RR: ATTACK RANGE,
RR: ARC (standard, bullseye, full and turret arcs), RR: PRIMARY WEAPON, RR: SPECIAL WEAPON,
RR: ENEMY / RR: FRIENDLY, RR: DISARMED, RR: CLOAK, RR: OBSTACLES (range 0) and RR: RANGE (range 0).

Each test engages one ship (``Engage``) and looks at the declaration the engine offers:
the (weapon, defender) pairs with their attack range, or no declaration at all (the
engine logs why). The attacker sits at (400, 300) facing +y unless said otherwise."""

from __future__ import annotations

from typing import ClassVar

import pytest

from tallon.cards.common import is_in_arc, range_of
from tallon.engine.attack import Engage
from tallon.engine.rounds import Sweep
from tallon.geometry import Arc
from tallon.scene import Scene, start_at
from tests.rules.attack_helpers import (
    ASTEROID,
    AUZITUCK,
    DEBRIS,
    FIRESPRAY,
    GAS,
    HWK,
    KWING,
    TIE,
    XWING,
    attacks,
    bumped_into_a_tie,
    finish,
    no_attack,
    targets,
)

HERE = (400, 300, 0)
AHEAD = (400, 500, 180)          # range 2 in front (small attacker)
AHEAD_R1 = (400, 420, 180)       # range 1
AHEAD_R3 = (400, 600, 180)       # range 3
AHEAD_R4 = (400, 660, 180)       # range 4
BEHIND = (400, 100, 0)           # range 2 behind
LEFT = (200, 300, 90)            # range 2 to the left
RIGHT = (600, 300, 270)          # range 2 to the right
TOUCHING = (400, 340, 180)       # bases touching, nose to nose (range 0)


def engage(attacker, enemies, *, at=HERE, upgrades=(), tokens=None, friends=(),
           obstacles=(), **setup):
    """A table with the attacker (player 1), its ``friends`` and the ``enemies`` (player 2:
    (pilot, pose) pairs), engaging the attacker. Returns (game, attacker id, enemy ids)."""
    sc = Scene()
    a = sc.ship(attacker, at=at, upgrades=upgrades, tokens=tokens, **setup)
    for pilot, pose in friends:
        sc.ship(pilot, at=pose)
    ids = [sc.ship(pilot, player=1, at=pose) for pilot, pose in enemies]
    for outline, x, y in obstacles:
        sc.obstacle(outline, x, y)
    return sc.at(Engage(a)), a, ids


def offered(attacker, enemies, **kw) -> dict[tuple[str, str], int]:
    """The declaration's offers, {} when the engine offers no declaration."""
    game, _, _ = engage(attacker, enemies, **kw)
    return targets(game) if game.decision is not None else {}


# ====================================================================== ENEMY, FRIENDLY
def test_only_enemy_ships_can_be_declared_as_defender():
    """A friendly X-wing straight ahead at range 1 and an enemy TIE behind it at range 3.
    RR: ATTACK step 1c ("The attacking player chooses an enemy ship to be the defender"),
    RR: FRIENDLY ("Ships cannot perform attacks against friendly ships"). Only the TIE is
    offered."""
    game, _, (tie,) = engage(XWING, [(TIE, AHEAD_R3)], friends=[(XWING, (400, 420, 180))])
    assert targets(game) == {("primary:front", tie): 3}


def test_a_friendly_ship_alone_in_arc_means_no_attack():
    """Only a friendly ship in the front arc (range 1); the enemy is far away. RR: ATTACK step 1c,
    RR: FRIENDLY. No attack is declared."""
    game, a, _ = engage(XWING, [(TIE, (400, 850, 180))], friends=[(XWING, (400, 420, 180))])
    assert game.decision is None
    assert "no target" in no_attack(game, a)


def test_the_attacker_may_choose_not_to_attack():
    """RR: ATTACK step 1 ("... either chooses a different weapon or chooses not to attack"),
    RR: ENGAGEMENT PHASE ("it may perform an attack"). Declining ends the engagement with no
    attack."""
    game, _, _ = engage(XWING, [(TIE, AHEAD)])
    assert "none" in game.decision.option_keys()
    game.answer("none")
    assert game.decision is None and attacks(game) == []


# ============================================================================ ATTACK ARC
class TestStandardArcs:
    """RR: ARC, RR: ATTACK ARC - the defender must be in the arc of the chosen weapon."""

    @pytest.mark.parametrize(("pose", "expected"), [
        (AHEAD, True), (BEHIND, False), (LEFT, False), (RIGHT, False)])
    def test_front_arc_weapon_reaches_only_the_front_arc(self, pose, expected):
        """A T-65 (primary front weapon only) with one enemy at range 2 ahead, behind, left
        or right. RR: ATTACK ARC. Only the enemy ahead can be declared."""
        found = offered(XWING, [(TIE, pose)])
        assert bool(found) is expected
        if expected:
            assert set(found) == {("primary:front", "p2.1")}

    def test_rear_arc_weapon_reaches_behind_the_ship(self):
        """A Firespray (primary front 3 and rear 3) with one enemy ahead and one behind.
        RR: ARC (rear arc), RR: PRIMARY WEAPON (up to two primary weapons, each with its arc).
        The enemy ahead is offered to the front weapon only, the one behind to the rear
        weapon only."""
        game, _, (ahead, behind) = engage(FIRESPRAY, [(TIE, AHEAD), (TIE, BEHIND)])
        assert set(targets(game)) == {("primary:front", ahead), ("primary:rear", behind)}

    def test_a_front_weapon_cannot_shoot_behind(self):
        """The same enemy behind a T-65 (no rear weapon). RR: ATTACK ARC. No attack."""
        game, a, _ = engage(XWING, [(TIE, BEHIND)])
        assert game.decision is None and "no target" in no_attack(game, a)

    def test_a_ship_partly_in_the_arc_is_in_the_arc(self):
        """An enemy whose base straddles the front arc's right line. RR: ARC ("A ship is in
        an arc if any part of its base is inside that area"). It can be declared."""
        game, a, (tie,) = engage(XWING, [(TIE, (510, 390, 0))])
        s = game.state.ships
        assert is_in_arc(s[a], s[tie], Arc.FRONT) and is_in_arc(s[a], s[tie], Arc.RIGHT)
        assert ("primary:front", tie) in targets(game)

    def test_arcs_reach_only_to_range_3(self):
        """An enemy straight ahead at range 4. RR: ARC ("extending ... to range 3"),
        RR: PRIMARY WEAPON (range 0-3). No attack."""
        game, a, (tie,) = engage(XWING, [(TIE, AHEAD_R4)])
        assert range_of(game.state.ships[a], game.state.ships[tie]) == 4
        assert game.decision is None and "no target" in no_attack(game, a)


class TestFullFrontArc:
    """RR: ARC, RR: FULL ARCS: the full front arc covers everything in front of the midway
    line."""

    def test_full_front_weapon_reaches_beside_the_ship(self):
        """An enemy to the right, just in front of the midway line, outside the standard
        front arc. RR: FULL ARCS. An Auzituck (primary full front weapon) can declare it; a
        T-65 (front arc) cannot."""
        pose = (600, 325, 270)
        game, a, (tie,) = engage(AUZITUCK, [(TIE, pose)])
        s = game.state.ships
        assert not is_in_arc(s[a], s[tie], Arc.FRONT)
        assert targets(game) == {("primary:full_front", tie): 2}
        assert offered(XWING, [(TIE, pose)]) == {}

    def test_full_front_weapon_does_not_reach_behind(self):
        """An enemy behind the Auzituck's midway line. RR: FULL ARCS. No attack."""
        assert offered(AUZITUCK, [(TIE, BEHIND)]) == {}


class TestBullseyeArc:
    """RR: BULLSEYE ARC, RR: SPECIAL WEAPON (arc restriction). Proton Rockets (Attack (focus):
    bullseye arc, range 1-2, 5 dice) on a Firespray with a focus token."""

    def test_bullseye_weapon_needs_the_defender_in_the_bullseye(self):
        """One enemy dead ahead (in the bullseye arc), one ahead but off the centre line (in
        the front arc only), both at range 2. The rockets can be declared only at the first;
        the primary weapon at both."""
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

    ENEMIES = ((TIE, AHEAD), (TIE, BEHIND), (TIE, LEFT), (TIE, RIGHT))
    BY_ARC: ClassVar[dict[str, str]] = {"front": "p2.1", "rear": "p2.2", "left": "p2.3",
                                        "right": "p2.4"}

    @pytest.mark.parametrize("pointing", ["front", "rear", "left", "right"])
    def test_single_turret_reaches_the_arc_it_points_at(self, pointing):
        """A Rebel Scout (HWK-290: primary single turret) with enemies ahead, behind, left
        and right at range 2, its indicator pointing ``pointing``. Only the enemy in that
        arc can be declared."""
        found = offered(HWK, list(self.ENEMIES), turret=pointing)
        assert set(found) == {("primary:single_turret", self.BY_ARC[pointing])}

    @pytest.mark.parametrize(("pointing", "arcs"), [
        ("front", ("front", "rear")), ("left", ("left", "right"))])
    def test_double_turret_reaches_two_opposite_arcs(self, pointing, arcs):
        """A Warden Squadron Pilot (K-wing: primary double turret) pointing front/rear or
        left/right, with enemies on all four sides at range 2. The enemies in the two
        opposite arcs can be declared, not the others."""
        enemies = [(TIE, (400, 510, 180)), (TIE, (400, 90, 0)), (TIE, (190, 300, 90)),
                   (TIE, (610, 300, 270))]
        found = offered(KWING, enemies, turret=pointing)
        assert {defender for _, defender in found} == {self.BY_ARC[a] for a in arcs}
        assert {weapon for weapon, _ in found} == {"primary:double_turret"}

    def test_front_weapon_and_turret_are_different_weapons(self):
        """A Shadowport Hunter (Lancer: primary front 3 and single turret 2, turret pointing
        front) with an enemy ahead. RR: ATTACK step 1b (choose one of the primary or special
        weapons), RR: PRIMARY WEAPON (up to two). Both weapons are offered against it."""
        found = offered("shadowporthunter", [(TIE, (400, 520, 180))], turret="front")
        assert set(found) == {("primary:front", "p2.1"), ("primary:single_turret", "p2.1")}


# ========================================================================== ATTACK RANGE
def test_attack_range_is_measured_to_the_closest_point_in_the_arc():
    """An enemy beside the T-65, its base straddling the front arc's right line: the ships
    are at range 1, but the closest point of the enemy inside the front arc is at range 2.
    RR: ATTACK RANGE ("measuring range from the closest point of the attacker to the closest
    point of the defender that is in the attack arc"); rulebook's targeting example. The
    attack range offered is 2."""
    game, a, (tie,) = engage(XWING, [(TIE, (510, 390, 0))])
    assert range_of(game.state.ships[a], game.state.ships[tie]) == 1
    assert targets(game) == {("primary:front", tie): 2}


def test_attack_range_at_range_0_is_0():
    """An enemy touching the T-65's front edge. RR: ATTACK RANGE ("While attacking a ship at
    range 0, the attack range is always 0"). It is offered at attack range 0."""
    assert offered(XWING, [(TIE, TOUCHING)]) == {("primary:front", "p2.1"): 0}


def test_after_a_bump_the_attack_range_is_0():
    """The T-65 executes a [2 straight] into a TIE facing it and stops short, touching it
    (its guides touch; the bases are 6.6 mm apart). RR: RANGE ("After a ship partially
    executes a maneuver, it is at range 0 of the last ship it overlapped"), RR: ATTACK RANGE;
    ruling Game engine 12. It is offered at attack range 0, not 1."""
    game, a, tie = bumped_into_a_tie()
    s = game.state.ships
    assert s[a].pose.y < 420 and tie in s[a].contacts      # partially executed
    start_at(game, Engage(a))
    assert targets(game) == {("primary:front", tie): 0}


def test_a_touching_ship_outside_the_arc_cannot_be_attacked():
    """An enemy touching the T-65's rear edge. RR: ATTACK ARC, RR: RANGE - range 0 does not put
    a ship in an arc. No attack."""
    assert offered(XWING, [(TIE, (400, 260, 0))]) == {}


# ======================================================================== PRIMARY WEAPON
@pytest.mark.parametrize(("pose", "attack_range"), [
    (TOUCHING, 0), (AHEAD_R1, 1), (AHEAD, 2), (AHEAD_R3, 3), (AHEAD_R4, None)])
def test_primary_weapon_range_is_0_to_3(pose, attack_range):
    """An enemy straight ahead at range 0, 1, 2, 3 or 4. RR: ATTACK step 1 ("A primary weapon
    requires the attack range to be range 0-3"), RR: PRIMARY WEAPON. Offered at 0-3, not at 4.
    (The FAQ on Automated Target Priority says range 0 is not a valid attack range for a
    primary weapon; the glossary rule, followed here and by the engine, says 0-3.)"""
    found = offered(XWING, [(TIE, pose)])
    if attack_range is None:
        assert found == {}
    else:
        assert found == {("primary:front", "p2.1"): attack_range}


# ======================================================================== SPECIAL WEAPON
class TestSpecialWeapons:
    """RR: SPECIAL WEAPON - arc, range requirement, header requirement and cost. Proton
    Torpedoes: "Attack (lock)", front arc, range 2-3, 2 charges, 1 spent per attack."""

    @staticmethod
    def torpedo(pose, **setup):
        setup.setdefault("locks", ["p2.1"])
        return offered(KWING, [(TIE, pose)], upgrades=["protontorpedoes"], **setup)

    @pytest.mark.parametrize(("y", "attack_range", "allowed"), [
        (350, 0, False), (420, 1, False), (510, 2, True), (610, 3, True), (670, 4, False)])
    def test_range_requirement(self, y, attack_range, allowed):
        """A K-wing (double turret, front/rear) with Proton Torpedoes and a lock on an enemy
        straight ahead at range ``attack_range``. The torpedoes are offered only at attack
        range 2-3; the primary weapon wherever it reaches (0-3)."""
        found = self.torpedo((400, y, 180))
        assert (("protontorpedoes", "p2.1") in found) is allowed
        if attack_range <= 3:
            assert found[("primary:double_turret", "p2.1")] == attack_range

    def test_lock_requirement(self):
        """"Attack (lock)": the attacker must have a lock on the defender. Without a lock,
        or with a lock on another ship, the torpedoes are not offered against it."""
        assert ("protontorpedoes", "p2.1") not in self.torpedo((400, 510, 180), locks=[])
        found = offered(KWING, [(TIE, (400, 510, 180)), (TIE, (480, 560, 180))],
                        upgrades=["protontorpedoes"], locks=["p2.2"])
        assert ("protontorpedoes", "p2.1") not in found
        assert ("protontorpedoes", "p2.2") in found

    def test_focus_requirement(self):
        """"Attack (focus)" (Proton Rockets): the attacker must have a focus token. Without
        one, only the primary weapon is offered."""
        pose = (400, 470, 180)
        assert set(offered(FIRESPRAY, [(TIE, pose)], upgrades=["protonrockets"])) == \
            {("primary:front", "p2.1")}
        assert ("protonrockets", "p2.1") in offered(
            FIRESPRAY, [(TIE, pose)], upgrades=["protonrockets"], tokens={"focus": 1})

    def test_a_cost_that_cannot_be_paid_rules_the_weapon_out(self):
        """The torpedoes have no active charge. RR: ATTACK step 1 ("if the attacker cannot pay
        the costs required for the attack, the attacking player either chooses a different
        weapon or chooses not to attack"). Only the primary weapon is offered."""
        found = self.torpedo((400, 510, 180), charges={"protontorpedoes": 0})
        assert set(found) == {("primary:double_turret", "p2.1")}

    def test_the_cost_is_paid_when_the_attack_is_declared(self):
        """RR: ATTACK step 1d (Pay Costs). Declaring the torpedo attack spends 1 charge at once;
        declaring the primary attack spends none."""
        for weapon, left in (("protontorpedoes", 1), ("primary:double_turret", 2)):
            game, a, (tie,) = engage(KWING, [(TIE, (400, 510, 180))],
                                     upgrades=["protontorpedoes"], locks=["p2.1"])
            game.answer(f"{weapon}@{tie}")
            assert game.state.ships[a].charges["protontorpedoes"].active == left
            finish(game)


# ===================================================================== NO VALID TARGET
def test_no_valid_target_means_no_attack():
    """The only enemy is at range 4. RR: ATTACK step 1 (no valid target: choose another weapon or
    not to attack). No declaration is asked; the ship engages without attacking."""
    game, a, _ = engage(XWING, [(TIE, AHEAD_R4)])
    assert game.decision is None
    assert "has no target" in no_attack(game, a)
    assert attacks(game) == []


def test_a_ship_engages_once_and_performs_one_attack():
    """Two enemies ahead. RR: ATTACK ("Each ship may perform one standard attack when it
    engages"), RR: ENGAGEMENT PHASE. After attacking one, no second declaration follows."""
    game, a, (one, _two) = engage(XWING, [(TIE, AHEAD), (TIE, (480, 520, 180))])
    game.answer(f"primary:front@{one}")
    finish(game)
    assert len(attacks(game, a)) == 1


# ============================================================================= DISARMED
def test_a_disarmed_ship_cannot_attack():
    """A T-65 with a disarm token and an enemy ahead at range 2. RR: DISARMED ("A disarmed
    ship cannot perform attacks"). No declaration."""
    game, a, _ = engage(XWING, [(TIE, AHEAD)], tokens={"disarm": 1})
    assert game.decision is None and "disarmed" in no_attack(game, a)


def test_a_disarmed_ship_still_engages():
    """The same disarmed T-65 in the Engagement Phase. RR: DISARMED, RR: ENGAGEMENT PHASE
    ("Disarmed ships still engage"). It engages (its turn passes) without attacking; the
    enemy TIE then engages and attacks it."""
    sc = Scene()
    a = sc.ship(XWING, at=HERE, tokens={"disarm": 1})
    tie = sc.ship(TIE, player=1, at=AHEAD)
    game = sc.at(Sweep("engagement"))
    assert game.state.ships[a].engaged
    assert any(e["kind"] == "engage" and e.get("ship") == a for e in game.log)
    assert game.decision.kind == "declare_attack" and game.decision.ship == tie


def test_a_cloaked_ship_is_disarmed():
    """A T-65 with a cloak token. RR: CLOAK ("A cloaked ship ... is disarmed"). No
    declaration."""
    game, a, _ = engage(XWING, [(TIE, AHEAD)], tokens={"cloak": 1})
    assert game.decision is None and no_attack(game, a) is not None


# ============================================================== OBSTACLES: RANGE 0
@pytest.mark.parametrize("outline", [ASTEROID, DEBRIS, GAS])
def test_a_ship_at_range_0_of_an_obstacle_cannot_attack(outline):
    """A T-65 sitting on an asteroid, a debris cloud or a gas cloud, an enemy ahead at range
    2. RR: OBSTACLES ("While a ship is at range 0 of an obstacle ... Asteroid / Debris Cloud
    / Gas Cloud: The ship cannot perform attacks"). No declaration."""
    game, a, _ = engage(XWING, [(TIE, AHEAD)], obstacles=[(outline, 400, 300)])
    assert game.decision is None
    assert "range 0 of" in no_attack(game, a)


def test_the_obstacle_rule_binds_the_attacker_not_the_defender():
    """The enemy, not the attacker, sits on an asteroid. RR: OBSTACLES (the ship at range 0
    cannot perform attacks; nothing stops it being attacked). It can be declared."""
    found = offered(XWING, [(TIE, AHEAD)], obstacles=[(ASTEROID, 400, 520)])
    assert found == {("primary:front", "p2.1"): 2}
