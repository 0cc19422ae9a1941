"""TIE Advanced x1 pilots and the Advanced Targeting Computer ship ability: each test sets a
scene, states the card's rule and shows the ability changing the outcome.

Player 1's ships face +y, player 2's face -y; centres 200 mm apart on a line are at range
2 (no range bonus)."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.queue import FireWindow
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import (
    activation,
    answer,
    attack,
    logged,
    modify_with,
    offers,
    pass_all,
    pass_until,
    rolled,
    values,
)


# ----------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["stormsquadronace", "tempestsquadronpilot"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only (and the ship ability, which needs a lock) attacks
    with its 2 dice."""
    sc = Scene()
    x1 = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(x1, target, dice=["hit", "hit"], defense=["blank"] * 3)
    pass_all(game)
    assert rolled(game, x1) == ["hit", "hit"]
    assert len(game.state.ships[target].damage) == 2


# --------------------------------------------------- Advanced Targeting Computer
def test_advanced_targeting_computer_with_a_lock():
    """Advanced Targeting Computer: a primary attack against a locked defender rolls 1 more
    die and must change 1 hit to a critical hit."""
    sc = Scene()
    x1 = sc.ship("stormsquadronace", at=(400, 300, 0), locks=["p2.1"])
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = attack(sc, x1, target, ["hit", "hit", "blank"], ["blank"] * 3,
                  deck=["consolefire", "structuraldamage"])
    assert len(rolled(game, x1)) == 3
    d = game.decision
    assert d.kind == "modify_attack_dice"
    assert "done" not in d.option_keys()  # the change is not optional
    modify_with(game, "Advanced Targeting Computer", "change 1 hit to crit")
    pass_all(game)
    assert sorted(c.faceup for c in game.state.ships[target].damage) == [False, True]


def test_advanced_targeting_computer_without_a_lock():
    sc = Scene()
    x1 = sc.ship("stormsquadronace", at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = attack(sc, x1, target, ["hit", "hit"], ["blank"] * 3,
                  deck=["consolefire", "structuraldamage"])
    pass_all(game)
    assert len(rolled(game, x1)) == 2
    assert [c.faceup for c in game.state.ships[target].damage] == [False, False]


# ---------------------------------------------------------------- Darth Vader
@pytest.mark.parametrize("pilot", ["darthvader", "darthvader-swz105"])
def test_darth_vader_spends_force_for_a_second_action(pilot):
    """Darth Vader: after performing an action he may spend 1 Force to perform an action
    (the action is chosen with the ability)."""
    sc = Scene()
    vader = sc.ship(pilot, at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 600, 180))
    game = sc.at(PerformAction(vader, during_activation=True), phase="activation")
    answer(game, "perform_action", "lock", vader)
    answer(game, "lock_target", "p2.1")
    assert set(values(game)) == {"focus", "barrel_roll", "decline"}
    answer(game, "use_ability", "focus", vader)
    ship = game.state.ships[vader]
    assert ship.force == 2 and ship.has(Token.FOCUS) and ship.locks == ["p2.1"]


def test_darth_vader_without_force_performs_one_action():
    sc = Scene()
    vader = sc.ship("darthvader", at=(400, 300, 0), force=0)
    sc.ship("academypilot", player=2, at=(400, 600, 180))
    game = sc.at(PerformAction(vader, during_activation=True), phase="activation")
    answer(game, "perform_action", "lock", vader)
    answer(game, "lock_target", "p2.1")
    assert game.decision is None
    assert not game.state.ships[vader].has(Token.FOCUS)


# ------------------------------------------------------- Darth Vader (Yavin)
def test_darth_vader_yavin_turns_a_blank_into_a_hit_with_the_force():
    """Darth Vader (Battle of Yavin): attacking, he may spend 1 Force to change 1 blank
    result to a hit."""
    sc = Scene()
    vader = sc.ship("darthvader-battleofyavin", at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(vader, target, dice=["hit", "blank"], defense=["blank"] * 3)
    modify_with(game, "darthvader-battleofyavin", "change 1 blank to hit")
    pass_all(game)
    assert game.state.ships[vader].force == 2
    assert len(game.state.ships[target].damage) == 2


def test_darth_vader_yavin_without_force_has_no_such_choice():
    sc = Scene()
    vader = sc.ship("darthvader-battleofyavin", at=(400, 300, 0), force=0)
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(vader, target, dice=["hit", "blank"], defense=["blank"] * 3)
    assert not offers(game, "darthvader-battleofyavin")
    pass_all(game)
    assert len(game.state.ships[target].damage) == 1


# --------------------------------------------------------------- Maarek Stele
@pytest.mark.parametrize("pilot", ["maarekstele", "maarekstele-swz105"])
def test_maarek_stele_chooses_the_faceup_damage_card(pilot):
    """Maarek Stele: attacking, when the defender would be dealt a faceup damage card, he
    draws 3 cards instead, chooses the one dealt (faceup) and discards the other 2."""
    sc = Scene()
    maarek = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = attack(sc, maarek, target, ["crit", "blank"], ["blank"] * 3,
                  deck=["directhit", "consolefire", "structuraldamage"])
    pass_until(game, "maarek_damage_card")
    d = game.decision
    assert d.player == 1 and [o.key for o in d.options] == [
        "directhit", "consolefire", "structuraldamage"]
    game.answer("structuraldamage")
    pass_all(game)
    damage = game.state.ships[target].damage
    assert [(c.card, c.faceup) for c in damage] == [("structuraldamage", True)]
    assert sorted(game.state.players[1].discard) == ["consolefire", "directhit"]


def test_maarek_stele_sees_two_copies_of_a_card_as_one_choice():
    """Maarek Stele draws Direct Hit twice and Console Fire. Ruling (two copies of one card
    are one choice): he chooses between Direct Hit and Console Fire; keeping Console Fire
    discards both copies of Direct Hit."""
    sc = Scene()
    maarek = sc.ship("maarekstele", at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = attack(sc, maarek, target, ["crit", "blank"], ["blank"] * 3,
                  deck=["directhit", "directhit", "consolefire"])
    pass_until(game, "maarek_damage_card")
    assert game.decision.option_keys() == ["directhit", "consolefire"]
    game.answer("consolefire")
    pass_all(game)
    assert [(c.card, c.faceup) for c in game.state.ships[target].damage] == [
        ("consolefire", True)]
    assert game.state.players[1].discard == ["directhit", "directhit"]


def test_without_maarek_the_top_card_is_dealt_faceup():
    sc = Scene()
    x1 = sc.ship("stormsquadronace", at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = attack(sc, x1, target, ["crit", "blank"], ["blank"] * 3,
                  deck=["consolefire", "directhit", "structuraldamage"])
    pass_all(game)
    assert [(c.card, c.faceup) for c in game.state.ships[target].damage] == [
        ("consolefire", True)]


# ------------------------------------------------------------------ Ved Foslo
def test_ved_foslo_may_fly_one_speed_faster_or_slower():
    """Ved Foslo: executing a maneuver he may execute one of the same bearing and
    difficulty 1 speed higher or lower instead ([2 turn] -> [1 turn] or [3 turn])."""
    sc = Scene()
    ved = sc.ship("vedfoslo", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = activation(sc, ved, "2TW")
    assert set(values(game)) == {"2TW", "1TW", "3TW"}
    answer(game, "choose_maneuver", "3TW", ved)
    assert logged(game, "move", "executes [3TW]")


def test_ved_foslo_has_no_zero_speed_bank():
    """FAQ: a [1 bank] can't become a [0 bank]; only [2 bank] is offered."""
    sc = Scene()
    ved = sc.ship("vedfoslo", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = activation(sc, ved, "1BB")
    assert set(values(game)) == {"1BB", "2BB"}


def test_other_x1_pilots_execute_the_revealed_maneuver():
    sc = Scene()
    x1 = sc.ship("stormsquadronace", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = activation(sc, x1, "2TW")
    assert game.decision.kind == "perform_action"
    assert logged(game, "move", "executes [2TW]")


# ---------------------------------------------------------------- Zertik Strom
def zertik_scene(locked: bool):
    sc = Scene()
    zertik = sc.ship("zertikstrom", at=(400, 300, 0), locks=["p2.1"] if locked else [])
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.game()
    game.state.ships[enemy].damage = (DamageCard("consolefire", False, 90),)
    start_at(game, FireWindow.of("end_phase"), phase="end")
    return game, zertik, enemy


def test_zertik_strom_spends_a_lock_to_expose_a_damage_card():
    """Zertik Strom: during the End Phase he may spend a lock he has on an enemy ship to
    expose 1 of its damage cards."""
    game, zertik, enemy = zertik_scene(locked=True)
    answer(game, "use_ability", f"{enemy}:90", zertik)
    assert game.state.ships[enemy].damage[0].faceup
    assert game.state.ships[zertik].locks == []


def test_zertik_strom_without_a_lock_does_nothing():
    game, _, enemy = zertik_scene(locked=False)
    assert game.decision is None
    assert not game.state.ships[enemy].damage[0].faceup


# ---------------------------------------------------------------- Juno Eclipse
def juno_locks_then_boosts():
    """Juno's action: a lock, then (her ability) a straight red boost."""
    sc = Scene()
    juno = sc.ship("junoeclipse", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 600, 180))
    game = sc.at(PerformAction(juno, during_activation=True), phase="activation")
    answer(game, "perform_action", "lock", juno)
    answer(game, "lock_target", "p2.1")
    answer(game, "use_ability", "boost", juno)
    answer(game, "boost_direction", "straight")
    return game, juno


def test_juno_eclipse_boosts_after_an_action():
    """Juno Eclipse: after performing an action she may perform a red boost action (the
    TIE Advanced x1 has no boost on its bar)."""
    game, juno = juno_locks_then_boosts()
    ship = game.state.ships[juno]
    assert ship.pose.y == pytest.approx(380.0) and ship.count(Token.STRESS) == 1


def test_juno_eclipse_stressed_by_the_boost_does_not_boost_again():
    """After the red boost (an action) she could trigger again, but a stressed ship can't
    boost and she already boosted this round."""
    game, _ = juno_locks_then_boosts()
    assert game.decision is None
