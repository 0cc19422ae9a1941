"""Attack shuttle pilots and the ship ability Locked and Loaded: each test sets a scene,
states the card's rule and shows the ability changing the outcome.

Geometry: player 1's ships face +y, player 2's face -y; range bands are 100 mm. A docked
shuttle is taken off the table and listed by its carrier (as engine/docking.py does)."""

from __future__ import annotations

import pytest

from tallon.engine.attack import Engage
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import (
    activation,
    answer,
    attack,
    logged,
    modify_with,
    offers,
    pass_all,
    pass_until,
    values,
)


def dock(carrier: str, shuttle: str):
    """A scene step: the shuttle docked in the carrier (off the table)."""
    def docked(game):
        game.state.ships[carrier].docked = (shuttle,)
        game.state.ships[shuttle].body = None
        game.state.moved()
    return docked


def loaded_scene():
    sc = Scene()
    vcx = sc.ship("lothalrebel", at=(400, 400, 0), upgrades=["ghost"])
    shuttle = sc.ship("zeborrelios", at=(700, 100, 0))
    front = sc.ship("academypilot", player=2, at=(400, 600, 180))
    rear = sc.ship("academypilot", player=2, at=(400, 200, 0))
    return sc, vcx, shuttle, front, rear


class TestLockedAndLoaded:
    def test_docked_shuttle_gives_the_carrier_a_bonus_rear_attack(self):
        """Locked and Loaded: while the shuttle is docked, after its carrier performs a
        primary front-arc attack, the carrier may perform a bonus primary rear-arc attack
        (with the rear weapon Tail Gun gives it): the enemy behind the VCX is attacked."""
        sc, vcx, shuttle, front, rear = loaded_scene()
        game = attack(sc, vcx, front, ["blank"] * 4, ["blank"] * 3, before=dock(vcx, shuttle))
        pass_until(game, "use_ability", shuttle)
        answer(game, "use_ability", "use", shuttle)
        assert values(game) == ["primary:rear@" + rear, "none"]
        answer(game, "bonus_attack", "primary:rear@" + rear, vcx)
        assert logged(game, "attack", f"({rear}) with its primary rear weapon at range 2 as "
                      "a bonus attack")

    def test_a_shuttle_on_the_table_does_nothing(self):
        """The same scene with the shuttle deployed (not docked): the VCX has no rear
        weapon and no bonus attack is offered after its front attack."""
        sc, vcx, _shuttle, front, _rear = loaded_scene()
        game = attack(sc, vcx, front, ["blank"] * 4, ["blank"] * 3)
        kinds = pass_all(game)
        assert "bonus_attack" not in kinds
        assert not [e for e in game.log if e["kind"] == "ability"]

    def test_the_rear_bonus_attack_does_not_trigger_it_again(self):
        """After the carrier's rear-arc attack (not front or turret) Locked and Loaded does
        not trigger: attacking the rear enemy first offers no bonus attack."""
        sc, vcx, shuttle, _front, rear = loaded_scene()
        game = sc.game()
        dock(vcx, shuttle)(game)
        start_at(game, Engage(vcx), phase="engagement")
        load_dice(game, ["blank"] * 3, ["blank"] * 3)
        declare(game, vcx, rear, "primary:rear")
        kinds = pass_all(game)
        assert "bonus_attack" not in kinds and "use_ability" not in kinds


class TestZebOrrelios:
    @pytest.mark.parametrize("defender, faceup", [("zeborrelios", 0), ("sabinewren", 1)])
    def test_crits_are_neutralized_first(self, defender, faceup):
        """Zeb: while he defends, crits are neutralized before hits: 1 evade against a hit
        and a crit (shields down) leaves the hit, a facedown card; Sabine keeps the crit,
        a faceup card."""
        sc = Scene()
        attacker = sc.ship("academypilot", at=(400, 300, 0))
        rebel = sc.ship(defender, player=2, at=(400, 500, 180), shields=0)
        game = attack(sc, attacker, rebel, ["hit", "crit"], ["evade", "blank"],
                      deck=["consolefire"])
        pass_all(game)
        damage = game.state.ships[rebel].damage
        assert len(damage) == 1
        assert sum(d.faceup for d in damage) == faceup


class TestEzraBridger:
    def ezra_game(self, stress: int):
        sc = Scene()
        ezra = sc.ship("ezrabridger", at=(400, 300, 0), stress=stress)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(ezra, tie, dice=["focus", "focus", "blank"], defense=["blank"] * 3)
        return game, ezra, tie

    def test_stressed_he_spends_force_to_change_two_focus(self):
        """Ezra Bridger: attacking while stressed, he may spend 1 Force to change up to 2
        focus results to hits: 2 damage instead of none."""
        game, ezra, tie = self.ezra_game(stress=1)
        pass_until(game, "modify_attack_dice", ezra)
        modify_with(game, "ezrabridger", "change 2 focus to hit")
        assert game.state.ships[ezra].force == 0
        pass_all(game)
        assert len(game.state.ships[tie].damage) == 2

    def test_not_stressed_no_option(self):
        game, ezra, tie = self.ezra_game(stress=0)
        pass_until(game, "modify_attack_dice", ezra)
        assert not offers(game, "ezrabridger")
        pass_all(game)
        assert not game.state.ships[tie].damage


class TestHeraSyndulla:
    def test_red_maneuver_becomes_another_red_one(self):
        """Hera Syndulla: after revealing a red maneuver she may set her dial to another
        red one: [1 turn] red becomes the [4 K-turn] (she ends facing the other way)."""
        sc = Scene()
        hera = sc.ship("herasyndulla", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = activation(sc, hera, "1TR")
        assert set(values(game)) == {"1YR", "3TR", "3YR", "4KR", "decline"}
        answer(game, "use_ability", "4KR", hera)
        assert game.state.ships[hera].pose.heading == pytest.approx(180.0)

    def test_white_maneuver_does_not_trigger(self):
        """A white maneuver revealed: no question, she executes it."""
        sc = Scene()
        hera = sc.ship("herasyndulla", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = activation(sc, hera, "2TW")
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[hera].pose.heading != pytest.approx(0.0)


class TestSabineWren:
    def test_boosts_before_activating(self):
        """Sabine Wren: before she activates she may perform a barrel roll or boost
        action (boost is not on the shuttle's bar): she boosts before revealing."""
        sc = Scene()
        sabine = sc.ship("sabinewren", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = activation(sc, sabine, "2FB")
        assert set(values(game)) == {"barrel_roll", "boost", "decline"}
        answer(game, "use_ability", "boost", sabine)
        answer(game, "boost_direction", "straight")
        assert "boost" in game.state.ships[sabine].actions_done
        assert game.state.ships[sabine].pose.y == pytest.approx(500.0)

    def test_declined_she_just_moves(self):
        sc = Scene()
        sabine = sc.ship("sabinewren", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = activation(sc, sabine, "2FB")
        answer(game, "use_ability", "decline", sabine)
        assert game.state.ships[sabine].pose.y == pytest.approx(420.0)
        assert not game.state.ships[sabine].has(Token.EVADE)

