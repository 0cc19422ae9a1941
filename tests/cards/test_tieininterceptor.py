"""TIE/in Interceptor pilots and the ship abilities Autothrusters and Sensitive Controls:
each test sets a scene, states the card's rule and shows the ability changing the outcome
(the same scene without the card, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import StartEngagement, Sweep, SystemTurn
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, load_dice, stack_deck
from tests.cards.helpers import (
    activation,
    answer,
    pass_all,
    pass_until,
    rolled,
    values,
)


# ---------------------------------------------------------------- Autothrusters
class TestAutothrusters:
    def test_after_an_action_a_red_boost(self):
        """Autothrusters: after the Alpha Squadron Pilot performs a focus action it may
        perform a red barrel roll or red boost; it boosts, moves forward and, the boost
        being red, gains a stress token."""
        sc = Scene()
        tie = sc.ship("alphasquadronpilot", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(tie, during_activation=True), phase="activation")
        game.answer("focus")
        assert game.decision.kind == "use_ability"
        assert set(values(game)) == {"barrel_roll", "boost", "decline"}
        game.answer("boost")
        game.answer("straight")
        ship = game.state.ships[tie]
        assert ship.pose.y > 300 + 79 and ship.count(Token.STRESS) == 1
        assert ship.count(Token.FOCUS) == 1

    def test_without_the_ability_nothing_follows(self):
        """The same focus action by a TIE/ln fighter (no Autothrusters): nothing is asked
        after it and the ship stays where it is."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(tie, during_activation=True), phase="activation")
        game.answer("focus")
        assert game.decision is None
        assert game.state.ships[tie].pose.y == 300

    def test_not_after_its_own_red_action(self):
        """Autothrusters: the red barrel roll it grants stresses the ship, and a stressed
        ship can't perform the red boost, so the ability does not chain."""
        sc = Scene()
        tie = sc.ship("alphasquadronpilot", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(tie, during_activation=True), phase="activation")
        game.answer("focus")
        game.answer("barrel_roll")
        while game.decision is not None and game.decision.kind != "use_ability":
            game.answer(game.decision.options[0].key)
        assert game.decision is None
        ship = game.state.ships[tie]
        assert ship.count(Token.STRESS) == 1 and ship.pose.x != 400


# ------------------------------------------------------------- Sensitive Controls
class TestSensitiveControls:
    def test_system_phase_red_boost(self):
        """Sensitive Controls (Sigma 4's ship ability): in the System Phase the ship may
        perform a red barrel roll or red boost; it boosts and gains a stress token."""
        sc = Scene()
        tie = sc.ship("sigma4-battleofyavin", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(SystemTurn(tie), phase="system")
        assert set(values(game)) == {"barrel_roll", "boost", "decline"}
        game.answer("boost")
        game.answer("straight")
        ship = game.state.ships[tie]
        assert ship.pose.y > 379 and ship.count(Token.STRESS) == 1

    def test_autothrusters_has_no_system_phase_move(self):
        """The same System Phase turn for a TIE/in with Autothrusters: nothing is
        offered."""
        sc = Scene()
        tie = sc.ship("alphasquadronpilot", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(SystemTurn(tie), phase="system")
        assert game.decision is None

    def test_the_configuration_replaces_autothrusters(self):
        """The Sensitive Controls configuration: the Alpha Squadron Pilot gets the System
        Phase move, and its Autothrusters no longer follow its actions."""
        sc = Scene()
        tie = sc.ship("alphasquadronpilot", at=(400, 300, 0), upgrades=["sensitivecontrols"])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(SystemTurn(tie), phase="system")
        assert set(values(game)) == {"barrel_roll", "boost", "decline"}
        game.answer("decline")
        game = sc.at(PerformAction(tie, during_activation=True), phase="activation")
        game.answer("focus")
        assert game.decision is None


# ---------------------------------------------------------------------- Soontir Fel
class TestSoontirFel:
    @pytest.mark.parametrize("x, focus", [(400, 1), (600, 0)])
    def test_focus_with_an_enemy_in_the_bullseye(self, x, focus):
        """Soontir Fel: at the start of the Engagement Phase, with an enemy ship in his
        bullseye arc he gains a focus token; an enemy off to the side gives none."""
        sc = Scene()
        fel = sc.ship("soontirfel", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(x, 500, 180))
        game = sc.at(StartEngagement())
        pass_all(game)
        assert game.state.ships[fel].count(Token.FOCUS) == focus


# ---------------------------------------------------------------------- Turr Phennir
class TestTurrPhennir:
    def test_boosts_after_attacking_even_while_stressed(self):
        """Turr Phennir: after he attacks he may perform a barrel roll or boost action,
        even while stressed: stressed, he boosts away after his attack."""
        sc = Scene()
        turr = sc.ship("turrphennir", at=(400, 300, 0), tokens={"stress": 1})
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(turr, enemy, dice=["blank"] * 3, defense=["blank"] * 3)
        pass_until(game, "use_ability", turr)
        assert set(values(game)) == {"barrel_roll", "boost", "decline"}
        game.answer("boost")
        answer(game, "boost_direction", "straight")
        assert game.state.ships[turr].pose.y > 379

    def test_no_move_without_an_attack(self):
        """Another TIE/in that is stressed and attacks gets no move: nothing is asked."""
        sc = Scene()
        tie = sc.ship("sabersquadronace", at=(400, 300, 0), tokens={"stress": 1})
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, enemy, dice=["blank"] * 3, defense=["blank"] * 3)
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[tie].pose.y == 300


# ------------------------------------------------------------------------- Ciena Ree
class TestCienaRee:
    def test_stress_after_destroying_the_defender(self):
        """Ciena Ree: after an attack that destroys the defender she gains a stress
        token."""
        sc = Scene()
        ciena = sc.ship("cienaree", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        game = sc.attack(ciena, enemy, dice=["hit"] * 3, defense=["blank"] * 3)
        pass_all(game)
        assert game.state.ships[enemy].destroyed
        assert game.state.ships[ciena].count(Token.STRESS) == 1

    def test_no_stress_when_the_defender_survives(self):
        """Ciena Ree: an attack that leaves the defender alive gives her no stress."""
        sc = Scene()
        ciena = sc.ship("cienaree", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(ciena, enemy, dice=["hit", "blank", "blank"], defense=["blank"] * 3)
        pass_all(game)
        assert not game.state.ships[ciena].stressed

    @pytest.mark.parametrize("x, stress", [(480, 0), (800, 1)])
    def test_a_friend_destroyed_nearby_removes_a_stress(self, x, stress):
        """Ciena Ree: after a friendly ship at range 0-3 is destroyed she removes a stress
        token; a friend destroyed beyond range 3 leaves her stressed."""
        sc = Scene()
        enemy = sc.ship("alphasquadronpilot", at=(x, 300, 0))
        ciena = sc.ship("cienaree", player=2, at=(400, 800, 180), tokens={"stress": 1})
        friend = sc.ship("academypilot", player=2, at=(x, 500, 180))
        game = sc.attack(enemy, friend, dice=["hit", "hit", "hit"], defense=["blank"] * 3)
        pass_all(game)
        assert game.state.ships[friend].destroyed
        assert game.state.ships[ciena].count(Token.STRESS) == stress


# ---------------------------------------------------------------------- Gideon Hask
class TestGideonHask:
    @pytest.mark.parametrize("damaged, dice", [(True, 4), (False, 3)])
    def test_more_dice_against_a_damaged_defender(self, damaged, dice):
        """Gideon Hask (TIE/in): attacking a damaged defender he rolls 1 more attack die
        (4, not the TIE/in's 3)."""
        sc = Scene()
        hask = sc.ship("gideonhask-tieininterceptor", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(hask))
        if damaged:
            game.state.ships[enemy].damage += (DamageCard("directhit", False, 99),)
        load_dice(game, ["blank"] * dice, ["blank"] * 3)
        declare(game, hask, enemy)
        assert len(rolled(game, hask)) == dice


# ---------------------------------------------------------------------- Vult Skerris
class TestVultSkerris:
    def test_spends_his_charge_to_act_before_engaging(self):
        """Vult Skerris: before he engages he may spend his charge to perform an action;
        he focuses, and the charge is spent."""
        sc = Scene()
        vult = sc.ship("vultskerris-tieininterceptor", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(Engage(vult))
        assert "focus" in values(game)
        game.answer("focus")
        ship = game.state.ships[vult]
        assert ship.count(Token.FOCUS) == 1
        assert ship.charges["vultskerris-tieininterceptor"].active == 0

    def test_no_action_without_the_charge(self):
        """With his charge spent, nothing is offered before he engages."""
        sc = Scene()
        vult = sc.ship("vultskerris-tieininterceptor", at=(400, 300, 0),
                       charges={"vultskerris-tieininterceptor": 0})
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(Engage(vult))
        assert game.decision is None or game.decision.kind != "use_ability"
        assert not game.state.ships[vult].has(Token.FOCUS)

    def test_action_strain_recovers_the_charge(self):
        """Vult Skerris's action: gain a strain token to recover his charge; it is offered
        only while the charge is spent (full, no strain for nothing)."""
        sc = Scene()
        vult = sc.ship("vultskerris-tieininterceptor", at=(400, 300, 0),
                       charges={"vultskerris-tieininterceptor": 0})
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(vult, during_activation=True), phase="activation")
        card = next(k for k in values(game) if "vultskerris" in str(k))
        game.answer(card)
        ship = game.state.ships[vult]
        assert ship.count(Token.STRAIN) == 1
        assert ship.charges["vultskerris-tieininterceptor"].active == 1
        sc2 = Scene()
        full = sc2.ship("vultskerris-tieininterceptor", at=(400, 300, 0))
        sc2.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc2.at(PerformAction(full, during_activation=True), phase="activation")
        assert not any("vultskerris" in str(k) for k in values(game))


# ------------------------------------------------------------------ Commandant Goran
def goran_scene(goran_at=(480, 300, 0), friend="alphasquadronpilot", blocked=True):
    sc = Scene()
    sc.ship("commandantgoran", at=goran_at)
    tie = sc.ship(friend, at=(400, 300, 0))
    # a friendly ship in the way: an enemy one would also offer the bump's own action
    sc.ship("alphasquadronpilot", at=(400, 430 if blocked else 700, 180))
    sc.ship("academypilot", player=2, at=(100, 850, 180))
    return activation(sc, tie, "2FB"), tie


class TestCommandantGoran:
    def test_a_bumped_friend_may_focus(self):
        """Commandant Goran: after a friendly ship at range 0-3 with a lower initiative
        partially executes a maneuver (it bumps), it may perform a red focus action,
        though a bump makes it skip its Perform Action step: it gains a focus and, the
        action being red, a stress token."""
        game, tie = goran_scene()
        pass_until(game, "use_ability")
        assert values(game) == ["focus", "decline"]
        game.answer("focus")
        ship = game.state.ships[tie]
        assert ship.count(Token.FOCUS) == 1 and ship.count(Token.STRESS) == 1

    def test_without_goran_the_bump_ends_the_activation(self):
        """The same bump with Goran far away (beyond range 3): no action at all."""
        game, tie = goran_scene(goran_at=(850, 100, 0))
        assert "use_ability" not in pass_all(game)
        assert not game.state.ships[tie].has(Token.FOCUS)

    def test_not_after_a_full_maneuver(self):
        """A maneuver fully executed does not trigger Goran: the friend is asked only its
        usual Perform Action step."""
        game, _ = goran_scene(blocked=False)
        assert game.decision.kind == "perform_action"

    def test_not_for_a_ship_of_his_initiative(self):
        """A friend of initiative 4 (a Saber Squadron Ace, like Goran's) that bumps gets
        nothing."""
        game, tie = goran_scene(friend="sabersquadronace")
        assert "use_ability" not in pass_all(game)
        assert not game.state.ships[tie].has(Token.FOCUS)


# -------------------------------------------------------------------- Nash Windrider
def nash_scene(nash_at=(480, 300, 0)):
    """A Saber Squadron Ace (initiative 4) destroys an Alpha Squadron Pilot (initiative 1)
    before it engages; Nash Windrider (initiative 2) is nearby."""
    sc = Scene()
    nash = sc.ship("nashwindrider", at=nash_at)
    friend = sc.ship("alphasquadronpilot", at=(400, 300, 0))
    saber = sc.ship("sabersquadronace", player=2, at=(400, 500, 180))
    game = sc.at(StartEngagement(), Sweep("engagement"))
    load_dice(game, ["hit"] * 3, ["blank"] * 3)
    pass_until(game, "declare_attack", saber)
    declare(game, saber, friend)
    return game, nash, friend, saber


class TestNashWindrider:
    def test_the_destroyed_friend_engages_at_once(self):
        """Nash Windrider: in the Engagement Phase, after a friendly small ship at range 0-3
        that has not engaged is destroyed, he may spend his charge: it engages at the
        current initiative (4), so it declares an attack before being removed."""
        game, nash, friend, saber = nash_scene()
        pass_until(game, "use_ability", nash)
        game.answer("use")
        assert game.state.ships[friend].destroyed
        assert game.state.ships[nash].charges["nashwindrider"].active == 0
        pass_until(game, "declare_attack")
        assert game.decision.ship == friend
        assert saber in str(values(game))

    def test_declined_the_friend_is_removed_unengaged(self):
        """Declined, the destroyed ship is removed after initiative 4 without engaging:
        the next attack declared is Nash's own."""
        game, nash, friend, _ = nash_scene()
        pass_until(game, "use_ability", nash)
        game.answer("decline")
        pass_until(game, "declare_attack")
        assert game.decision.ship == nash
        assert game.state.ships[friend].removed

    def test_nash_himself(self):
        """Ruling: a ship is friendly to itself (RR: FRIENDLY): Nash destroyed at
        initiative 4 may spend his charge to engage at once."""
        sc = Scene()
        nash = sc.ship("nashwindrider", at=(400, 300, 0))
        saber = sc.ship("sabersquadronace", player=2, at=(400, 500, 180))
        game = sc.at(StartEngagement(), Sweep("engagement"))
        load_dice(game, ["hit"] * 3, ["blank"] * 3)
        pass_until(game, "declare_attack", saber)
        declare(game, saber, nash)
        pass_until(game, "use_ability", nash)
        game.answer("use")
        pass_until(game, "declare_attack")
        assert game.decision.ship == nash and game.state.ships[nash].destroyed

    def test_not_beyond_range_3(self):
        """Nash beyond range 3 of the destroyed friend: nothing is asked."""
        game, nash, friend, _ = nash_scene(nash_at=(850, 100, 0))
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[friend].removed
        assert game.state.ships[nash].charges["nashwindrider"].active == 1


# ----------------------------------------------------------- Iden Versio (Yavin)
IDEN = "idenversio-battleofyavin"


def iden_scene(friend="academypilot", friend_at=(400, 500, 180)):
    sc = Scene()
    enemy = sc.ship("redsquadronveteran", at=(400, 300, 0))
    iden = sc.ship(IDEN, player=2, at=(480, 500, 180))
    target = sc.ship(friend, player=2, at=friend_at)
    game = sc.attack(enemy, target, dice=["hit", "hit", "blank"], defense=["blank"] * 3)
    return game, iden, target


class TestIdenVersioBattleOfYavin:
    def test_prevents_one_damage_to_a_friendly_tie(self):
        """Iden Versio (Battle of Yavin): before a friendly TIE at range 0-1 would suffer
        damage she may spend 2 charges to prevent 1 of it: the TIE/ln suffers 1 of the 2
        hits."""
        game, iden, friend = iden_scene()
        pass_until(game, "replacement", iden)
        assert values(game) == ["hit", "decline"]
        game.answer("hit")
        pass_all(game)
        assert len(game.state.ships[friend].damage) == 1
        assert game.state.ships[iden].charges[IDEN].active == 0

    def test_declined_both_hits_land(self):
        """Declined, the friendly TIE/ln suffers both hits (2 damage cards)."""
        game, iden, friend = iden_scene()
        pass_until(game, "replacement", iden)
        game.answer("decline")
        pass_all(game)
        assert len(game.state.ships[friend].damage) == 2

    def test_iden_herself(self):
        """Iden is a friendly TIE at range 0 of herself: she may protect herself too."""
        sc = Scene()
        enemy = sc.ship("redsquadronveteran", at=(400, 300, 0))
        iden = sc.ship(IDEN, player=2, at=(400, 500, 180))
        game = sc.attack(enemy, iden, dice=["hit", "hit", "blank"], defense=["blank"] * 3)
        pass_until(game, "replacement", iden)
        game.answer("hit")
        pass_all(game)
        ship = game.state.ships[iden]
        assert ship.shields == 0 and not ship.damage      # 1 hit took her one shield

    def test_not_for_a_ship_without_the_tie_keyword(self):
        """A friendly Lambda shuttle (no TIE keyword) at range 1 is not protected."""
        game, _, _ = iden_scene(friend="omicrongrouppilot", friend_at=(380, 540, 180))
        assert "replacement" not in pass_all(game)


# ---------------------------------------------------------------------- Sigma 4-7
class TestSigma4:
    def test_boost_after_a_barrel_roll(self):
        """Sigma 4: after a barrel roll action she may spend 1 charge to perform a boost
        action: she rolls, then boosts (white: no stress)."""
        sc = Scene()
        tie = sc.ship("sigma4-battleofyavin", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(tie, during_activation=True), phase="activation")
        game.answer("barrel_roll")
        game.answer("left")
        game.answer("middle")
        assert values(game) == ["boost", "decline"]
        game.answer("boost")
        game.answer("straight")
        ship = game.state.ships[tie]
        assert ship.pose.y > 379 and not ship.stressed
        assert ship.charges["sigma4-battleofyavin"].active == 1

    def test_not_after_a_focus_action(self):
        """Sigma 4: a focus action is no barrel roll: nothing is offered after it."""
        sc = Scene()
        tie = sc.ship("sigma4-battleofyavin", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(tie, during_activation=True), phase="activation")
        game.answer("focus")
        assert game.decision is None


class TestSigma5:
    @pytest.mark.parametrize("dice, evade", [(["hit", "hit", "hit"], 1),
                                             (["blank", "blank", "blank"], 0)])
    def test_evade_after_an_attack_that_hits(self, dice, evade):
        """Sigma 5: after an attack that hits she may spend 1 charge to perform an evade
        action; after a miss nothing is offered."""
        sc = Scene()
        tie = sc.ship("sigma5-battleofyavin", at=(400, 300, 0))
        enemy = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180))
        game = sc.attack(tie, enemy, dice=dice, defense=["blank"] * 2)
        while game.decision is not None:
            if game.decision.kind == "use_ability" and game.decision.ship == tie:
                game.answer("evade")
            else:
                pass_all(game, 1)
        assert game.state.ships[tie].count(Token.EVADE) == evade


class TestSigma6:
    @pytest.mark.parametrize("dial, offered", [("3FB", True), ("2FB", False)])
    def test_slam_after_a_fast_maneuver(self, dial, offered):
        """Sigma 6: after fully executing a speed 3-5 maneuver she may spend 1 charge to
        perform a SLAM action; after a speed 2 maneuver nothing is offered."""
        sc = Scene()
        tie = sc.ship("sigma6-battleofyavin", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = activation(sc, tie, dial)
        d = game.decision
        if offered:
            assert d.kind == "use_ability" and values(game) == ["slam", "decline"]
            game.answer("slam")
            assert game.decision.kind == "slam_maneuver"
            assert game.state.ships[tie].charges["sigma6-battleofyavin"].active == 1
        else:
            assert d.kind == "perform_action"


class TestSigma7:
    @pytest.mark.parametrize("y, locked", [(400, True), (700, False)])
    def test_system_phase_lock_at_range_1(self, y, locked):
        """Sigma 7: in the System Phase she may spend 1 charge to acquire a lock on an enemy
        ship at range 0-1; an enemy at range 3 can't be chosen."""
        sc = Scene()
        tie = sc.ship("sigma7-battleofyavin", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, y, 180))
        game = sc.at(SystemTurn(tie), phase="system")
        answer(game, "order_abilities", f"{tie}:sigma7-battleofyavin#0")
        if locked:
            assert enemy in values(game)
            game.answer(enemy)
            pass_all(game)
            assert game.state.ships[tie].charges["sigma7-battleofyavin"].active == 1
        else:
            assert game.decision is None or enemy not in values(game)
        assert (enemy in game.state.ships[tie].locks) == locked


# ----------------------------------------------------------------- Second Sister
class TestSecondSister:
    @pytest.mark.parametrize("use, faceup", [(True, 3), (False, 1)])
    def test_hits_become_critical_hits(self, use, faceup):
        """Second Sister: after Neutralize Results, if the attack hit, she may spend 2 Force
        to change all her hit results to critical hit results: 2 hits and 1 crit deal 3
        faceup damage cards instead of 1."""
        sc = Scene()
        sister = sc.ship("secondsister", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180), hull=5)
        game = sc.attack(sister, enemy, dice=["hit", "hit", "crit"], defense=["blank"] * 3)
        stack_deck(game, 2, ["blindedpilot", "damagedengine", "fuelleak"])
        pass_until(game, "use_ability", sister)
        game.answer("use" if use else "decline")
        pass_all(game)
        assert sum(d.faceup for d in game.state.ships[enemy].damage) == faceup
        assert game.state.ships[sister].force == (0 if use else 2)

    def test_not_with_only_critical_hits(self):
        """Ruling: with no hit result to change (only a critical hit) nothing is offered
        and her Force stays."""
        sc = Scene()
        sister = sc.ship("secondsister", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(sister, enemy, dice=["crit", "blank", "blank"],
                         defense=["blank"] * 3)
        stack_deck(game, 2, ["blindedpilot"])
        while game.decision is not None:
            assert not (game.decision.kind == "use_ability"
                        and "critical" in game.decision.prompt)
            pass_all(game, 1)
        assert game.state.ships[sister].force == 2

    def test_not_after_a_miss(self):
        """An attack that missed: nothing is offered and no Force is spent."""
        sc = Scene()
        sister = sc.ship("secondsister", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(sister, enemy, dice=["hit", "blank", "blank"],
                         defense=["evade", "blank", "blank"])
        while game.decision is not None:
            assert not (game.decision.kind == "use_ability"
                        and "critical" in game.decision.prompt)
            pass_all(game, 1)
        assert game.state.ships[sister].force == 2


# ------------------------------------------------------------ Battle over Endor
class TestSapphire2:
    @pytest.mark.parametrize("focus, dice", [(1, 4), (0, 3)])
    def test_extra_defense_die_while_focused(self, focus, dice):
        """Sapphire 2: defending while focused she rolls 1 more defense die (4, not her
        agility's 3)."""
        sc = Scene()
        enemy = sc.ship("redsquadronveteran", at=(400, 300, 0))
        sapphire = sc.ship("sapphire2-battleoverendor", player=2, at=(400, 500, 180),
                           tokens={"focus": focus})
        game = sc.attack(enemy, sapphire, dice=["hit"] * 3, defense=["blank"] * dice)
        pass_all(game)
        assert len(rolled(game, sapphire)) == dice


class TestMausMonare:
    @pytest.mark.parametrize("action, calculate", [("evade", 1), ("focus", 0)])
    def test_calculate_after_an_evade_action(self, action, calculate):
        """Maus Monare: after an evade action she gains a calculate token; after a focus
        action she does not."""
        sc = Scene()
        maus = sc.ship("mausmonare-battleoverendor", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(maus, during_activation=True), phase="activation")
        game.answer(action)
        pass_all(game)
        assert game.state.ships[maus].count(Token.CALCULATE) == calculate


FEL = "soontirfel-battleoverendor"


class TestSoontirFelBattleOverEndor:
    def test_boosts_after_attacking(self):
        """Soontir Fel (Battle over Endor): after he attacks he may spend 1 charge and gain
        1 deplete token to boost or barrel roll; he boosts straight (not an action: it is
        not among his actions this round)."""
        sc = Scene()
        fel = sc.ship(FEL, at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(fel, enemy, dice=["blank"] * 3, defense=["blank"] * 3)
        pass_until(game, "use_ability", fel)
        assert {"boost straight", "barrel roll left middle", "decline"} <= set(values(game))
        game.answer("boost straight")
        pass_all(game)
        ship = game.state.ships[fel]
        assert ship.pose.y > 379
        assert ship.count(Token.DEPLETE) == 1 and ship.charges[FEL].active == 1
        assert "boost" not in ship.actions_done

    def test_nothing_without_a_charge(self):
        """With no charge left nothing is offered after the attack."""
        sc = Scene()
        fel = sc.ship(FEL, at=(400, 300, 0), charges={FEL: 0})
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(fel, enemy, dice=["blank"] * 3, defense=["blank"] * 3)
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[fel].pose.y == 300


# --------------------------------------------------------------- Lieutenant Lorrir
class TestLieutenantLorrir:
    def test_barrel_roll_with_a_bank_template(self):
        """Lieutenant Lorrir: his barrel rolls must use the [1 bank] template instead of
        [1 straight]. Rolling right with the template curving forward (ruling: the ship is
        placed flush against the template's far end), he ends ahead of where a straight
        roll would put him, turned 45 degrees left; a straight roll is not offered."""
        sc = Scene()
        lorrir = sc.ship("lieutenantlorrir", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.at(PerformAction(lorrir, during_activation=True), phase="activation")
        game.answer("barrel_roll")
        assert set(values(game)) == {"left:bank_forward", "left:bank_backward",
                                     "right:bank_forward", "right:bank_backward"}
        game.answer("right:bank_forward")
        assert values(game) == ["front", "middle", "back"]
        game.answer("middle")
        pose = game.state.ships[lorrir].pose
        assert pose.heading == pytest.approx(315.0)
        assert pose.x == pytest.approx(490.7, abs=0.1) and pose.y == pytest.approx(337.6,
                                                                                   abs=0.1)

    def test_backward_from_the_left_side(self):
        """Rolling left with the template curving backward he ends behind his start,
        turned 45 degrees left as well (heading 315)."""
        sc = Scene()
        lorrir = sc.ship("lieutenantlorrir", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.at(PerformAction(lorrir, during_activation=True), phase="activation")
        game.answer("barrel_roll")
        game.answer("left:bank_backward")
        game.answer("middle")
        pose = game.state.ships[lorrir].pose
        assert pose.heading == pytest.approx(315.0) and pose.y < 300 and pose.x < 400

    def test_other_pilots_roll_straight(self):
        """Another TIE/in (no such ability) rolls with the [1 straight] template: left or
        right, and it keeps its heading, 80 mm to the side."""
        sc = Scene()
        tie = sc.ship("sabersquadronace", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.at(PerformAction(tie, during_activation=True), phase="activation")
        game.answer("barrel_roll")
        assert set(values(game)) == {"left", "right"}
        game.answer("right")
        game.answer("middle")
        pose = game.state.ships[tie].pose
        assert pose.heading == pytest.approx(0.0) and pose.x == pytest.approx(480.0)

    def test_a_blocked_bank_fails_the_roll(self):
        """RR: BARREL ROLL - when all three positions of the declared roll overlap a ship,
        the action fails: Lorrir stays where he is."""
        sc = Scene()
        lorrir = sc.ship("lieutenantlorrir", at=(400, 300, 0))
        sc.ship("alphasquadronpilot", at=(490, 340, 315))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.at(PerformAction(lorrir, during_activation=True), phase="activation")
        game.answer("barrel_roll")
        game.answer("right:bank_forward")
        ship = game.state.ships[lorrir]
        assert ship.pose.x == 400 and ship.pose.heading == 0
