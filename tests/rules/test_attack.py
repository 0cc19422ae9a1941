"""RR: ATTACK - the six steps of an attack, in the Rules Reference's order:

1. Declare Target: an enemy ship as defender, or no attack; one attack per engagement.
2. Attack Dice: (a) the attack value, modifiers, the 0-6 limits, no dice added at attack
   range 0; (b) the defending player modifies first, each die is rerolled at most once,
   and at attack range 0 only the defender may modify.
3. Defense Dice: (a) the agility value and its limits; (b) the attacking player modifies
   first, and not at attack range 0.
4. Neutralize Results: evades cancel hits, then crits; the attack hits or misses (RR: HIT,
   RR: MISS).
5. Deal Damage: tested with the damage, in test_damage.
6. Aftermath: the defending player's abilities, then the attacking player's, then their
   bonus attacks; a destruction's effects wait for the aftermath.

The entries an attack uses have their own files: the arcs and ranges (test_arc,
test_attack_arc, test_attack_range, test_range_bonus, test_obstructed), the weapons
(test_primary_weapon, test_special_weapon), the tokens that change the dice (test_focus,
test_evade, test_calculate, test_lock, test_charges, test_strain, test_deplete,
test_tractor, test_cloak), test_reinforce, test_damage, test_bonus_attack and
test_simultaneous_fire.

Scenes are built with ``tallon.scene.Scene`` (see tests/rules/attack_helpers.py): the
attacker sits at (400, 300) facing +y, the defender ahead at range 2 unless said otherwise;
the dice are loaded."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.cards.common import dice
from tallon.engine.abilities import DiceMod
from tallon.engine.attack import Engage
from tallon.engine.rounds import Sweep
from tallon.engine.state import ConditionCard, Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.rules.attack_helpers import (
    ASTEROID,
    FIRESPRAY,
    GAUNTLET,
    HERE,
    KWING,
    R0,
    R1,
    R2,
    R3,
    R4,
    TEMPEST,
    TIE,
    VCX,
    XWING,
    XWING3,
    answer,
    attacks,
    blank_attack,
    blank_counts,
    choose,
    choose_label,
    damage,
    decisions,
    dice_counts,
    engage,
    evades,
    finish,
    loaded_attack,
    log_index,
    log_kinds,
    modified,
    modify_scene,
    no_attack,
    preset_damage,
    resolved_attack,
    script,
    sources,
    targets,
)

BUSINESS = "youdbettermeanbusiness"
DOUBLE = "tallon-test-platedhull"


# ======================================================= STEP 1: DECLARE TARGET
def test_only_enemy_ships_can_be_declared_as_defender():
    """A friendly X-wing straight ahead at range 1 and an enemy TIE behind it at range 3.
    RR: ATTACK step 1c ("The attacking player chooses an enemy ship to be the defender"),
    RR: FRIENDLY ("Ships cannot perform attacks against friendly ships"). Only the TIE is
    offered."""
    game, _, (tie,) = engage(XWING, [(TIE, R3)], friends=[(XWING, (400, 420, 180))])
    assert targets(game) == {("primary:front", tie): 3}


def test_a_friendly_ship_alone_in_arc_means_no_attack():
    """Only a friendly ship in the front arc (range 1); the enemy is far away.
    RR: ATTACK step 1c, RR: FRIENDLY. No attack is declared; the engine says there is no
    target."""
    game, a, _ = engage(XWING, [(TIE, (400, 850, 180))], friends=[(XWING, (400, 420, 180))])
    assert game.decision is None
    assert "no target" in no_attack(game, a)


def test_the_attacker_may_choose_not_to_attack():
    """An enemy ahead at range 2. RR: ATTACK step 1 ("... either chooses a different weapon
    or chooses not to attack"), RR: ENGAGEMENT PHASE ("it may perform an attack"). Not
    attacking is offered; declining ends the engagement with no attack."""
    game, _, _ = engage(XWING, [(TIE, R2)])
    assert "none" in game.decision.option_keys()
    game.answer("none")
    assert game.decision is None and attacks(game) == []


def test_no_valid_target_means_no_attack():
    """The only enemy is at range 4. RR: ATTACK step 1 (no valid target: choose another
    weapon or not to attack). No declaration is asked; the ship engages without attacking,
    and the engine says it has no target."""
    game, a, _ = engage(XWING, [(TIE, R4)])
    assert game.decision is None
    assert "has no target" in no_attack(game, a)
    assert attacks(game) == []


def test_a_ship_engages_once_and_performs_one_attack():
    """Two enemies ahead. RR: ATTACK ("Each ship may perform one standard attack when it
    engages"), RR: ENGAGEMENT PHASE. After attacking one, no second declaration follows: one
    attack."""
    game, a, (one, _two) = engage(XWING, [(TIE, R2), (TIE, (480, 520, 180))])
    game.answer(f"primary:front@{one}")
    finish(game)
    assert len(attacks(game, a)) == 1


# ======================================================= STEP 2a, 3a: ROLL THE DICE
class TestAttackValue:
    """RR: ATTACK step 2a ("Starting with the attack value"), 3a ("Starting with the
    defender's agility value"), PRIMARY WEAPON (the attack value of the weapon chosen). Each
    attack runs with every die blank and counts the dice each ship rolled."""

    @pytest.mark.parametrize(("attacker", "defender", "expected"), [
        (XWING, TIE, (3, 3)), (TIE, XWING, (2, 2)), (FIRESPRAY, TIE, (3, 3))])
    def test_attack_value_and_agility_at_range_2(self, attacker, defender, expected):
        """A T-65 attacks a TIE/ln, a TIE/ln a T-65, a Firespray a TIE/ln, at attack range 2
        (no range bonus, no obstruction). RR: ATTACK steps 2a/3a. The attacker rolls its
        primary attack value and the defender its agility: 3/3, 2/2, 3/3."""
        to = (400, 510, 180) if attacker == FIRESPRAY else R2
        assert blank_counts(attacker, defender, to=to) == expected

    def test_the_rear_weapon_rolls_its_own_attack_value(self):
        """A Gauntlet (front 3, rear 2) attacking an enemy behind it at range 2 with its
        rear weapon. RR: ATTACK step 2a, RR: PRIMARY WEAPON (each primary weapon has its own
        attack value). It rolls 2 dice."""
        assert blank_counts(GAUNTLET, TIE, to=(400, 90, 0)) == (2, 3)

    @pytest.mark.parametrize(("weapon", "dice"), [
        ("primary:front", 3), ("primary:single_turret", 2)])
    def test_the_chosen_weapon_sets_the_dice(self, weapon, dice):
        """A Shadowport Hunter (Lancer: front 3, single turret 2 pointing front) attacks the
        same enemy ahead with either weapon. RR: ATTACK steps 1b, 2a. It rolls that weapon's
        value."""
        assert blank_counts("shadowporthunter", to=(400, 520, 180), weapon=weapon,
                            turret="front")[0] == dice


class TestLimits:
    """RR: ATTACK steps 2a/3a ("There is always a minimum of 0 and a maximum of 6"),
    RR: AGILITY, RR: FAQ (the limits apply after all modifiers)."""

    def test_never_more_than_6_defense_dice(self):
        """A cloaked TIE (3 + 2) at attack range 3 (+1) behind an asteroid (+1): 7.
        RR: ATTACK step 3a. It rolls 6."""
        assert blank_counts(to=R3, defender_tokens={"cloak": 1},
                            obstacles=[(ASTEROID, 400, 420)]) == (3, 6)

    def test_never_fewer_than_0_defense_dice_and_strain_still_goes(self):
        """A K-wing (medium, agility 1) strained and tractored (2 tokens): 1 - 1 - 1 = -1.
        RR: ATTACK step 3a, RR: FAQ. It rolls 0 dice, and the strain token is still removed."""
        game, a, d = blank_attack(XWING, KWING, to=(400, 510, 180),
                                  defender_tokens={"strain": 1, "tractor": 2})
        assert dice_counts(game, a, d) == (3, 0)
        assert not game.state.ships[d].has(Token.STRAIN)

    def test_modifiers_are_summed_before_the_limits(self):
        """A strained VCX-100 (agility 0) defending at attack range 3: one fewer die
        (strain) and one more (range 3). RR: FAQ (the modifiers are summed, then the limits
        applied), RR: AGILITY. It rolls 0 whichever is applied first, and the strain token
        goes."""
        game, a, d = blank_attack(XWING, VCX, to=(400, 620, 180), defender_tokens={"strain": 1})
        assert dice_counts(game, a, d) == (3, 0)
        assert not game.state.ships[d].has(Token.STRAIN)


class TestNoDiceAddedAtRange0:
    """RR: ATTACK step 2a ("While performing a primary attack at attack range 0, attack dice
    cannot be added")."""

    @pytest.mark.parametrize(("pose", "dice"), [(R0, 2), (R1, 4), (R2, 3)])
    def test_no_attack_dice_added_at_range_0(self, pose, dice):
        """A Tempest Squadron Pilot (TIE Advanced x1, attack 2) with a lock on the defender:
        its Advanced Targeting Computer rolls 1 additional die on a primary attack against a
        locked defender. RR: ATTACK step 2a. At range 2 it rolls 3, at range 1 4 (with the
        range bonus), at range 0 only its attack value, 2."""
        assert blank_counts(TEMPEST, XWING, to=pose, locks=["p2.1"])[0] == dice

    def test_dropped_increases_do_not_cancel_a_decrease(self):
        """The same Tempest, locked on a touching T-65, is also depleted.
        RR: ATTACK step 2a, RR: DEPLETE. The Advanced Targeting Computer's die cannot be
        added at range 0; deplete still removes one: 2 - 1 = 1 die (and the deplete token
        goes)."""
        game, a, d = blank_attack(TEMPEST, XWING, to=R0, locks=["p2.1"], tokens={"deplete": 1})
        assert not game.state.ships[a].has(Token.DEPLETE)
        assert dice_counts(game, a, d)[0] == 1


# ===================================================== STEP 2b, 3b: MODIFY THE DICE
@pytest.fixture
def plated_hull():
    """A test double: gives a ship a condition whose ability is the catalogue's Plated
    Hull, a defender's mandatory change of 1 attack crit to a hit (RR: ATTACK step 2b, the
    defending player's abilities)."""
    CARDS.register("condition", DOUBLE,
                   DiceMod("test double: 1 attacker crit to a hit", dice=dice("platedhull")))

    def give(game, ship_id):
        game.state.ships[ship_id].conditions += (ConditionCard(DOUBLE, 1),)
    yield give
    CARDS.unregister("condition", DOUBLE)


class TestOrder:
    """RR: ATTACK step 2b ("The defending player resolves their abilities first, then the
    attacking player"), 3b ("The attacking player resolves their abilities first, then the
    defending player")."""

    def test_the_defender_modifies_the_attack_dice_first(self, plated_hull):
        """The defender has the Plated Hull double, the attacker a focus token; attack dice
        crit, focus, blank. RR: ATTACK step 2b. The first decision is the defender's; only
        after it does the attacker modify (and it sees the crit already turned into a hit)."""
        sc, a, d = modify_scene(tokens={"focus": 1})
        game = sc.game()
        plated_hull(game, d)
        start_at(game, Engage(a))
        load_dice(game, ["crit", "focus", "blank"], ["blank"] * 3)
        declare(game, a, d)
        assert game.decision.kind == "modify_attack_dice" and game.decision.ship == d
        choose(game, DOUBLE)
        assert game.decision.kind == "modify_attack_dice" and game.decision.ship == a
        assert modified(game) == ["hit", "focus", "blank"]
        choose(game, "focus")
        assert modified(game) == ["hit", "hit", "blank"]

    def test_the_attacker_modifies_the_defense_dice_first(self):
        """The attacker has Juke and an evade token (while evading, it may change 1 defense
        evade to a focus); the defender a focus token; defense dice evade, focus.
        RR: ATTACK step 3b. The attacker decides first; the defender then spends its focus
        on both focus results."""
        sc, a, d = modify_scene(XWING3, tokens={"evade": 1}, upgrades=["juke"],
                                defender_tokens={"focus": 1})
        game = loaded_attack(sc, a, d, ("attack", ["hit", "hit", "blank"]),
                             ("defense", ["evade", "focus", "blank"]))
        assert game.decision.kind == "modify_defense_dice" and game.decision.ship == a
        choose(game, "juke")
        assert modified(game) == ["focus", "focus", "blank"]
        assert game.decision.kind == "modify_defense_dice" and game.decision.ship == d
        choose(game, "focus")
        assert modified(game) == ["evade", "evade", "blank"]

    def test_attack_dice_are_modified_before_defense_dice_are_rolled(self):
        """The attacker has a focus token and rolls a focus. RR: ATTACK steps 2 then 3. The
        attacker's focus decision comes before the defender has rolled."""
        sc, a, d = modify_scene(tokens={"focus": 1})
        game = loaded_attack(sc, a, d, ("attack", ["focus", "blank", "blank"]),
                             ("defense", ["blank"] * 3))
        assert game.decision.kind == "modify_attack_dice"
        assert game.state.attack.defense_dice is None


class TestRerollOnce:
    """RR: GOLDEN RULES, RR: DICE MODIFICATION, RR: ATTACK step 2b ("Each attack die cannot
    be rerolled more than once during an attack"). A Red Squadron Veteran with Predator
    (primary attack, defender in its bullseye: may reroll 1 attack die) and a lock on the
    defender."""

    def scene(self):
        sc, a, d = modify_scene(XWING3, upgrades=["predator"], attacker_setup={"locks": ["p2.1"]})
        return loaded_attack(sc, a, d, ("attack", ["blank", "blank", "focus"]),
                             ("attack", ["blank", "blank"]), ("defense", ["blank"] * 3)), a

    def test_a_die_rerolled_by_the_lock_cannot_be_rerolled_by_predator(self):
        """The lock rerolls both blanks (blank again). RR: ATTACK step 2b. Predator may then
        reroll only the focus die, the one not rerolled yet."""
        game, _ = self.scene()
        choose_label(game, "Spend lock: reroll 2 blank")
        assert sources(game) == ["predator"]
        assert [o.label for o in game.decision.options if o.key != "done"] == \
            ["Predator (reroll 1 attack die): reroll 1 focus [predator]"]

    def test_once_every_die_is_rerolled_no_reroll_is_offered(self):
        """The lock rerolls all three dice. RR: ATTACK step 2b. Predator has nothing left to
        reroll and is not offered."""
        game, _ = self.scene()
        choose_label(game, "Spend lock: reroll 2 blank, 1 focus")
        assert game.decision is None or "predator" not in sources(game)

    def test_a_card_ability_is_used_once_per_attack(self):
        """Predator rerolls a blank. RR: ONCE PER OPPORTUNITY. It is not offered again (the
        lock still is)."""
        game, _ = self.scene()
        choose_label(game, "Predator (reroll 1 attack die): reroll 1 blank [predator]")
        assert "predator" not in sources(game) and "lock" in sources(game)


class TestOnlyTheDefenderModifiesAtRange0:
    """RR: ATTACK step 2b ("While performing a primary attack at attack range 0, the
    attacker's dice cannot be modified, except by the defender"); rulebook, Defense Dice
    ("While defending at range 0, enemy ships cannot reduce the number of defense dice you
    roll, cancel your results, or modify your results")."""

    def test_the_attacker_cannot_modify_its_dice_at_range_0(self):
        """A T-65 with a focus token and a lock attacks a touching TIE; attack dice focus,
        blank, blank. RR: ATTACK step 2b. Neither the focus nor the lock is offered; both
        stay."""
        sc, a, d = modify_scene(to=R0, tokens={"focus": 1}, attacker_setup={"locks": ["p2.1"]})
        game = loaded_attack(sc, a, d, ("attack", ["focus", "blank", "blank"]),
                             ("defense", ["blank"] * 3))
        assert game.decision is None
        assert game.state.ships[a].count(Token.FOCUS) == 1
        assert game.state.ships[a].locks == ["p2.1"]

    def test_the_defender_may_modify_the_attack_dice_at_range_0(self, plated_hull):
        """The same attack, the TIE carrying the Plated Hull double; attack dice crit,
        focus, blank. RR: ATTACK step 2b ("except by the defender"). The defender changes
        the crit to a hit; the attacker still can't spend its focus; the hit deals a
        facedown card."""
        sc, a, d = modify_scene(to=R0, tokens={"focus": 1})
        game = sc.game()
        plated_hull(game, d)
        start_at(game, Engage(a))
        load_dice(game, ["crit", "focus", "blank"], ["blank"] * 3)
        declare(game, a, d)
        assert game.decision.ship == d
        choose(game, DOUBLE)
        assert game.decision is None
        assert game.state.ships[a].count(Token.FOCUS) == 1
        assert damage(game, d) == (1, 0)         # the hit, now facedown

    def test_the_attacker_cannot_modify_the_defense_dice_at_range_0(self):
        """The attacker has Juke and an evade token; the defender's evade would be changed
        at range 2, not at range 0. RR: ATTACK step 3b, the rulebook on defending at range
        0. Only the defender may modify its dice: its focus is the only option."""
        sc, a, d = modify_scene(XWING3, to=R0, tokens={"evade": 1}, upgrades=["juke"],
                                defender_tokens={"focus": 1})
        game = loaded_attack(sc, a, d, ("attack", ["hit", "hit", "blank"]),
                             ("defense", ["evade", "focus", "blank"]))
        assert game.decision.ship == d and sources(game) == ["focus"]

    def test_the_attacker_cannot_cancel_defense_results_at_range_0(self):
        """A Baron of the Empire with Crack Shot (primary attack, defender in the bullseye:
        spend 1 charge to cancel 1 evade before Neutralize Results) attacks a touching T-65
        that rolls an evade. RR: ATTACK, the rulebook on defending at range 0. The cancel is
        not offered at range 0, and the charge stays."""
        sc, a, d = modify_scene("baronoftheempire", XWING, to=R0, upgrades=["crackshot"])
        game = loaded_attack(sc, a, d, ("attack", ["hit", "hit"]), ("defense", ["evade", "blank"]))
        assert game.decision is None
        assert game.state.ships[a].charges["crackshot"].active == 1


# ======================================================== STEP 4: NEUTRALIZE RESULTS
def outcome(game) -> str:
    """The Neutralize Results step's log line."""
    lines = [e["text"] for e in log_kinds(game, "neutralize")]
    assert len(lines) == 1
    return lines[0]


class TestNeutralize:
    """RR: ATTACK step 4 ("a. Pairs of hit and evade results are canceled. b. Pairs of crit
    and evade results are canceled"), rulebook ("All hit results must be canceled before
    crit results are canceled"). A T-65 attacks a TIE/ln (no shields) with loaded dice and
    nothing to modify."""

    @pytest.mark.parametrize(("rolled", "defended", "hits", "crits"), [
        (["hit", "crit", "blank"], ["evade", "blank", "blank"], 0, 1),
        (["hit", "hit", "crit"], ["evade", "evade", "blank"], 0, 1),
        (["crit", "crit", "blank"], ["evade", "blank", "blank"], 0, 1),
        (["hit", "hit", "crit"], ["evade", "blank", "blank"], 1, 1),
        (["hit", "crit", "crit"], ["evade", "evade", "evade"], 0, 0),
        (["hit", "focus", "blank"], ["focus", "blank", "blank"], 1, 0),
    ])
    def test_evades_cancel_hits_then_crits(self, rolled, defended, hits, crits):
        """Rolls of hits, crits, focus and blanks against evades, focus and blanks.
        RR: ATTACK step 4. Evades cancel hits first, then crits; focus and blank results
        cancel nothing and deal nothing. The uncanceled hits and crits logged are the
        facedown and faceup cards dealt."""
        game, _, d = resolved_attack(rolled, defended)
        assert f"{hits} hit(s), {crits} critical hit(s) uncanceled" in outcome(game)
        assert damage(game, d) == (hits, crits)


class TestHitAndMiss:
    """RR: HIT ("the attack hits if at least one hit or crit result remains uncanceled"),
    RR: MISS ("If the attack misses, the Deal Damage step of the attack is skipped"),
    RR: ATTACK step 4."""

    def test_a_lone_crit_is_a_hit(self):
        """A T-65 rolls one crit against blanks. RR: HIT. The attack hits and the TIE is
        dealt one faceup card."""
        game, _, d = resolved_attack(["crit", "blank", "blank"], ["blank", "blank", "blank"])
        assert "the attack hits" in outcome(game)
        assert damage(game, d) == (0, 1)

    def test_all_canceled_is_a_miss_and_no_damage_is_dealt(self):
        """A TIE's two hits against a T-65's (2 shields) two evades. RR: MISS. The attack
        misses: no shield is lost and no damage is suffered at all."""
        game, _, d = resolved_attack(["hit", "hit"], ["evade", "evade"], attacker=TIE,
                                     defender=XWING)
        assert "the attack misses" in outcome(game)
        assert game.state.ships[d].shields == 2 and damage(game, d) == (0, 0)
        assert not [e for e in log_kinds(game, "damage") if e.get("ship") == d]

    def test_only_focus_results_miss(self):
        """A T-65 rolls focus, focus, blank against blanks. RR: MISS - only hits and crits
        hit. The attack misses and the TIE has no damage."""
        game, _, d = resolved_attack(["focus", "focus", "blank"], ["blank", "blank", "blank"])
        assert "the attack misses" in outcome(game)
        assert damage(game, d) == (0, 0)


# ================================================================ STEP 6: AFTERMATH
class TestAftermathOrder:
    """RR: ATTACK step 6 - a) the defending player's abilities that trigger after defending
    or a destruction, b) the attacking player's after attacking or a destruction, c) the
    defending player's that grant a bonus attack, d) the attacking player's that grant a
    bonus attack. Cards used because their timing is the point: Wes Janson (after attacking
    / after defending: may spend 1 charge to give the other ship a jam token), Cluster
    Missiles (after attacking with them: a bonus attack against another ship at range 0-1 of
    the defender) and Zam Wesell's "You'd Better Mean Business" (after defending: a bonus
    attack against the attacker)."""

    @pytest.mark.parametrize("first_player", [1, 2])
    def test_the_defenders_abilities_before_the_attackers(self, first_player):
        """Wes Janson attacks Wes Janson; both Wes abilities trigger.
        RR: ATTACK steps 6a/6b. Whoever is the first player, the defender's (6a) resolves
        before the attacker's (6b)."""
        sc = Scene(first_player=first_player)
        a = sc.ship("wesjanson", at=HERE)
        d = sc.ship("wesjanson", player=2, at=R2)
        game = sc.attack(a, d, then=script(("attack", ["hit", "blank", "blank"]),
                                           ("defense", ["blank", "blank"])))
        assert decisions(game) == [("use_ability", d), ("use_ability", a)]
        assert log_index(game, f"Wes Janson ({a}) gains 1 jam") < \
            log_index(game, f"Wes Janson ({d}) gains 1 jam")

    def test_the_defenders_abilities_before_the_attackers_bonus_attack(self):
        """A K-wing with Cluster Missiles and a lock attacks Wes Janson, another enemy at
        range 1 of him. RR: ATTACK steps 6a/6d. Wes's jam (6a) resolves before the missiles'
        bonus attack (6d): the jam breaks the K-wing's lock first, and the bonus attack goes
        at the other enemy."""
        sc = Scene()
        a = sc.ship(KWING, at=HERE, upgrades=["clustermissiles"], locks=["p2.1"])
        d = sc.ship("wesjanson", player=2, at=(400, 490, 180))
        near = sc.ship(XWING, player=2, at=(480, 490, 180))
        game = sc.attack(a, d, weapon="clustermissiles",
                         then=script(("attack", ["blank"] * 3), evades(2),
                                     ("attack", ["blank"] * 3), evades(2)))
        seen = decisions(game)
        assert seen == [("use_ability", d), ("use_ability", a), ("bonus_attack", a)]
        # the jam broke the K-wing's lock before its bonus attack was declared
        assert game.state.ships[a].locks == []
        assert log_index(game, "is jammed") < log_index(game, "as a bonus attack")
        assert f"({near})" in attacks(game, a)[-1]

    def test_the_defenders_bonus_attack_before_the_attackers(self):
        """The K-wing attacks Zam Wesell (4 charges, "You'd Better Mean Business" facedown)
        with its Cluster Missiles; a Spice Runner is at range 1 of Zam.
        RR: ATTACK steps 6c/6d, RR: BONUS ATTACK ("If both players have a bonus attack that
        triggers after an attack, the defending player resolves their bonus attack first"):
        Zam's bonus attack against the K-wing (6c) is performed before the missiles' bonus
        attack (6d)."""
        sc = Scene()
        a = sc.ship(KWING, at=HERE, upgrades=["clustermissiles"], locks=["p2.1"])
        zam = sc.ship("zamwesell", player=2, at=(400, 480, 180), charges={"zamwesell": 4})
        runner = sc.ship("spicerunner", player=2, at=(480, 470, 180))
        game = sc.game()
        game.state.ships[zam].conditions += (ConditionCard(BUSINESS, 1, False),)
        start_at(game, Engage(a))
        load_dice(game, then=script(("attack", ["blank"] * 3), evades(2),   # at Zam
                                    ("attack", ["blank"] * 3), evades(1),   # Zam's
                                    ("attack", ["blank"] * 3), evades(2)))  # at the runner
        declare(game, a, zam, "clustermissiles")
        seen = decisions(game)
        assert seen == [("use_ability", zam), ("bonus_attack", zam),
                        ("use_ability", a), ("bonus_attack", a)]
        done = attacks(game)
        assert [t.split(" attacks ")[0] for t in done] == [
            f"Warden Squadron Pilot ({a})", f"Zam Wesell ({zam})", f"Warden Squadron Pilot ({a})"]
        assert f"({runner})" in done[-1]


class TestDestroyedDuringAnAttack:
    """RR: FAQ ("If it was destroyed during an attack,
    [effects that trigger upon its destruction] are resolved during Step 6: Aftermath"),
    RR: ATTACK step 6a.

    Two Red Squadron Veterans with Hopeful (after another friendly ship at range 0-3 is
    destroyed, if it had Hopeful: may perform a focus or boost action), player 2's; one,
    without shields and with 2 damage cards (hull 4), is attacked at range 1 with 3 hits:
    the second hit destroys it, the third is dealt all the same."""

    def scene(self, attacker="wesjanson"):
        sc = Scene()
        a = sc.ship(attacker, at=HERE)
        d = sc.ship(XWING3, player=2, at=(400, 420, 180), upgrades=["hopeful"], shields=0,
                    damage=preset_damage(2))
        friend = sc.ship(XWING3, player=2, at=(550, 420, 180), upgrades=["hopeful"])
        game = sc.attack(a, d, then=script(("attack", ["hit", "hit", "hit", "blank"]),
                                           ("defense", ["blank", "blank"])))
        return game, a, d, friend

    def test_destruction_effects_wait_for_the_aftermath(self):
        """The attack destroys the Red Squadron Veteran. RR: FAQ, RR: ATTACK step 6. When
        Hopeful is offered (to its friend), all the damage has been dealt: 5 cards."""
        game, _, d, friend = self.scene()
        assert game.decision.kind == "use_ability" and game.decision.ship == friend
        assert game.state.ships[d].destroyed
        assert len(game.state.ships[d].damage) == 5

    def test_the_defending_players_destruction_effects_come_first(self):
        """The attacker is Wes Janson (after attacking: may jam the defender).
        RR: ATTACK steps 6a/6b. The defending player's Hopeful (6a) comes before Wes's
        ability (6b); the friend focuses."""
        game, a, _, friend = self.scene()
        seen = decisions(game, answers={("perform_action", friend): "focus"})
        assert seen[0] == ("use_ability", friend)
        assert ("use_ability", a) in seen[1:]
        assert game.state.ships[friend].has(Token.FOCUS)

    def test_destruction_effects_trigger_once(self):
        """Player 1's Red Squadron Veteran (initiative 3) destroys player 2's (initiative 3,
        Hopeful, 3 damage cards); player 2's other Red Squadron Veteran with Hopeful
        performs a focus action. The destroyed ship then attacks (RR: SIMULTANEOUS FIRE);
        RR: ATTACK step 6 - its destruction is not a new event. Hopeful is not offered
        again: used once."""
        sc = Scene()
        a = sc.ship(XWING3, at=HERE)
        d = sc.ship(XWING3, player=2, at=R2, upgrades=["hopeful"], shields=0,
                    damage=preset_damage(3))
        friend = sc.ship(XWING3, player=2, at=(600, 500, 180), upgrades=["hopeful"])
        game = sc.game()
        load_dice(game, then=script(("attack", ["hit", "blank", "blank"]),
                                    ("defense", ["blank"] * 2),
                                    ("attack", ["blank"] * 3), ("defense", ["blank"] * 2)))
        start_at(game, Sweep("engagement"))
        answer(game, "declare_attack", f"primary:front@{d}", a)
        answer(game, "use_ability", "act", friend)
        answer(game, "perform_action", "focus", friend)
        answer(game, "engagement_order", d)
        answer(game, "declare_attack", f"primary:front@{a}", d)
        # next comes the friend's own engagement, not Hopeful again
        assert game.decision is None or game.decision.kind != "use_ability"
        hopeful = [e for e in game.log if e["kind"] == "ability" and "uses hopeful" in e["text"]]
        assert len(hopeful) == 1

    def test_the_destroyed_defender_is_not_removed_during_the_aftermath(self):
        """The attack destroys the Red Squadron Veteran. RR: DEFENDER (remains the defender
        until the after-attack abilities have resolved), RR: SIMULTANEOUS FIRE: the
        destroyed ship is still in play when the aftermath abilities resolve, and after the
        attack (its initiative step has not ended)."""
        game, _, d, _ = self.scene()
        assert game.state.ships[d].in_play
        finish(game)
        assert game.state.ships[d].destroyed and game.state.ships[d].in_play
