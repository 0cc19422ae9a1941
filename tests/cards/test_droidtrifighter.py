"""Droid Tri-Fighter pilots: each test sets a scene, states the card's rule and shows the
ability changing the outcome (the same scene without it, or the state before and after).
Networked Calculations and Modified for Organics are tested in
tests/cards/test_vultureclassdroidfighter.py.

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and range
bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1, 200 mm at
range 2, 300 mm at range 3."""

from __future__ import annotations

import pytest

from tallon.dice import DieKind
from tallon.engine.attack import Engage
from tallon.engine.conditions import has_condition
from tallon.engine.knowledge import sees_dial
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import SystemTurn
from tallon.engine.state import Token
from tallon.scene import Scene, declare, faces, load_dice, start_at
from tests.cards.helpers import finish, modify_with, offers, pass_all, rolled, skip_dice, values


def ship(game, ship_id):
    return game.state.ships[ship_id]


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


# ----------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["separatistinterceptor", "colicoidinterceptor"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only is played by the rules and its ship ability: its
    attack at range 2 (3 dice) hits an undefended target."""
    sc = Scene()
    tri = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tri, target, dice=["hit", "hit", "hit"],
                     defense=["blank", "blank", "blank"])
    pass_all(game)
    assert rolled(game, tri) == ["hit", "hit", "hit"]
    assert len(ship(game, target).damage) == 3


# --------------------------------------------------------------------- DIS-T81
class TestDIST81:
    def defend(self, friend_at, pilot="dist81"):
        """A TIE (y 500, facing -y) attacks DIS-T81 (or a Colicoid Interceptor), which
        rolls a focus; a friendly drone with a calculate token stands at ``friend_at``,
        beyond range 1 of the defender."""
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0))
        friend = sc.ship("tradefederationdrone", at=friend_at, calculate=1)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(tie))
        load_dice(game, ["hit", "blank"], ["focus", "blank", "blank"])
        declare(game, tie, me)
        skip_dice(game, "modify_defense_dice", me)
        return game, friend

    def test_spends_the_token_of_a_friend_in_the_attackers_arc(self):
        """The drone at range 2 stands in the TIE's front arc: DIS-T81 spends its calculate
        token to change the focus result to an evade, canceling the hit."""
        game, friend = self.defend((600, 250, 0))
        modify_with(game, "dist81")
        assert not ship(game, friend).has(Token.CALCULATE)
        skip_dice(game)
        assert "0 hit(s)" in neutralized(game)

    def test_not_a_friend_outside_the_enemys_arc(self):
        """The drone beside the TIE, outside its firing arc: nothing is offered and the hit
        stands."""
        game, friend = self.defend((650, 550, 0))
        assert not offers(game, "dist81")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)
        assert ship(game, friend).has(Token.CALCULATE)

    def test_another_pilot_cannot(self):
        game, _friend = self.defend((600, 250, 0), pilot="colicoidinterceptor")
        assert not offers(game, "dist81")


class TestDIST81SiegeOfCoruscant:
    def test_rerolls_dice_for_deplete_tokens_when_attacking(self):
        """Attacking with 2 blanks and a hit: DIS-T81 rerolls both blanks (they show hits)
        and gains 2 deplete tokens; 3 hits instead of 1."""
        sc = Scene()
        me = sc.ship("dist81-siegeofcoruscant", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(me))
        load_dice(game, ["blank", "blank", "hit"], (),
                  then=faces(DieKind.ATTACK, ["hit", "hit"])
                  + faces(DieKind.DEFENSE, ["blank", "blank", "blank"]))
        declare(game, me, tie)
        skip_dice(game, "modify_attack_dice", me)
        key = next(k for k in values(game) if k.startswith("dist81-siegeofcoruscant")
                   and k.endswith("reroll=blank,blank"))
        game.answer(key)
        assert ship(game, me).count(Token.DEPLETE) == 2
        skip_dice(game)
        assert "3 hit(s)" in neutralized(game)

    def test_rerolls_a_die_for_a_strain_token_when_defending(self):
        """Defending, it rerolls 1 blank (an evade) and gains 1 strain token."""
        sc = Scene()
        me = sc.ship("dist81-siegeofcoruscant", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(tie))
        load_dice(game, ["hit", "blank"], (),
                  then=faces(DieKind.DEFENSE, ["blank", "blank", "blank"])
                  + faces(DieKind.DEFENSE, ["evade"]))
        declare(game, tie, me)
        skip_dice(game, "modify_defense_dice", me)
        key = next(k for k in values(game) if k.startswith("dist81-siegeofcoruscant")
                   and k.endswith("reroll=blank"))
        game.answer(key)
        me_now = ship(game, me)
        assert me_now.count(Token.STRAIN) == 1 and not me_now.has(Token.DEPLETE)
        skip_dice(game)
        assert "0 hit(s)" in neutralized(game)

    def test_not_another_pilot(self):
        sc = Scene()
        me = sc.ship("dist81", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(me))
        load_dice(game, ["blank", "blank", "hit"], ["blank", "blank", "blank"])
        declare(game, me, tie)
        skip_dice(game, "modify_attack_dice", me)
        assert not offers(game, "dist81-siegeofcoruscant")


# ---------------------------------------------------- Phlac-Arphocc Prototype
class TestPhlacArphoccPrototype:
    def system_turn(self, locks):
        sc = Scene()
        me = sc.ship("phlacarphoccprototype", at=(400, 300, 0), locks=locks)
        enemy = sc.ship("academypilot", player=2, at=(400, 600, 180))
        game = sc.game()
        game.state.ships[enemy].dial_set = "2FW"
        start_at(game, SystemTurn(me), phase="system")
        return game, me, enemy

    def test_spends_its_lock_to_look_at_the_dial(self):
        """System Phase, with a lock on the enemy: it spends the lock and its player now
        knows the enemy's dial."""
        game, me, enemy = self.system_turn(["p2.1"])
        assert not sees_dial(game.state, ship(game, enemy), 1)
        assert set(values(game)) == {enemy, "decline"}
        game.answer(enemy)
        assert sees_dial(game.state, ship(game, enemy), 1)
        assert not ship(game, me).locks

    def test_not_without_a_lock(self):
        game, _me, enemy = self.system_turn([])
        assert game.decision is None or game.decision.kind != "use_ability"
        assert not sees_dial(game.state, ship(game, enemy), 1)


class TestPhlacArphoccPrototypeSiegeOfCoruscant:
    @pytest.mark.parametrize("enemy_x, gains", [(400.0, True), (600.0, False)])
    def test_gains_a_calculate_token_with_an_enemy_in_its_bullseye(self, enemy_x, gains):
        """Start of the Engagement Phase: an enemy straight ahead (bullseye arc) gives it a
        calculate token; one off to the side does not."""
        sc = Scene()
        me = sc.ship("phlacarphoccprototype-siegeofcoruscant", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(enemy_x, 600, 180))
        game = sc.at(FireWindow.of("start_engagement"), phase="engagement")
        assert ship(game, me).has(Token.CALCULATE) is gains


# ---------------------------------------------------------- Fearsome Predator
class TestFearsomePredator:
    def test_assigns_fearful_prey_to_an_enemy_after_placing_forces(self):
        """After forces are placed, the chosen enemy ship gets Fearful Prey."""
        sc = Scene()
        sc.ship("fearsomepredator", at=(400, 300, 0))
        first = sc.ship("academypilot", player=2, at=(300, 600, 180))
        second = sc.ship("academypilot", player=2, at=(500, 600, 180))
        game = sc.at(FireWindow.of("after_place_forces"), phase="setup")
        assert set(values(game)) == {first, second}
        game.answer(second)
        finish(game)
        assert has_condition(ship(game, second), "fearfulprey")
        assert not has_condition(ship(game, first), "fearfulprey")

    def test_another_pilot_assigns_nothing(self):
        sc = Scene()
        sc.ship("separatistinterceptor", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(300, 600, 180))
        game = sc.at(FireWindow.of("after_place_forces"), phase="setup")
        assert game.decision is None
        assert not has_condition(ship(game, enemy), "fearfulprey")


# -------------------------------------------------------------------- DIS-347
class TestDIS347:
    def scene(self, pilot="dis347", enemy_y=550.0, friend_locks=("p2.1",)):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0))
        sc.ship("tradefederationdrone", at=(200, 300, 0), locks=list(friend_locks))
        enemy = sc.ship("academypilot", player=2, at=(400, enemy_y, 180))
        game = sc.at(FireWindow.of("start_engagement"), phase="engagement")
        return game, me, enemy

    @pytest.mark.parametrize("pilot", ["dis347", "dis347-siegeofcoruscant"])
    def test_locks_an_object_a_friend_has_locked(self, pilot):
        """A friendly drone has locked the enemy at range 2 of DIS-347: at the start of the
        Engagement Phase DIS-347 locks it too."""
        game, me, enemy = self.scene(pilot)
        assert set(values(game)) == {enemy, "decline"}
        game.answer(enemy)
        assert ship(game, me).locks == [enemy]

    def test_not_without_a_friendly_lock_nor_beyond_range_3(self):
        for enemy_y, locks in ((550.0, ()), (800.0, ("p2.1",))):
            game, me, _enemy = self.scene(enemy_y=enemy_y, friend_locks=locks)
            assert game.decision is None
            assert not ship(game, me).locks


# ------------------------------------------------------------------ Volan Das
class TestVolanDas:
    def scene(self, code, enemy_at=(400, 560, 180)):
        """Volan Das (y 300) executes ``code``; a [3 K-turn] ends it about y 460 facing -y,
        the enemy at ``enemy_at`` is then at range 1."""
        sc = Scene()
        me = sc.ship("volandas", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=enemy_at)
        game = sc.at(ExecuteManeuver(me, code), phase="activation")
        return game, me, enemy

    def test_a_red_maneuver_strains_an_enemy_and_removes_his_stress(self):
        """After fully executing a red [3 K-turn] (gaining a stress token), the enemy at
        range 1 gains a strain token and Volan Das removes his stress token."""
        game, me, enemy = self.scene("3KR")
        assert ship(game, me).stressed
        assert set(values(game)) == {enemy, "decline"}
        game.answer(enemy)
        assert set(values(game)) == {"remove", "keep"}
        game.answer("remove")
        finish(game)
        assert ship(game, enemy).has(Token.STRAIN)
        assert not ship(game, me).stressed

    def test_not_after_a_white_maneuver_nor_without_an_enemy_at_range_1(self):
        """A white [2 bank left]: no strain; a red maneuver with the enemy far: nothing."""
        for code, at in (("2BW", (360, 560, 180)), ("3KR", (400, 850, 180))):
            game, _me, enemy = self.scene(code, at)
            assert game.decision is None or game.decision.kind != "use_ability"
            assert not ship(game, enemy).has(Token.STRAIN)
