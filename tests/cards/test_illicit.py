"""Illicit upgrades. Scenes on generic carriers (the scene does not check slots): Academy
Pilots (TIE/ln, small, hull 3), Bounty Hunters (Firespray, medium, 4 shields), Nu Squadron
Pilots (Alpha-class, SLAM on the bar). Player 1 sits at y = 0 facing +y; ships 40 mm apart
are at range 1, touching ones at range 0."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tallon.engine.action_bodies import lock_targets
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.decisions import Decision, IllegalChoiceError
from tallon.engine.effects import acquire_lock
from tallon.engine.game import Game
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Activate, EndPhase, PlanningPhase, SystemTurn
from tallon.engine.state import ConditionCard, DamageCard, Token
from tallon.engine.steps import Step
from tallon.geometry import Arc, Device, Obstacle, ObstacleType, Pose, at_range, in_arc
from tallon.geometry.overlap import ships_overlapped
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import Give, Hurt, logged, pass_until, values


@dataclass(frozen=True)
class Lock(Step):
    """A ship acquires a lock (as a lock action would)."""

    ship_id: str
    target: str

    def run(self, game: Game) -> Decision | None:
        acquire_lock(game, game.state.ships[self.ship_id], self.target)
        return None


def ship(game: Game, ship_id: str):
    return game.state.ships[ship_id]


def activation(sc: Scene, ship_id: str, dial: str) -> Game:
    game = sc.game()
    game.state.ships[ship_id].dial_set = dial
    start_at(game, Activate(ship_id), phase="activation")
    return game


# ------------------------------------------------------------------------- Babu Frik
class TestBabuFrik:
    def scene(self, upgrades=("babufrik",), **setup):
        sc = Scene()
        me = sc.ship("academypilot", at=(400, 300, 0), upgrades=list(upgrades), **setup)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        return sc, me

    def test_a_stress_token_goes_on_the_card(self):
        """About to gain a stress token, the ship spends 1 charge to set it on Babu Frik:
        the ship stays unstressed. Without the card it is stressed."""
        sc, me = self.scene()
        game = sc.at(Give(me, "stress"), phase="activation")
        assert game.decision.kind == "replacement"
        game.answer("use")
        s = ship(game, me)
        assert not s.stressed and s.charges["babufrik"].active == 2
        sc, me = self.scene(upgrades=())
        game = sc.at(Give(me, "stress"), phase="activation")
        assert ship(game, me).stressed

    def test_not_for_green_tokens_nor_without_charges(self):
        """Babu Frik takes only red or orange tokens, and only while it has a charge."""
        sc, me = self.scene()
        game = sc.at(Give(me, "focus"), phase="activation")
        assert game.decision is None and ship(game, me).has(Token.FOCUS)
        sc, me = self.scene(charges={"babufrik": 0})
        game = sc.at(Give(me, "ion"), phase="activation")
        assert game.decision is None and ship(game, me).has(Token.ION)

    def test_two_tokens_at_once_one_per_charge(self):
        """Ruling: gaining 2 jam tokens at once, each token is set aside by its own use
        (and charge): declining the second leaves the ship with one jam token."""
        sc, me = self.scene()
        game = sc.at(Give(me, "disarm", 2), phase="activation")
        game.answer("use")
        assert game.decision.kind == "replacement"
        game.answer("decline")
        s = ship(game, me)
        assert s.count(Token.DISARM) == 1 and s.charges["babufrik"].active == 2

    def test_system_phase_spends_a_charge_while_tokens_are_on_the_card(self):
        """With a token on the card and a charge left, the System Phase costs a charge and
        the token stays on the card; with no charge left the ship takes the tokens back."""
        sc, me = self.scene(card_memory=(("babufrik:tokens", ("stress", "stress")),))
        game = sc.at(SystemTurn(me), phase="system")
        s = ship(game, me)
        assert s.charges["babufrik"].active == 2 and not s.stressed
        sc, me = self.scene(card_memory=(("babufrik:tokens", ("stress", "stress")),),
                            charges={"babufrik": 0})
        game = sc.at(SystemTurn(me), phase="system")
        s = ship(game, me)
        assert s.count(Token.STRESS) == 2 and not s.card_memory

    def test_nothing_in_the_system_phase_with_an_empty_card(self):
        sc, me = self.scene()
        game = sc.at(SystemTurn(me), phase="system")
        assert ship(game, me).charges["babufrik"].active == 3


# ------------------------------------------------------------------- Cloaking Device
class TestCloakingDevice:
    def scene(self, **setup):
        sc = Scene()
        me = sc.ship("bountyhunter", at=(400, 300, 0), upgrades=["cloakingdevice"], **setup)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        return sc, me

    def test_the_action_spends_a_charge_to_cloak(self):
        """Action: spend 1 charge, perform a cloak action: the ship gains a cloak token."""
        sc, me = self.scene()
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        assert "cloakingdevice" in values(game)
        game.answer("cloakingdevice")
        s = ship(game, me)
        assert s.cloaked and s.charges["cloakingdevice"].active == 1

    def test_no_action_while_cloaked_or_without_charges(self):
        for setup in ({"cloak": 1}, {"charges": {"cloakingdevice": 0}}):
            sc, me = self.scene(**setup)
            game = sc.at(PerformAction(me, during_activation=True), phase="activation")
            assert "cloakingdevice" not in values(game), setup

    def test_a_focus_at_the_start_of_the_planning_phase_discards_the_token(self):
        """Start of the Planning Phase, cloaked: a focus result makes it decloak or discard
        the cloak token; discarding leaves it uncloaked where it was."""
        sc, me = self.scene(cloak=1)
        game = sc.game()
        load_dice(game, ["focus"])
        start_at(game, PlanningPhase(), phase="planning")
        assert game.decision.kind == "cloaking_device"
        assert values(game) == ["discard", "boost", "left", "right"]
        game.answer("discard")
        assert not ship(game, me).cloaked and ship(game, me).pose.y == 300

    def test_a_focus_may_decloak_with_a_boost(self):
        sc, me = self.scene(cloak=1)
        game = sc.game()
        load_dice(game, ["focus"])
        start_at(game, PlanningPhase(), phase="planning")
        game.answer("boost")
        s = ship(game, me)
        assert not s.cloaked and s.pose.y > 300

    def test_no_roll_while_not_cloaked(self):
        """Ruling: an uncloaked ship does not roll (the result could do nothing): the
        loaded focus is not used and no question comes before the dials."""
        sc, _me = self.scene()
        game = sc.game()
        load_dice(game, ["focus"])
        start_at(game, PlanningPhase(), phase="planning")
        assert game.decision.kind == "set_dial"
        assert not logged(game, "roll", "for cloakingdevice")

    def test_another_result_keeps_the_ship_cloaked(self):
        sc, me = self.scene(cloak=1)
        game = sc.game()
        load_dice(game, ["hit"])
        start_at(game, PlanningPhase(), phase="planning")
        assert game.decision.kind == "set_dial" and ship(game, me).cloaked
        assert logged(game, "roll", "for cloakingdevice")


# ----------------------------------------------------------------- Coaxium Hyperfuel
class TestCoaxiumHyperfuel:
    def test_a_stressed_ship_may_slam_then_pays(self):
        """Stressed, the ship may still perform its SLAM action; afterwards it suffers 1
        critical damage (or exposes a damage card: it has none). Without the card a
        stressed ship can't SLAM."""
        games = {}
        for upgrades in (["coaxiumhyperfuel"], []):
            sc = Scene()
            me = sc.ship("nusquadronpilot", at=(400, 300, 0), upgrades=upgrades, stress=1,
                         executed_speed=2)
            sc.ship("academypilot", player=2, at=(400, 800, 180))
            games[bool(upgrades)] = sc.at(PerformAction(me, during_activation=True),
                                          phase="activation")
        assert games[False].decision is None
        game = games[True]
        assert "slam" in values(game)
        shields = ship(game, me).shields
        game.answer("slam")
        game.answer("2FB")
        # with no facedown damage card to expose the only price is the critical damage
        s = ship(game, me)
        # the blue maneuver removed the stress: the price is owed for the stressed start
        assert s.shields == shields - 1 and not s.stressed

    def test_an_unstressed_slam_costs_nothing(self):
        sc = Scene()
        me = sc.ship("nusquadronpilot", at=(400, 300, 0), upgrades=["coaxiumhyperfuel"],
                     executed_speed=2)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        game.answer("slam")
        game.answer("2FB")
        shields = ship(game, me).shields
        pass_until_end(game)
        assert ship(game, me).shields == shields and not ship(game, me).damage

    def test_after_a_partial_maneuver_pay_to_slam(self):
        """Bumping a friendly ship (a partial maneuver), it may expose a damage card or
        suffer 1 critical damage to perform a SLAM action; a full maneuver offers nothing."""
        sc = Scene()
        me = sc.ship("academypilot", at=(400, 300, 0), upgrades=["coaxiumhyperfuel"],
                     damage=[DamageCard("directhit", False, 1)])
        sc.ship("academypilot", at=(400, 420, 180))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        load_dice(game, ["blank"])
        start_at(game, ExecuteManeuver(me, "3FW"), phase="activation")
        assert values(game) == ["expose", "crit", "decline"]
        game.answer("crit")
        assert game.decision.kind == "slam_maneuver"
        assert len(ship(game, me).damage) == 2
        sc = Scene()
        me = sc.ship("academypilot", at=(400, 300, 0), upgrades=["coaxiumhyperfuel"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(ExecuteManeuver(me, "3FW"), phase="activation")
        assert game.decision is None


def pass_until_end(game: Game) -> None:
    while game.decision is not None:
        keys = values(game)
        game.answer(next((k for k in ("decline", "pass", "done", "none") if k in keys),
                         keys[0]))


# ------------------------------------------------------------- Contraband Cybernetics
class TestContrabandCybernetics:
    def scene(self, upgrades=("contrabandcybernetics",)):
        sc = Scene()
        me = sc.ship("academypilot", at=(400, 300, 0), upgrades=list(upgrades), stress=1)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        return sc, me

    def test_a_stressed_ship_executes_its_red_maneuver_and_acts(self):
        """Stressed, revealing a red [3 Koiogran turn]: after spending the charge it
        executes it (not the stress maneuver) and may still perform an action."""
        sc, me = self.scene()
        game = activation(sc, me, "3KR")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        pass_until(game, "perform_action", me)
        s = ship(game, me)
        assert s.pose.heading == 180 and s.count(Token.STRESS) == 2
        assert "focus" in values(game)
        assert s.charges["contrabandcybernetics"].active == 0

    def test_without_it_the_stress_maneuver(self):
        """Declined (or without the card) the stressed ship executes the white [2 straight]
        and performs no action."""
        for upgrades in (("contrabandcybernetics",), ()):
            sc, me = self.scene(upgrades)
            game = activation(sc, me, "3KR")
            if upgrades:
                game.answer("decline")
            s = ship(game, me)
            assert s.pose.heading == 0 and s.pose.y > 300 and game.decision is None


# ------------------------------------------------------------------ Deadman's Switch
class TestDeadmansSwitch:
    def test_each_other_ship_at_range_0_1_suffers_1_damage(self):
        """Destroyed, the ship deals 1 damage to every other ship at range 0-1 (friend or
        enemy), not to one at range 2."""
        sc = Scene()
        me = sc.ship("academypilot", at=(400, 300, 0), upgrades=["deadmansswitch"])
        friend = sc.ship("academypilot", at=(300, 300, 0))
        far = sc.ship("academypilot", at=(200, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 380, 180))
        game = sc.at(Hurt(me, hits=3), phase="activation")
        assert ship(game, me).removed
        assert len(ship(game, friend).damage) == 1 and len(ship(game, enemy).damage) == 1
        assert not ship(game, far).damage

    def test_nothing_without_the_card(self):
        sc = Scene()
        me = sc.ship("academypilot", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 380, 180))
        game = sc.at(Hurt(me, hits=3), phase="activation")
        assert ship(game, me).removed and not ship(game, enemy).damage


# ----------------------------------------------------------- False Transponder Codes
class TestFalseTransponderCodes:
    def scene(self, upgrades=("falsetranspondercodes",), **setup):
        sc = Scene()
        me = sc.ship("academypilot", at=(400, 300, 0), upgrades=list(upgrades), **setup)
        enemy = sc.ship("academypilot", player=2, at=(400, 800, 180), focus=1)
        return sc, me, enemy

    def test_locking_an_enemy_jams_it(self):
        """After it locks an enemy at range 5, the charge is lost and the enemy is jammed
        (its focus token goes with the jam token)."""
        sc, me, enemy = self.scene()
        game = sc.at(Lock(me, enemy), phase="activation")
        assert ship(game, me).charges["falsetranspondercodes"].active == 0
        assert not ship(game, enemy).has(Token.FOCUS)
        assert logged(game, "ability", "jams")

    def test_being_locked_jams_the_locker(self):
        sc, me, enemy = self.scene()
        game = sc.at(Lock(enemy, me), phase="activation")
        assert ship(game, me).charges["falsetranspondercodes"].active == 0
        # the jamming player chooses: the locker's focus token or its lock
        assert game.decision.kind == "jam_effect" and game.decision.player == 1
        game.answer("token:focus")
        assert not ship(game, enemy).has(Token.FOCUS)

    def test_not_without_a_charge_nor_without_the_card(self):
        for upgrades, setup in ((("falsetranspondercodes",),
                                 {"charges": {"falsetranspondercodes": 0}}), ((), {})):
            sc, me, enemy = self.scene(upgrades, **setup)
            game = sc.at(Lock(me, enemy), phase="activation")
            assert ship(game, enemy).has(Token.FOCUS)

    def test_not_a_friendly_ship(self):
        """Ruling: only an enemy ship is jammed; a friendly lock keeps the charge."""
        sc, me, _enemy = self.scene()
        friend = sc.ship("academypilot", at=(200, 300, 0), focus=1)
        game = sc.at(Lock(friend, me), phase="activation")
        assert ship(game, me).charges["falsetranspondercodes"].active == 1
        assert ship(game, friend).has(Token.FOCUS)


# -------------------------------------------------------------------- Feedback Array
class TestFeedbackArray:
    def scene(self, y=340.0):
        sc = Scene()
        me = sc.ship("academypilot", at=(400, 300, 0), upgrades=["feedbackarray"])
        enemy = sc.ship("academypilot", player=2, at=(400, y, 180))
        return sc, me, enemy

    def test_gain_ion_and_disarm_to_hurt_a_touching_ship(self):
        """Before engaging, an enemy touching it (range 0): it gains an ion and a disarm
        token, and the enemy suffers 1 damage."""
        sc, me, enemy = self.scene()
        game = sc.at(Engage(me))
        assert game.decision.kind == "use_ability"
        game.answer("use")
        s = ship(game, me)
        assert s.has(Token.ION) and s.has(Token.DISARM)
        assert len(ship(game, enemy).damage) == 1 and not s.damage

    def test_not_offered_with_no_ship_at_range_0(self):
        sc, me, _enemy = self.scene(y=380.0)
        game = sc.at(Engage(me))
        assert game.decision is None or game.decision.kind != "use_ability"
        assert not ship(game, me).has(Token.ION)


# ------------------------------------------------------------------ Feedback Emitter
class TestFeedbackEmitter:
    def test_jam_the_ship_that_locked_you(self):
        """An enemy at range 5 locks it: it may spend its charge to jam that enemy."""
        sc = Scene()
        me = sc.ship("academypilot", at=(400, 300, 0),
                     upgrades=["feedbackemitter-battleoverendor"])
        enemy = sc.ship("academypilot", player=2, at=(400, 800, 180), focus=1)
        game = sc.at(Lock(enemy, me), phase="activation")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        game.answer(f"lock:{me}")
        assert not ship(game, enemy).locks and ship(game, enemy).has(Token.FOCUS)
        assert ship(game, me).charges["feedbackemitter-battleoverendor"].active == 0

    def test_not_when_it_locks_an_enemy(self):
        sc = Scene()
        me = sc.ship("academypilot", at=(400, 300, 0),
                     upgrades=["feedbackemitter-battleoverendor"])
        enemy = sc.ship("academypilot", player=2, at=(400, 800, 180), focus=1)
        game = sc.at(Lock(me, enemy), phase="activation")
        assert game.decision is None and ship(game, enemy).has(Token.FOCUS)


# -------------------------------------------------------------- Hotshot Tail Blaster
class TestHotshotTailBlaster:
    def scene(self, y):
        sc = Scene()
        me = sc.ship("bountyhunter", at=(400, 400, 0), upgrades=["hotshottailblaster"])
        sc.ship("academypilot", player=2, at=(400, y, 0))
        return sc, me

    def test_a_rear_attack_at_range_0_or_1_for_a_charge(self):
        """An enemy behind it at range 1: the tail blaster can attack it (spending a
        charge); touching it (range 0) too."""
        for y in (300.0, 350.0):
            sc, me = self.scene(y)
            game = sc.at(Engage(me))
            assert "hotshottailblaster@p2.1" in values(game), y
        game.answer("hotshottailblaster@p2.1")
        assert ship(game, me).charges["hotshottailblaster"].active == 1

    def test_not_in_front_nor_beyond_range_1(self):
        for y, heading in ((200.0, 0), (520.0, 180)):
            sc = Scene()
            me = sc.ship("bountyhunter", at=(400, 400, 0), upgrades=["hotshottailblaster"])
            sc.ship("academypilot", player=2, at=(400, y, heading))
            game = sc.at(Engage(me))
            assert game.decision is None or "hotshottailblaster@p2.1" not in values(game)


# ---------------------------------------------------------------- Inertial Dampeners
class TestInertialDampeners:
    def scene(self, **setup):
        sc = Scene()
        me = sc.ship("bountyhunter", at=(400, 300, 0), upgrades=["inertialdampeners"],
                     **setup)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        return sc, me

    def test_spend_a_shield_to_stay_put_then_stress(self):
        """About to execute [3 straight]: it spends 1 shield and executes a white stop
        instead, then gains a stress token."""
        sc, me = self.scene()
        game = activation(sc, me, "3FW")
        assert game.decision.kind == "replacement"
        game.answer("use")
        s = ship(game, me)
        assert s.pose.y == 300 and s.shields == 3 and s.count(Token.STRESS) == 1

    def test_declined_or_without_shields_it_moves(self):
        for setup, asked in (({}, True), ({"shields": 0}, False)):
            sc, me = self.scene(**setup)
            game = activation(sc, me, "3FW")
            assert (game.decision is not None and game.decision.kind == "replacement") is asked
            if asked:
                game.answer("decline")
            assert ship(game, me).pose.y > 300 and not ship(game, me).stressed


# -------------------------------------------------------------- Overtuned Modulators
class TestOvertunedModulators:
    def scene(self, **setup):
        sc = Scene()
        me = sc.ship("academypilot", at=(400, 300, 0), upgrades=["overtunedmodulators"],
                     **setup)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        return sc, me

    def test_system_phase_charge_for_three_calculate_tokens(self):
        sc, me = self.scene()
        game = sc.at(SystemTurn(me), phase="system")
        game.answer("use")
        s = ship(game, me)
        assert s.count(Token.CALCULATE) == 3 and s.charges["overtunedmodulators"].active == 0

    def test_not_while_stressed(self):
        sc, me = self.scene(stress=1)
        game = sc.at(SystemTurn(me), phase="system")
        assert game.decision is None and not ship(game, me).has(Token.CALCULATE)

    def test_end_phase_strain_for_each_green_token_once_spent(self):
        """In the End Phase, its charge spent, it removes 2 calculate tokens and 1 focus
        token: it gains 3 strain tokens. With the charge still active: none."""
        for charge, strain in ((0, 3), (1, 0)):
            sc, me = self.scene(calculate=2, focus=1, charges={"overtunedmodulators": charge})
            game = sc.at(EndPhase(), phase="end")
            s = ship(game, me)
            assert s.count(Token.STRAIN) == strain and not s.has(Token.CALCULATE)


# ---------------------------------------------------------------- Rigged Cargo Chute
class TestRiggedCargoChute:
    def test_the_action_drops_loose_cargo_behind_the_ship(self):
        """Action: spend the charge to drop a loose cargo with the [1 straight] template:
        a loose cargo obstacle lies behind the ship."""
        sc = Scene()
        me = sc.ship("bountyhunter", at=(400, 400, 0), upgrades=["riggedcargochute"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        game.answer("riggedcargochute")
        cargo = [o for o in game.state.obstacles if o.type.value == "loose_cargo"]
        assert len(cargo) == 1 and cargo[0].pose.y < 400
        assert ship(game, me).charges["riggedcargochute"].active == 0

    def test_a_ship_behind_is_hit_by_the_cargo(self):
        """Dropped onto a ship behind it, the cargo is overlapped: that ship gains a strain
        token (loose cargo, RR: OBSTACLES)."""
        sc = Scene()
        me = sc.ship("bountyhunter", at=(400, 400, 0), upgrades=["riggedcargochute"])
        behind = sc.ship("academypilot", player=2, at=(400, 270, 0))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        load_dice(game, ["blank"])
        game.answer("riggedcargochute")
        assert ship(game, behind).has(Token.STRAIN)

    def test_no_action_without_the_charge(self):
        sc = Scene()
        me = sc.ship("bountyhunter", at=(400, 400, 0), upgrades=["riggedcargochute"],
                     charges={"riggedcargochute": 0})
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        assert "riggedcargochute" not in values(game)


# ------------------------------------------------------------ Quick-Release Locks
class TestQuickReleaseLocks:
    """The Firespray (medium base, 60 mm) at (400, 200) facing +y; its rear edge is at
    y = 170, its rear guides stand out of it behind the middle."""

    def scene(self, upgrades=("quickreleaselocks",), behind=None, **setup):
        sc = Scene()
        sc.ship("bountyhunter", at=(400, 200, 0), upgrades=list(upgrades), **setup)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        if behind is not None:
            sc.ship("academypilot", at=behind)
        return sc.at(SystemTurn("p1.1"), phase="system")

    def dropping(self, **kw) -> Game:
        game = self.scene(**kw)
        assert game.decision.kind == "use_ability" and game.decision.ship == "p1.1"
        game.answer("use")
        assert game.decision.kind == "place_obstacle"
        return game

    def test_a_cargo_drift_is_dropped_touching_the_rear(self):
        """During the System Phase the ship spends 1 charge to drop a cargo drift (an
        asteroid: RR: OBJECTS: OBSTACLES) in its rear arc at range 0, overlapping no ship.
        Without the card nothing is asked."""
        game = self.dropping()
        game.answer(values(game)[0])
        drift = game.state.obstacles[-1]
        body = ship(game, "p1.1").body
        assert drift.outline_id == "cargodrift" and drift.type is ObstacleType.ASTEROID
        assert at_range(body, drift, 0) and in_arc(body, drift, Arc.REAR)
        assert not ships_overlapped(game.state.table(), drift)
        assert ship(game, "p1.1").charges["quickreleaselocks"].active == 1
        game = self.scene(upgrades=())
        assert game.decision is None and not game.state.obstacles

    def test_a_free_drop_is_slid_against_the_base(self):
        """Ruling: a free answer's drift is slid along the line through the ship's centre
        until it touches the base. Aimed back-left at (330, 130), it ends on that line,
        touching the base's rear corner."""
        game = self.dropping()
        game.answer({"obstacle": "cargodrift", "x": 330, "y": 130, "rotation": 0})
        drift = game.state.obstacles[-1]
        assert abs((drift.pose.x - 400) - (drift.pose.y - 200)) < 1e-6
        assert drift.pose.x < 400 and at_range(ship(game, "p1.1").body, drift, 0)

    def test_a_drop_in_front_or_stopped_by_the_guides_is_refused(self):
        """Aimed at the right side (500, 200), the drift touches the base outside the rear
        arc; aimed straight behind and not turned, the rear guides stop it before it
        touches the base (not at range 0); only a cargo drift may be dropped."""
        game = self.dropping()
        with pytest.raises(IllegalChoiceError, match="rear arc"):
            game.answer({"obstacle": "cargodrift", "x": 500, "y": 200, "rotation": 0})
        with pytest.raises(IllegalChoiceError, match="range 0"):
            game.answer({"obstacle": "cargodrift", "x": 400, "y": 100, "rotation": 0})
        with pytest.raises(IllegalChoiceError):
            game.answer({"obstacle": "loosecargo", "x": 330, "y": 130, "rotation": 0})
        game.answer({"obstacle": "cargodrift", "x": 500, "y": 150, "rotation": 0})
        assert game.state.obstacles[-1].pose.x > 400

    def test_it_cannot_overlap_a_ship(self):
        """A friendly TIE sits behind the left rear corner: the drift slid there would
        overlap it and is refused; no offered spot overlaps it."""
        game = self.dropping(behind=(350, 130, 0))
        with pytest.raises(IllegalChoiceError, match="overlap a ship"):
            game.answer({"obstacle": "cargodrift", "x": 330, "y": 130, "rotation": 0})
        for option in game.decision.options:
            drift = Obstacle("probe", Pose(option.info["x"], option.info["y"],
                                           option.info["rotation"]), "cargodrift")
            assert not ships_overlapped(game.state.table(), drift)

    def test_no_charge_no_drop(self):
        """Both charges are spent (they never come back): the ability is not offered."""
        game = self.scene(charges={"quickreleaselocks": 0})
        assert game.decision is None and not game.state.obstacles


# ----------------------------------------------------------------- Saboteur's Map
class TestSaboteursMap:
    """The Firespray at (400, 100) facing +y, the enemy TIE at (400, 800)."""

    def scene(self, upgrades=("saboteursmap", "proximitymines"), **setup):
        sc = Scene()
        sc.ship("bountyhunter", at=(400, 100, 0), upgrades=list(upgrades), **setup)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        return sc

    def at_end_of_setup(self, sc: Scene, spent: tuple[str, ...] = ()) -> Game:
        """The scene's game (whose setup already ran the card: undone here), at the end of
        Setup again; the cards ``spent`` have no charge left."""
        game = sc.game()
        s = game.state
        s.devices, s.devices_placed = [], 0
        for card, charge in ship(game, "p1.1").charges.items():
            charge.active = 0 if card in spent else charge.limit
        s.moved()
        start_at(game, FireWindow.of("end_setup"), phase="setup")
        return game

    def test_setup_ends_with_a_mine_placed(self):
        """Playing the setup (the scene answers every decision with its first option): at
        the end of Setup the ship spends 1 charge of Proximity Mines to place a mine in the
        play area. Without the card no mine is placed."""
        game = self.scene().game()
        assert [d.card for d in game.state.devices] == ["proximitymines"]
        assert ship(game, "p1.1").charges["proximitymines"].active == 1
        game = self.scene(upgrades=("proximitymines",)).game()
        assert not game.state.devices

    def test_offered_spots_are_beyond_range_2_of_the_enemy(self):
        """Every spot offered keeps the mine beyond range 2 of the enemy ship; placing one
        spends the card's charge, and the card, used once, is not offered again."""
        game = self.at_end_of_setup(self.scene())
        game.answer("use")
        d = game.decision
        assert d.kind == "place_device" and "done" in values(game)
        enemy = ship(game, "p2.1").body
        for option in d.options[:-1]:
            mine = Device("probe", Pose(option.info["x"], option.info["y"], 0), "mine")
            assert not at_range(mine, enemy, 0, 2)
        game.answer(d.options[0].key)
        assert len(game.state.devices) == 1
        assert ship(game, "p1.1").charges["proximitymines"].active == 1
        assert game.decision is None

    def test_a_place_within_range_2_of_an_enemy_is_refused(self):
        """A free placement 150 mm from the enemy is refused; one 300 mm away is taken."""
        game = self.at_end_of_setup(self.scene())
        game.answer("use")
        with pytest.raises(IllegalChoiceError, match="enemy ship"):
            game.answer({"card": "proximitymines", "x": 400, "y": 630, "rotation": 0})
        game.answer({"card": "proximitymines", "x": 400, "y": 450, "rotation": 0})
        assert game.state.devices[0].pose == Pose(400, 450, 0)

    def test_each_mine_card_once_beyond_range_2_of_the_other_device(self):
        """Two mine upgrades: each may spend 1 charge. The second mine must be beyond
        range 2 of the first (another device); "done" stops."""
        game = self.at_end_of_setup(self.scene(upgrades=("saboteursmap", "proximitymines",
                                                         "connernets")))
        game.answer("use")
        game.answer({"card": "proximitymines", "x": 200, "y": 450, "rotation": 0})
        assert {o.info["card"] for o in game.decision.options[:-1]} == {"connernets"}
        with pytest.raises(IllegalChoiceError, match="other device"):
            game.answer({"card": "connernets", "x": 300, "y": 450, "rotation": 0})
        with pytest.raises(IllegalChoiceError, match="not one of"):
            game.answer({"card": "proximitymines", "x": 600, "y": 450, "rotation": 0})
        game.answer("done")
        assert game.decision is None and len(game.state.devices) == 1

    def test_no_mine_with_a_charge_no_ability(self):
        """Proximity Mines has no charge left and Proton Bombs places a bomb, not a mine:
        nothing to place, the ability is not offered."""
        game = self.at_end_of_setup(self.scene(upgrades=("saboteursmap", "proximitymines",
                                                         "protonbombs")),
                                    spent=("proximitymines",))
        assert game.decision is None and not game.state.devices
        game = self.at_end_of_setup(self.scene(upgrades=("saboteursmap", "proximitymines",
                                                         "protonbombs")))
        assert game.decision.kind == "use_ability"


# ------------------------------------------------------------------- Tracking Fob
class TestTrackingFob:
    def scene(self, theirs=("academypilot", "howlrunner"), upgrades=("trackingfob",)):
        """The Firespray at (400, 60); the opponent's ships at (300, 800) and (500, 800),
        beyond range 3 of it."""
        sc = Scene()
        sc.ship("bountyhunter", at=(400, 60, 0), upgrades=list(upgrades))
        for k, pilot in enumerate(theirs):
            sc.ship(pilot, player=2, at=(300 + 200 * k, 800, 180))
        return sc

    def refire(self, sc: Scene) -> Game:
        """After placing forces again, the conditions the scene's setup assigned undone."""
        game = sc.game()
        for s in game.state.ships.values():
            s.conditions = ()
        start_at(game, FireWindow.of("after_place_forces"), phase="setup")
        return game

    def test_the_opponent_marks_one_of_their_limited_ships(self):
        """Setup, after placing forces: the opponent (player 2) assigns Marked for
        Elimination to one of their ships, a limited one if able: with two limited ships
        they choose between them (not the unlimited one)."""
        game = self.refire(self.scene(theirs=("academypilot", "howlrunner", "maulermithel")))
        d = game.decision
        assert d.kind == "use_ability" and d.player == 2
        assert d.option_keys() == ["p2.2", "p2.3"]
        game.answer("p2.3")
        assert ship(game, "p2.3").conditions[0].card == "markedforelimination"
        assert not ship(game, "p2.1").conditions and not ship(game, "p2.2").conditions

    def test_with_no_limited_ship_any_ship(self):
        """No limited ship: any of their ships may be chosen. Without the card no
        condition is assigned."""
        game = self.refire(self.scene(theirs=("academypilot", "academypilot")))
        assert game.decision.option_keys() == ["p2.1", "p2.2"]
        game = self.scene(upgrades=()).game()
        assert not any(s.conditions for s in game.state.ships.values())

    def test_locks_on_the_marked_ship_ignore_range(self):
        """The setup marked the limited Howlrunner (p2.2), beyond range 3: the lock action
        may choose it, not the other ship beyond range 3. Without the card (the condition
        set by hand) neither is in range."""
        game = self.scene().game()
        assert ship(game, "p2.2").conditions[0].card == "markedforelimination"
        start_at(game, PerformAction("p1.1", during_activation=True), phase="activation")
        game.answer("lock")
        assert game.decision.kind == "lock_target"
        assert values(game) == ["p2.2"]
        game = self.scene(upgrades=()).game()
        ship(game, "p2.2").conditions = (ConditionCard("markedforelimination", 1),)
        assert lock_targets(game, ship(game, "p1.1")) == []
