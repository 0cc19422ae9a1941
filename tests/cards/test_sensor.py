"""Sensor upgrades: each test sets a scene, states the card's rule and shows the card
changing the outcome."""

from __future__ import annotations

from tallon.engine.actions import CoordinateAction, PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.geometry import Pose
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import (
    answer,
    attack,
    finish,
    modify_with,
    offers,
    pass_all,
    skip_dice,
    skip_to,
    values,
)


# ------------------------------------------------------------ Fire-Control System
def fcs_game(upgrades):
    sc = Scene()
    x1 = sc.ship("tempestsquadronpilot", at=(400, 300, 0), locks=["p2.1"],
                 upgrades=upgrades)
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    # Advanced Targeting Computer: 3 dice against the locked defender; then the reroll
    game = attack(sc, x1, enemy, ["blank", "blank", "blank", "hit"], ["blank"] * 3)
    return game, x1, enemy


def test_fire_control_system_rerolls_a_die_but_then_the_lock_is_kept():
    """Fire-Control System: attacking a defender it has locked, the ship may reroll 1
    attack die; if it does, it can't spend that lock during this attack."""
    game, x1, enemy = fcs_game(["firecontrolsystem"])
    assert offers(game, "lock")
    modify_with(game, "firecontrolsystem", "reroll 1 blank")
    assert not offers(game, "lock")
    pass_all(game)
    assert game.state.ships[x1].locks == [enemy]         # the lock stays
    assert game.state.ships[enemy].damage                 # the rerolled hit


def test_without_fire_control_the_lock_is_the_only_reroll():
    game, _, _ = fcs_game([])
    assert offers(game, "lock") and not offers(game, "firecontrolsystem")


def test_fire_control_system_needs_a_lock():
    sc = Scene()
    x1 = sc.ship("tempestsquadronpilot", at=(400, 300, 0), upgrades=["firecontrolsystem"],
                 tokens={"focus": 1})
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = attack(sc, x1, enemy, ["blank", "focus"], ["blank"] * 3)
    assert game.decision.kind == "modify_attack_dice"
    assert not offers(game, "firecontrolsystem")


# ---------------------------------------------------------------- Advanced Sensors
def sensors_game(upgrades):
    sc = Scene()
    x1 = sc.ship("stormsquadronace", at=(400, 300, 0), upgrades=upgrades)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.game()
    game.state.ships[x1].dial_set = "2FB"
    start_at(game, Activate(x1), phase="activation")
    return game, x1


def test_advanced_sensors_act_before_moving_but_only_once():
    """Advanced Sensors: after revealing its dial the ship may perform 1 action; if it
    does, it can't perform another action this activation (not the linked action, not in
    its Perform Action step)."""
    game, x1 = sensors_game(["advancedsensors"])
    assert {"focus", "lock", "barrel_roll"} <= set(values(game))
    answer(game, "use_ability", "focus", x1)
    ship = game.state.ships[x1]
    assert ship.has(Token.FOCUS)
    assert ship.pose.y > 300          # it then moved
    assert game.decision is None      # no linked barrel roll, no Perform Action step
    assert not ship.actions_blocked   # cleared at the end of the activation


def test_advanced_sensors_declined_leave_the_perform_action_step():
    game, x1 = sensors_game(["advancedsensors"])
    answer(game, "use_ability", "decline", x1)
    assert game.decision.kind == "perform_action"


def test_without_advanced_sensors_the_ship_acts_after_moving():
    game, x1 = sensors_game([])
    assert game.decision.kind == "perform_action"
    assert game.state.ships[x1].pose.y > 300


# ------------------------------------------------------------- Collision Detector
ROCK = "core2asteroid3"


def detector_roll(upgrades: list[str], charges: int | None = None):
    """A T-65 at (400, 300) at its Perform Action step with an asteroid under its right
    barrel roll template; an enemy far away."""
    sc = Scene()
    setup = {"charges": {"collisiondetector": charges}} if charges is not None else {}
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades, **setup)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    sc.obstacle(ROCK, 440, 300)
    game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
    answer(game, "perform_action", "barrel_roll", ship)
    answer(game, "barrel_roll_direction", "right", ship)
    return game, ship


class TestCollisionDetector:
    def test_rolls_through_and_spends_a_charge_to_ignore_the_asteroid(self):
        """Collision Detector: the ship can barrel roll through obstacles; after moving
        through the asteroid it spends 1 charge to ignore its effects until the end of the
        round. The roll succeeds, no damage is suffered and no die is rolled."""
        game, ship = detector_roll(["collisiondetector"])
        shields = game.state.ships[ship].shields
        answer(game, "barrel_roll_position", "middle", ship)
        d = game.decision
        assert d.kind == "use_ability"
        game.answer("use")
        s = game.state.ships[ship]
        assert s.pose == Pose(480, 300, 0) and s.shields == shields
        assert s.charges["collisiondetector"].active == 1
        assert not any(e["kind"] == "roll" for e in game.log)

    def test_declined_the_asteroid_deals_its_damage(self):
        """The same roll, the charge kept: the ship still passed the asteroid, and suffers
        it (1 damage, its die loaded blank) (RR: OBSTACLES)."""
        game, ship = detector_roll(["collisiondetector"])
        load_dice(game, ["blank"])
        shields = game.state.ships[ship].shields
        answer(game, "barrel_roll_position", "middle", ship)
        answer(game, "use_ability", "decline", ship)
        s = game.state.ships[ship]
        assert s.pose == Pose(480, 300, 0) and s.shields == shields - 1
        assert s.charges["collisiondetector"].active == 2

    def test_without_a_charge_it_still_passes_but_suffers(self):
        """No charge left: the ship can still roll through (the first sentence needs no
        charge) but nothing is offered, and the asteroid hits."""
        game, ship = detector_roll(["collisiondetector"], charges=0)
        load_dice(game, ["blank"])
        shields = game.state.ships[ship].shields
        answer(game, "barrel_roll_position", "middle", ship)
        s = game.state.ships[ship]
        assert s.pose == Pose(480, 300, 0) and s.shields == shields - 1

    def test_without_the_card_the_roll_fails(self):
        """Without Collision Detector the roll through the asteroid fails
        (RR: BARREL ROLL)."""
        game, ship = detector_roll([])
        assert game.state.ships[ship].pose == Pose(400, 300, 0)

    def test_a_maneuver_through_an_asteroid_may_be_ignored_too(self):
        """The card's second sentence concerns any move: after a [2 straight] crosses an
        asteroid the ship may spend a charge to ignore it (no damage); ending on it, it
        keeps its Perform Action step (ruling: that is an effect of the obstacle)."""
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["collisiondetector"],
                       dial_set="2FB")
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        sc.obstacle(ROCK, 400, 410)
        game = sc.at(Activate(ship), phase="activation")
        shields = game.state.ships[ship].shields
        answer(game, "use_ability", "use", ship)
        s = game.state.ships[ship]
        assert s.shields == shields and game.decision.kind == "perform_action"

    def test_an_ignored_asteroid_does_not_stop_its_attack(self):
        """The ship ignoring the asteroid it ended on may attack from it this round; a ship
        that does not ignore it can't (RR: OBSTACLES, range 0 of an asteroid)."""
        def declare_offered(ignored: bool) -> bool:
            sc = Scene()
            ship = sc.ship("redsquadronveteran", at=(400, 300, 0),
                           upgrades=["collisiondetector"])
            sc.ship("academypilot", player=2, at=(400, 500, 180))
            sc.obstacle(ROCK, 400, 300)
            game = sc.game()
            if ignored:
                game.state.ships[ship].obstacles_ignored = (("obstacle-1", 1, "*"),)
            start_at(game, Engage(ship))
            return game.decision is not None and game.decision.kind == "declare_attack"

        assert declare_offered(True) and not declare_offered(False)


# ------------------------------------------------------------------ Blank Signature
def blank_scene(locks: list[str]):
    """A TIE attacks the T-65 (2 hits); the T-65 rolls a focus and a blank, no tokens."""
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0),
                   upgrades=["blanksignature-battleoverendor"])
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180), locks=locks)
    return sc.attack(tie, ship, dice=["hit", "hit"], defense=["focus", "blank"]), ship


class TestBlankSignature:
    def test_changes_a_focus_to_an_evade_when_not_locked(self):
        """Blank Signature: defending, not locked by the attacker, the ship spends 1 charge
        to change a focus result to an evade: 1 of the 2 hits is canceled (1 shield
        lost instead of 2)."""
        game, ship = blank_scene([])
        skip_to(game, "modify_defense_dice", ship)
        modify_with(game, "blanksignature-battleoverendor")
        finish(game)
        s = game.state.ships[ship]
        assert s.shields == 1 and s.charges["blanksignature-battleoverendor"].active == 0

    def test_not_offered_when_the_attacker_locks_it(self):
        """The attacker has a lock on the defender: the card is not offered, both hits
        land."""
        game, ship = blank_scene(["p1.1"])
        while game.decision is not None:
            assert not offers(game, "blanksignature-battleoverendor")
            finish(game)
        s = game.state.ships[ship]
        assert s.shields == 0 and s.charges["blanksignature-battleoverendor"].active == 1


# ------------------------------------------------------------- Long-Range Scanners
SCANNERS = "longrangescanners-alphaclassstarwing"


def scanning(charges: int | None = None, upgrades: tuple[str, ...] = (SCANNERS,)):
    """A T-65 at (400, 300) at its Perform Action step; the only other object, a TIE at
    (400, 850), is at range 6."""
    sc = Scene()
    setup = {"charges": {SCANNERS: charges}} if charges is not None else {}
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades, **setup)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
    answer(game, "perform_action", "lock", ship)
    return game, ship


class TestLongRangeScanners:
    def test_locks_beyond_range_three_for_a_charge(self):
        """Long-Range Scanners: during its lock action the ship may spend 1 charge to lock
        an object at any range: the TIE at range 6 is offered and locked, 1 charge spent."""
        game, ship = scanning()
        answer(game, "lock_target", "p2.1", ship)
        s = game.state.ships[ship]
        assert s.locks == ["p2.1"] and s.charges[SCANNERS].active == 1

    def test_without_the_card_the_lock_fails(self):
        """The same lock action without the card: no object at range 0-3, the action fails
        (RR: LOCK)."""
        game, ship = scanning(upgrades=())
        s = game.state.ships[ship]
        assert game.decision is None and s.locks == [] and "lock" in s.actions_done

    def test_no_charge_no_reach(self):
        """With no active charge the card does nothing: the action fails."""
        game, ship = scanning(charges=0)
        assert game.decision is None and game.state.ships[ship].locks == []

    def test_within_range_three_no_charge_is_spent(self):
        """A TIE within range 3 is locked as usual: the charge stays (ruling: spending it
        there would change nothing)."""
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[SCANNERS])
        sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
        answer(game, "perform_action", "lock", ship)
        answer(game, "lock_target", "p2.1", ship)
        assert game.state.ships[ship].charges[SCANNERS].active == 2


# ----------------------------------------------------------------- Passive Sensors
PASSIVE = "passivesensors"


def passive_scene(charges: int = 1, friend: bool = False):
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[PASSIVE],
                   charges={PASSIVE: charges}, dial_set="1FB")
    if friend:
        sc.ship("redsquadronveteran", at=(250, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 500, 180))
    return sc, ship


class TestPassiveSensors:
    def test_its_action_spends_the_charge_in_the_perform_action_step(self):
        """In its Perform Action step the ship performs Passive Sensors' action: the
        charge is spent."""
        sc, ship = passive_scene()
        game = sc.at(Activate(ship), phase="activation")
        answer(game, "perform_action", PASSIVE, ship)
        assert game.state.ships[ship].charges[PASSIVE].active == 0

    def test_not_outside_the_perform_action_step(self):
        """Granted an action outside its activation (as a coordinate does), the ship is not
        offered the card's action: only in its Perform Action step."""
        sc, ship = passive_scene()
        game = sc.at(PerformAction(ship), phase="activation")
        assert PASSIVE not in values(game) and "focus" in values(game)

    def test_spent_it_cannot_be_coordinated(self):
        """A friend at range 1 coordinates: with Passive Sensors' charge inactive the ship
        can't be chosen (the action fails); with it active it can."""
        def coordinated(charges: int) -> bool:
            sc, ship = passive_scene(charges, friend=True)
            game = sc.at(CoordinateAction("p1.2"), phase="activation")
            return game.decision is not None and ship in values(game)

        assert coordinated(1) and not coordinated(0)

    def test_spent_it_may_calculate_or_lock_before_engaging(self):
        """Before engaging with the charge inactive: the ship may perform a calculate or a
        lock action; it calculates."""
        sc, ship = passive_scene(charges=0)
        game = sc.at(Engage(ship))
        assert set(values(game)) == {"calculate", "lock", "decline"}
        answer(game, "use_ability", "calculate", ship)
        assert game.state.ships[ship].has(Token.CALCULATE)

    def test_charged_no_action_before_engaging(self):
        """With the charge active nothing is offered: the ship goes straight to its
        attack."""
        sc, ship = passive_scene(charges=1)
        game = sc.at(Engage(ship))
        assert game.decision.kind == "declare_attack"


# -------------------------------------------------------------------- Relay System
RELAY = "relaysystem-tiephphantom"


def relay_lock(friend_at: tuple[float, float, float]):
    """The relay ship at (400, 300); a friend at ``friend_at`` performs a lock action on
    the TIE at (400, 500)."""
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[RELAY])
    friend = sc.ship("redsquadronveteran", at=friend_at)
    sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.at(PerformAction(friend, during_activation=True), phase="activation")
    answer(game, "perform_action", "lock", friend)
    answer(game, "lock_target", "p2.1", friend)
    return game, ship


class TestRelaySystem:
    def test_locks_what_a_nearby_friend_locked(self):
        """A friend at range 1 performs a lock action on the TIE: Relay System lets the
        ship acquire a lock on the same object."""
        game, ship = relay_lock((250, 300, 0))
        answer(game, "use_ability", "use", ship)
        assert game.state.ships[ship].locks == ["p2.1"]

    def test_not_for_a_friend_beyond_range_two(self):
        """The friend at range 3 locks the TIE: nothing is offered, no lock for the
        ship."""
        game, ship = relay_lock((650, 450, 0))
        assert game.decision is None and game.state.ships[ship].locks == []

    def relay_attack(self, dice: list[str]):
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[RELAY],
                       locks=["p2.1"])
        sc.ship("redsquadronveteran", at=(300, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(ship, tie, dice=dice, defense=["blank"] * 3)
        skip_dice(game, "use_ability")
        return game, ship

    def test_after_a_hit_the_lock_passes_to_a_friend(self):
        """The ship hits the TIE it has locked: it spends that lock, and the friend at range
        1 acquires a lock on the TIE."""
        game, ship = self.relay_attack(["hit", "blank", "blank"])
        answer(game, "use_ability", "p1.2", ship)
        assert game.state.ships[ship].locks == []
        assert game.state.ships["p1.2"].locks == ["p2.1"]

    def test_not_after_a_miss(self):
        """The attack misses: nothing is offered and the ship keeps its lock."""
        game, ship = self.relay_attack(["blank", "blank", "blank"])
        assert game.decision is None and game.state.ships[ship].locks == ["p2.1"]
