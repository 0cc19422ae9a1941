"""Sensor upgrades: each test sets a scene, states the card's rule and shows the card
changing the outcome."""

from __future__ import annotations

from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import answer, attack, modify_with, offers, pass_all, values


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
