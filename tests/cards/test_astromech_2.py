"""Astromech upgrades, continued (cards/upgrades/astromech_2.py): each card in a scene built
for it, compared with the same scene without the card (or with it declined).

Scenarios don't check squad-building restrictions. A range band is 100 mm; the asteroid
outline ``core2asteroid3`` is about 50 mm across."""

from __future__ import annotations

from typing import Any

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.effects import ignores_obstacle
from tallon.engine.movement import Decloak
from tallon.engine.rounds import Activate
from tallon.engine.state import DamageCard, Token
from tallon.geometry import Pose
from tallon.scene import Scene, declare, load_dice
from tests.cards.helpers import answer, finish, skip_dice
from tests.rules.attack_helpers import dice_counts

ROCK = "core2asteroid3"


def acting(upgrades: list[str], obstacles: list[tuple[float, float]] = (),
           pilot: str = "redsquadronveteran", **kw: Any):
    """The ship's Perform Action step at (400, 300) facing up; an enemy far away; an
    asteroid at each of ``obstacles``."""
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades, **kw)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    for x, y in obstacles:
        sc.obstacle(ROCK, x, y)
    return sc.at(PerformAction(ship, during_activation=True), phase="activation"), ship


def roll_right(game: Any, ship: str) -> Any:
    answer(game, "perform_action", "barrel_roll", ship)
    answer(game, "barrel_roll_direction", "right", ship)
    return game.decision


# ---------------------------------------------------------------------- Q7 Astromech
class TestQ7Astromech:
    def test_barrel_rolls_through_an_asteroid_and_suffers_it(self):
        """An asteroid lies under the barrel roll template. Q7: the ship can move through
        and overlap obstacles while it barrel rolls (RR: CARD INTERPRETATION, "can"); it
        still suffers the asteroid after the move (RR: OBSTACLES). The roll succeeds and the
        ship loses 1 shield to the asteroid (its die loaded blank)."""
        game, ship = acting(["q7astromech"], obstacles=[(440, 300)])
        load_dice(game, ["blank"])
        shields = game.state.ships[ship].shields
        d = roll_right(game, ship)
        assert d.kind == "barrel_roll_position"
        game.answer("middle")
        s = game.state.ships[ship]
        assert s.pose == Pose(480, 300, 0) and s.shields == shields - 1

    def test_without_q7_the_roll_fails(self):
        """The same asteroid, no Q7: RR: BARREL ROLL - a roll through an obstacle fails at
        every position. The ship stays where it was, unharmed."""
        game, ship = acting([], obstacles=[(440, 300)])
        shields = game.state.ships[ship].shields
        roll_right(game, ship)
        s = game.state.ships[ship]
        assert s.pose == Pose(400, 300, 0) and s.shields == shields
        assert "barrel_roll" in s.actions_done

    def test_q7_does_not_let_a_roll_overlap_a_ship(self):
        """An enemy covers all three right positions. Q7 only concerns obstacles: the roll
        still fails on the ship (RR: BARREL ROLL)."""
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["q7astromech"])
        sc.ship("academypilot", player=2, at=(485, 300, 0))
        game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
        roll_right(game, ship)
        assert game.state.ships[ship].pose == Pose(400, 300, 0)


    def test_a_decloak_is_a_boost_and_passes_the_asteroid(self):
        """A cloaked T-65 decloaks with a [2 straight] boost over an asteroid. RR: CLOAK -
        decloaking is a boost (or barrel roll), so Q7 lets it move through the obstacle,
        which it then suffers; without Q7 the decloak fails and the cloak token stays."""
        def decloak(upgrades: list[str]) -> Any:
            sc = Scene()
            ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades,
                           tokens={"cloak": 1})
            sc.ship("academypilot", player=2, at=(400, 850, 180))
            sc.obstacle(ROCK, 400, 360)
            game = sc.at(Decloak(ship), phase="system")
            load_dice(game, ["blank"])
            answer(game, "decloak", "boost", ship)
            return game.state.ships[ship]

        through = decloak(["q7astromech"])
        assert through.pose == Pose(400, 420, 0) and not through.cloaked
        assert through.shields == through.shield_limit - 1
        blocked = decloak([])
        assert blocked.pose == Pose(400, 300, 0) and blocked.cloaked


# ---------------------------------------------------------------------------- R5-X3
def flying(upgrades: list[str], dial: str = "2FB", **kw: Any):
    """A T-65 at (400, 300) about to activate with ``dial``; an asteroid at (400, 400),
    under the [2 straight] template; an enemy far away."""
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades, dial_set=dial,
                   **kw)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    sc.obstacle(ROCK, 400, 400)
    return sc.at(Activate(ship), phase="activation"), ship


class TestR5X3:
    def test_ignoring_obstacles_flies_through_an_asteroid_unharmed(self):
        """Before activating, R5-X3 spends its charge: the ship ignores obstacles until the
        end of the Activation Phase (FAQ: OBJECTS - no effects of moving through or
        overlapping them). Its [2 straight] crosses the asteroid: no damage, no die rolled,
        and it keeps its Perform Action step."""
        game, ship = flying(["r5x3"])
        shields = game.state.ships[ship].shields
        answer(game, "use_ability", "use", ship)
        s = game.state.ships[ship]
        assert s.charges["r5x3"].active == 1
        assert s.pose.y > 400 and s.shields == shields
        assert game.decision.kind == "perform_action" and not s.skip_action

    def test_declined_the_asteroid_hits(self):
        """The same maneuver with R5-X3 declined: the asteroid deals 1 damage (die loaded
        blank) (RR: OBSTACLES)."""
        game, ship = flying(["r5x3"])
        load_dice(game, ["blank"])
        shields = game.state.ships[ship].shields
        answer(game, "use_ability", "decline", ship)
        s = game.state.ships[ship]
        assert s.shields == shields - 1 and s.charges["r5x3"].active == 2

    def test_no_charge_no_offer(self):
        """Without an active charge R5-X3 is not offered: the maneuver meets the asteroid."""
        game, ship = flying(["r5x3"], charges={"r5x3": 0})
        assert game.decision is None or game.decision.kind != "use_ability"
        s = game.state.ships[ship]
        assert s.shields < s.shield_limit  # the asteroid's damage (1 or 2)

    def test_the_effect_ends_with_the_phase(self):
        """Ignoring obstacles lasts until the end of this phase only: in the Engagement
        Phase the ship on the asteroid can't attack (RR: OBSTACLES, range 0 of an
        asteroid)."""
        game, ship = flying(["r5x3"])
        answer(game, "use_ability", "use", ship)
        finish(game)
        s = game.state.ships[ship]
        assert ignores_obstacle(game, s, "obstacle-1")
        game.state.phase = "engagement"
        assert not ignores_obstacle(game, s, "obstacle-1")

    def test_before_engaging_it_may_attack_from_an_asteroid(self):
        """A T-65 sits on an asteroid with an enemy ahead at range 2. Normally it can't
        attack (RR: OBSTACLES). R5-X3 spent before it engages lets it ignore the asteroid:
        it declares its attack."""
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["r5x3"])
        sc.ship("academypilot", player=2, at=(400, 500, 180))
        sc.obstacle(ROCK, 400, 300)
        game = sc.at(Engage(ship))
        answer(game, "use_ability", "use", ship)
        assert game.decision.kind == "declare_attack"
        assert any(o.key != "none" for o in game.decision.options)

        declined = sc.at(Engage(ship))
        answer(declined, "use_ability", "decline", ship)
        d = declined.decision
        assert d is None or d.kind != "declare_attack"

    def test_no_obstruction_bonus_for_the_defender(self):
        """The T-65 attacks a TIE at range 2 through an asteroid. Obstructed, the TIE rolls
        4 defense dice (agility 3 + 1). Ignoring obstacles, the attacker ignores the
        obstruction (FAQ: OBJECTS): 3 dice."""
        def attack(use: str) -> int:
            sc = Scene()
            ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["r5x3"])
            tie = sc.ship("academypilot", player=2, at=(400, 520, 180))
            sc.obstacle(ROCK, 400, 410)
            game = sc.at(Engage(ship))
            load_dice(game, ["hit", "hit", "hit"], ["blank"] * 4)
            answer(game, "use_ability", use, ship)
            declare(game, ship, tie)
            skip_dice(game)
            return dice_counts(game, ship, tie)[1]

        assert attack("decline") == 4
        assert attack("use") == 3


# ------------------------------------------------------------ R2 and R5 Astromech
class TestR2Astromech:
    def test_recovers_a_shield_for_a_charge_and_a_disarm_token(self):
        """After revealing its dial, a ship without shields spends a charge and gains a
        disarm token to recover 1 shield; declined, nothing changes."""
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["r2astromech"],
                       dial_set="2FB", shields=0)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(Activate(ship), phase="activation")
        answer(game, "use_ability", "use", ship)
        s = game.state.ships[ship]
        assert s.shields == 1 and s.has(Token.DISARM) and s.charges["r2astromech"].active == 1

        declined = sc.at(Activate(ship), phase="activation")
        answer(declined, "use_ability", "decline", ship)
        assert declined.state.ships[ship].shields == 0

    def test_full_shields_are_not_offered(self):
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["r2astromech"],
                       dial_set="2FB")
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(Activate(ship), phase="activation")
        assert game.decision.kind == "perform_action"


class TestR5Astromech:
    def test_repairs_a_facedown_card_for_a_charge(self):
        """Action: spend 1 charge to repair a facedown damage card; without facedown cards
        the action is not offered."""
        game, ship = acting(["r5astromech"], damage=[DamageCard("directhit", False, 80)])
        answer(game, "perform_action", "r5astromech:facedown", ship)
        s = game.state.ships[ship]
        assert not s.damage and s.charges["r5astromech"].active == 1
        bare, _ = acting(["r5astromech"])
        assert "r5astromech:facedown" not in bare.decision.option_keys()

    def test_flips_a_faceup_ship_card(self):
        """Action: repair a faceup Ship damage card (Console Fire flips facedown), no
        charge spent."""
        game, ship = acting(["r5astromech"], damage=[DamageCard("consolefire", True, 81)])
        answer(game, "perform_action", "r5astromech:faceup", ship)
        s = game.state.ships[ship]
        assert not s.damage[0].faceup and s.charges["r5astromech"].active == 2


# ---------------------------------------------------------------------------- R2-A6
def revealing(upgrades: list[str], dial: str):
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades, dial_set=dial)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    return sc.at(Activate(ship), phase="activation"), ship


class TestR2A6:
    def test_sets_the_dial_one_speed_faster(self):
        """R2-A6: after revealing [2 straight] the ship may set its dial to a straight of
        speed 1 or 3 from its dial; it then executes [3 straight] (ends 160 mm ahead, not
        120)."""
        game, ship = revealing(["r2a6"], "2FB")
        d = game.decision
        assert d.kind == "use_ability" and set(d.option_keys()) == {"1FB", "3FW", "decline"}
        game.answer("3FW")
        assert game.state.ships[ship].pose == Pose(400, 460, 0)

        declined, ship2 = revealing(["r2a6"], "2FB")
        answer(declined, "use_ability", "decline", ship2)
        assert declined.state.ships[ship2].pose == Pose(400, 420, 0)

    def test_only_maneuvers_on_the_dial(self):
        """A revealed [4 Koiogran turn]: the T-65's dial has no [3] or [5] Koiogran turn,
        so R2-A6 has nothing to offer and the turn is executed."""
        game, ship = revealing(["r2a6"], "4KR")
        d = game.decision
        assert d is None or d.kind != "use_ability"
        assert round(game.state.ships[ship].pose.heading) % 360 == 180
