"""Astromech upgrades: each card in a scene built for it, compared with the same scene
without the card (or before/after it acts).

Scenarios don't check squad-building restrictions: a few droids of other factions ride a
T-65 or an HWK-290 here, the ships these tests already know. A range band is 100 mm."""

from __future__ import annotations

from typing import Any

import pytest

from tallon.dice import DieKind, Face
from tallon.engine.actions import PerformAction
from tallon.engine.effects import acquire_lock, flip_upgrade
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Activate, StartEngagement, SystemTurn
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import answer, finish, offered, option_with, skip_to


def facedown(n: int, first: int = 80) -> list[DamageCard]:
    return [DamageCard("directhit", False, first + k) for k in range(n)]


def activation(upgrades: list[str], dial: str, pilot: str = "redsquadronveteran",
               enemy_at: tuple[float, float, float] = (400, 850, 180), **kw: Any):
    """The ship's activation with ``dial`` revealed; an enemy far away (or at
    ``enemy_at``)."""
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades, dial_set=dial, **kw)
    sc.ship("academypilot", player=2, at=enemy_at)
    return sc.at(Activate(ship), phase="activation"), ship


def acting(upgrades: list[str], pilot: str = "redsquadronveteran", **kw: Any):
    """The ship's Perform Action step; an enemy at range 2 ahead, another far away."""
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades, **kw)
    sc.ship("academypilot", player=2, at=(400, 500, 180))
    sc.ship("academypilot", player=2, at=(250, 560, 180))
    return sc.at(PerformAction(ship, during_activation=True), phase="activation"), ship


# ------------------------------------------------ R2-D2 and its Battle of Yavin kin
R2S = ["r2d2", "r2d2-battleofyavin", "r2a3-battleofyavin", "r2f2-battleofyavin"]


@pytest.mark.parametrize("droid", R2S)
def test_r2_recovers_a_shield_for_a_disarm_token(droid):
    """After revealing its dial, a ship without shields spends a charge and gains a
    disarm token to recover 1 shield."""
    game, ship = activation([droid], "2FB", shields=0)
    answer(game, "use_ability", "use", ship)
    s = game.state.ships[ship]
    assert s.shields == 1 and s.has(Token.DISARM)
    assert s.charges[droid].active == s.charges[droid].limit - 1


@pytest.mark.parametrize("droid", R2S)
def test_r2_declined_or_full_shields_change_nothing(droid):
    game, ship = activation([droid], "2FB", shields=0)
    answer(game, "use_ability", "decline", ship)
    s = game.state.ships[ship]
    assert s.shields == 0 and not s.has(Token.DISARM)
    full, ship2 = activation([droid], "2FB")  # shields full: nothing to recover
    assert full.decision.kind == "perform_action"
    assert not full.state.ships[ship2].has(Token.DISARM)


def test_r2_without_charges_stays_silent():
    game, ship = activation(["r2d2"], "2FB", shields=0, charges={"r2d2": 0})
    assert game.decision.kind == "perform_action"
    assert game.state.ships[ship].shields == 0


# ------------------------------------------------- R5-D8 and its Battle of Yavin kin
R5S = ["r5d8", "r5d8-battleofyavin", "r5k6-battleofyavin"]


@pytest.mark.parametrize("droid", R5S)
def test_r5_repairs_a_facedown_card_for_a_charge(droid):
    """Action: spend 1 charge to repair (discard) a facedown damage card."""
    game, ship = acting([droid], damage=facedown(2))
    answer(game, "perform_action", f"{droid}:facedown", ship)
    s = game.state.ships[ship]
    assert len(s.damage) == 1
    assert s.charges[droid].active == s.charges[droid].limit - 1
    assert game.state.players[0].discard == ["directhit"]


@pytest.mark.parametrize("droid", R5S)
def test_r5_flips_a_faceup_ship_card_facedown(droid):
    """Action: repair a faceup Ship card (Console Fire flips facedown); no charge."""
    game, ship = acting([droid], damage=[DamageCard("consolefire", True, 81)])
    answer(game, "perform_action", f"{droid}:faceup", ship)
    s = game.state.ships[ship]
    assert len(s.damage) == 1 and not s.damage[0].faceup
    assert s.charges[droid].active == s.charges[droid].limit


def test_r5_cannot_repair_a_faceup_pilot_card():
    """A faceup Pilot card (Blinded Pilot) is not a Ship card: the faceup action is not
    offered, nor the facedown one without facedown cards."""
    game, _ = acting(["r5d8"], damage=[DamageCard("blindedpilot", True, 81)])
    values = game.decision.option_keys()
    assert "r5d8:faceup" not in values and "r5d8:facedown" not in values


def test_r5_without_a_charge_cannot_repair_facedown():
    game, _ = acting(["r5d8"], damage=facedown(1), charges={"r5d8": 0})
    assert "r5d8:facedown" not in game.decision.option_keys()


# ------------------------------------------------------- R2-A3 (Battle over Endor)
def test_r2a3_endor_locks_after_an_action():
    """After a focus action, R2-A3 spends its charge to lock the TIE at range 2."""
    game, ship = acting(["r2a3-battleoverendor"])
    answer(game, "perform_action", "focus", ship)
    d = game.decision
    assert d.kind == "use_ability" and "p2.1" in d.option_keys()
    game.answer("p2.1")
    s = game.state.ships[ship]
    assert s.locks == ["p2.1"] and s.charges["r2a3-battleoverendor"].active == 0


def test_r2a3_endor_declined_keeps_the_charge():
    game, ship = acting(["r2a3-battleoverendor"])
    answer(game, "perform_action", "focus", ship)
    answer(game, "use_ability", "decline", ship)
    s = game.state.ships[ship]
    assert not s.locks and s.charges["r2a3-battleoverendor"].active == 1


# ------------------------------------------ Stabilizing Astromech (Battle over Endor)
def test_stabilizing_astromech_acts_while_stressed():
    """A stressed ship fully executes a white [3 straight]; the droid spends its charge
    so it performs a white focus action despite the stress."""
    game, ship = activation(["stabilizingastromech-battleoverendor"], "3FW",
                            tokens={"stress": 1})
    answer(game, "use_ability", "act", ship)
    d = game.decision
    assert d.kind == "perform_action" and set(d.option_keys()) == {"focus", "lock",
                                                                     "barrel_roll", "pass"}
    game.answer("focus")
    s = game.state.ships[ship]
    assert s.has(Token.FOCUS) and s.stressed
    assert s.charges["stabilizingastromech-battleoverendor"].active == 0


def test_without_the_stabilizing_astromech_a_stressed_ship_cannot_act():
    game, ship = activation([], "3FW", tokens={"stress": 1})
    assert game.decision is None and not game.state.ships[ship].has(Token.FOCUS)


# --------------------------------------- Modified R4-P Unit (Battle over Endor)
def test_modified_r4p_unit_lets_a_stressed_ship_execute_a_red_maneuver():
    """A stressed ship reveals a red Koiogran turn: normally it executes the white
    [2 straight] instead. Spending the charge makes the turn white: it turns around and
    gains no stress."""
    game, ship = activation(["modifiedr4punit-battleoverendor"], "4KR",
                            tokens={"stress": 1})
    answer(game, "use_ability", "use", ship)
    s = game.state.ships[ship]
    assert s.pose.heading % 360 == pytest.approx(180)
    assert s.count(Token.STRESS) == 1 and s.execute_difficulty == 0
    assert s.charges["modifiedr4punit-battleoverendor"].active == 0

    plain, ship2 = activation([], "4KR", tokens={"stress": 1})
    s2 = plain.state.ships[ship2]
    assert s2.pose.heading % 360 == pytest.approx(0) and s2.pose.y == pytest.approx(420)


def test_modified_r4p_unit_unstressed_red_maneuver_gains_no_stress():
    game, ship = activation(["modifiedr4punit-battleoverendor"], "4KR")
    answer(game, "use_ability", "use", ship)
    assert not game.state.ships[ship].stressed
    declined, ship2 = activation(["modifiedr4punit-battleoverendor"], "4KR")
    answer(declined, "use_ability", "decline", ship2)
    assert declined.state.ships[ship2].count(Token.STRESS) == 1


def test_modified_r4p_unit_ignores_white_maneuvers():
    game, _ = activation(["modifiedr4punit-battleoverendor"], "3FW")
    assert game.decision.kind == "perform_action"


# ------------------------------------------------------------------ R4-P Astromech
def test_r4p_astromech_makes_a_basic_maneuver_blue():
    """A stressed ship reveals a white [3 straight]; R4-P makes it blue, which removes the
    stress token (without it the stress stays)."""
    game, ship = activation(["r4pastromech"], "3FW", tokens={"stress": 1})
    answer(game, "use_ability", "use", ship)
    s = game.state.ships[ship]
    assert not s.stressed and s.charges["r4pastromech"].active == 1
    plain, ship2 = activation([], "3FW", tokens={"stress": 1})
    assert plain.state.ships[ship2].stressed


def test_r4p_astromech_not_for_advanced_maneuvers():
    game, _ = activation(["r4pastromech"], "4KR")
    assert game.decision is None or game.decision.kind != "use_ability"


# -------------------------------------------------------------------- R4 Astromech
@pytest.mark.parametrize(("dial", "stress_left"), [("2TW", 0), ("1BB", 0), ("3TW", 1)])
def test_r4_astromech_eases_slow_basic_maneuvers(dial, stress_left):
    """R4 Astromech: speed 1-2 basic maneuvers are 1 difficulty easier. A white [2 turn]
    becomes blue and clears the stress token; a [3 turn] stays white."""
    game, ship = activation(["r4astromech"], dial, tokens={"stress": 1})
    finish(game)
    assert game.state.ships[ship].count(Token.STRESS) == stress_left


def test_without_r4_astromech_a_white_turn_keeps_the_stress():
    game, ship = activation([], "2TW", tokens={"stress": 1})
    finish(game)
    assert game.state.ships[ship].count(Token.STRESS) == 1


# -------------------------------------------------------------------- R3 Astromech
def test_r3_astromech_keeps_two_locks():
    """After a lock action on the near TIE, R3 acquires a second lock on the other TIE;
    the ship keeps both."""
    game, ship = acting(["r3astromech"])
    answer(game, "perform_action", "lock", ship)
    answer(game, "lock_target", "p2.1", ship)
    d = game.decision
    assert d.kind == "use_ability" and "p2.1" not in d.option_keys()
    game.answer("p2.2")
    assert game.state.ships[ship].locks == ["p2.1", "p2.2"]


def test_without_r3_a_ship_keeps_one_lock():
    game, ship = acting([])
    s = game.state.ships[ship]
    acquire_lock(game, s, "p2.1")
    acquire_lock(game, s, "p2.2")
    assert s.locks == ["p2.2"]


# --------------------------------------------------------------------------- R7-A7
def attack_with(upgrades: list[str], dice: list[str], defense: list[str],
                pilot: str = "redsquadronveteran", **kw: Any):
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades, **kw)
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    return sc.attack(ship, tie, dice=dice, defense=defense), ship, tie


def test_r7a7_turns_a_hit_into_a_critical_hit():
    game, ship, tie = attack_with(["r7a7"], ["hit", "hit", "blank"], ["blank"] * 3)
    answer(game, "modify_attack_dice", option_with(game, "R7-A7"), ship)
    s = game.state.ships[ship]
    assert s.charges["r7a7"].active == 2
    finish(game)
    t = game.state.ships[tie]
    assert len(t.damage) == 2 and sum(d.faceup for d in t.damage) == 1


def test_r7a7_without_charges_is_not_offered():
    game, _, _ = attack_with(["r7a7"], ["hit", "hit", "blank"], ["blank"] * 3,
                             charges={"r7a7": 0})
    assert not offered(game, "R7-A7")


# --------------------------------------------------------------------------- R2-C4
def test_r2c4_spends_an_evade_token_on_a_focus_result():
    game, ship, tie = attack_with(["r2c4"], ["focus", "hit", "blank"], ["blank"] * 3,
                                  tokens={"evade": 1})
    answer(game, "modify_attack_dice", option_with(game, "R2-C4"), ship)
    assert not game.state.ships[ship].has(Token.EVADE)
    finish(game)
    assert len(game.state.ships[tie].damage) == 2


def test_r2c4_needs_an_evade_token():
    game, _, _ = attack_with(["r2c4"], ["focus", "hit", "blank"], ["blank"] * 3)
    assert not offered(game, "R2-C4")


# --------------------------------------------------------------------------- R2-HA
def r2ha_scene(upgrades: list[str], locks: list[str]):
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades, locks=locks)
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    # the defender rerolls both its blanks into evades
    game = sc.attack(tie, ship, dice=["hit", "hit"], defense=["blank", "blank"],
                     then=[(DieKind.DEFENSE, Face.EVADE)] * 2)
    return game, ship


def test_r2ha_spends_its_lock_on_the_attacker_to_reroll_defense_dice():
    game, ship = r2ha_scene(["r2ha"], ["p2.1"])
    skip_to(game, "modify_defense_dice", ship)
    answer(game, "modify_defense_dice", option_with(game, "reroll 2 blank"), ship)
    s = game.state.ships[ship]
    assert s.locks == []
    finish(game)
    assert s.shields == 2  # both hits evaded


def test_r2ha_without_a_lock_on_the_attacker():
    game, ship = r2ha_scene(["r2ha"], [])
    finish(game)
    assert game.state.ships[ship].shields == 0


# -------------------------------------------------------------------------- R4-P17
def test_r4p17_acts_after_a_red_maneuver():
    """After fully executing a red Koiogran turn (now stressed) R4-P17 spends a charge:
    the ship performs a focus action despite the stress."""
    game, ship = activation(["r4p17"], "4KR")
    answer(game, "use_ability", "act", ship)
    answer(game, "perform_action", "focus", ship)
    s = game.state.ships[ship]
    assert s.stressed and s.has(Token.FOCUS) and s.charges["r4p17"].active == 1


def test_r4p17_not_after_a_white_maneuver():
    game, _ = activation(["r4p17"], "3FW")
    assert game.decision.kind == "perform_action"  # the normal Perform Action step


# -------------------------------------------------------------------------- R4-P44
def test_r4p44_calculates_with_an_enemy_in_the_bullseye():
    """After a red Koiogran turn that leaves an enemy dead ahead, gain a calculate token;
    with the enemy off to the side, no token."""
    game, ship = activation(["r4p44"], "4KR", enemy_at=(400, 300, 0))
    finish(game)
    assert game.state.ships[ship].count(Token.CALCULATE) == 1
    wide, ship2 = activation(["r4p44"], "4KR", enemy_at=(200, 300, 0))
    finish(wide)
    assert not wide.state.ships[ship2].has(Token.CALCULATE)


# ------------------------------------------------------------------------ "Chopper"
def test_chopper_trades_a_torpedo_charge_for_a_shield_and_back():
    """"Chopper": one action spends a torpedo charge to recover a shield; the other
    spends 2 shields to give the torpedoes a charge back."""
    game, ship = acting(["chopper", "protontorpedoes"], shields=0)
    s = game.state.ships[ship]
    answer(game, "perform_action", "chopper:shield", ship)
    assert s.shields == 1 and s.charges["protontorpedoes"].active == 1
    game2, ship2 = acting(["chopper", "protontorpedoes"], charges={"protontorpedoes": 0})
    answer(game2, "perform_action", "chopper:charge", ship2)
    s2 = game2.state.ships[ship2]
    assert s2.shields == 0 and s2.charges["protontorpedoes"].active == 1


def test_chopper_needs_charges_and_room():
    """Full shields and full charges: neither action is offered."""
    game, _ = acting(["chopper", "protontorpedoes"])
    values = game.decision.option_keys()
    assert "chopper:shield" not in values and "chopper:charge" not in values


# ----------------------------------------------------------- BB Astromech and BB-8
@pytest.mark.parametrize(("droid", "kinds"), [("bbastromech", {"barrel_roll"}),
                                              ("bb8", {"barrel_roll", "boost"})])
def test_bb_droids_reposition_in_the_system_phase(droid, kinds):
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[droid])
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(SystemTurn(ship), phase="system")
    answer(game, "use_ability", "act", ship)
    d = game.decision
    assert d.kind == "perform_action" and set(d.option_keys()) == kinds | {"pass"}
    game.answer("barrel_roll")
    answer(game, "barrel_roll_direction", "left")
    answer(game, "barrel_roll_position", "middle")
    s = game.state.ships[ship]
    assert s.pose.x < 400 and s.charges[droid].active == 1
    assert "barrel_roll" in s.actions_done


def test_without_a_bb_droid_the_system_phase_is_empty():
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(SystemTurn(ship), phase="system")
    assert game.decision is None


# --------------------------------------------------------------------------- L4E-R5
def test_l4er5_passes_a_calculate_token_forward():
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["l4er5"],
                   tokens={"calculate": 1})
    friend = sc.ship("redsquadronveteran", at=(400, 450, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(StartEngagement())
    answer(game, "use_ability", friend, ship)
    s = game.state.ships
    assert s[friend].count(Token.CALCULATE) == 1 and not s[ship].has(Token.CALCULATE)


def test_l4er5_friend_out_of_arc_gets_nothing():
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["l4er5"],
                   tokens={"calculate": 1})
    sc.ship("redsquadronveteran", at=(400, 150, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(StartEngagement())
    assert game.decision is None and game.state.ships[ship].has(Token.CALCULATE)


# --------------------------------------------------------------- Watchful Astromech
def rotate(game, ship: str) -> None:
    answer(game, "perform_action", "rotate", ship)
    d = game.decision
    if d is not None and d.kind == "rotate_arc":
        game.answer(d.options[0].key)


def watchful_scene(upgrades: list[str], enemy_at: tuple[float, float, float]):
    sc = Scene()
    hwk = sc.ship("wardensquadronpilot", at=(400, 300, 0), upgrades=upgrades)
    sc.ship("academypilot", player=2, at=enemy_at)
    return sc.at(PerformAction(hwk, during_activation=True), phase="activation"), hwk


def test_watchful_astromech_calculates_after_rotating_in_an_enemy_arc():
    """The K-wing rotates its turret while a TIE has it in its front arc: the droid lets
    it perform a red calculate action."""
    game, hwk = watchful_scene(["watchfulastromech"], (400, 500, 180))
    rotate(game, hwk)
    answer(game, "use_ability", "act", hwk)
    answer(game, "perform_action", "calculate", hwk)
    s = game.state.ships[hwk]
    assert s.has(Token.CALCULATE) and s.stressed


def test_watchful_astromech_outside_enemy_arcs_does_nothing():
    game, hwk = watchful_scene(["watchfulastromech"], (400, 500, 0))  # TIE facing away
    rotate(game, hwk)
    assert game.decision is None


# -------------------------------------------- Precise and Targeting Astromechs (Yavin)
def test_precise_astromech_locks_after_an_action():
    game, ship = acting(["preciseastromech-battleofyavin"])
    answer(game, "perform_action", "focus", ship)
    answer(game, "use_ability", "act", ship)
    answer(game, "perform_action", "lock", ship)
    answer(game, "lock_target", "p2.1", ship)
    s = game.state.ships[ship]
    assert s.locks == ["p2.1"] and s.stressed
    assert s.charges["preciseastromech-battleofyavin"].active == 1


def kwing_lock(upgrades: list[str]):
    """A K-wing (turret, no linked rotate) locks the TIE ahead."""
    sc = Scene()
    kwing = sc.ship("wardensquadronpilot", at=(400, 300, 0), upgrades=upgrades)
    sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.at(PerformAction(kwing, during_activation=True), phase="activation")
    answer(game, "perform_action", "lock", kwing)
    answer(game, "lock_target", "p2.1", kwing)
    return game, kwing


def test_targeting_astromech_rotates_after_a_lock():
    """After its lock action the K-wing performs a red rotate action: its turret turns
    and it is stressed."""
    game, kwing = kwing_lock(["targetingastromech-battleofyavin"])
    before = game.state.ships[kwing].turret
    answer(game, "use_ability", "act", kwing)
    answer(game, "perform_action", "rotate", kwing)
    d = game.decision
    if d is not None and d.kind == "rotate_arc":
        game.answer(d.options[0].key)
    s = game.state.ships[kwing]
    assert s.stressed and s.turret != before


def test_without_targeting_astromech_a_lock_is_just_a_lock():
    game, _ = kwing_lock([])
    assert game.decision is None


# --------------------------------------------------------------- R2-D2 (Resistance)
def end_phase(upgrades: list[str], **kw: Any):
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades, **kw)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    return sc.at(FireWindow.of("end_phase"), phase="end"), ship


def test_r2d2_resistance_trades_a_shield_for_a_stress_token():
    """During the End Phase: 1 charge and 1 shield remove the stress token."""
    game, ship = end_phase(["r2d2-resistance"], tokens={"stress": 1})
    answer(game, "use_ability", "token:stress", ship)
    s = game.state.ships[ship]
    assert not s.stressed and s.shields == 1 and s.charges["r2d2-resistance"].active == 3


def test_r2d2_resistance_rebuilds_a_shield_when_none_is_left():
    """No active shield: 2 charges recover one, with a deplete token."""
    game, ship = end_phase(["r2d2-resistance"], shields=0)
    answer(game, "use_ability", "use", ship)
    s = game.state.ships[ship]
    assert s.shields == 1 and s.has(Token.DEPLETE)
    assert s.charges["r2d2-resistance"].active == 2


def test_r2d2_resistance_idle_without_red_tokens_or_missing_shields():
    game, _ = end_phase(["r2d2-resistance"])
    assert game.decision is None
    plain, ship = end_phase([], tokens={"stress": 1})
    assert plain.decision is None and plain.state.ships[ship].stressed


# -------------------------------------------------------------------------- C1-10P
def test_c110p_evades_after_a_maneuver_even_stressed():
    game, ship = activation(["c110p"], "3FW", tokens={"stress": 1})
    answer(game, "use_ability", "act", ship)
    answer(game, "perform_action", "evade", ship)
    s = game.state.ships[ship]
    assert s.has(Token.EVADE) and s.count(Token.STRESS) == 2
    assert s.charges["c110p"].active == 1


def test_c110p_flips_to_erratic_once_out_of_charges():
    game, ship = end_phase(["c110p"], charges={"c110p": 0})
    assert ("upgrade", "c110p", 1) in game.state.ships[ship].cards
    full, ship2 = end_phase(["c110p"])
    assert ("upgrade", "c110p", 0) in full.state.ships[ship2].cards


def test_c110p_erratic_jams_a_ship_at_range_1():
    """Erratic: after its maneuver the ship must choose a ship at range 0-1 (itself or the
    TIE ahead); the TIE gains a jam token, which strips its focus token."""
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["c110p"],
                   dial_set="1FB")
    tie = sc.ship("academypilot", player=2, at=(400, 450, 180), tokens={"focus": 1})
    game = sc.game()
    flip_upgrade(game, game.state.ships[ship], "c110p")
    start_at(game, Activate(ship), phase="activation")
    d = game.decision
    assert d.kind == "use_ability" and set(d.option_keys()) == {ship, tie}  # no decline
    game.answer(tie)
    assert not game.state.ships[tie].has(Token.FOCUS)


# ------------------------------------------------------------- astromechs and devices
def _genius_scene(dial, device_placed=None):
    sc = Scene()
    me = sc.ship("graysquadronbomber", at=(400, 300, 0), upgrades=["genius", "protonbombs"])
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    ship = game.state.ships[me]
    ship.dial_set = dial
    ship.device_placed = device_placed
    start_at(game, Activate(me), phase="activation")
    return game, me


class TestGenius:
    def test_drops_a_bomb_after_a_full_maneuver(self):
        """After fully executing a [2 straight], the ship may drop a proton bomb (paying
        Proton Bombs' charge) with the card's [1 straight] template: it lies 40 mm behind
        the ship's new position."""
        game, me = _genius_scene("2F")
        assert game.decision.kind == "launch_device"
        game.answer("protonbombs@1F")
        ship = game.state.ships[me]
        bomb = game.state.devices[0]
        assert bomb.kind == "protonbomb" and ship.charges["protonbombs"].active == 1
        assert bomb.pose.y == ship.body.pose.y - 20 - 40

    def test_not_after_placing_a_device_this_round(self):
        """Having dropped a device in this round's System Phase, the ship is not offered
        Genius's drop."""
        game, _me = _genius_scene("2F", device_placed=(1, "system"))
        assert not (game.decision and game.decision.kind == "launch_device")


def _r2_scene(upgrades=("r2d2-republic",), shields_lost=0, damage=()):
    sc = Scene()
    me = sc.ship("graysquadronbomber", at=(400, 300, 0), upgrades=list(upgrades))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    ship = game.state.ships[me]
    ship.shields -= shields_lost
    ship.damage = tuple(damage)
    ship.dial_set = "2F"
    return game, me


class TestR2D2Republic:
    def test_after_activating_recovers_a_shield_for_a_charge_and_a_deplete(self):
        """With a shield lost, after its activation the ship may spend 1 charge and gain a
        deplete token to recover it."""
        game, me = _r2_scene(shields_lost=1)
        start_at(game, Activate(me), phase="activation")
        answer(game, "perform_action", "pass", me)
        assert game.decision.kind == "use_ability"
        assert "shield" in game.decision.option_keys()
        game.answer("shield")
        ship = game.state.ships[me]
        assert ship.shields == ship.shield_limit and ship.count(Token.DEPLETE) == 1
        assert ship.charges["r2d2-republic"].active == 1

    def test_removes_a_mine_at_range_0_1(self):
        """An enemy mine 30 mm ahead after the move: R2-D2 removes it."""
        from tests.rules.device_helpers import put

        game, me = _r2_scene()
        mine = put(game, "proximitymines", (400, 420, 0), owner=2)
        game.state.ships[me].dial_set = "1F"
        start_at(game, Activate(me), phase="activation")
        answer(game, "perform_action", "pass", me)
        assert f"remove:{mine}" in game.decision.option_keys()
        game.answer(f"remove:{mine}")
        assert game.state.devices == []

    def test_nothing_to_do_nothing_offered(self):
        """Undamaged, shields full, no device near: the ability is not offered."""
        game, me = _r2_scene()
        start_at(game, Activate(me), phase="activation")
        answer(game, "perform_action", "pass", me)
        assert game.decision is None or game.decision.kind != "use_ability"
