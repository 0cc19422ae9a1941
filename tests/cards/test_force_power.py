"""Force power upgrades: each card in a scene built for it, compared with the same scene
without the card (or before/after it acts). Luke Skywalker (Force 2) and Darth Vader
(Force 3) carry them; scenarios don't check Force-side restrictions."""

from __future__ import annotations

from typing import Any

import pytest

from tallon.dice import Face
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import answer, finish, offered, option_with, rolled, skip_to


# ------------------------------------------------------------------ Instinctive Aim
def torpedo_scene(upgrades: list[str], force: int = 2):
    """Luke with proton torpedoes and no lock; a TIE at range 2 ahead."""
    sc = Scene()
    luke = sc.ship("lukeskywalker-swz106", at=(400, 300, 0),
                   upgrades=["protontorpedoes", *upgrades], force=force)
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(luke)
    return game, luke, tie


def torpedo_offered(game) -> bool:
    return any("defender" in (o.info or {}) and o.info["weapon"] == "protontorpedoes"
               for o in game.decision.options)


def test_instinctive_aim_fires_torpedoes_without_a_lock():
    """Instinctive Aim: Luke spends 1 Force to ignore the torpedoes' lock requirement and
    attacks with 4 dice; the torpedoes spend their charge as usual."""
    game, luke, tie = torpedo_scene(["instinctiveaim"])
    assert torpedo_offered(game)
    assert "spending 1 Force" in option_with_value(game, "protontorpedoes").label
    game.answer(f"protontorpedoes@{tie}")
    s = game.state.ships[luke]
    assert s.force == 1 and s.charges["protontorpedoes"].active == 1
    finish(game)
    assert len(rolled(game, luke)) == 4


def option_with_value(game, weapon: str) -> Any:
    return next(o for o in game.decision.options
                if "defender" in (o.info or {}) and o.info["weapon"] == weapon)


def test_without_instinctive_aim_the_torpedoes_need_a_lock():
    game, _, _ = torpedo_scene([])
    assert not torpedo_offered(game)


def test_instinctive_aim_needs_a_force():
    game, _, _ = torpedo_scene(["instinctiveaim"], force=0)
    assert not torpedo_offered(game)


def test_instinctive_aim_with_a_lock_costs_nothing():
    sc = Scene()
    luke = sc.ship("lukeskywalker-swz106", at=(400, 300, 0),
                   upgrades=["protontorpedoes", "instinctiveaim"], locks=["p2.1"])
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(luke, tie, weapon="protontorpedoes", dice=["hit"] * 4,
                     defense=["blank"] * 3)
    assert game.state.ships[luke].force == 2


# ---------------------------------------------------------------------------- Hate
@pytest.mark.parametrize(("upgrades", "force", "after"), [(["hate"], 0, 2), ([], 0, 0),
                                                          (["hate"], 2, 3)])
def test_hate_turns_damage_into_force(upgrades, force, after):
    """Darth Vader (Force 3) suffers 2 damage (his 2 shields): with Hate he recovers 2
    Force (no more than his capacity); without it, none."""
    sc = Scene()
    vader = sc.ship("darthvader", player=2, at=(400, 500, 180), upgrades=upgrades,
                    force=force)
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
    game = sc.attack(xwing, vader, dice=["hit", "hit", "blank"], defense=["blank"] * 3)
    finish(game)
    s = game.state.ships[vader]
    assert s.shields == 0 and s.force == after


# --------------------------------------------------------------- Brilliant Evasion
def evasion_scene(upgrades: list[str], x: float):
    """The TIE attacks Luke; at x=470 he is in its front arc but not its bullseye."""
    sc = Scene()
    luke = sc.ship("lukeskywalker-swz106", at=(x, 300, 0), upgrades=upgrades)
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tie, luke, dice=["hit", "hit"], defense=["focus", "focus"])
    skip_to(game, "modify_defense_dice", luke)
    return game, luke


def test_brilliant_evasion_changes_two_focus_results():
    game, luke = evasion_scene(["brilliantevasion"], 470)
    answer(game, "modify_defense_dice", option_with(game, "Brilliant Evasion"), luke)
    s = game.state.ships[luke]
    assert s.force == 1
    finish(game)
    assert s.shields == 2  # both hits evaded for 1 Force


def test_brilliant_evasion_not_in_the_bullseye():
    game, _ = evasion_scene(["brilliantevasion"], 400)
    assert not offered(game, "Brilliant Evasion")


def test_without_brilliant_evasion_a_force_changes_only_one_focus():
    game, _ = evasion_scene([], 470)
    assert not offered(game, "Brilliant Evasion")
    assert offered(game, "1 focus")


# ------------------------------------------------------------------------ Patience
def patience_scene(upgrades: list[str], enemy_heading_at: tuple[float, float, float]):
    sc = Scene()
    luke = sc.ship("lukeskywalker", at=(400, 300, 0), upgrades=upgrades, force=1)
    sc.ship("academypilot", player=2, at=enemy_heading_at)
    return sc.at(StartEngagement()), luke


def test_patience_recovers_force_for_a_deplete_token():
    game, luke = patience_scene(["patience"], (400, 500, 180))
    answer(game, "use_ability", "use", luke)
    s = game.state.ships[luke]
    assert s.force == 2 and s.count(Token.DEPLETE) == 1


def test_patience_needs_an_enemy_in_the_front_arc():
    game, luke = patience_scene(["patience"], (400, 150, 0))
    assert game.decision is None and game.state.ships[luke].force == 1


def test_without_patience_no_force_comes_back():
    game, luke = patience_scene([], (400, 500, 180))
    assert game.decision is None and game.state.ships[luke].force == 1


# ----------------------------------------------------------------- Predictive Shot
def predictive_scene(use: str, x: float = 400):
    sc = Scene()
    luke = sc.ship("lukeskywalker", at=(x, 300, 0), upgrades=["predictiveshot"])
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(luke, tie, dice=["hit", "blank", "focus"], defense=["evade"] * 3)
    if use:
        answer(game, "use_ability", use, luke)
    finish(game)
    return game, luke, tie


def test_predictive_shot_limits_defense_dice_to_the_hits():
    """Predictive Shot: after declaring an attack on a TIE in his bullseye Luke spends 1
    Force; with 1 hit result the TIE rolls 1 defense die instead of 3."""
    game, luke, tie = predictive_scene("use")
    assert game.state.ships[luke].force == 1
    assert rolled(game, tie) == ["evade"]


def test_predictive_shot_declined():
    game, luke, tie = predictive_scene("decline")
    assert game.state.ships[luke].force == 2 and len(rolled(game, tie)) == 3


def test_predictive_shot_needs_the_bullseye():
    game, _, tie = predictive_scene("", x=470)
    assert len(rolled(game, tie)) == 3


# ----------------------------------------------------------------- Shattering Shot
def shattering_scene(upgrades: list[str], obstacle: bool = True):
    """Luke attacks a TIE at range 3 through an asteroid."""
    sc = Scene()
    luke = sc.ship("lukeskywalker", at=(400, 300, 0), upgrades=upgrades)
    tie = sc.ship("academypilot", player=2, at=(400, 560, 180))
    if obstacle:
        sc.obstacle("core2asteroid3", 400, 430)
    return sc.attack(luke, tie, dice=["blank"] * 3, defense=["blank"] * 4), luke


def test_shattering_shot_adds_a_focus_result_through_an_obstacle():
    game, luke = shattering_scene(["shatteringshot"])
    assert game.state.attack.obstructed
    answer(game, "modify_attack_dice", option_with(game, "Shattering Shot"), luke)
    assert game.state.ships[luke].force == 1
    assert game.state.attack.attack_dice.count(Face.FOCUS) == 1


def test_shattering_shot_needs_an_obstacle():
    game, _ = shattering_scene(["shatteringshot"], obstacle=False)
    assert not offered(game, "Shattering Shot")


def test_without_shattering_shot():
    game, _ = shattering_scene([])
    assert not offered(game, "Shattering Shot")
