"""RR: ATTACK steps 2b (Modify Attack Dice) and 3b (Modify Defense Dice), DICE
MODIFICATION, the tokens that modify dice (FOCUS, EVADE, CALCULATE, LOCK, FORCE CHARGE),
the Golden Rule on rerolls, mandatory abilities (ABILITIES), CANCEL and the range 0 rules.

The attacker (player 1) sits at (400, 300) facing +y, the defender ahead at range 2. The
dice are loaded; decisions are answered as the players would. No implemented card lets a
defender modify the attack dice, so one test double is used: a condition card given to the
defender carrying the dice catalogue's Plated Hull ("change 1 of the attacker's crits to a
hit", mandatory), registered for the test only."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.cards.common import dice
from tallon.engine.abilities import DiceMod
from tallon.engine.attack import Engage
from tallon.engine.state import ConditionCard, Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.rules.attack_helpers import (
    TIE,
    XWING,
    XWING3,
    answer,
    choose,
    choose_label,
    damage,
    finish,
    modified,
    script,
    sources,
)

HERE = (400, 300, 0)
R2 = (400, 500, 180)
R0 = (400, 340, 180)
DOUBLE = "tallon-test-platedhull"
VADER = "darthvader"       # TIE Advanced x1 with Force (his ability acts after actions)


@pytest.fixture
def plated_hull():
    """A test double: gives a ship a condition whose ability is the catalogue's Plated
    Hull, a defender's mandatory change of 1 attack crit to a hit (RR: ATTACK step 2b, the
    defending player's abilities)."""
    CARDS.register("condition", DOUBLE,
                   DiceMod("test double: 1 attacker crit to a hit", dice=dice("platedhull")))

    def give(game, ship_id):
        game.state.ships[ship_id].conditions.append(ConditionCard(DOUBLE, 1))
    yield give
    CARDS.unregister("condition", DOUBLE)


def scene(attacker=XWING, defender=TIE, *, to=R2, tokens=None, defender_tokens=None,
          upgrades=(), defender_upgrades=(), attacker_setup=None, defender_setup=None):
    sc = Scene()
    a = sc.ship(attacker, at=HERE, tokens=tokens, upgrades=upgrades, **(attacker_setup or {}))
    d = sc.ship(defender, player=1, at=to, tokens=defender_tokens, upgrades=defender_upgrades,
                **(defender_setup or {}))
    return sc, a, d


def attack(sc, a, d, *rolls, weapon=None):
    """The game at the attack's first decision, the dice loaded in roll order."""
    return sc.attack(a, d, then=script(*rolls), weapon=weapon)




# ============================================================== ORDER OF MODIFICATION
class TestOrder:
    """RR: ATTACK step 2b ("The defending player resolves their abilities first, then the
    attacking player"), 3b ("The attacking player resolves their abilities first, then the
    defending player")."""

    def test_the_defender_modifies_the_attack_dice_first(self, plated_hull):
        """The defender has the Plated Hull double, the attacker a focus token; attack dice
        crit, focus, blank. The first decision is the defender's; only after it does the
        attacker modify (and it sees the crit already turned into a hit)."""
        sc, a, d = scene(tokens={"focus": 1})
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
        evade to a focus); the defender a focus token; defense dice evade, focus. The
        attacker decides first; the defender then spends its focus on both focus results."""
        sc, a, d = scene(XWING3, tokens={"evade": 1}, upgrades=["juke"],
                         defender_tokens={"focus": 1})
        game = attack(sc, a, d, ("attack", ["hit", "hit", "blank"]),
                      ("defense", ["evade", "focus", "blank"]))
        assert game.decision.kind == "modify_defense_dice" and game.decision.ship == a
        choose(game, "juke")
        assert modified(game) == ["focus", "focus", "blank"]
        assert game.decision.kind == "modify_defense_dice" and game.decision.ship == d
        choose(game, "focus")
        assert modified(game) == ["evade", "evade", "blank"]

    def test_attack_dice_are_modified_before_defense_dice_are_rolled(self):
        """RR: ATTACK steps 2 then 3. The attacker's focus decision comes before the
        defender has rolled."""
        sc, a, d = scene(tokens={"focus": 1})
        game = attack(sc, a, d, ("attack", ["focus", "blank", "blank"]),
                      ("defense", ["blank"] * 3))
        assert game.decision.kind == "modify_attack_dice"
        assert game.state.attack.defense_dice is None


# =============================================================================== FOCUS
class TestFocus:
    """RR: FOCUS - attacking, spend a focus token to change all focus results to hits;
    defending, all focus results to evades; not without a focus result."""

    def test_attacking_all_focus_results_become_hits(self):
        sc, a, d = scene(tokens={"focus": 1})
        game = attack(sc, a, d, ("attack", ["focus", "focus", "blank"]),
                      ("defense", ["blank"] * 3))
        choose(game, "focus")
        assert modified(game) == ["hit", "hit", "blank"]
        assert not game.state.ships[a].has(Token.FOCUS)

    def test_defending_all_focus_results_become_evades(self):
        sc, a, d = scene(defender_tokens={"focus": 1})
        game = attack(sc, a, d, ("attack", ["hit", "hit", "hit"]),
                      ("defense", ["focus", "focus", "blank"]))
        assert game.decision.ship == d
        choose(game, "focus")
        assert modified(game) == ["evade", "evade", "blank"]
        assert not game.state.ships[d].has(Token.FOCUS)

    def test_no_focus_result_no_focus_spent(self):
        """Attack dice hit, blank, blank: "A ship cannot spend a focus token ... if it does
        not have any focus results". No decision is offered and the token stays."""
        sc, a, d = scene(tokens={"focus": 1})
        game = attack(sc, a, d, ("attack", ["hit", "blank", "blank"]),
                      ("defense", ["blank"] * 3))
        assert game.decision is None
        assert game.state.ships[a].count(Token.FOCUS) == 1


# =============================================================================== EVADE
class TestEvade:
    """RR: EVADE - defending, spend one or more evade tokens to change that many blank or
    focus results to evades."""

    def test_each_evade_token_changes_one_result(self):
        sc, a, d = scene(defender_tokens={"evade": 2})
        game = attack(sc, a, d, ("attack", ["hit", "hit", "hit"]),
                      ("defense", ["blank", "focus", "blank"]))
        choose(game, "evade")
        assert sorted(modified(game)).count("evade") == 1
        assert game.state.ships[d].count(Token.EVADE) == 1
        choose(game, "evade")
        assert sorted(modified(game)).count("evade") == 2
        assert not game.state.ships[d].has(Token.EVADE)

    def test_evade_tokens_need_a_blank_or_focus_result(self):
        """Defense dice evade, evade: nothing to change; no decision, the token stays."""
        sc, a, d = scene(defender_tokens={"evade": 1})
        game = attack(sc, a, d, ("attack", ["hit", "hit", "hit"]),
                      ("defense", ["evade", "evade", "evade"]))
        assert game.decision is None
        assert game.state.ships[d].count(Token.EVADE) == 1

    def test_evade_tokens_do_not_touch_the_attack_dice(self):
        """The attacker has an evade token: evade tokens act only while defending. No
        decision is offered on its attack dice."""
        sc, a, d = scene(tokens={"evade": 1})
        game = attack(sc, a, d, ("attack", ["blank", "focus", "blank"]),
                      ("defense", ["blank"] * 3))
        assert game.decision is None
        assert game.state.ships[a].count(Token.EVADE) == 1


# =========================================================================== CALCULATE
class TestCalculate:
    """RR: CALCULATE - spend one or more calculate tokens to change that many focus results
    to hits (attacking) or evades (defending)."""

    def test_each_calculate_token_changes_one_focus_result(self):
        sc, a, d = scene(tokens={"calculate": 1})
        game = attack(sc, a, d, ("attack", ["focus", "focus", "blank"]),
                      ("defense", ["blank"] * 3))
        choose(game, "calculate")
        assert modified(game) == ["hit", "focus", "blank"]
        assert not game.state.ships[a].has(Token.CALCULATE)

    def test_calculate_on_defense(self):
        sc, a, d = scene(defender_tokens={"calculate": 2})
        game = attack(sc, a, d, ("attack", ["hit", "hit", "hit"]),
                      ("defense", ["focus", "focus", "blank"]))
        choose(game, "calculate")
        choose(game, "calculate")
        assert modified(game) == ["evade", "evade", "blank"]
        assert not game.state.ships[d].has(Token.CALCULATE)

    def test_calculate_needs_a_focus_result(self):
        """Attack dice blank, blank, hit: nothing for the calculate token to change."""
        sc, a, d = scene(tokens={"calculate": 1})
        game = attack(sc, a, d, ("attack", ["blank", "blank", "hit"]),
                      ("defense", ["blank"] * 3))
        assert game.decision is None
        assert game.state.ships[a].count(Token.CALCULATE) == 1


# =============================================================================== FORCE
class TestForce:
    """RR: FORCE CHARGE - attacking, spend any number of Force to change that many focus
    results to hits; defending, to evades."""

    def test_attacking_each_force_changes_one_focus_to_a_hit(self):
        sc, a, d = scene(VADER, XWING)
        game = attack(sc, a, d, ("attack", ["focus", "focus"]), ("defense", ["blank"] * 2))
        force = game.state.ships[a].force
        choose(game, "force")
        assert modified(game) == ["hit", "focus"]
        assert game.state.ships[a].force == force - 1

    def test_defending_each_force_changes_one_focus_to_an_evade(self):
        sc, a, d = scene(XWING, VADER)
        game = attack(sc, a, d, ("attack", ["hit", "hit", "hit"]),
                      ("defense", ["focus", "focus", "blank"]))
        force = game.state.ships[d].force
        choose(game, "force")
        choose(game, "force")
        assert modified(game) == ["evade", "evade", "blank"]
        assert game.state.ships[d].force == force - 2


# ================================================================================ LOCK
class TestLock:
    """RR: LOCK - during the Modify Attack Dice step the attacker can spend a lock it has on
    the defender to reroll one or more of its attack dice."""

    def test_spending_the_lock_rerolls_chosen_dice_and_breaks_it(self):
        sc, a, d = scene(attacker_setup={"locks": ["p2.1"]})
        game = attack(sc, a, d, ("attack", ["blank", "focus", "hit"]), ("attack", ["hit"] * 2),
                      ("defense", ["blank"] * 3))
        choose_label(game, "Spend lock: reroll 1 blank, 1 focus")
        assert sorted(modified(game)) == ["hit", "hit", "hit"]
        assert game.state.ships[a].locks == []

    def test_a_lock_on_another_ship_is_no_use(self):
        """The attacker's lock is on a second enemy, not on the defender: no lock option."""
        sc, a, d = scene(attacker_setup={"locks": ["p2.2"]})
        sc.ship(TIE, player=1, at=(600, 700, 180))
        game = attack(sc, a, d, ("attack", ["blank", "focus", "blank"]),
                      ("defense", ["blank"] * 3))
        assert game.decision is None
        assert game.state.ships[a].locks == ["p2.2"]

    def test_a_lock_does_not_modify_defense_dice(self):
        """The defender has a lock on the attacker: locks are spent on the attacker's own
        attack dice only. No decision on its defense dice."""
        sc, a, d = scene(defender_setup={"locks": ["p1.1"]})
        game = attack(sc, a, d, ("attack", ["hit", "hit", "hit"]),
                      ("defense", ["blank", "focus", "blank"]))
        assert game.decision is None
        assert game.state.ships[d].locks == ["p1.1"]


# ==================================================================== REROLLED ONCE
class TestRerollOnce:
    """Golden Rules, DICE MODIFICATION, ATTACK 2b ("Each attack die cannot be rerolled more
    than once during an attack"). A Red Squadron Veteran with Predator (primary attack,
    defender in its bullseye: may reroll 1 attack die) and a lock on the defender."""

    def scene(self):
        sc, a, d = scene(XWING3, upgrades=["predator"], attacker_setup={"locks": ["p2.1"]})
        return attack(sc, a, d, ("attack", ["blank", "blank", "focus"]),
                      ("attack", ["blank", "blank"]), ("defense", ["blank"] * 3)), a

    def test_a_die_rerolled_by_the_lock_cannot_be_rerolled_by_predator(self):
        """The lock rerolls both blanks (blank again). Predator may then reroll only the
        focus die, the one not rerolled yet."""
        game, _ = self.scene()
        choose_label(game, "Spend lock: reroll 2 blank")
        assert sources(game) == ["predator"]
        assert [o.label for o in game.decision.options if o.key != "done"] == \
            ["Predator (reroll 1 attack die): reroll 1 focus [predator]"]

    def test_once_every_die_is_rerolled_no_reroll_is_offered(self):
        """The lock rerolls all three dice: Predator has nothing left to reroll."""
        game, _ = self.scene()
        choose_label(game, "Spend lock: reroll 2 blank, 1 focus")
        assert game.decision is None or "predator" not in sources(game)

    def test_a_card_ability_is_used_once_per_attack(self):
        """RR: ONCE PER OPPORTUNITY. After Predator rerolls a blank, it is not offered
        again (the lock still is)."""
        game, _ = self.scene()
        choose_label(game, "Predator (reroll 1 attack die): reroll 1 blank [predator]")
        assert "predator" not in sources(game) and "lock" in sources(game)


# ==================================================================== MANDATORY
class TestMandatory:
    """RR: ABILITIES ("Unless a card ability uses the word 'may' ... the ability is mandatory
    and must be resolved"). Proton Torpedoes: "change 1 hit result to a crit result"."""

    def scene(self, rolled):
        sc, a, d = scene("wardensquadronpilot", to=(400, 510, 180),
                         upgrades=["protontorpedoes"], attacker_setup={"locks": ["p2.1"]})
        return attack(sc, a, d, ("attack", rolled), ("defense", ["blank"] * 3),
                      weapon="protontorpedoes"), a

    def test_the_step_cannot_end_before_the_mandatory_change(self):
        """Attack dice hit, hit, blank, blank: "done" is not offered until the torpedoes'
        change is made; then it is, and one hit has become a crit."""
        game, _ = self.scene(["hit", "hit", "blank", "blank"])
        assert "done" not in game.decision.option_keys()
        choose(game, "protontorpedoes")
        assert sorted(modified(game)) == ["blank", "blank", "crit", "hit"]
        assert "done" in game.decision.option_keys()

    def test_a_mandatory_ability_with_nothing_to_change_does_nothing(self):
        """No hit result: the mandatory change resolves without effect (ruling: Dice 6)."""
        game, _ = self.scene(["blank", "blank", "focus", "blank"])
        finish(game)
        assert damage(game, "p2.1") == (0, 0)


# ==================================================================== RANGE 0
class TestRange0:
    """RR: ATTACK step 2b ("While performing a primary attack at attack range 0, the attacker's
    dice cannot be modified, except by the defender"); rulebook, Defense Dice ("While
    defending at range 0, enemy ships cannot reduce the number of defense dice you roll,
    cancel your results, or modify your results")."""

    def test_the_attacker_cannot_modify_its_dice_at_range_0(self):
        """A T-65 with a focus token and a lock attacks a touching TIE; attack dice focus,
        blank, blank. Neither the focus nor the lock is offered; both stay."""
        sc, a, d = scene(to=R0, tokens={"focus": 1}, attacker_setup={"locks": ["p2.1"]})
        game = attack(sc, a, d, ("attack", ["focus", "blank", "blank"]),
                      ("defense", ["blank"] * 3))
        assert game.decision is None
        assert game.state.ships[a].count(Token.FOCUS) == 1
        assert game.state.ships[a].locks == ["p2.1"]

    def test_the_defender_may_modify_the_attack_dice_at_range_0(self, plated_hull):
        """The same attack, the TIE carrying the Plated Hull double; attack dice crit,
        focus, blank. The defender changes the crit to a hit; the attacker still can't
        spend its focus."""
        sc, a, d = scene(to=R0, tokens={"focus": 1})
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
        at range 2, not at range 0. The defender may still modify its own dice."""
        sc, a, d = scene(XWING3, to=R0, tokens={"evade": 1}, upgrades=["juke"],
                         defender_tokens={"focus": 1})
        game = attack(sc, a, d, ("attack", ["hit", "hit", "blank"]),
                      ("defense", ["evade", "focus", "blank"]))
        assert game.decision.ship == d and sources(game) == ["focus"]

    def test_the_attacker_cannot_cancel_defense_results_at_range_0(self):
        """A Baron of the Empire with Crack Shot (primary attack, defender in the bullseye:
        spend 1 charge to cancel 1 evade before Neutralize Results) attacks a touching T-65
        that rolls an evade. At range 2 the cancel is offered; at range 0 it must not be."""
        sc, a, d = scene("baronoftheempire", XWING, to=R0, upgrades=["crackshot"])
        game = attack(sc, a, d, ("attack", ["hit", "hit"]), ("defense", ["evade", "blank"]))
        assert game.decision is None
        assert game.state.ships[a].charges["crackshot"].active == 1


# ==================================================================== CANCEL
class TestCancelIsNotModifying:
    """RR: CANCEL ("Canceling dice does not count as modifying dice"), RR: DICE MODIFICATION.
    Moff Gideon (before attack dice: spend 1 charge, choose a friendly ship at range 0-1
    of the defender, which gains a strain token; the defense dice can't be modified this
    attack) helps a Baron of the Empire with Crack Shot attack a T-65 at range 1."""

    def scene(self, gideon: bool):
        sc = Scene()
        a = sc.ship("baronoftheempire", at=HERE, upgrades=["crackshot"])
        sc.ship("moffgideon", at=(300, 300, 0))
        d = sc.ship(XWING, player=1, at=(400, 420, 180), tokens={"focus": 1})
        game = sc.attack(a, d, then=script(("attack", ["hit", "hit", "blank"]),
                                           ("defense", ["evade", "focus"])))
        answer(game, "use_ability", a if gideon else "decline")
        return game, a, d

    def test_without_gideon_the_defender_spends_its_focus(self):
        game, _, d = self.scene(gideon=False)
        assert game.decision.kind == "modify_defense_dice" and game.decision.ship == d

    def test_unmodifiable_dice_can_still_be_canceled(self):
        """With Gideon's effect the defender's focus is not offered (its dice can't be
        modified), but the attacker's Crack Shot cancel is."""
        game, a, d = self.scene(gideon=True)
        assert game.decision.kind == "cancel_defense_results" and game.decision.ship == a
        choose(game, "crackshot")
        finish(game)
        assert game.state.ships[d].count(Token.FOCUS) == 1
        assert game.state.ships[a].charges["crackshot"].active == 0
