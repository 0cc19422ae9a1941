"""RZ-1 A-wing pilots and the Vectored Cannons ship ability: each test sets a scene, states
the card's rule and shows the ability changing the outcome (the same scene without the
card, or the state before and after). Vectored Thrusters and Jake Farrell are also tested
in tests/cards/test_queue_example_pilots.py.

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1,
200 mm at range 2."""

from __future__ import annotations

import pytest

from tallon.engine.action_bodies import rotatable_arcs
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import SystemTurn
from tallon.engine.state import Token
from tallon.geometry import Arc
from tallon.scene import Scene, declare, load_dice
from tests.cards.helpers import (
    activation,
    answer,
    attack,
    dice_count,
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    rolled,
    values,
)


def _damage(game, ship):
    """Damage suffered: shields lost and damage cards dealt."""
    state = game.state.ships[ship]
    return len(state.damage) + state.shield_limit - state.shields


def reach(game, kind, ship):
    """Pass on everything until a ``kind`` decision for ``ship``, or the end (a ship with
    nothing to modify is asked nothing)."""
    while game.decision is not None and not (game.decision.kind == kind
                                             and game.decision.ship == ship):
        pass_all(game, 1)


# ---------------------------------------------------------------- Vectored Cannons
class TestVectoredCannons:
    def test_system_phase_red_rotate_only_to_the_rear_arc(self):
        """Vectored Cannons: in the System Phase the ship may perform a red rotate action,
        and its turret indicator may turn only to its front or rear arc: from the front
        arc the only choice is the rear arc (a plain rotate could also pick left or
        right), and the red action gives a stress token."""
        sc = Scene()
        awing = sc.ship("gemmersojan-battleoverendor", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(SystemTurn(awing), phase="system")
        assert set(values(game)) == {"boost", "rotate", "decline"}
        assert rotatable_arcs(game, game.state.ships[awing]) == [Arc.REAR]
        answer(game, "use_ability", "rotate", awing)
        if game.decision is not None and game.decision.kind == "rotate_arc":
            assert values(game) == ["rear"]
            game.answer("rear")
        ship = game.state.ships[awing]
        assert ship.turret[0] is Arc.REAR
        assert ship.count(Token.STRESS) == 1

    def test_vectored_thrusters_a_wing_has_no_system_phase_action(self):
        """An RZ-1 with Vectored Thrusters instead has nothing to do in the System
        Phase."""
        sc = Scene()
        awing = sc.ship("greensquadronpilot", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(SystemTurn(awing), phase="system")
        assert game.decision is None


# ------------------------------------------------------------------ Jake Farrell
class TestJakeFarrellSwz106:
    def test_standard_loadout_printing_shares_the_ability(self):
        """Jake Farrell (standard loadout): after a boost action a friendly ship at range
        0-1 may perform a focus action, as the original printing."""
        sc = Scene()
        jake = sc.ship("jakefarrell-swz106", at=(400, 300, 0))
        friend = sc.ship("phoenixsquadronpilot", at=(480, 380, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(jake, during_activation=True), phase="activation")
        game.answer("boost")
        game.answer("straight")
        pass_until(game, "use_ability", jake)
        while friend not in values(game):      # Vectored Thrusters first, if asked
            game.answer("decline")
            pass_until(game, "use_ability", jake)
        game.answer(friend)
        game.answer("focus")
        assert game.state.ships[friend].count(Token.FOCUS) == 1


# ---------------------------------------------------------------- Wedge Antilles
class TestWedgeAntillesRz1awing:
    def scene(self, wedge_attacks: bool):
        sc = Scene()
        wedge = sc.ship("wedgeantilles-rz1awing", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        if wedge_attacks:
            return attack(sc, wedge, tie, ["hit", "hit"], ["blank", "evade", "evade"]), tie
        return attack(sc, tie, wedge, ["hit", "hit"], ["blank", "evade", "evade"]), wedge

    def test_defender_in_front_arc_rolls_one_fewer_die(self):
        """Wedge Antilles (RZ-1): his primary attack against a defender in his front arc
        makes it roll 1 fewer defense die: the TIE (agility 3) rolls 2 dice (blank,
        evade) and 1 of his 2 hits lands, where 3 dice (2 evades) would cancel both."""
        game, tie = self.scene(True)
        pass_all(game)
        assert rolled(game, tie) == ["blank", "evade"]
        assert _damage(game, tie) == 1

    def test_not_while_he_defends(self):
        """Defending, Wedge rolls his full 3 dice: the ability works only while he
        attacks."""
        game, wedge = self.scene(False)
        pass_all(game)
        assert rolled(game, wedge) == ["blank", "evade", "evade"]
        assert _damage(game, wedge) == 0


# ------------------------------------------------------------------- Sabine Wren
class TestSabineWrenRz1awing:
    def game(self, enemy_heading: float, y: float = 400):
        sc = Scene()
        sabine = sc.ship("sabinewren-rz1awing", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, y, enemy_heading))
        game = attack(sc, sabine, tie, ["blank"] * 3, ["blank"] * 3)
        reach(game, "modify_attack_dice", sabine)
        return game, sabine, tie

    def test_range_1_in_the_enemy_front_arc_changes_a_result_to_a_hit(self):
        """Sabine Wren (RZ-1): attacking at attack range 1 while in the defender's front
        arc, she may change 1 result to a hit: 3 blanks become 1 hit and the TIE takes 1
        damage (none without the change)."""
        game, _sabine, tie = self.game(180)
        modify_with(game, "sabinewren-rz1awing", "hit")
        pass_all(game)
        assert _damage(game, tie) == 1

    def test_not_outside_the_enemy_front_arc(self):
        """The TIE facing away (she is in its rear arc): no change is offered."""
        game, _sabine, tie = self.game(0)
        assert not offers(game, "sabinewren-rz1awing")
        pass_all(game)
        assert _damage(game, tie) == 0

    def test_not_at_range_2(self):
        sc = Scene()
        sabine = sc.ship("sabinewren-rz1awing", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, sabine, tie, ["blank"] * 2, ["blank"] * 3)
        reach(game, "modify_attack_dice", sabine)
        assert not offers(game, "sabinewren-rz1awing")

    def test_defending_changes_a_result_to_an_evade(self):
        """Defending at range 1 in the attacker's front arc: a blank becomes an evade and
        cancels the single hit."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        sabine = sc.ship("sabinewren-rz1awing", player=2, at=(400, 400, 180))
        game = attack(sc, tie, sabine, ["hit", "blank", "blank"], ["blank"] * 3)
        pass_until(game, "modify_defense_dice", sabine)
        modify_with(game, "sabinewren-rz1awing", "evade")
        pass_all(game)
        assert _damage(game, sabine) == 0


# ---------------------------------------------------------------------- Shara Bey
class TestSharaBey:
    def game(self, pilot: str, locks: list[str]):
        sc = Scene()
        shara = sc.ship(pilot, at=(400, 300, 0), tokens={"focus": 1}, locks=locks)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, shara, tie, ["blank", "blank"], ["blank"] * 3)
        reach(game, "modify_attack_dice", shara)
        return game, shara, tie

    def test_spends_her_lock_to_add_a_focus_result(self):
        """Shara Bey: performing a primary attack, she may spend her lock on the defender
        to add 1 focus result; her focus token turns it into a hit, so the TIE takes 1
        damage (2 blanks alone deal none). The lock is spent."""
        for pilot in ("sharabey-rz1awing", "sharabey-swz106"):
            game, shara, tie = self.game(pilot, ["p2.1"])
            modify_with(game, pilot, "")
            assert "p2.1" not in game.state.ships[shara].locks
            modify_with(game, "focus")
            pass_all(game)
            assert _damage(game, tie) == 1

    def test_needs_a_lock_on_the_enemy(self):
        game, _shara, tie = self.game("sharabey-rz1awing", [])
        assert not offers(game, "sharabey-rz1awing")
        pass_all(game)
        assert _damage(game, tie) == 0

    def test_defending_with_a_lock_on_the_attacker(self):
        """Defending, her lock on the attacker adds a focus result to her defense dice,
        which her focus token makes an evade: the single hit is canceled."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        shara = sc.ship("sharabey-rz1awing", player=2, at=(400, 500, 180),
                        tokens={"focus": 1}, locks=["p1.1"])
        game = attack(sc, tie, shara, ["hit", "blank"], ["blank"] * 3)
        pass_until(game, "modify_defense_dice", shara)
        modify_with(game, "sharabey-rz1awing", "")
        modify_with(game, "focus")
        pass_all(game)
        assert _damage(game, shara) == 0
        assert not game.state.ships[shara].locks


# ------------------------------------------------------------------ Derek Klivian
class TestDerekKlivian:
    def game(self, stress: int):
        sc = Scene()
        hobbie = sc.ship("derekklivian", at=(400, 300, 0), stress=stress)
        sc.ship("academypilot", player=2, at=(400, 500, 180))
        return sc.at(PerformAction(hobbie, during_activation=True,
                                   even_stressed=True), phase="activation"), hobbie

    def test_after_acquiring_a_lock_removes_a_red_token(self):
        """Derek Klivian: after he acquires a lock he may remove 1 red token from himself:
        his stress token goes."""
        game, hobbie = self.game(1)
        game.answer("lock")
        pass_until(game, "use_ability", hobbie)
        assert "token:stress" in values(game)
        game.answer("token:stress")
        assert not game.state.ships[hobbie].stressed
        assert game.state.ships[hobbie].locks == ["p2.1"]

    def test_after_spending_a_lock_on_dice(self):
        """Spending his lock to reroll attack dice also triggers it: the stress token
        goes."""
        sc = Scene()
        hobbie = sc.ship("derekklivian", at=(400, 300, 0), stress=1, locks=["p2.1"])
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = engage(sc, hobbie, ["blank", "blank"], ["blank"] * 3, ["hit", "hit"])
        declare(game, hobbie, tie)
        pass_until(game, "modify_attack_dice", hobbie)
        modify_with(game, "lock")
        assert game.decision.kind == "use_ability" and "token:stress" in values(game)
        game.answer("token:stress")
        assert not game.state.ships[hobbie].stressed

    def test_nothing_to_remove_without_red_tokens(self):
        """Without a red token his ability is not offered: the next question is Vectored
        Thrusters' boost."""
        game, hobbie = self.game(0)
        game.answer("lock")
        pass_until(game, "use_ability", hobbie)
        assert "token:stress" not in values(game)
        assert "boost" in values(game)


# ------------------------------------------------------------------- Tycho Celchu
class TestTychoCelchu:
    def test_acts_with_two_stress_tokens(self):
        """Tycho Celchu: with 2 or fewer stress tokens he may perform actions even while
        stressed; a Green Squadron Pilot with 1 stress token can't act."""
        sc = Scene()
        tycho = sc.ship("tychocelchu", at=(400, 300, 0), stress=2)
        generic = sc.ship("greensquadronpilot", at=(200, 300, 0), stress=1)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(tycho, during_activation=True), phase="activation")
        assert "focus" in values(game)
        game = sc.at(PerformAction(generic, during_activation=True), phase="activation")
        assert game.decision is None

    def test_not_with_three_stress_tokens(self):
        sc = Scene()
        tycho = sc.ship("tychocelchu", at=(400, 300, 0), stress=3)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(tycho, during_activation=True), phase="activation")
        assert game.decision is None


# -------------------------------------------------------------------- Ahsoka Tano
class TestAhsokaTanoRz1awing:
    def game(self, force: int, friend_x: float = 480):
        sc = Scene()
        ahsoka = sc.ship("ahsokatano-rz1awing", at=(400, 300, 0), force=force)
        friend = sc.ship("greensquadronpilot", at=(friend_x, 420, 0), stress=1)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        return activation(sc, ahsoka, "4FB"), ahsoka, friend

    def test_spends_two_force_so_a_stressed_friend_acts(self):
        """Ahsoka Tano (RZ-1): after fully executing a maneuver she may spend 2 Force to
        let a friendly ship at range 1-2 perform an action even while stressed: the
        stressed A-wing focuses."""
        game, ahsoka, friend = self.game(3)
        pass_until(game, "use_ability", ahsoka)
        assert friend in values(game)
        game.answer(friend)
        assert game.state.ships[ahsoka].force == 1
        assert game.decision.kind == "perform_action" and game.decision.ship == friend
        game.answer("focus")
        assert game.state.ships[friend].count(Token.FOCUS) == 1

    def test_not_without_two_force(self):
        """With 1 Force the cost can't be paid: she is asked nothing before her own
        action."""
        game, ahsoka, _friend = self.game(1)
        assert game.decision.kind == "perform_action" and game.decision.ship == ahsoka


# ---------------------------------------------------------- Arvel Crynyd (Endor)
class TestArvelCrynydBattleOverEndor:
    def game(self, defense):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        arvel = sc.ship("arvelcrynyd-battleoverendor", player=2, at=(400, 500, 180))
        return attack(sc, tie, arvel, ["hit", "blank"], defense), arvel

    def test_gains_strain_to_change_a_focus_to_an_evade(self):
        """Arvel Crynyd (Battle over Endor): defending, he may gain a strain token to
        change 1 focus result to an evade: the hit is canceled (without it, 1 damage)."""
        game, arvel = self.game(["focus", "blank", "blank"])
        pass_until(game, "modify_defense_dice", arvel)
        modify_with(game, "arvelcrynyd-battleoverendor", "")
        pass_all(game)
        assert _damage(game, arvel) == 0
        assert game.state.ships[arvel].count(Token.STRAIN) == 1

    def test_nothing_without_a_focus_result(self):
        game, arvel = self.game(["blank", "blank", "blank"])
        reach(game, "modify_defense_dice", arvel)
        assert not offers(game, "arvelcrynyd-battleoverendor")
        pass_all(game)
        assert _damage(game, arvel) == 1


# ---------------------------------------------------------- Gemmer Sojan (Endor)
class TestGemmerSojanBattleOverEndor:
    def test_gains_strain_to_change_two_blanks_to_focus(self):
        """Gemmer Sojan: defending, she may gain 1 strain token to change up to 2 blank
        results to focus results; her focus token then makes them evades and both hits
        are canceled (2 damage without)."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        gemmer = sc.ship("gemmersojan-battleoverendor", player=2, at=(400, 500, 180),
                         tokens={"focus": 1})
        game = attack(sc, tie, gemmer, ["hit", "hit"], ["blank"] * 3)
        pass_until(game, "modify_defense_dice", gemmer)
        modify_with(game, "gemmersojan-battleoverendor", "change 2 blank")
        modify_with(game, "focus")
        pass_all(game)
        assert _damage(game, gemmer) == 0
        assert game.state.ships[gemmer].count(Token.STRAIN) == 1

    def test_not_while_attacking(self):
        sc = Scene()
        gemmer = sc.ship("gemmersojan-battleoverendor", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, gemmer, tie, ["blank", "blank"], ["blank"] * 3)
        reach(game, "modify_attack_dice", gemmer)
        assert not offers(game, "gemmersojan-battleoverendor")


# ---------------------------------------------------------- Tycho Celchu (Endor)
TYCHO_LOADOUT = ["itsatrap-battleoverendor", "juke", "protonrockets",
                 "chaffparticles-battleoverendor"]


class TestTychoCelchuBattleOverEndor:
    def game(self, pilot: str, disarm: int):
        sc = Scene()
        tycho = sc.ship(pilot, at=(400, 300, 0), tokens={"disarm": disarm, "focus": 1},
                        upgrades=TYCHO_LOADOUT)
        tie = sc.ship("academypilot", player=2, at=(400, 400, 180))
        game = sc.at(Engage(tycho))
        load_dice(game, ["hit"] * 5, ["blank"] * 3)
        return game, tycho, tie

    def test_disarmed_he_still_fires_missiles_with_at_most_4_dice(self):
        """Tycho Celchu (Battle over Endor): while disarmed he can still perform missile
        attacks (Proton Rockets, not his primary weapon), rolling at most 4 dice: 4 of
        the rockets' 5."""
        game, _tycho, _ = self.game("tychocelchu-battleoverendor", 1)
        assert values(game) == ["protonrockets@p2.1", "none"]
        game.answer("protonrockets@p2.1")
        pass_all(game)
        assert dice_count(game, 0) == 4

    def test_not_disarmed_the_rockets_roll_5_dice(self):
        game, _tycho, _ = self.game("tychocelchu-battleoverendor", 0)
        assert "primary:single_turret@p2.1" in values(game)
        game.answer("protonrockets@p2.1")
        pass_all(game)
        assert dice_count(game, 0) == 5

    def test_another_disarmed_pilot_cannot_attack(self):
        """Arvel Crynyd (same ship, same loadout weapon) disarmed: no attack at all."""
        game, _arvel, _ = self.game("arvelcrynyd-battleoverendor", 1)
        assert game.decision is None or game.decision.kind != "declare_attack"


# -------------------------------------------------------------------- Keo Venzee
class TestKeoVenzee:
    def game(self, force: int, dial: str = "3BW"):
        sc = Scene()
        keo = sc.ship("keovenzee", at=(400, 300, 0), force=force)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        return activation(sc, keo, dial), keo

    def test_harder_bank_as_a_sideslip_recovers_force(self):
        """Keo Venzee: with no active Force, after revealing a bank he may increase its
        difficulty; he then executes it as a sideslip (the [3 bank left] laid on his right
        side carries him to the right, not to the left as the bank would) and recovers 1
        Force. The white bank became red: he gains a stress token."""
        game, keo = self.game(0)
        answer(game, "use_ability", "use", keo)
        ship = game.state.ships[keo]
        assert ship.pose.x > 400          # a left sideslip moves him right
        assert ship.force == 1 and ship.count(Token.STRESS) == 1
        assert ship.card_memory == ()

    def test_declined_he_banks_as_usual(self):
        game, keo = self.game(0)
        answer(game, "use_ability", "decline", keo)
        ship = game.state.ships[keo]
        assert ship.pose.x < 400 and ship.force == 0 and not ship.stressed

    def test_not_with_active_force(self):
        """With 1 active Force he is not asked: the bank is executed as revealed."""
        game, keo = self.game(1)
        assert game.decision.kind == "perform_action"
        assert game.state.ships[keo].pose.x < 400

    def test_not_for_a_straight(self):
        game, keo = self.game(0, "3FB")
        assert game.decision.kind == "perform_action"
        assert game.state.ships[keo].force == 0


# ---------------------------------------------------------------------- Arvel Crynyd
class TestArvelCrynyd:
    def boosting(self, pilot: str, blocker_at=(400, 395, 0)):
        """The A-wing at (400, 300) boosts straight: a friendly TIE ahead is where the
        [1 straight] boost would put it."""
        sc = Scene()
        awing = sc.ship(pilot, at=(400, 300, 0))
        blocker = sc.ship("greensquadronpilot", at=blocker_at)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(awing, during_activation=True), phase="activation")
        answer(game, "perform_action", "boost", awing)
        answer(game, "boost_direction", "straight", awing)
        return game, awing, blocker

    def test_a_blocked_boost_is_resolved_as_a_partial_maneuver(self):
        """A boost that would overlap a friendly A-wing: Arvel may resolve it as a partially
        executed [1 straight] maneuver: he moves forward until his base touches the other
        ship, and is at range 0 of it. A Green Squadron Pilot's boost fails and it stays."""
        game, arvel, blocker = self.boosting("arvelcrynyd")
        answer(game, "use_ability", "use", arvel)
        ship = game.state.ships[arvel]
        assert 300 < ship.pose.y < 355 and blocker in ship.contacts
        assert not ship.action_failed
        plain, green, _ = self.boosting("greensquadronpilot")
        assert plain.state.ships[green].pose.y == 300
        assert plain.state.ships[green].action_failed

    def test_declined_the_boost_fails(self):
        game, arvel, _ = self.boosting("arvelcrynyd-swz106")
        answer(game, "use_ability", "decline", arvel)
        ship = game.state.ships[arvel]
        assert ship.pose.y == 300 and ship.action_failed

    def test_a_boost_that_fits_is_not_asked(self):
        """With room ahead the boost is an ordinary one: no question."""
        game, arvel, _ = self.boosting("arvelcrynyd", blocker_at=(600, 600, 0))
        assert game.state.ships[arvel].pose.y > 360

    @pytest.mark.parametrize("pilot, count", [("arvelcrynyd", 3), ("greensquadronpilot", 2)])
    def test_range_zero_attacks_are_treated_as_range_one(self, pilot, count):
        """Touching a TIE in his front arc (attack range 0), Arvel's primary attack is
        treated as at range 1: the range bonus adds a die (3 instead of 2)."""
        sc = Scene()
        awing = sc.ship(pilot, at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 340, 180))
        game = sc.at(Engage(awing))
        load_dice(game, ["hit", "hit", "hit"], ["blank", "blank", "blank"])
        declare(game, awing, "p2.1")
        pass_all(game)
        assert dice_count(game, 0) == count
