"""Cards that change the templates of boosts, barrel rolls, SLAMs and decloaks
(cards/upgrades/modification_3.py), each compared with the same scene without the card.

Scenarios don't check squad-building restrictions: a T-65 gets a white boost from Engine
Upgrade, a barrel roll or SLAM from the Perform Action step's grant; a cloaked TIE/ln decloaks
(the Phantom's own ship ability is not played yet)."""

from __future__ import annotations

from typing import Any

from tallon.engine.actions import PerformAction
from tallon.engine.movement import Decloak
from tallon.engine.state import ActionSpec, Token
from tallon.geometry import Pose
from tallon.scene import Scene
from tests.cards.helpers import answer, values

FUEL = "fuelinjectionoverride-battleoverendor"
AILERONS = "manualailerons-tiephphantom"


def acting(upgrades: list[str], pilot: str = "redsquadronveteran",
           treat_as: str | None = None, grant: tuple[ActionSpec, ...] = (),
           blocker: tuple[float, float, float] | None = None, **kw: Any):
    """The T-65 at (400, 300) facing +y in its Perform Action step; an enemy far away (and
    one at ``blocker``)."""
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0), upgrades=["engineupgrade", *upgrades], **kw)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    if blocker is not None:
        sc.ship("academypilot", player=2, at=blocker)
    return sc.at(PerformAction(ship, during_activation=True, treat_as=treat_as,
                               grant=grant), phase="activation"), ship


def roll(colour: str = "white") -> tuple[ActionSpec, ...]:
    return (ActionSpec("barrel_roll", colour, None, "test"),)


class TestExtremeManeuvers:
    def test_a_boost_may_turn_for_1_force_and_stays_white(self):
        """Extreme Maneuvers: while performing a boost action the ship may spend 1 Force to
        use the [1 turn right] template (RR: BOOST). Luke (Force 2) ends turned 90 degrees
        right with 1 Force left; the white action gives no stress."""
        game, ship = acting(["extrememaneuvers"], pilot="lukeskywalker")
        answer(game, "perform_action", "boost", ship)
        assert values(game) == ["left", "straight", "right", "turn_left", "turn_right"]
        game.answer("turn_right")
        s = game.state.ships[ship]
        right, forward, rotation = s.pose.relative_to(Pose(400, 300, 0))
        assert round(rotation) == 90 and right > 0 and forward > 0
        assert s.force == 1 and not s.stressed

    def test_without_force_no_turn_template(self):
        """No Force to spend: only the three RR: BOOST templates."""
        game, ship = acting(["extrememaneuvers"], pilot="lukeskywalker", force=0)
        answer(game, "perform_action", "boost", ship)
        assert values(game) == ["left", "straight", "right"]

    def test_without_the_card_no_turn_template(self):
        game, ship = acting([], pilot="lukeskywalker")
        answer(game, "perform_action", "boost", ship)
        assert values(game) == ["left", "straight", "right"]


class TestFuelInjectionOverride:
    def test_a_boost_may_use_the_2_straight_for_1_charge(self):
        """Fuel Injection Override: while boosting, spend 1 charge to use the template of
        speed 1 higher: the [2 straight] puts the ship 20 + 80 + 20 mm ahead (120), not 80."""
        game, ship = acting([FUEL])
        answer(game, "perform_action", "boost", ship)
        assert "straight@2" in values(game)
        game.answer("straight@2")
        s = game.state.ships[ship]
        assert s.pose == Pose(400, 420, 0) and s.charges[FUEL].active == 1

    def test_the_usual_boost_spends_nothing(self):
        game, ship = acting([FUEL])
        answer(game, "perform_action", "boost", ship)
        game.answer("straight")
        s = game.state.ships[ship]
        assert s.pose == Pose(400, 380, 0) and s.charges[FUEL].active == 2

    def test_a_barrel_roll_with_the_2_straight(self):
        """A barrel roll right with the [2 straight]: the small base moves 40 + 80 mm
        sideways (RR: BARREL ROLL, the template's narrow edge against its side)."""
        game, ship = acting([FUEL], grant=roll())
        answer(game, "perform_action", "barrel_roll", ship)
        assert values(game) == ["left", "left@2", "right", "right@2"]
        game.answer("right@2")
        answer(game, "barrel_roll_position", "middle", ship)
        s = game.state.ships[ship]
        assert s.pose == Pose(520, 300, 0) and s.charges[FUEL].active == 1

    def test_a_blocked_faster_boost_fails_and_still_spends_the_charge(self):
        """An enemy sits where the [2 straight] would put the ship: RR: BOOST - the boost
        fails (the ship stays); ruling: the charge paid for the template is spent when the
        template is chosen."""
        game, ship = acting([FUEL], blocker=(400, 440, 180))
        answer(game, "perform_action", "boost", ship)
        game.answer("straight@2")
        s = game.state.ships[ship]
        assert s.pose == Pose(400, 300, 0) and s.charges[FUEL].active == 1

    def test_no_charge_left_no_faster_template(self):
        """Its charges don't recur: with none left only the usual templates."""
        game, ship = acting([FUEL], charges={FUEL: 0})
        answer(game, "perform_action", "boost", ship)
        assert values(game) == ["left", "straight", "right"]

    def test_without_the_card(self):
        game, ship = acting([], grant=roll())
        answer(game, "perform_action", "barrel_roll", ship)
        assert values(game) == ["left", "right"]


class TestOverdriveThruster:
    def test_a_red_boost_must_use_the_2_straight(self):
        """Overdrive Thruster: performing a red boost, the ship must use the template of 1
        speed higher: declared straight, it moves with the [2 straight] (120 mm) and is
        stressed by the red action."""
        game, ship = acting(["overdrivethruster"], treat_as="red")
        answer(game, "perform_action", "boost", ship)
        assert values(game) == ["left", "straight", "right"]
        game.answer("straight")
        s = game.state.ships[ship]
        assert s.pose == Pose(400, 420, 0) and s.count(Token.STRESS) == 1

    def test_a_white_boost_is_unchanged(self):
        """Not red: the [1 straight] as usual."""
        game, ship = acting(["overdrivethruster"])
        answer(game, "perform_action", "boost", ship)
        game.answer("straight")
        assert game.state.ships[ship].pose == Pose(400, 380, 0)

    def test_if_not_able_the_usual_template(self):
        """An enemy sits where the [2 straight] would put the ship but not the [1 straight]:
        the faster boost would fail, so it is not able (ruling) and boosts [1 straight]."""
        game, ship = acting(["overdrivethruster"], treat_as="red", blocker=(400, 440, 180))
        answer(game, "perform_action", "boost", ship)
        game.answer("straight")
        assert game.state.ships[ship].pose == Pose(400, 380, 0)

    def test_a_red_barrel_roll_uses_the_2_straight(self):
        game, ship = acting(["overdrivethruster"], grant=roll("red"))
        answer(game, "perform_action", "barrel_roll", ship)
        answer(game, "barrel_roll_direction", "left", ship)
        answer(game, "barrel_roll_position", "middle", ship)
        assert game.state.ships[ship].pose == Pose(280, 300, 0)

    def test_a_red_slam_uses_maneuvers_of_1_speed_higher(self):
        """A red SLAM after a speed 2 maneuver: RR: SLAM offers the dial's speed 2
        maneuvers; with the card the speed 3 ones."""
        slam = (ActionSpec("slam", "red", None, "test"),)
        for upgrades, speed in ((["overdrivethruster"], "3"), ([], "2")):
            game, ship = acting(upgrades, grant=slam, executed_speed=2)
            answer(game, "perform_action", "slam", ship)
            assert values(game) and all(k.startswith(speed) for k in values(game))

    def test_without_the_card_a_red_boost_is_1_straight(self):
        game, ship = acting([], treat_as="red")
        answer(game, "perform_action", "boost", ship)
        game.answer("straight")
        assert game.state.ships[ship].pose == Pose(400, 380, 0)


class TestManualAilerons:
    def decloaking(self, upgrades: list[str], **kw: Any):
        sc = Scene()
        ship = sc.ship("academypilot", at=(400, 300, 0), upgrades=upgrades,
                       tokens={"cloak": 1}, **kw)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        return sc.at(Decloak(ship), phase="system"), ship

    def test_decloak_with_the_2_bank_for_1_charge(self):
        """Manual Ailerons: decloaking, a small ship (a TIE here) may spend 1 charge to
        boost with the [2 bank left] template instead of the [2 straight] (RR: CLOAK): it
        ends turned 45 degrees left, ahead and to the left, without its cloak token; the
        barrel roll decloaks keep the straight template (ruling)."""
        game, ship = self.decloaking([AILERONS])
        assert values(game) == ["pass", "boost", "left", "right", "bank_left", "bank_right"]
        game.answer("bank_left")
        s = game.state.ships[ship]
        right, forward, rotation = s.pose.relative_to(Pose(400, 300, 0))
        assert round(rotation) == -45 and right < 0 and forward > 60
        assert not s.cloaked and s.charges[AILERONS].active == 1

    def test_no_charge_no_bank(self):
        game, _ = self.decloaking([AILERONS], charges={AILERONS: 0})
        assert values(game) == ["pass", "boost", "left", "right"]

    def test_without_the_card_only_the_straight(self):
        game, ship = self.decloaking([])
        assert values(game) == ["pass", "boost", "left", "right"]
        game.answer("boost")
        assert game.state.ships[ship].pose == Pose(400, 420, 0)
