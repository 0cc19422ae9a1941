"""Sheathipede-class shuttle pilots and the ship ability Comms Shuttle: each test sets a
scene, states the card's rule and shows the ability changing the outcome.

Geometry: player 1's ships face +y, player 2's face -y; range bands are 100 mm. A docked
shuttle is taken off the table and listed by its carrier (as engine/docking.py does)."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction, bar_actions
from tallon.engine.attack import Engage
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import (
    answer,
    attack,
    modify_with,
    offers,
    pass_all,
    pass_until,
    values,
)


def comms_scene(docked: bool):
    sc = Scene()
    vcx = sc.ship("lothalrebel", at=(400, 300, 0), upgrades=["ghost"])
    shuttle = sc.ship("zeborrelios-sheathipedeclassshuttle", at=(700, 100, 0))
    wing = sc.ship("lothalrebel", at=(250, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    if docked:
        game.state.ships[vcx].docked = (shuttle,)
        game.state.ships[shuttle].body = None
        game.state.moved()
    return game, vcx, shuttle, wing


class TestCommsShuttle:
    def test_the_carrier_gains_a_coordinate_action(self):
        """Comms Shuttle: while the shuttle is docked its carrier has a coordinate action
        on its bar; the VCX without the docked shuttle has none."""
        for docked in (True, False):
            game, vcx, _, _ = comms_scene(docked)
            kinds = [s.kind for s in bar_actions(game, game.state.ships[vcx])]
            assert ("coordinate" in kinds) is docked

    def test_before_the_carrier_activates_it_may_coordinate(self):
        """Before its carrier activates, the docked shuttle lets it perform a coordinate
        action: the VCX coordinates the other VCX, which gains a focus token."""
        game, vcx, shuttle, wing = comms_scene(True)
        game.state.ships[vcx].dial_set = "2FB"
        start_at(game, Activate(vcx), phase="activation")
        assert values(game) == ["coordinate", "decline"]
        answer(game, "use_ability", "coordinate", shuttle)
        answer(game, "coordinate_target", wing, vcx)
        answer(game, "perform_action", "focus", wing)
        assert game.state.ships[wing].has(Token.FOCUS)
        assert "coordinate" in game.state.ships[vcx].actions_done

    def test_not_while_the_shuttle_is_on_the_table(self):
        """The shuttle deployed: its carrier activates without the coordinate offer."""
        game, vcx, _, _ = comms_scene(False)
        game.state.ships[vcx].dial_set = "2FB"
        start_at(game, Activate(vcx), phase="activation")
        assert game.decision is None or game.decision.kind != "use_ability"


class TestZebOrrelios:
    @pytest.mark.parametrize("defender, faceup", [("zeborrelios-sheathipedeclassshuttle", 0),
                                                  ("ezrabridger-sheathipedeclassshuttle", 1)])
    def test_crits_are_neutralized_first(self, defender, faceup):
        """Zeb: while he defends, crits are neutralized before hits: 1 evade against a hit
        and a crit (shields down) leaves the hit, a facedown card; another pilot keeps the
        crit, a faceup card."""
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
    @pytest.mark.parametrize("stress, damage", [(1, 2), (0, 0)])
    def test_stressed_he_spends_force_to_change_two_focus(self, stress, damage):
        """Ezra Bridger: attacking while stressed, he may spend 1 Force to change up to 2
        focus results to hits (2 damage); not stressed he has no such option (none)."""
        sc = Scene()
        ezra = sc.ship("ezrabridger-sheathipedeclassshuttle", at=(400, 300, 0), stress=stress)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(ezra, tie, dice=["focus", "focus", "blank"], defense=["blank"] * 3)
        pass_until(game, "modify_attack_dice", ezra)
        assert offers(game, "ezrabridger-sheathipedeclassshuttle") is bool(stress)
        if stress:
            modify_with(game, "ezrabridger-sheathipedeclassshuttle", "change 2 focus to hit")
        pass_all(game)
        assert len(game.state.ships[tie].damage) == damage


FENN = "fennrau-sheathipedeclassshuttle"


def fenn_game(stress: int = 0, enemy_x: float = 400):
    sc = Scene()
    fenn = sc.ship(FENN, at=(400, 300, 0), stress=stress)
    enemy = sc.ship("academypilot", player=2, at=(enemy_x, 500, 180), tokens={"focus": 1})
    game = sc.game()
    start_at(game, Engage(enemy), phase="engagement")
    return game, fenn, enemy


class TestFennRau:
    def test_the_engaging_enemy_cannot_spend_its_focus_token(self):
        """Fenn Rau: before an enemy ship in his firing arc engages, if he is not
        stressed, he may gain 1 stress token; that ship then can't spend tokens to modify
        its attack dice: its focus results stay (Fenn has 1 shield, so no damage)."""
        game, fenn, enemy = fenn_game()
        answer(game, "use_ability", "use", fenn)
        assert game.state.ships[fenn].count(Token.STRESS) == 1
        load_dice(game, ["focus", "focus"], ["blank", "blank"])
        declare(game, enemy, fenn)
        kinds = pass_all(game)
        assert "modify_attack_dice" not in kinds  # its focus token was its only option
        assert game.state.ships[enemy].has(Token.FOCUS)
        assert game.state.ships[fenn].shields == 1

    def test_declined_the_enemy_spends_its_focus(self):
        """The same scene, Fenn declining: the enemy spends its focus token."""
        game, fenn, enemy = fenn_game()
        answer(game, "use_ability", "decline", fenn)
        load_dice(game, ["focus", "focus"], ["blank", "blank"])
        declare(game, enemy, fenn)
        pass_until(game, "modify_attack_dice", enemy)
        assert "focus" in [(o.info or {}).get("source") for o in game.decision.options]

    @pytest.mark.parametrize("stress, enemy_x", [(1, 400), (0, 900)])
    def test_not_when_stressed_or_out_of_arc(self, stress, enemy_x):
        """Fenn stressed, or the enemy outside his firing arcs: no question."""
        game, _fenn, _enemy = fenn_game(stress, enemy_x)
        assert game.decision is None or game.decision.kind != "use_ability"


def ap5_game(pilot: str, stress: int):
    sc = Scene()
    coordinator = sc.ship(pilot, at=(400, 300, 0))
    friend = sc.ship("sabinewren", at=(550, 300, 0), stress=stress)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(coordinator, during_activation=True), phase="activation")
    answer(game, "perform_action", "coordinate", coordinator)
    answer(game, "coordinate_target", friend, coordinator)
    return game, friend


class TestAP5:
    def test_a_ship_with_one_stress_token_acts(self):
        """AP-5: while she coordinates, a chosen ship with exactly 1 stress token can
        perform actions: the stressed attack shuttle focuses."""
        game, friend = ap5_game("ap5", 1)
        assert "focus" in values(game)
        answer(game, "perform_action", "focus", friend)
        assert game.state.ships[friend].has(Token.FOCUS)

    @pytest.mark.parametrize("pilot, stress", [("ap5", 2),
                                               ("ezrabridger-sheathipedeclassshuttle", 1)])
    def test_not_with_two_stress_tokens_nor_for_another_pilot(self, pilot, stress):
        """With 2 stress tokens, or coordinated by another pilot, the stressed ship can't
        act: no action is offered and it gains no focus."""
        game, friend = ap5_game(pilot, stress)
        d = game.decision
        assert d is None or d.ship != friend or d.kind != "perform_action"
        assert not game.state.ships[friend].has(Token.FOCUS)
