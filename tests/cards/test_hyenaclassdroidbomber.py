"""Hyena-class Droid Bomber pilots: each test sets a scene, states the card's rule and shows
the ability changing the outcome (the same scene without it, or the state before and
after). Networked Calculations is tested in tests/cards/test_vultureclassdroidfighter.py.

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and range
bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1, 200 mm at
range 2, 300 mm at range 3."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import SystemTurn
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import dice_count, finish, pass_all, rolled, values


def ship(game, ship_id):
    return game.state.ships[ship_id]


# ----------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["technounionbomber", "separatistbomber"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only is played by the rules and its ship ability: its
    attack at range 2 (2 dice) hits an undefended target."""
    sc = Scene()
    bomber = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(bomber, target, dice=["hit", "hit"], defense=["blank", "blank", "blank"])
    pass_all(game)
    assert rolled(game, bomber) == ["hit", "hit"]
    assert len(ship(game, target).damage) == 2


# ------------------------------------------------------------ Bombardment Drone
class TestBombardmentDrone:
    def system_turn(self, pilot):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), upgrades=["protonbombs"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        start_at(game, SystemTurn(me), phase="system")
        return game, me

    def test_launches_the_bomb_it_would_drop(self):
        """Proton Bombs are dropped with the [1 straight] template: Bombardment Drone may
        launch the bomb with that template instead; it lands ahead of the ship."""
        game, _me = self.system_turn("bombardmentdrone")
        assert set(values(game)) == {"1F", "launch:1F", "decline"}
        game.answer("launch:1F")
        assert game.state.devices[0].pose.y > 300

    def test_another_bomber_only_drops_it(self):
        """A Techno Union Bomber can only drop it (behind the ship)."""
        game, _me = self.system_turn("technounionbomber")
        assert set(values(game)) == {"1F", "decline"}
        game.answer("1F")
        assert game.state.devices[0].pose.y < 300


# ---------------------------------------------------------------------- DBS-404
class TestDBS404:
    def attack(self, pilot, target_y):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0))
        target = sc.ship("academypilot", player=2, at=(400, target_y, 180))
        game = sc.at(Engage(me))
        load_dice(game, ["hit", "hit", "hit", "hit"], ["blank", "blank", "blank"])
        declare(game, me, target)
        finish(game)
        return game, me

    @pytest.mark.parametrize("pilot", ["dbs404", "dbs404-siegeofcoruscant"])
    def test_one_more_die_at_range_1_then_a_critical_damage(self, pilot):
        """At attack range 1 DBS-404 rolls 4 dice (2, the range bonus and 1 more); the
        attack hits, so it suffers 1 critical damage."""
        game, me = self.attack(pilot, 400)
        assert dice_count(game, 0) == 4
        assert len(ship(game, me).damage) == 1

    def test_another_bomber_rolls_3_at_range_1(self):
        game, me = self.attack("separatistbomber", 400)
        assert dice_count(game, 0) == 3
        assert not ship(game, me).damage

    def test_nothing_at_range_2(self):
        """At attack range 2: 2 dice, and no damage to itself after the hit."""
        game, me = self.attack("dbs404", 500)
        assert dice_count(game, 0) == 2
        assert not ship(game, me).damage


# ------------------------------------------------------------ Baktoid Prototype
class TestBaktoidPrototype:
    def declare_options(self, pilot="baktoidprototype", locker="tradefederationdrone"):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), upgrades=["homingmissiles"])
        sc.ship(locker, at=(500, 300, 0), locks=["p2.1"])
        sc.ship("academypilot", player=2, at=(400, 550, 180))
        game = sc.at(Engage(me))
        assert game.decision.kind == "declare_attack"
        return values(game)

    @pytest.mark.parametrize("pilot", ["baktoidprototype", "baktoidprototype-siegeofcoruscant"])
    def test_a_networked_friends_lock_waives_the_lock_requirement(self, pilot):
        """Homing Missiles need a lock on the defender; Baktoid Prototype has none, but a
        friendly Trade Federation Drone (Networked Calculations) has: it may attack with
        them."""
        assert "homingmissiles@p2.1" in self.declare_options(pilot)

    def test_not_with_a_lock_of_a_ship_without_networked_calculations(self):
        """A friendly T-65's lock (no Networked Calculations): the missiles can't be
        declared."""
        assert "homingmissiles@p2.1" not in self.declare_options(locker="redsquadronveteran")

    def test_another_bomber_needs_its_own_lock(self):
        assert "homingmissiles@p2.1" not in self.declare_options(pilot="separatistbomber")


# ---------------------------------------------------------------------- DBS-32C
class TestDBS32C:
    def scene(self, calculate=1):
        sc = Scene()
        me = sc.ship("dbs32c", at=(400, 300, 0), calculate=calculate)
        drone = sc.ship("tradefederationdrone", at=(500, 300, 0))
        xwing = sc.ship("redsquadronveteran", at=(300, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(FireWindow.of("start_engagement"), phase="engagement")
        return game, me, drone, xwing

    def test_coordinates_a_networked_ship_for_a_calculate_token(self):
        """Start of the Engagement Phase: DBS-32C spends its calculate token to coordinate;
        only the drone (Networked Calculations) can be chosen, not the T-65; the drone
        calculates."""
        game, me, drone, _xwing = self.scene()
        assert set(values(game)) == {"coordinate", "decline"}
        game.answer("coordinate")
        assert not ship(game, me).has(Token.CALCULATE)
        assert game.decision.kind == "coordinate_target"
        assert values(game) == [drone]
        game.answer(drone)
        game.answer("calculate")
        finish(game)
        assert ship(game, drone).has(Token.CALCULATE)

    def test_not_without_a_calculate_token(self):
        game, *_ = self.scene(calculate=0)
        assert game.decision is None


class TestDBS32CSiegeOfCoruscant:
    def scene(self, charges=2):
        sc = Scene()
        me = sc.ship("dbs32c-siegeofcoruscant", at=(400, 300, 0),
                     charges={"dbs32c-siegeofcoruscant": charges})
        enemy = sc.ship("academypilot", player=2, at=(400, 450, 180), focus=1)
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        return game, me, enemy

    def test_jams_after_a_calculate_action_for_a_charge(self):
        """After its calculate action it spends 1 charge to jam the enemy at range 1, which
        loses its focus token."""
        game, me, enemy = self.scene()
        game.answer("calculate")
        assert game.decision.kind == "use_ability"
        assert set(values(game)) == {"jam", "decline"}
        game.answer("jam")
        for _ in range(5):
            if game.decision is None:
                break
            keys = values(game)
            game.answer(enemy if enemy in keys else keys[0])
        assert ship(game, me).charges["dbs32c-siegeofcoruscant"].active == 1
        assert not ship(game, enemy).has(Token.FOCUS)

    def test_not_without_a_charge_nor_after_another_action(self):
        game, _me, _enemy = self.scene(charges=0)
        game.answer("calculate")
        assert game.decision is None or game.decision.kind != "use_ability"
        game, _me, _enemy = self.scene()
        game.answer("lock")
        while game.decision is not None and game.decision.kind == "lock_target":
            game.answer(values(game)[0])
        assert game.decision is None or game.decision.kind != "use_ability"
