"""First-edition upgrades of the Ghost, Imperial Veterans, Heroes of the Resistance and
C-ROC Cruiser expansion packs (:mod:`tallon.cards.first_edition.upgrades_w10`). Player 1
at (400, 300) facing +y; a small ship ahead at y = 380 / 490 / 550 is at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.activation_steps import ActionStep
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Activate, StartEndPhase, StartEngagement, StartRound
from tallon.engine.state import Token
from tallon.scene import Scene, load_dice, start_at
from tests.cards.first_edition.helpers_1e import ever_offers, neutralized
from tests.cards.first_edition.test_pilots_wave1 import declare
from tests.cards.helpers import (
    activation,
    dice_count,
    engage,
    finish,
    modify_with,
    pass_all,
    pass_until,
    values,
)

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE, ACADEMY = "1e-xwing-rookiepilot", "1e-tiefighter-academypilot"
VCX = "1e-vcx100-lothalrebel"
SHUTTLE = "1e-attackshuttle-ezrabridger"
YT = "1e-yt1300-outerrimsmuggler"
M3A = "1e-m3ainterceptor-cartelspacer"


# ------------------------------------------------------------------- Agent Kallus
class TestAgentKallus:
    KALLUS = "1e-agentkallus"
    LAMBDA = "1e-lambdaclassshuttle-omicrongrouppilot"

    def test_the_first_round_chooses_an_enemy(self):
        """At the start of the first round Kallus's ship chooses an enemy ship (the scene
        answers it with the only one); a later round chooses none again."""
        sc = Scene(ruleset="1e")
        k = sc.ship(self.LAMBDA, at=(400, 300, 0), upgrades=[self.KALLUS])
        sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = sc.game()
        assert game.state.ships[k].recalled("1e-agentkallus:chosen") == "p2.1"
        game.state.ships[k].remember("1e-agentkallus:chosen", None)
        start_at(game, StartRound(), phase="end")
        assert game.state.round == 2
        assert game.state.ships[k].recalled("1e-agentkallus:chosen") is None

    def attack(self, defender_x: float):
        sc = Scene(ruleset="1e")
        k = sc.ship(self.LAMBDA, at=(400, 300, 0), upgrades=[self.KALLUS])
        sc.ship(ROOKIE, player=2, at=(defender_x, Y[2], 180))
        game = engage(sc, k, ["focus", "blank", "blank"], ["blank", "blank"])
        game.state.ships[k].remember("1e-agentkallus:chosen", "p2.1")
        declare(game)
        return game, k

    def test_focus_to_hit_against_the_chosen_ship(self):
        """Attacking the chosen ship: he changes his focus result to a hit, which lands."""
        game, k = self.attack(400.0)
        pass_until(game, "modify_attack_dice", k)
        modify_with(game, self.KALLUS)
        finish(game)
        assert "1 hit(s)" in neutralized(game)

    def test_not_against_another_ship(self):
        """Another ship was chosen: nothing offered."""
        sc = Scene(ruleset="1e")
        k = sc.ship(self.LAMBDA, at=(400, 300, 0), upgrades=[self.KALLUS])
        sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, k, ["focus", "blank", "blank"], ["blank", "blank"])
        game.state.ships[k].remember("1e-agentkallus:chosen", "p2.9")
        declare(game)
        assert not ever_offers(game, self.KALLUS)


# -------------------------------------------------------------- Kanan Jarrus (crew)
class TestKananJarrus:
    def fly(self, friend_x: float, dial: str, **setup):
        sc = Scene(ruleset="1e")
        sc.ship(VCX, at=(400, 200, 0), upgrades=["1e-kananjarrus"])
        friend = sc.ship(ROOKIE, at=(friend_x, 200, 0), stress=1, **setup)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        return activation(sc, friend, dial), friend

    def test_a_friend_after_a_white_maneuver(self):
        """A stressed X-wing at Range 1-2 executes a white [2 bank]: Kanan removes its
        stress token (beyond his range it stays: test_not_beyond_range_2)."""
        game, friend = self.fly(550.0, "2BW")
        pass_until(game, "use_ability", "p1.1")
        game.answer("use")
        assert not game.state.ships[friend].stressed

    def test_not_beyond_range_2(self):
        """The X-wing is far away: it keeps its stress token."""
        game, friend = self.fly(860.0, "2BW")
        pass_all(game)
        assert game.state.ships[friend].stressed

    def test_faq_debris_cloud_stress_removed(self):
        """FAQ (1e) "Kanan Jarrus": an unstressed X-wing at Range 1-2 executes a white
        [2 straight] through a debris cloud and receives its stress token: Kanan may remove
        it (the ability comes after the Clean Up substep)."""
        sc = Scene(ruleset="1e")
        sc.ship(VCX, at=(400, 200, 0), upgrades=["1e-kananjarrus"])
        friend = sc.ship(ROOKIE, at=(550.0, 200, 0))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        sc.obstacle("core2debris0", 550, 290)
        game = sc.game()
        load_dice(game, ["blank"])
        game.state.ships[friend].dial_set = "2FW"
        start_at(game, Activate(friend), phase="activation")
        pass_until(game, "use_ability", "p1.1")
        assert game.state.ships[friend].stressed
        game.answer("use")
        assert not game.state.ships[friend].stressed

    def test_faq_after_the_clean_up_a_white_maneuver_only(self):
        """FAQ (1e): the ability comes after the maneuver is executed - a green maneuver has
        already removed the stress token by then, so nothing is offered."""
        game, _friend = self.fly(550.0, "2FB")
        assert "use_ability" not in pass_all(game)


# --------------------------------------------------------------- Reinforced Deflectors
class TestReinforcedDeflectors:
    def attack(self, hits: int, up=("1e-reinforceddeflectors",)):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(VCX, player=2, at=(400, 520, 180), upgrades=list(up))
        game = engage(sc, a, ["hit"] * hits + ["blank"] * (3 - hits), [])
        declare(game, d)
        pass_all(game)
        return game.state.ships[d]

    def test_three_damage_recovers_a_shield(self):
        """The VCX (agility 0, 6 shields) suffers 3 damage: it recovers 1 shield (4 left);
        without the card, 3 left."""
        assert self.attack(3).shields == 4
        assert self.attack(3, up=()).shields == 3

    def test_not_for_two(self):
        """2 damage: no shield recovered."""
        assert self.attack(2).shields == 4

    def test_faq_direct_hit_counts_as_one(self):
        """FAQ (1e): a Direct Hit! counts as 1 critical damage: 1 hit and 1 critical hit
        (the Direct Hit!) against a shieldless VCX make only 2, no shield recovered."""
        from tallon.scene import stack_deck
        from tests.cards.helpers import engage as eng

        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(VCX, player=2, at=(400, 520, 180), upgrades=["1e-reinforceddeflectors"])
        game = eng(sc, a, ["hit", "crit", "blank"], [])
        game.state.ships[d].shields = 0
        stack_deck(game, 2, ["1e-core-consolefire", "1e-core-directhit"])
        declare(game, d)
        pass_all(game)
        assert game.state.ships[d].shields == 0


# ------------------------------------------------------------------ Rebel crew
class TestEzraBridgerCrew:
    def attack(self, stress: int):
        sc = Scene(ruleset="1e")
        a = sc.ship(VCX, at=(400, 300, 0), upgrades=["1e-ezrabridger"], stress=stress)
        sc.ship(ROOKIE, player=2, at=(400, 520, 180))
        game = engage(sc, a, ["focus", "blank", "blank", "blank"], ["blank", "blank"])
        declare(game)
        return game, a

    def test_stressed_focus_to_crit(self):
        """Stressed, the VCX changes its focus result to a critical hit."""
        game, a = self.attack(1)
        pass_until(game, "modify_attack_dice", a)
        modify_with(game, "1e-ezrabridger")
        finish(game)
        assert "1 critical" in neutralized(game)

    def test_not_unstressed(self):
        game, _a = self.attack(0)
        assert not ever_offers(game, "1e-ezrabridger")


class TestChopperCrew:
    def act(self, up):
        sc = Scene(ruleset="1e")
        s = sc.ship(VCX, at=(400, 300, 0), upgrades=up, stress=1)
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        return sc.at(PerformAction(s, during_activation=True), phase="activation"), s

    def test_acts_stressed_and_suffers_damage(self):
        """The stressed VCX performs a focus action with "Chopper": it then suffers 1
        damage (a shield); without him it cannot act at all."""
        game, s = self.act(["1e-chopper"])
        game.answer("focus")
        pass_all(game)
        ship = game.state.ships[s]
        assert ship.has(Token.FOCUS) and ship.shields == 5
        game, s = self.act([])
        assert game.decision is None or "focus" not in values(game)


class TestHeraSyndullaCrew:
    def fly(self, up):
        sc = Scene(ruleset="1e")
        s = sc.ship(VCX, at=(400, 100, 0), upgrades=up, stress=1)
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = activation(sc, s, "3TR")
        pass_all(game)
        return game.state.ships[s]

    def test_executes_a_red_maneuver_stressed(self):
        """Stressed, the VCX reveals a red [3 turn]: with Hera it executes it (2 stress
        tokens after); without her, the stress maneuver instead (turned 0 degrees)."""
        ship = self.fly(["1e-herasyndulla"])
        assert ship.count(Token.STRESS) == 2 and abs(ship.pose.heading - 270.0) < 1.0
        ship = self.fly([])
        assert abs(ship.pose.heading) < 1.0


class TestFinn:
    def attack(self, up, enemy_y: float, heading: float = 180.0):
        sc = Scene(ruleset="1e")
        a = sc.ship(YT, at=(400, 300, 0), upgrades=up)
        sc.ship(ACADEMY, player=2, at=(400, enemy_y, heading))
        game = engage(sc, a, ["hit", "hit"], ["blank"] * 3)
        declare(game, weapon="primary:all")
        return game, a

    def test_adds_a_blank_with_the_enemy_in_arc(self):
        """Attacking a TIE inside its front arc with its primary weapon (attack 2): Finn
        adds a blank result, 3 dice."""
        game, a = self.attack(["1e-finn"], 560.0)
        pass_until(game, "modify_attack_dice", a)
        modify_with(game, "1e-finn")
        assert any("add 1 blank -> hit, hit, blank" in e["text"] for e in game.log)

    def test_not_with_the_enemy_behind(self):
        """The TIE behind the YT-1300 (reached by its turret): nothing offered."""
        game, _a = self.attack(["1e-finn"], 100.0, 0.0)
        assert not ever_offers(game, "1e-finn")


class TestReyCrew:
    def test_a_focus_token_kept_through_the_end_phase(self):
        """At the start of the End phase the YT places its focus token on Rey; the End
        phase removes no token of the card; at the start of the Combat phase it gets it
        back."""
        sc = Scene(ruleset="1e")
        s = sc.ship(YT, at=(400, 300, 0), upgrades=["1e-rey"], focus=1)
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.at(StartEndPhase(), phase="end")
        pass_until(game, "use_ability", s)
        game.answer("use")
        assert not game.state.ships[s].has(Token.FOCUS)
        start_at(game, StartEngagement())
        pass_until(game, "use_ability", s)
        game.answer("use")
        assert game.state.ships[s].count(Token.FOCUS) == 1

    def test_nothing_without_a_token(self):
        sc = Scene(ruleset="1e")
        sc.ship(YT, at=(400, 300, 0), upgrades=["1e-rey"])
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.at(StartEndPhase(), StartEngagement(), phase="end")
        assert "use_ability" not in pass_all(game)


# ------------------------------------------------------------------ Imperial crew
class TestSystemsOfficer:
    LAMBDA = "1e-lambdaclassshuttle-omicrongrouppilot"

    def fly(self, dial: str):
        sc = Scene(ruleset="1e")
        s = sc.ship(self.LAMBDA, at=(400, 200, 0), upgrades=["1e-systemsofficer"])
        friend = sc.ship(ACADEMY, at=(520, 300, 0))
        sc.ship(ROOKIE, player=2, at=(500, 520, 180))
        return activation(sc, s, dial), s, friend

    def test_a_friend_acquires_a_lock_after_a_green_maneuver(self):
        """After a green [1 straight] the Lambda chooses the TIE at Range 1, which locks
        the X-wing."""
        game, _s, friend = self.fly("1FB")
        pass_until(game, "use_ability", friend)
        game.answer("p2.1")
        assert game.state.ships[friend].locks == ["p2.1"]

    def test_not_after_a_white_maneuver(self):
        game, _s, friend = self.fly("2FW")
        pass_all(game)
        assert not game.state.ships[friend].locks


class TestRearAdmiralChiraneau:
    def test_action_executes_a_white_1_straight(self):
        """The action: the Lambda moves forward with the [1 straight] template."""
        sc = Scene(ruleset="1e")
        s = sc.ship("1e-lambdaclassshuttle-omicrongrouppilot", at=(400, 200, 0),
                    upgrades=["1e-rearadmiralchiraneau"])
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(s, during_activation=True), phase="activation")
        assert "1e-rearadmiralchiraneau" in values(game)
        game.answer("1e-rearadmiralchiraneau")
        pass_all(game)
        ship = game.state.ships[s]
        assert ship.pose.y > 250.0 and not ship.stressed


# ------------------------------------------------------------------------ titles
class TestTieX7:
    def fly(self, dial: str, up=("1e-tiex7",)):
        sc = Scene(ruleset="1e")
        s = sc.ship("1e-tiedefender-onyxsquadronpilot", at=(400, 100, 0), upgrades=list(up))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        return activation(sc, s, dial), s

    def test_free_evade_after_a_3_speed_maneuver(self):
        """After a [3 straight] it may perform a free evade action."""
        game, s = self.fly("3FW")
        pass_until(game, "use_ability", s)
        game.answer("evade")
        assert game.state.ships[s].has(Token.EVADE)

    def test_not_after_a_2_speed_maneuver(self):
        game, _s = self.fly("2FB")
        assert game.decision.kind == "perform_action"


class TestTieD:
    def test_primary_attack_after_a_cheap_cannon(self):
        """The Defender attacks with an Ion Cannon (3 points): it may then perform a primary
        weapon attack."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-tiedefender-onyxsquadronpilot", at=(400, 300, 0),
                    upgrades=["1e-tied", "1e-ioncannon"])
        sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 2)
        declare(game, weapon="1e-ioncannon")
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert game.decision.kind == "bonus_attack"
        assert all(k.startswith("primary") for k in values(game) if k != "none")

    def test_not_after_a_primary_attack(self):
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-tiedefender-onyxsquadronpilot", at=(400, 300, 0),
                    upgrades=["1e-tied", "1e-ioncannon"])
        sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 2)
        declare(game)
        assert "bonus_attack" not in pass_all(game)


class TestSquadBuildingCards:
    def test_tie_shuttle_and_smuggling_compartment_play(self):
        """TIE Shuttle and Smuggling Compartment have only squad-building text: a game with
        them starts."""
        sc = Scene(ruleset="1e")
        sc.ship("1e-tiebomber-scimitarsquadronpilot", at=(400, 300, 0),
                upgrades=["1e-tieshuttle"])
        sc.ship(YT, player=2, at=(400, 800, 180), upgrades=["1e-smugglingcompartment"])
        assert sc.game().decision is not None


class TestMillenniumFalcon:
    def fly(self, dial: str, **setup):
        sc = Scene(ruleset="1e")
        s = sc.ship("1e-yt1300-resistancesympathizer", at=(400, 200, 0),
                    upgrades=["1e-millenniumfalcon-swx57"], **setup)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        return activation(sc, s, dial), s

    def test_rotate_after_a_3_bank(self):
        """After a [3 bank right] it receives a stress token and turns 180 degrees where it
        stands."""
        game, s = self.fly("3NW")
        pass_until(game, "use_ability", s)
        banked = game.state.ships[s].pose.heading
        game.answer("use")
        ship = game.state.ships[s]
        assert ship.stressed
        assert abs((ship.pose.heading - banked) % 360.0 - 180.0) < 1.0

    def test_not_while_stressed(self):
        game, _s = self.fly("3NW", stress=1)
        assert "use_ability" not in pass_all(game)


class TestBlackOne:
    def test_removes_an_enemy_lock_after_a_boost(self):
        """Poe boosts; the enemy's lock on the friendly X-wing at Range 1 can be removed."""
        sc = Scene(ruleset="1e")
        poe = sc.ship("1e-t70xwing-poedameron-swx57", at=(400, 300, 0),
                      upgrades=["1e-blackone"])
        friend = sc.ship(ROOKIE, at=(480, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 800, 180), locks=[friend])
        game = sc.at(PerformAction(poe, during_activation=True), phase="activation")
        game.answer("boost")
        pass_until(game, "use_ability", poe)
        game.answer(f"p2.1>{friend}")
        assert game.state.ships["p2.1"].locks == []

    def test_not_after_a_focus_action(self):
        sc = Scene(ruleset="1e")
        poe = sc.ship("1e-t70xwing-poedameron-swx57", at=(400, 300, 0),
                      upgrades=["1e-blackone"])
        friend = sc.ship(ROOKIE, at=(480, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 800, 180), locks=[friend])
        game = sc.at(PerformAction(poe, during_activation=True), phase="activation")
        game.answer("focus")
        pass_all(game)
        assert game.state.ships["p2.1"].locks == [friend]


class TestLightScykInterceptor:
    def test_damage_cards_dealt_faceup(self):
        """A hit deals the M3-A its damage card faceup (facedown without the title)."""
        for up, faceup in ((["1e-lightscykinterceptor"], True), ([], False)):
            sc = Scene(ruleset="1e")
            a = sc.ship(ROOKIE, at=(400, 300, 0))
            d = sc.ship(M3A, player=2, at=(400, Y[2], 180), upgrades=up)
            game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
            game.state.ships[d].shields = 0
            declare(game, d)
            pass_all(game)
            assert game.state.ships[d].damage[0].faceup is faceup

    def test_banks_are_green(self):
        """A stressed M3-A executes a white [3 bank]: green with the title, it loses its
        stress token; without it keeps it."""
        for up, stressed in ((["1e-lightscykinterceptor"], False), ([], True)):
            sc = Scene(ruleset="1e")
            s = sc.ship(M3A, at=(400, 100, 0), upgrades=up, stress=1)
            sc.ship(ROOKIE, player=2, at=(400, 850, 180))
            game = activation(sc, s, "3BW")
            pass_all(game)
            assert game.state.ships[s].stressed is stressed


# ------------------------------------------------------------ modifications, tech
class TestLongRangeScanners:
    def lock(self, enemy_y: float, up=("1e-longrangescanners",)):
        """The ships the bomber's lock action may choose."""
        sc = Scene(ruleset="1e")
        s = sc.ship("1e-tiebomber-scimitarsquadronpilot", at=(400, 100, 0), upgrades=list(up))
        sc.ship(ROOKIE, player=2, at=(400, enemy_y, 180))
        game = sc.at(PerformAction(s, during_activation=True), phase="activation")
        if "lock" not in values(game):
            return []
        game.answer("lock")
        if game.decision is None or game.decision.kind != "lock_target":
            return list(game.state.ships[s].locks)  # the only target, chosen at once
        return [k for k in values(game) if k.startswith("p2")]

    def test_beyond_range_3(self):
        """An X-wing beyond Range 3: locked with the scanners, not without."""
        assert self.lock(800.0) == ["p2.1"]
        assert self.lock(800.0, up=()) == []

    def test_not_at_range_2(self):
        """At Range 2: no lock with the scanners (one without)."""
        assert self.lock(290.0) == []
        assert self.lock(290.0, up=()) == ["p2.1"]


class TestPrimedThrusters:
    def act(self, stress: int, up=("1e-primedthrusters",)):
        sc = Scene(ruleset="1e")
        s = sc.ship("1e-t70xwing-bluesquadronnovice", at=(400, 300, 0), upgrades=list(up),
                    stress=stress)
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(s, during_activation=True), phase="activation")
        return [] if game.decision is None else values(game)

    def test_boost_with_two_stress(self):
        """2 stress tokens: it may still boost (not without the card)."""
        assert "boost" in self.act(2)
        assert "boost" not in self.act(2, up=())

    def test_not_with_three_stress(self):
        assert "boost" not in self.act(3)


class TestBurnoutSlam:
    def test_discarded_after_a_slam(self):
        """The YT-1300 performs the SLAM the card adds: the card is discarded."""
        sc = Scene(ruleset="1e")
        s = sc.ship(YT, at=(400, 100, 0), upgrades=["1e-burnoutslam"])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[s].executed_speed = 2
        start_at(game, ActionStep(s), phase="activation")
        assert "slam" in values(game)
        game.answer("slam")
        pass_all(game)
        assert "1e-burnoutslam" not in game.state.ships[s].upgrades

    def test_not_after_a_focus_action(self):
        sc = Scene(ruleset="1e")
        s = sc.ship(YT, at=(400, 100, 0), upgrades=["1e-burnoutslam"])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(s, during_activation=True), phase="activation")
        game.answer("focus")
        pass_all(game)
        assert "1e-burnoutslam" in game.state.ships[s].upgrades


class TestPulsedRayShield:
    def end(self, shields: int):
        sc = Scene(ruleset="1e")
        s = sc.ship(M3A, at=(400, 300, 0), upgrades=["1e-pulsedrayshield"])
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        game.state.ships[s].shields = shields
        start_at(game, FireWindow.of("end_phase"), phase="end")
        return game, s

    def test_ion_for_a_shield(self):
        """The M3-A without its shield receives an ion token to recover it."""
        game, s = self.end(0)
        pass_until(game, "use_ability", s)
        game.answer("use")
        ship = game.state.ships[s]
        assert ship.shields == 1 and ship.has(Token.ION)

    def test_not_with_full_shields(self):
        game, _s = self.end(1)
        assert "use_ability" not in pass_all(game)





class TestPatternAnalyzer:
    def fly(self, dial: str, up=("1e-patternanalyzer",)):
        sc = Scene(ruleset="1e")
        s = sc.ship("1e-t70xwing-bluesquadronnovice", at=(400, 100, 0), upgrades=list(up))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        return activation(sc, s, dial), s

    def test_acts_before_the_red_maneuvers_stress(self):
        """A red [3 turn]: with the analyzer the stress token waits, so the T-70 may
        perform its action (a focus) and is stressed afterwards; without it, stressed, it
        performs none."""
        game, s = self.fly("3TR")
        pass_until(game, "use_ability", s)
        game.answer("use")
        pass_until(game, "perform_action", s)
        assert not game.state.ships[s].stressed
        game.answer("focus")
        pass_all(game)
        ship = game.state.ships[s]
        assert ship.has(Token.FOCUS) and ship.count(Token.STRESS) == 1
        game, s = self.fly("3TR", up=())
        kinds = pass_all(game)
        assert "perform_action" not in kinds and game.state.ships[s].stressed

    def test_not_for_a_white_maneuver(self):
        game, _s = self.fly("2TW")
        assert game.decision.kind == "perform_action"


class TestM9G8:
    def lock_targets(self, up):
        sc = Scene(ruleset="1e")
        s = sc.ship("1e-t70xwing-bluesquadronnovice", at=(400, 300, 0), upgrades=up)
        sc.ship(ROOKIE, at=(500, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = sc.at(PerformAction(s, during_activation=True), phase="activation")
        game.answer("lock")
        return values(game) if game.decision is not None else []

    def test_locks_a_friendly_ship(self):
        """With M9-G8 the T-70's lock action may choose the friendly X-wing; without it
        only the enemy (first edition: enemy ships only)."""
        assert "p1.2" in self.lock_targets(["1e-m9g8"])
        assert "p1.2" not in self.lock_targets([])

    def test_the_locked_attacker_rerolls_a_die(self):
        """The T-70 has locked the attacking TIE: its player chooses 1 attack die, which the
        TIE rerolls; a ship it has not locked gets nothing of the kind."""
        for locks, offered in ((["p2.1"], True), ([], False)):
            sc = Scene(ruleset="1e")
            d = sc.ship("1e-t70xwing-bluesquadronnovice", at=(400, 300, 0),
                        upgrades=["1e-m9g8"], locks=locks)
            a = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
            game = engage(sc, a, ["hit", "hit"], ["blank"] * 2)
            declare(game, d)
            assert ever_offers(game, "1e-m9g8") is offered


class TestZebOrreliosCrew:
    ZEB = "1e-zeborrelios"

    def scene(self, up, enemy_heading: float = 180.0):
        sc = Scene(ruleset="1e")
        s = sc.ship(SHUTTLE, at=(400, 300, 0), upgrades=up)
        # touching the shuttle's front edge (small bases: 40 mm)
        e = sc.ship(ACADEMY, player=2, at=(400, 339.9, enemy_heading))
        return sc, s, e

    def test_attacks_a_touching_enemy_at_range_1(self):
        """Zeb's shuttle engages with a TIE touching it inside its firing arc: it may attack
        it, at Range 1 (primary range bonus: 4 dice for attack 3); without Zeb it cannot
        attack a touching ship (rulebook (1e))."""
        sc, s, e = self.scene([self.ZEB])
        game = engage(sc, s, ["blank"] * 4, ["blank"] * 3)
        assert f"primary:front@{e}" in values(game)
        declare(game, e)
        pass_all(game)
        assert any("at range 1" in entry["text"] for entry in game.log)
        assert dice_count(game, 0) == 4
        sc, s, e = self.scene([])
        game = engage(sc, s, [], [])
        assert game.decision is None or f"primary:front@{e}" not in values(game)

    def test_the_touching_enemy_attacks_back(self):
        """The TIE engages: it may attack Zeb's shuttle it touches (Zeb's shuttle has the
        TIE inside its arc and the TIE faces it)."""
        sc, s, e = self.scene([self.ZEB])
        game = engage(sc, e, [], [])
        assert f"primary:front@{s}" in values(game)

    def test_faq_not_outside_the_combat_phase(self):
        """FAQ (1e) "Zeb" Orrelios: the ability works only when one of them is the active
        ship of the Combat phase: in the Activation phase the touching TIE is no target."""
        from tallon.engine.weapons import valid_targets

        sc, s, e = self.scene([self.ZEB])
        game = sc.game()
        game.state.phase = "activation"
        ship = game.state.ships[s]
        ship.remember("1e-zeborrelios:active", (game.state.round, s))
        assert not [t for t in valid_targets(game, ship) if t.defender == e]

    def test_not_outside_the_firing_arc(self):
        """The TIE touches the shuttle's rear: outside its firing arc, so the TIE cannot
        attack it."""
        sc = Scene(ruleset="1e")
        s = sc.ship(SHUTTLE, at=(400, 300, 0), upgrades=[self.ZEB])
        e = sc.ship(ACADEMY, player=2, at=(400, 260.1, 0))
        game = engage(sc, e, [], [])
        assert game.decision is None or f"primary:front@{s}" not in values(game)
