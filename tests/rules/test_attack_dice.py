"""RR: ATTACK steps 2a (Roll Attack Dice) and 3a (Roll Defense Dice): how many dice are
rolled. The entries: ATTACK (attack value, modifiers, the 0-6 limits, range 0), AGILITY,
PRIMARY WEAPON, RANGE BONUS (and the ordnance icon), OBSTRUCTED, STRAIN, DEPLETE,
TRACTOR, CLOAK, and the FAQ on dice limits and strain.

Each test runs one attack with every die showing a blank (nothing to modify) and counts
the dice each ship rolled. The attacker sits at (400, 300) facing +y; the defender faces
it."""

from __future__ import annotations

import pytest

from tallon.cards.common import range_of
from tallon.engine.attack import Engage
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.rules.attack_helpers import (
    ASTEROID,
    DEBRIS,
    FIRESPRAY,
    KWING,
    TIE,
    XWING,
    answer,
    bumped_into_a_tie,
    dice_counts,
    finish,
)

VCX = "lothalrebel"                  # VCX-100: large, front 4, agility 0
GAUNTLET = "mandalorianresistancepilot"   # Gauntlet: large, front 3 and rear 2
TEMPEST = "tempestsquadronpilot"     # TIE Advanced x1 (Advanced Targeting Computer)

HERE = (400, 300, 0)
R0 = (400, 340, 180)      # touching the attacker's front edge
R1 = (400, 420, 180)
R2 = (400, 500, 180)
R3 = (400, 600, 180)
BLANKS = ["blank"] * 7


def attack(attacker=XWING, defender=TIE, *, at=HERE, to=R2, weapon=None, upgrades=(),
           tokens=None, defender_tokens=None, obstacles=(), others=(), **setup):
    """Run one attack with blank dice; returns (game, attacker id, defender id) once it is
    over. ``others`` are extra ships (player, pilot, pose)."""
    sc = Scene()
    a = sc.ship(attacker, at=at, upgrades=upgrades, tokens=tokens, **setup)
    d = sc.ship(defender, player=1, at=to, tokens=defender_tokens)
    for player, pilot, pose in others:
        sc.ship(pilot, player=player, at=pose)
    for outline, x, y in obstacles:
        sc.obstacle(outline, x, y)
    game = sc.attack(a, d, dice=BLANKS, defense=BLANKS, weapon=weapon)
    finish(game)
    return game, a, d


def counts(*args, **kw) -> tuple[int, int]:
    game, a, d = attack(*args, **kw)
    return dice_counts(game, a, d)


# ====================================================================== ATTACK VALUE
class TestAttackValue:
    """RR: ATTACK step 2a ("Starting with the attack value"), 3a ("Starting with the defender's
    agility value"), PRIMARY WEAPON (the attack value of the weapon chosen)."""

    @pytest.mark.parametrize(("attacker", "defender", "expected"), [
        (XWING, TIE, (3, 3)), (TIE, XWING, (2, 2)), (FIRESPRAY, TIE, (3, 3))])
    def test_attack_value_and_agility_at_range_2(self, attacker, defender, expected):
        """At attack range 2 (no range bonus, no obstruction) the attacker rolls its
        primary attack value and the defender its agility: T-65 3 / agility 2, TIE/ln 2 /
        agility 3, Firespray 3."""
        to = (400, 510, 180) if attacker == FIRESPRAY else R2
        assert counts(attacker, defender, to=to) == expected

    def test_the_rear_weapon_rolls_its_own_attack_value(self):
        """A Gauntlet (front 3, rear 2) attacking an enemy behind it at range 2 with its
        rear weapon. RR: PRIMARY WEAPON (each primary weapon has its own attack value). It
        rolls 2 dice."""
        assert counts(GAUNTLET, TIE, to=(400, 90, 0)) == (2, 3)

    @pytest.mark.parametrize(("weapon", "dice"), [
        ("primary:front", 3), ("primary:single_turret", 2)])
    def test_the_chosen_weapon_sets_the_dice(self, weapon, dice):
        """A Shadowport Hunter (Lancer: front 3, single turret 2 pointing front) attacks the
        same enemy ahead with either weapon. RR: ATTACK steps 1b, 2a. It rolls that weapon's
        value."""
        assert counts("shadowporthunter", to=(400, 520, 180), weapon=weapon,
                      turret="front")[0] == dice


# ======================================================================= RANGE BONUS
class TestRangeBonus:
    """RR: RANGE BONUS - attack range 1: the attacker rolls 1 additional attack die;
    attack range 3: the defender rolls 1 additional defense die; not with the ordnance
    icon."""

    @pytest.mark.parametrize(("pose", "expected"), [(R1, (4, 3)), (R2, (3, 3)),
                                                    (R3, (3, 4))])
    def test_range_bonus_by_attack_range(self, pose, expected):
        """A T-65 (3) attacks a TIE/ln (agility 3) straight ahead at range 1, 2 or 3."""
        assert counts(to=pose) == expected

    def test_the_bonus_follows_the_attack_range_not_the_range_between_the_ships(self):
        """The TIE straddles the front arc's right line: the ships are at range 1 but the
        attack range is 2. RR: RANGE BONUS ("depending on the attack range"), RR: ATTACK RANGE. No
        additional attack die."""
        game, a, d = attack(to=(510, 390, 0))
        assert range_of(game.state.ships[a], game.state.ships[d]) == 1
        assert dice_counts(game, a, d) == (3, 3)

    def test_no_attack_bonus_with_an_ordnance_weapon(self):
        """Proton Rockets (5 dice, ordnance icon, bullseye range 1-2) at attack range 1
        from a Firespray with a focus token. RR: RANGE BONUS, RR: SPECIAL WEAPON (the ordnance
        icon: range bonuses are not applied). 5 dice, not 6; the primary weapon at the same
        range rolls 3 + 1."""
        pose = (400, 420, 180)
        kw = {"upgrades": ["protonrockets"], "tokens": {"focus": 1}, "to": pose}
        assert counts(FIRESPRAY, weapon="protonrockets", **kw)[0] == 5
        assert counts(FIRESPRAY, weapon="primary:front", **kw)[0] == 4

    def test_no_defense_bonus_against_an_ordnance_weapon(self):
        """Proton Torpedoes (4 dice, ordnance, range 2-3) from a K-wing with a lock, at
        attack range 3. RR: RANGE BONUS, RR: SPECIAL WEAPON. The TIE rolls 3 defense dice (its
        agility), not 4; against the K-wing's primary weapon at the same range it rolls
        4."""
        kw = {"upgrades": ["protontorpedoes"], "locks": ["p2.1"], "to": (400, 610, 180)}
        assert counts(KWING, weapon="protontorpedoes", **kw) == (4, 3)
        assert counts(KWING, weapon="primary:double_turret", **kw) == (2, 4)

    def test_no_bonus_at_attack_range_0(self):
        """The TIE touches the T-65's front edge: attack range 0, which is not range 1.
        RR: ATTACK RANGE, RR: RANGE BONUS. 3 attack dice, 3 defense dice."""
        assert counts(to=R0) == (3, 3)

    def test_no_bonus_after_a_bump(self):
        """The T-65 bumps into the TIE with a [2 straight]: its base stops 6.6 mm short
        (range 1 by the ruler) but the ships are at range 0 (RR: RANGE), so the attack range
        is 0 and no die is added: 3 attack dice."""
        game, a, d = bumped_into_a_tie()
        start_at(game, Engage(a))
        load_dice(game, BLANKS, BLANKS)
        declare(game, a, d)
        finish(game)
        assert dice_counts(game, a, d) == (3, 3)


# ========================================================================= OBSTRUCTED
class TestObstructed:
    """RR: OBSTRUCTED, RR: OBSTACLES - if at least one obstacle obstructs the attack, the
    defender rolls 1 additional defense die; a ship or device obstructing has no
    effect."""

    def test_an_obstacle_on_the_range_line_adds_a_defense_die(self):
        """An asteroid between the T-65 and the TIE at range 2: the TIE rolls 4."""
        assert counts(obstacles=[(ASTEROID, 400, 400)]) == (3, 4)

    def test_two_obstacles_add_only_one_die(self):
        """An asteroid and a debris cloud both on the range line (range 3). "If at least one
        obstacle obstructs": 1 for the obstruction and 1 for range 3, so 5."""
        assert counts(to=R3, obstacles=[(ASTEROID, 400, 400), (DEBRIS, 400, 520)]) == (3, 5)

    def test_an_obstacle_beside_the_range_line_does_not_obstruct(self):
        """The same asteroid well to the side of the range line. 3 defense dice."""
        assert counts(obstacles=[(ASTEROID, 250, 400)]) == (3, 3)

    def test_a_ship_on_the_range_line_has_no_effect(self):
        """A friendly T-65 between the attacker and the TIE. RR: OBSTRUCTED ("If a ship or
        device obstructs an attack, there is no inherent effect"). 3 defense dice."""
        assert counts(others=[(0, XWING, (400, 400, 0))]) == (3, 3)

    @pytest.mark.parametrize(("x", "y", "dice"), [(430, 390, 4), (480, 330, 3)])
    def test_obstruction_is_judged_on_the_attack_range_line(self, x, y, dice):
        """The TIE straddles the front arc's right line (ships at range 1, attack range 2).
        RR: OBSTRUCTED ("The attacker measures from the closest point of its base to the
        closest point of the defender's base that is in the attack arc, therefore the
        attacker cannot measure range from or to another point"). An asteroid across that
        line obstructs (4 dice); one across the line to the TIE's closest point outside the
        arc does not (3 dice)."""
        assert counts(to=(510, 390, 0), obstacles=[(ASTEROID, x, y)]) == (3, dice)

    @pytest.mark.parametrize(("choice", "dice"), [("clear", 3), ("obstructed", 4)])
    def test_with_tied_lines_the_attacker_chooses(self, choice, dice):
        """Attacker and defender parallel, an asteroid across some of the equally short
        range lines. RR: OBSTRUCTED ("the attacker chooses one of those lines ... can choose
        to make this attack be obstructed or not"). The engine asks; the answer decides the
        defense dice."""
        sc = Scene()
        a = sc.ship(XWING, at=HERE)
        d = sc.ship(TIE, player=1, at=(410, 500, 180))
        sc.obstacle("core2asteroid3", 380, 400)
        game = sc.attack(a, d, dice=BLANKS, defense=BLANKS)
        answer(game, "obstruction", choice, a)
        finish(game)
        assert dice_counts(game, a, d) == (3, dice)

    def test_an_agility_0_ship_rolls_the_obstruction_die(self):
        """A VCX-100 (agility 0) defends behind an asteroid at range 2. RR: AGILITY ("a ship
        with an agility value of 0 can still roll additional defense dice ... the attack
        being obstructed"). It rolls 1 die."""
        assert counts(XWING, VCX, to=(400, 520, 180),
                      obstacles=[(ASTEROID, 400, 400)]) == (3, 1)


# ============================================================================= STRAIN
class TestStrain:
    """RR: STRAIN - while a strained ship defends, it rolls 1 fewer defense die; after
    applying it, it removes 1 strain token."""

    def test_a_strained_defender_rolls_one_fewer_and_removes_one_strain(self):
        game, a, d = attack(defender_tokens={"strain": 2})
        assert dice_counts(game, a, d) == (3, 2)
        assert game.state.ships[d].count(Token.STRAIN) == 1

    def test_strain_does_not_affect_attacking(self):
        """A strained attacker. Strain acts only while the ship defends: 3 attack dice and
        the strain token stays."""
        game, a, d = attack(tokens={"strain": 1})
        assert dice_counts(game, a, d) == (3, 3)
        assert game.state.ships[a].count(Token.STRAIN) == 1

    def test_strain_is_removed_even_when_no_die_is_left_to_lose(self):
        """FAQ: a strained agility-0 ship (VCX-100) defending at attack range 1 rolls 0 dice
        and still removes the strain token."""
        game, a, d = attack(XWING, VCX, to=(400, 400, 180), defender_tokens={"strain": 1})
        assert dice_counts(game, a, d) == (4, 0)
        assert not game.state.ships[d].has(Token.STRAIN)


# ============================================================================ DEPLETE
class TestDeplete:
    """RR: DEPLETE - while a depleted ship performs an attack, it rolls 1 fewer attack die;
    after applying it, it removes 1 deplete token."""

    def test_a_depleted_attacker_rolls_one_fewer_and_removes_one_deplete(self):
        game, a, d = attack(tokens={"deplete": 2})
        assert dice_counts(game, a, d) == (2, 3)
        assert game.state.ships[a].count(Token.DEPLETE) == 1

    def test_deplete_does_not_affect_defending(self):
        """A depleted defender rolls its agility and keeps the token."""
        game, a, d = attack(defender_tokens={"deplete": 1})
        assert dice_counts(game, a, d) == (3, 3)
        assert game.state.ships[d].count(Token.DEPLETE) == 1

    def test_deplete_applies_at_attack_range_0(self):
        """A depleted T-65 attacks a touching TIE. RR: ATTACK step 2a forbids adding dice at range
        0, not removing them (ruling: decreases still apply). 2 dice, token removed."""
        game, a, d = attack(to=R0, tokens={"deplete": 1})
        assert dice_counts(game, a, d) == (2, 3)
        assert not game.state.ships[a].has(Token.DEPLETE)


# ============================================================================ TRACTOR
class TestTractor:
    """RR: TRACTOR - a tractored ship (small: 1 token, medium: 2, large: 3) rolls 1 fewer
    defense die while it defends."""

    def test_a_tractored_small_ship_rolls_one_fewer(self):
        game, a, d = attack(defender_tokens={"tractor": 1})
        assert dice_counts(game, a, d) == (3, 2)
        assert game.state.ships[d].count(Token.TRACTOR) == 1      # not spent

    @pytest.mark.parametrize(("tokens", "dice"), [(1, 2), (2, 1)])
    def test_a_medium_ship_needs_two_tractor_tokens(self, tokens, dice):
        """A Firespray (medium, agility 2) with 1 tractor token is not tractored; with 2 it
        is (RR: SHIP SIZES, RR: TRACTOR)."""
        assert counts(XWING, FIRESPRAY, to=(400, 510, 180),
                      defender_tokens={"tractor": tokens})[1] == dice

    def test_tractor_does_not_affect_attacking(self):
        """A tractored attacker rolls its full attack value."""
        assert counts(tokens={"tractor": 1})[0] == 3


# ============================================================================== CLOAK
def test_a_cloaked_defender_adds_2_to_its_agility():
    """A cloaked TIE/ln (agility 3) defends at range 2. RR: CLOAK ("Its agility value is
    increased by 2"). It rolls 5 dice."""
    assert counts(defender_tokens={"cloak": 1}) == (3, 5)


# ======================================================================== THE LIMITS
class TestLimits:
    """RR: ATTACK steps 2a/3a ("There is always a minimum of 0 and a maximum of 6"), RR: AGILITY,
    RR: FAQ (the limits apply after all modifiers)."""

    def test_never_more_than_6_defense_dice(self):
        """A cloaked TIE (3 + 2) at attack range 3 (+1) behind an asteroid (+1): 7, limited
        to 6."""
        assert counts(to=R3, defender_tokens={"cloak": 1},
                      obstacles=[(ASTEROID, 400, 420)]) == (3, 6)

    def test_never_fewer_than_0_defense_dice_and_strain_still_goes(self):
        """A K-wing (medium, agility 1) strained and tractored (2 tokens): 1 - 1 - 1 = -1,
        so 0 dice; the strain token is still removed (FAQ)."""
        game, a, d = attack(XWING, KWING, to=(400, 510, 180),
                            defender_tokens={"strain": 1, "tractor": 2})
        assert dice_counts(game, a, d) == (3, 0)
        assert not game.state.ships[d].has(Token.STRAIN)

    def test_modifiers_are_summed_before_the_limits(self):
        """FAQ: an agility-0 ship with one fewer die (strain) and one more (range 3) rolls 0
        whichever is applied first. A strained VCX-100 defending at attack range 3."""
        game, a, d = attack(XWING, VCX, to=(400, 620, 180), defender_tokens={"strain": 1})
        assert dice_counts(game, a, d) == (3, 0)
        assert not game.state.ships[d].has(Token.STRAIN)


# ===================================================================== RANGE 0 RULES
class TestRange0:
    """RR: ATTACK step 2a ("While performing a primary attack at attack range 0, attack dice
    cannot be added")."""

    @pytest.mark.parametrize(("pose", "dice"), [(R0, 2), (R1, 4), (R2, 3)])
    def test_no_attack_dice_added_at_range_0(self, pose, dice):
        """A Tempest Squadron Pilot (TIE Advanced x1, attack 2) with a lock on the defender:
        its Advanced Targeting Computer rolls 1 additional die on a primary attack against a
        locked defender. At range 2 it rolls 3, at range 1 4 (with the range bonus), at
        range 0 only its attack value, 2."""
        assert counts(TEMPEST, XWING, to=pose, locks=["p2.1"])[0] == dice

    def test_dropped_increases_do_not_cancel_a_decrease(self):
        """The same Tempest, locked on a touching T-65, is also depleted. The Advanced
        Targeting Computer's die cannot be added at range 0; deplete still removes one:
        2 - 1 = 1 die (and the deplete token goes)."""
        game, a, d = attack(TEMPEST, XWING, to=R0, locks=["p2.1"], tokens={"deplete": 1})
        assert not game.state.ships[a].has(Token.DEPLETE)
        assert dice_counts(game, a, d)[0] == 1
