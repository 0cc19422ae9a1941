"""TIE/D Defender pilots, the ship abilities Full Throttle and Chiss Engineering, and the
TIE Defender Elite configuration with Advanced Fire Control: each test sets a scene, states
the card's rule and shows the ability changing the outcome (the same scene without the
card, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1,
200 mm at range 2."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import SystemTurn
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, start_at
from tests.cards.helpers import (
    activation,
    answer,
    attack,
    dice_count,
    engage,
    logged,
    modify_with,
    offers,
    pass_all,
    pass_until,
    pick,
    skip_dice,
    values,
)


def neutralized(game):
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


# ---------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["deltasquadronpilot", "onyxsquadronace"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only attacks with the TIE/D's 3 dice."""
    sc = Scene()
    tie = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tie, target, dice=["hit", "hit", "hit"], defense=["blank"] * 3)
    pass_all(game)
    assert len(game.state.ships[target].damage) == 3


# ---------------------------------------------------------------- Full Throttle
class TestFullThrottle:
    def test_evade_after_a_fast_maneuver(self):
        """Full Throttle: after fully executing a speed 3 maneuver the ship may perform an
        evade action; it gains an evade token."""
        sc = Scene()
        tie = sc.ship("deltasquadronpilot", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, tie, "3FB")
        assert game.decision.kind == "use_ability"
        assert set(values(game)) == {"evade", "decline"}
        game.answer("evade")
        assert game.state.ships[tie].count(Token.EVADE) == 1
        # the evade was granted: the Perform Action step offers what is left
        assert game.decision.kind == "perform_action" and "evade" not in values(game)

    def test_not_after_a_speed_2_maneuver(self):
        """Full Throttle needs speed 3-5: after a [2 straight] the ship goes straight to its
        Perform Action step."""
        sc = Scene()
        tie = sc.ship("deltasquadronpilot", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, tie, "2FB")
        assert game.decision.kind == "perform_action"

    def test_not_after_a_partial_maneuver(self):
        """Full Throttle needs a fully executed maneuver: bumping a ship on a [4 straight]
        (partial execution) gives no evade, and the bump skips the action step."""
        sc = Scene()
        tie = sc.ship("deltasquadronpilot", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 420, 180))
        game = activation(sc, tie, "4FB")
        assert logged(game, "move", "partially")
        pass_all(game)
        assert not game.state.ships[tie].has(Token.EVADE)

    def test_an_ionized_ship_gets_no_evade(self):
        """FAQ: an ionized TIE/D can't perform the Full Throttle evade (only focus); its
        ion maneuver is speed 1 anyway, so nothing is offered."""
        sc = Scene()
        tie = sc.ship("deltasquadronpilot", at=(400, 200, 0), tokens={"ion": 1})
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, tie, "3FB")
        assert game.decision is None or game.decision.kind != "use_ability"


# ------------------------------------------------------------ Chiss Engineering
def yorr_scene(stress: int = 0, y: float = 500):
    sc = Scene()
    yorr = sc.ship("captainyorr-battleoverendor", at=(400, 300, 0),
                   tokens={"stress": stress} if stress else None)
    target = sc.ship("academypilot", player=2, at=(400, y, 180))
    return sc, yorr, target


class TestChissEngineering:
    def test_lock_after_a_fast_maneuver(self):
        """Chiss Engineering: after fully executing a speed 3 maneuver the ship may perform
        a lock action (Full Throttle's evade is not offered)."""
        sc = Scene()
        tie = sc.ship("captainyorr-battleoverendor", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 650, 180))
        game = activation(sc, tie, "3FB")
        assert game.decision.kind == "use_ability"
        assert set(values(game)) == {"lock", "decline"}
        game.answer("lock")
        answer(game, "lock_target", "p2.1", tie)
        assert game.state.ships[tie].locks == ["p2.1"]

    def test_spend_a_shield_for_the_range_1_bonus(self):
        """Chiss Engineering: attacking at range 2 while not stressed, the ship may spend 1
        shield to apply the range 1 bonus: it rolls 4 dice instead of 3 and has 3
        shields left."""
        sc, yorr, target = yorr_scene()
        game = engage(sc, yorr, ["hit"] * 4, ["blank"] * 3)
        declare(game, yorr, target)
        answer(game, "use_ability", "use", yorr)
        pass_all(game)
        assert dice_count(game, 0) == 4
        assert game.state.ships[yorr].shields == 3

    def test_declined_the_attack_rolls_3_dice(self):
        sc, yorr, target = yorr_scene()
        game = engage(sc, yorr, ["hit"] * 4, ["blank"] * 3)
        declare(game, yorr, target)
        answer(game, "use_ability", "decline", yorr)
        pass_all(game)
        assert dice_count(game, 0) == 3
        assert game.state.ships[yorr].shields == 4

    def test_not_while_stressed(self):
        """Chiss Engineering: a stressed ship can't spend the shield: nothing is asked before
        the 3 dice are rolled."""
        sc, yorr, target = yorr_scene(stress=1)
        game = engage(sc, yorr, ["hit"] * 4, ["blank"] * 3)
        declare(game, yorr, target)
        assert not (game.decision and game.decision.kind == "use_ability")
        pass_all(game)
        assert dice_count(game, 0) == 3

    def test_not_at_range_1(self):
        """At range 1 the range 1 bonus applies anyway: the shield would buy nothing
        (RR: PAYING COSTS), so it is not offered and 4 dice are rolled."""
        sc, yorr, target = yorr_scene(y=400)
        game = engage(sc, yorr, ["hit"] * 4, ["blank"] * 3)
        declare(game, yorr, target)
        assert not (game.decision and game.decision.kind == "use_ability")
        pass_all(game)
        assert dice_count(game, 0) == 4
        assert game.state.ships[yorr].shields == 4

    def test_range_3_defender_keeps_its_bonus(self):
        """Ruling: at range 3 the attacker's range 1 bonus adds an attack die; the
        defender still rolls its range 3 bonus die (3 agility + 1)."""
        sc, yorr, target = yorr_scene(y=600)
        game = engage(sc, yorr, ["hit"] * 4, ["blank"] * 4)
        declare(game, yorr, target)
        answer(game, "use_ability", "use", yorr)
        pass_all(game)
        assert dice_count(game, 0) == 4 and dice_count(game, 1) == 4


# --------------------------------------------------------------- Colonel Vessery
def vessery_scene(locked: bool):
    sc = Scene()
    vessery = sc.ship("colonelvessery", at=(400, 300, 0))
    sc.ship("deltasquadronpilot", at=(200, 300, 0), locks=["p2.1"] if locked else [])
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    return sc, vessery, target


class TestColonelVessery:
    def test_locks_a_locked_defender_and_rerolls(self):
        """Colonel Vessery: attacking a ship a friend has locked, after rolling attack dice
        he may acquire a lock on it, then spend that lock to reroll his blanks."""
        sc, vessery, target = vessery_scene(locked=True)
        game = engage(sc, vessery, ["blank", "blank", "hit"], ["blank"] * 3,
                      rerolls=["hit", "hit"])
        declare(game, vessery, target)
        answer(game, "use_ability", "use", vessery)
        assert game.state.ships[vessery].locks == [target]
        pass_until(game, "modify_attack_dice", vessery)
        game.answer("lock:reroll=blank,blank")
        pass_all(game)
        assert len(game.state.ships[target].damage) == 3
        assert game.state.ships[vessery].locks == []

    def test_not_against_an_unlocked_defender(self):
        """Without a lock on the defender, nothing is asked after the roll and he has no
        lock to spend."""
        sc, vessery, target = vessery_scene(locked=False)
        game = engage(sc, vessery, ["blank", "blank", "hit"], ["blank"] * 3)
        declare(game, vessery, target)
        assert not (game.decision and game.decision.kind == "use_ability")
        assert not offers(game, "lock")
        pass_all(game)
        assert game.state.ships[vessery].locks == []
        assert len(game.state.ships[target].damage) == 1


# --------------------------------------------------------------- Countess Ryad
class TestCountessRyad:
    def test_straight_as_a_harder_koiogran_turn(self):
        """Countess Ryad: revealing a white [3 straight] she may execute it 1 difficulty
        harder as a [3 Koiogran turn] instead: red, so she gains a stress token and faces
        the other way."""
        sc = Scene()
        ryad = sc.ship("countessryad", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, ryad, "3NW")
        assert game.decision.kind != "choose_maneuver"  # a bank: nothing offered
        game = activation(sc, ryad, "3FB")
        assert set(values(game)) == {"3FB", "3KW"}
        game = activation(sc, ryad, "4FB")
        answer(game, "choose_maneuver", "4KW", ryad)
        ship = game.state.ships[ryad]
        assert round(ship.pose.heading) % 360 == 180
        sc2 = Scene()
        ryad2 = sc2.ship("countessryad", at=(400, 200, 0))
        sc2.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc2, ryad2, "4KW")
        assert logged(game, "move", "executes [4KW]")

    def test_white_straight_becomes_red_and_stresses(self):
        sc = Scene()
        ryad = sc.ship("countessryad", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, ryad, "3FW")
        answer(game, "choose_maneuver", "3KR", ryad)
        assert game.state.ships[ryad].count(Token.STRESS) == 1

    def test_stressed_no_red_koiogran_turn(self):
        """Stressed, she can't execute the red Koiogran turn a white straight would become
        (RR: DIFFICULTY), so the [3 straight] is executed as revealed."""
        sc = Scene()
        ryad = sc.ship("countessryad", at=(400, 200, 0), tokens={"stress": 1})
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, ryad, "3FW")
        assert game.decision is None or game.decision.kind != "choose_maneuver"
        assert logged(game, "move", "executes [3FW]")

    def test_other_pilots_execute_the_straight(self):
        sc = Scene()
        tie = sc.ship("onyxsquadronace", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, tie, "3FB")
        assert game.decision is None or game.decision.kind != "choose_maneuver"
        assert logged(game, "move", "executes [3FB]")


# ---------------------------------------------------------------- Rexler Brath
def rexler_scene(evade: bool):
    sc = Scene()
    rexler = sc.ship("rexlerbrath", at=(400, 300, 0), tokens={"evade": 1} if evade else None)
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    return sc, rexler, target


class TestRexlerBrath:
    def test_evading_he_exposes_a_damage_card(self):
        """Rexler Brath: after an attack that hits, while he has an evade token, one of the
        defender's facedown damage cards is exposed: both damage cards dealt facedown, one
        ends faceup."""
        sc, rexler, target = rexler_scene(evade=True)
        game = attack(sc, rexler, target, ["hit", "hit", "blank"], ["blank"] * 3,
                      deck=["structuraldamage", "structuraldamage"])
        pass_all(game)
        assert sorted(c.faceup for c in game.state.ships[target].damage) == [False, True]

    def test_not_without_an_evade_token(self):
        sc, rexler, target = rexler_scene(evade=False)
        game = attack(sc, rexler, target, ["hit", "hit", "blank"], ["blank"] * 3,
                      deck=["structuraldamage", "structuraldamage"])
        pass_all(game)
        assert [c.faceup for c in game.state.ships[target].damage] == [False, False]

    def test_not_after_a_miss(self):
        """A miss exposes nothing, even with a damage card already on the defender."""
        sc, rexler, target = rexler_scene(evade=True)
        game = attack(sc, rexler, target, ["blank"] * 3, ["blank"] * 3, before=lambda g: setattr(
            g.state.ships[target], "damage", (DamageCard("structuraldamage", False, 99),)))
        pass_all(game)
        assert [c.faceup for c in game.state.ships[target].damage] == [False]


# --------------------------------------------------------------- Captain Dobbs
def dobbs_scene(ion: bool = False, x: float = 460, y: float = 490):
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
    friend = sc.ship("academypilot", player=2, at=(400, 490, 180))
    dobbs = sc.ship("captaindobbs", player=2, at=(x, y, 180),
                    tokens={"ion": 1} if ion else None)
    return sc, xwing, friend, dobbs


class TestCaptainDobbs:
    def test_gains_an_ion_token_to_cancel_a_hit(self):
        """Captain Dobbs: a friend at range 1 of him defends, he is in the attack arc and
        not ionized: before Neutralize Results he gains 1 ion token to cancel 1 hit; the
        attack then misses."""
        sc, xwing, friend, dobbs = dobbs_scene()
        game = engage(sc, xwing, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, xwing, friend)
        skip_dice(game, "cancel_attack_results")
        pick(game, "Captain Dobbs")
        assert "0 hit(s)" in neutralized(game)
        ships = game.state.ships
        assert not ships[friend].damage and ships[dobbs].count(Token.ION) == 1

    def test_not_while_ionized(self):
        sc, xwing, friend, _ = dobbs_scene(ion=True)
        game = engage(sc, xwing, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, xwing, friend)
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)

    def test_not_outside_the_attack_arc(self):
        """Dobbs beside his friend but outside the X-wing's front arc: no cancel."""
        sc, xwing, friend, _ = dobbs_scene(x=470, y=330)
        game = engage(sc, xwing, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, xwing, friend)
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)


# --------------------------------------------------------- Captain Yorr (Endor)
class TestCaptainYorr:
    def test_bonus_cannon_attack_after_a_primary_hit(self):
        """Captain Yorr: after a primary attack that hits he may spend 1 charge to perform a
        bonus cannon attack (his Ion Cannon)."""
        sc = Scene()
        yorr = sc.ship("captainyorr-battleoverendor", at=(400, 300, 0),
                       upgrades=["ioncannon"])
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = engage(sc, yorr, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, yorr, target)
        assert "shield" in game.decision.prompt  # Chiss Engineering first
        game.answer("decline")
        pass_until(game, "use_ability", yorr)
        assert "bonus cannon attack" in game.decision.prompt
        game.answer("use")
        assert game.decision.kind == "bonus_attack"
        assert any("ioncannon" in k for k in values(game))
        assert all("primary" not in k for k in values(game))
        assert game.state.ships[yorr].charges["captainyorr-battleoverendor"].active == 1

    def test_no_bonus_after_a_miss(self):
        sc = Scene()
        yorr = sc.ship("captainyorr-battleoverendor", at=(400, 300, 0),
                       upgrades=["ioncannon"])
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = engage(sc, yorr, ["blank"] * 3, ["blank"] * 3)
        declare(game, yorr, target)
        kinds = pass_all(game)
        assert "bonus_attack" not in kinds
        assert game.state.ships[yorr].charges["captainyorr-battleoverendor"].active == 2


# ------------------------------------------------------- Colonel Jendon (Endor)
class TestColonelJendon:
    def test_unshielded_a_blank_becomes_a_focus(self):
        """Colonel Jendon: defending without shields he may change 1 blank to a focus
        result (then spend his focus token on it): 2 evades cancel the 2 hits and the
        attack misses."""
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
        jendon = sc.ship("coloneljendon-battleoverendor", player=2, at=(400, 500, 180),
                         shields=0, tokens={"focus": 1})
        game = engage(sc, xwing, ["hit", "hit", "blank"], ["evade", "blank", "blank"])
        declare(game, xwing, jendon)
        pass_until(game, "modify_defense_dice", jendon)
        modify_with(game, "coloneljendon-battleoverendor")
        modify_with(game, "focus")
        skip_dice(game)
        assert "misses" in neutralized(game)

    def test_not_while_shielded(self):
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
        jendon = sc.ship("coloneljendon-battleoverendor", player=2, at=(400, 500, 180),
                         shields=1)
        game = engage(sc, xwing, ["hit", "hit", "blank"], ["evade", "blank", "blank"])
        declare(game, xwing, jendon)
        while game.decision is not None:
            assert not offers(game, "coloneljendon-battleoverendor")
            pass_all(game, 1)
        assert "1 hit(s)" in neutralized(game)


# ------------------------------------------------------------ TIE Defender Elite
class TestTieDefenderElite:
    def test_turns_easier(self):
        """TIE Defender Elite: a red [2 turn] is executed white: no stress."""
        for upgrades, stress in ((["tiedefenderelite"], 0), ([], 1)):
            sc = Scene()
            tie = sc.ship("onyxsquadronace", at=(400, 200, 0), upgrades=upgrades)
            sc.ship("academypilot", player=2, at=(400, 850, 180))
            game = activation(sc, tie, "2TR")
            pass_all(game)
            assert game.state.ships[tie].count(Token.STRESS) == stress, upgrades

    def test_koiogran_turns_harder(self):
        """TIE Defender Elite: a white [4 Koiogran turn] is executed red: 1 stress."""
        for upgrades, stress in ((["tiedefenderelite"], 1), ([], 0)):
            sc = Scene()
            tie = sc.ship("onyxsquadronace", at=(400, 200, 0), upgrades=upgrades)
            sc.ship("academypilot", player=2, at=(400, 850, 180))
            game = activation(sc, tie, "4KW")
            pass_all(game)
            assert game.state.ships[tie].count(Token.STRESS) == stress, upgrades

    def test_no_full_throttle(self):
        """The configuration replaces Full Throttle: after a [3 straight] nothing grants an
        evade; the ship goes to its Perform Action step."""
        sc = Scene()
        tie = sc.ship("onyxsquadronace", at=(400, 200, 0), upgrades=["tiedefenderelite"])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, tie, "3FB")
        assert game.decision.kind == "perform_action"


def fire_control_scene(locked: bool, elite: bool = True):
    sc = Scene()
    upgrades = ["ioncannon"] + (["tiedefenderelite"] if elite else [])
    tie = sc.ship("onyxsquadronace", at=(400, 300, 0), upgrades=upgrades,
                  locks=["p2.1"] if locked else [])
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    return sc, tie, target


class TestAdvancedFireControl:
    def test_bonus_primary_attack_after_a_cannon_attack(self):
        """Advanced Fire Control: after a cannon attack, with a lock on the defender, the
        ship may perform a bonus primary attack against it (the lock is not spent)."""
        sc, tie, target = fire_control_scene(locked=True)
        game = engage(sc, tie, ["blank"] * 3, ["blank"] * 3)
        declare(game, tie, target, "ioncannon")
        pass_until(game, "use_ability", tie)
        game.answer("use")
        assert game.decision.kind == "bonus_attack"
        assert all(k == "none" or k.startswith("primary") for k in values(game))
        assert any(k.endswith(target) for k in values(game))
        assert game.state.ships[tie].locks == [target]

    def test_not_without_a_lock(self):
        sc, tie, target = fire_control_scene(locked=False)
        game = engage(sc, tie, ["blank"] * 3, ["blank"] * 3)
        declare(game, tie, target, "ioncannon")
        assert "bonus_attack" not in pass_all(game)

    def test_not_after_a_primary_attack(self):
        sc, tie, target = fire_control_scene(locked=True)
        game = engage(sc, tie, ["blank"] * 3, ["blank"] * 3)
        declare(game, tie, target, "primary:front")
        kinds = pass_all(game)
        assert "bonus_attack" not in kinds

    def test_without_the_configuration_no_bonus(self):
        sc, tie, target = fire_control_scene(locked=True, elite=False)
        game = engage(sc, tie, ["blank"] * 3, ["blank"] * 3)
        declare(game, tie, target, "ioncannon")
        assert "bonus_attack" not in pass_all(game)


# ---------------------------------------------------------- Darth Vader (TIE/D)
class TestDarthVaderTieD:
    def test_attacking_he_spends_force(self):
        """Darth Vader (TIE/D): attacking, he may spend 1 Force to change a blank to a hit,
        and may spend Force for its own effect (focus to hit): blank, focus, hit become 3
        hits and he has 1 Force left."""
        sc = Scene()
        vader = sc.ship("darthvader-tieddefender", at=(400, 300, 0))
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(vader, target, dice=["blank", "focus", "hit"],
                         defense=["blank"] * 3)
        pass_until(game, "modify_attack_dice", vader)
        modify_with(game, "darthvader-tieddefender", "change 1 blank to hit")
        modify_with(game, "force")
        pass_all(game)
        assert game.state.ships[vader].force == 1
        assert len(game.state.ships[target].damage) == 3

    def test_defending_he_cannot_spend_force(self):
        """Defending, he cannot spend Force: his focus result can't become an evade, where
        the TIE Advanced Darth Vader may spend Force on his."""
        for pilot, can in (("darthvader-tieddefender", False), ("darthvader", True)):
            sc = Scene()
            xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
            vader = sc.ship(pilot, player=2, at=(400, 500, 180))
            game = engage(sc, xwing, ["hit", "blank", "blank"], ["focus", "blank", "blank"])
            declare(game, xwing, vader)
            seen = False
            while game.decision is not None:
                seen = seen or (game.decision.kind == "modify_defense_dice"
                                and offers(game, "force"))
                pass_all(game, 1)
            assert seen is can, pilot
            assert len(game.state.ships[vader].damage) + game.state.ships[vader].shield_limit \
                - game.state.ships[vader].shields == 1

    def test_no_force_for_sense_in_the_system_phase(self):
        """With Sense, outside an attack he cannot spend 1 Force to look at a dial at range
        2: nothing is offered, where the TIE Advanced Darth Vader may."""
        for pilot, asked in (("darthvader-tieddefender", False), ("darthvader", True)):
            sc = Scene()
            vader = sc.ship(pilot, at=(400, 300, 0), upgrades=["sense"])
            sc.ship("academypilot", player=2, at=(400, 500, 180))
            game = sc.game()
            game.state.ships["p2.1"].dial_set = "2FW"
            start_at(game, SystemTurn(vader), phase="system")
            assert (game.decision is not None
                    and game.decision.kind == "use_ability") is asked, pilot


# ---------------------------------------------------------------- Vult Skerris
class TestVultSkerris:
    def test_before_engaging_a_charge_buys_an_action(self):
        """Vult Skerris: before he engages he may spend 1 charge to perform an action: he
        focuses, and his charge is spent."""
        sc = Scene()
        vult = sc.ship("vultskerris", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(vult))
        answer(game, "use_ability", "focus", vult)
        ship = game.state.ships[vult]
        assert ship.count(Token.FOCUS) == 1 and ship.charges["vultskerris"].active == 0

    def test_without_a_charge_he_just_engages(self):
        sc = Scene()
        vult = sc.ship("vultskerris", at=(400, 300, 0), charges={"vultskerris": 0})
        sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(vult))
        assert game.decision.kind == "declare_attack"

    def test_action_strain_for_a_charge(self):
        """Action: he gains 1 strain token to recover his spent charge; with the charge
        active the action is not offered (RR: PAYING COSTS)."""
        sc = Scene()
        vult = sc.ship("vultskerris", at=(400, 300, 0), charges={"vultskerris": 0})
        sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(PerformAction(vult, during_activation=True), phase="activation")
        answer(game, "perform_action", "vultskerris", vult)
        ship = game.state.ships[vult]
        assert ship.count(Token.STRAIN) == 1 and ship.charges["vultskerris"].active == 1
        sc2 = Scene()
        full = sc2.ship("vultskerris", at=(400, 300, 0))
        sc2.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc2.at(PerformAction(full, during_activation=True), phase="activation")
        assert "vultskerris" not in values(game)
