"""Talents that change how the ship moves (cards/upgrades/talent_moves.py), each compared
with the same scene without the card.

Scenarios don't check squad-building restrictions: a T-65 gets its white boost from Engine
Upgrade."""

from __future__ import annotations

from typing import Any

from tallon.engine.actions import PerformAction
from tallon.engine.effects import flip_upgrade
from tallon.engine.rounds import Activate
from tallon.engine.state import ActionSpec, Token
from tallon.geometry import Pose
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import answer, logged, pass_all


def acting(upgrades: list[str], at: tuple[float, float, float] = (400, 300, 0),
           treat_as: str | None = None, **kw: Any):
    """The T-65's Perform Action step (its boost white unless ``treat_as``); an enemy far
    away."""
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=at, upgrades=["engineupgrade", *upgrades], **kw)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    return sc.at(PerformAction(ship, during_activation=True, treat_as=treat_as),
                 phase="activation"), ship


class TestDaredevil:
    def test_a_white_boost_may_turn_and_becomes_red(self):
        """Daredevil: while performing a white boost action the ship may use the [1 turn
        right] template, the action treated as red (RR: BOOST, RR: ACTIONS: a red action
        gives a stress token). It ends facing 90 degrees right, where the [1 turn right]
        puts it, and is stressed."""
        game, ship = acting(["daredevil"])
        answer(game, "perform_action", "boost", ship)
        d = game.decision
        assert d.kind == "boost_direction"
        assert d.option_keys() == ["left", "straight", "right", "turn_left", "turn_right"]
        game.answer("turn_right")
        s = game.state.ships[ship]
        right, forward, rotation = s.pose.relative_to(Pose(400, 300, 0))
        assert round(rotation) == 90 and right > 0 and forward > 0
        assert s.count(Token.STRESS) == 1

    def test_a_plain_boost_with_daredevil_stays_white(self):
        """Daredevil's templates are a choice: boosting straight, the action stays white
        and gives no stress token."""
        game, ship = acting(["daredevil"])
        answer(game, "perform_action", "boost", ship)
        game.answer("straight")
        s = game.state.ships[ship]
        assert s.pose == Pose(400, 380, 0) and not s.stressed

    def test_without_daredevil_no_turn_templates(self):
        """Without the card the boost offers only the three RR: BOOST templates."""
        game, ship = acting([])
        answer(game, "perform_action", "boost", ship)
        assert game.decision.option_keys() == ["left", "straight", "right"]

    def test_a_red_boost_gets_no_turn_templates(self):
        """The boost action is already treated as red (the Perform Action step makes every
        action red): it is not a white boost, so Daredevil offers nothing."""
        game, ship = acting(["daredevil"], treat_as="red")
        answer(game, "perform_action", "boost", ship)
        assert game.decision.option_keys() == ["left", "straight", "right"]

    def test_a_blocked_turn_fails_and_still_stresses(self):
        """An enemy sits where the [1 turn left] would put the ship. RR: BOOST - the boost
        fails; RR: ACTIONS - the red action's stress is its cost to attempt, so the failed
        action still gives a stress token (ruling: treating it as red is chosen with the
        template)."""
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0),
                       upgrades=["engineupgrade", "daredevil"])
        sc.ship("academypilot", player=2, at=(330, 365, 0))
        game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
        answer(game, "perform_action", "boost", ship)
        game.answer("turn_left")
        s = game.state.ships[ship]
        assert s.pose == Pose(400, 300, 0)
        assert any("fails" in e["text"] for e in game.log if e.get("ship") == ship)
        assert s.count(Token.STRESS) == 1


# ------------------------------------------------------------ Backwards Tailslide
ASTEROID = ("core2asteroid3", 440, 264, 135)  # under the right barrel roll's template only


def rolling(upgrades: list[str], obstacle: tuple[str, float, float, float] = ASTEROID,
            side: int = 0):
    """The T-65 with Servomotor S-foils (``side`` 0: Closed) at (400, 300) barrel rolls
    right (granted) toward ``obstacle``; an enemy far away."""
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0),
                   upgrades=["servomotorsfoils", *upgrades])
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    obstacle_id = sc.obstacle(*obstacle)
    game = sc.game()
    if side:
        flip_upgrade(game, game.state.ships[ship], "servomotorsfoils", side)
    start_at(game, PerformAction(ship, during_activation=True,
                                 grant=(ActionSpec("barrel_roll", "white", None, "test"),)),
             phase="activation")
    answer(game, "perform_action", "barrel_roll", ship)
    answer(game, "barrel_roll_direction", "right", ship)
    return game, ship, obstacle_id


class TestBackwardsTailslide:
    def test_a_barrel_roll_through_an_asteroid_gives_an_evade(self):
        """Backwards Tailslide, S-foils closed: the barrel roll can move through the
        asteroid (RR: CARD INTERPRETATION, "can"); after it, not at range 0 of the asteroid,
        the ship gains 1 evade token, then suffers the asteroid's effect (RR: OBSTACLES)."""
        game, ship, obstacle = rolling(["backwardstailslide"])
        answer(game, "barrel_roll_position", "middle", ship)
        pass_all(game)
        s = game.state.ships[ship]
        assert s.pose == Pose(480, 300, 0)
        assert s.count(Token.EVADE) == 1
        assert logged(game, "obstacle", obstacle)

    def test_without_the_card_the_roll_fails(self):
        """RR: BARREL ROLL - every position moves through the asteroid: the roll fails."""
        game, ship, _ = rolling([])
        s = game.state.ships[ship]
        assert game.decision is None or game.decision.kind != "barrel_roll_position"
        assert s.pose == Pose(400, 300, 0) and not s.has(Token.EVADE)

    def test_with_the_s_foils_open_the_roll_fails(self):
        """The configuration shows its (Open) side: no passing obstacles, the roll fails."""
        game, ship, _ = rolling(["backwardstailslide"], side=1)
        assert game.state.ships[ship].pose == Pose(400, 300, 0)

    def test_no_evade_when_ending_on_the_obstacle(self):
        """The roll ends overlapping the asteroid (it is at range 0 of it): no evade
        token."""
        game, ship, _ = rolling(["backwardstailslide"],
                                obstacle=("core2asteroid3", 480, 300, 0))
        answer(game, "barrel_roll_position", "middle", ship)
        pass_all(game)
        s = game.state.ships[ship]
        assert s.pose == Pose(480, 300, 0) and not s.has(Token.EVADE)

    def test_no_evade_after_a_maneuver_through_an_obstacle(self):
        """Only boosts and barrel rolls count (window after_obstacle_met, move maneuver):
        a [2 straight] through the asteroid gives no evade token."""
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0),
                       upgrades=["servomotorsfoils", "backwardstailslide"])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        obstacle = sc.obstacle("core2asteroid3", 400, 370, 0)
        game = sc.game()
        game.state.ships[ship].dial_set = "2FW"
        start_at(game, Activate(ship), phase="activation")
        pass_all(game)
        assert logged(game, "obstacle", obstacle)
        assert not game.state.ships[ship].has(Token.EVADE)


# ----------------------------------------------------------------------- Reckless
RECKLESS = "reckless-battleoverendor"


def red_roll(upgrades: list[str], enemy_at: tuple[float, float, float] = (400, 850, 180),
             colour: str = "red"):
    """The T-65 at (400, 300) facing +y, granted a red barrel roll (or one of
    ``colour``); an enemy far away."""
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades)
    sc.ship("academypilot", player=2, at=enemy_at)
    game = sc.at(PerformAction(ship, during_activation=True,
                               grant=(ActionSpec("barrel_roll", colour, None, "test"),)),
                 phase="activation")
    answer(game, "perform_action", "barrel_roll", ship)
    return game, ship


def rolled(game) -> list[str]:
    return [e["text"] for e in game.log if e["kind"] == "roll"]


class TestReckless:
    def test_a_red_barrel_roll_may_turn_and_a_hit_stresses(self):
        """Reckless, a red barrel roll: the ship may use the [1 turn left] template laid
        against its right side (ruling: template from the side's hashmark, the ship keeping
        its facing with its rear edge on the far end: 20 + 35 mm right, 35 + 20 mm ahead).
        It then rolls an attack die: a hit gives a stress token on top of the red action's
        (RR: ACTIONS)."""
        game, ship = red_roll([RECKLESS])
        load_dice(game, ["hit"])
        assert game.decision.kind == "barrel_roll_direction"
        assert game.decision.option_keys() == ["left", "right", "left:turn_left",
                                               "left:turn_right", "right:turn_left",
                                               "right:turn_right"]
        game.answer("right:turn_left")
        s = game.state.ships[ship]
        assert s.pose == Pose(455, 355, 0)
        assert len(rolled(game)) == 1
        assert s.count(Token.STRESS) == 2

    def test_turning_the_other_way_ends_behind_and_a_blank_gives_nothing(self):
        """The [1 turn right] template from the right side curves back: the ship ends 55 mm
        right and 55 mm back, its front edge on the template's end. A blank result: only
        the red action's stress token."""
        game, ship = red_roll([RECKLESS])
        load_dice(game, ["blank"])
        game.answer("right:turn_right")
        s = game.state.ships[ship]
        assert s.pose == Pose(455, 245, 0)
        assert s.count(Token.STRESS) == 1

    def test_a_plain_red_roll_rolls_no_die(self):
        """Reckless is a choice: barrelling right with the [1 straight] template, no die is
        rolled."""
        game, ship = red_roll([RECKLESS])
        game.answer("right")
        answer(game, "barrel_roll_position", "middle", ship)
        s = game.state.ships[ship]
        assert s.pose == Pose(480, 300, 0) and not rolled(game)
        assert s.count(Token.STRESS) == 1

    def test_without_reckless_only_the_straight_template(self):
        """Without the card a barrel roll declares only left or right (RR: BARREL ROLL)."""
        game, _ = red_roll([])
        assert game.decision.option_keys() == ["left", "right"]

    def test_a_white_barrel_roll_or_boost_gets_no_turn_template(self):
        """The action is white: Reckless offers nothing, for barrel rolls or boosts."""
        game, ship = acting([RECKLESS])
        answer(game, "perform_action", "boost", ship)
        assert game.decision.option_keys() == ["left", "straight", "right"]
        game, ship = red_roll([RECKLESS], colour="white")
        assert game.decision.option_keys() == ["left", "right"]

    def test_a_red_boost_may_turn(self):
        """A boost treated as red: Reckless offers the [1 turn] templates; turning right
        the ship ends facing 90 degrees right, rolls a critical hit and gains a second
        stress token."""
        game, ship = acting([RECKLESS], treat_as="red")
        load_dice(game, ["crit"])
        answer(game, "perform_action", "boost", ship)
        assert game.decision.option_keys() == ["left", "straight", "right", "turn_left",
                                               "turn_right"]
        game.answer("turn_right")
        s = game.state.ships[ship]
        right, forward, rotation = s.pose.relative_to(Pose(400, 300, 0))
        assert round(rotation) == 90 and right > 0 and forward > 0
        assert s.count(Token.STRESS) == 2

    def test_a_blocked_turn_fails_and_rolls_no_die(self):
        """An enemy sits where the turned roll would put the ship: the roll fails (one
        position only; RR: BARREL ROLL), no die is rolled (RR: FAIL: nothing after a failed
        effect), and the failed red action still stresses (RR: FAIL)."""
        game, ship = red_roll([RECKLESS], enemy_at=(455, 360, 0))
        load_dice(game, ["hit"])
        game.answer("right:turn_left")
        s = game.state.ships[ship]
        assert s.pose == Pose(400, 300, 0) and not rolled(game)
        assert s.count(Token.STRESS) == 1
