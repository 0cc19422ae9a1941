"""The core damage deck: each card's faceup effect (RR: DAMAGE CARDS), one group per card.

Scenes: a Blue Squadron Escort (T-65: 2 shields, agility 2, 3 attack dice) is the damaged
ship; a faceup card is dealt by scheduling 1 critical damage on a ship without shields with
the deck stacked, as an attack's critical hit would."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.damage import SufferDamage
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.scene import Scene, load_dice, stack_deck, start_at
from tests.cards.helpers import rolled

XWING = "bluesquadronescort"


def scene(*, tokens: dict | None = None, **setup):
    sc = Scene()
    ship = sc.ship(XWING, at=(400, 300, 0), tokens=tokens, **setup)
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    return sc.game(), ship, enemy


def deal_faceup(game, ship_id: str, card: str) -> None:
    """Deal ``card`` faceup to the ship (1 critical damage with its shields set aside)."""
    ship = game.state.ships[ship_id]
    shields, ship.shields = ship.shields, 0
    stack_deck(game, ship.owner, [card])
    start_at(game, SufferDamage(ship_id, 0, 1, "a test"))
    ship.shields = shields


def faceup(game, ship_id: str) -> list[str]:
    return [d.card for d in game.state.ships[ship_id].damage if d.faceup]


def facedown(game, ship_id: str) -> int:
    return sum(1 for d in game.state.ships[ship_id].damage if not d.faceup)


def action_options(game, ship_id: str) -> set:
    start_at(game, PerformAction(ship_id, during_activation=True), phase="activation")
    d = game.decision
    assert d is not None and d.kind == "perform_action"
    return set(d.option_keys())


def fly(game, ship_id: str, code: str) -> None:
    game.state.ships[ship_id].dial_set = code
    start_at(game, Activate(ship_id), phase="activation")


# ------------------------------------------------------------------ panicked pilot
def test_panicked_pilot_gives_two_stress_then_flips_facedown():
    game, ship, _ = scene()
    deal_faceup(game, ship, "panickedpilot")
    s = game.state.ships[ship]
    assert s.count(Token.STRESS) == 2
    assert faceup(game, ship) == [] and facedown(game, ship) == 1


# ------------------------------------------------------------------- blinded pilot
def test_blinded_pilot_only_force_may_modify_own_attack_dice():
    """While attacking, dice may be modified only by spending Force (default effect):
    Luke's focus token is not offered, his Force is."""
    def attack(blinded: bool):
        sc = Scene()
        luke = sc.ship("lukeskywalker", at=(400, 300, 0), tokens={"focus": 1})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.game()
        if blinded:
            deal_faceup(game, luke, "blindedpilot")
        start_at(game, Engage(luke))
        load_dice(game, ["focus", "focus", "blank"], ["blank", "blank", "blank"])
        game.answer(f"primary:front@{tie}")
        d = game.decision
        assert d.kind == "modify_attack_dice"
        return [o.info["source"] for o in d.options if o.key != "done"]
    assert "focus" in attack(False)
    sources = attack(True)
    assert "focus" not in sources and sources and set(sources) == {"force"}


def test_blinded_pilot_repair_action_flips_it_facedown():
    game, ship, _ = scene()
    deal_faceup(game, ship, "blindedpilot")
    options = action_options(game, ship)
    repair = next(v for v in options if v.startswith("blindedpilot@"))
    game.answer(repair)
    assert faceup(game, ship) == [] and facedown(game, ship) == 1


# ------------------------------------------------------------------- wounded pilot
def test_wounded_pilot_rolls_after_each_action_a_hit_gives_stress():
    for face, stressed in (("hit", True), ("crit", True), ("focus", False), ("blank", False)):
        game, ship, _ = scene()
        deal_faceup(game, ship, "woundedpilot")
        action_options(game, ship)
        load_dice(game, [face])
        game.answer("focus")
        assert game.state.ships[ship].stressed is stressed, face


def test_wounded_pilot_does_nothing_once_repaired():
    game, ship, _ = scene()
    deal_faceup(game, ship, "woundedpilot")
    action_options(game, ship)
    load_dice(game, ["hit"])
    repair = next(v for v in game.decision.option_keys() if str(v).startswith("wounded"))
    game.answer(repair)          # repairing is an action, but the card is facedown after it
    assert not game.state.ships[ship].stressed


# ------------------------------------------------------------------- stunned pilot
def test_stunned_pilot_suffers_one_damage_after_moving_through_an_obstacle():
    """A [2 straight] through a debris cloud: the cloud gives a stress token and a blank
    roll deals nothing; Stunned Pilot adds 1 hit damage (a shield here)."""
    def run(stunned: bool) -> int:
        sc = Scene()
        ship = sc.ship(XWING, at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(700, 800, 180))
        sc.obstacle("core2debris0", 400, 300)
        game = sc.game()
        if stunned:
            deal_faceup(game, ship, "stunnedpilot")
        load_dice(game, ["blank"])
        fly(game, ship, "3FW")
        return game.state.ships[ship].shields
    assert run(False) == 2
    assert run(True) == 1


def test_stunned_pilot_no_obstacle_no_damage():
    game, ship, _ = scene()
    deal_faceup(game, ship, "stunnedpilot")
    game.state.ships[ship].shields = 2
    fly(game, ship, "1FW")
    assert game.state.ships[ship].shields == 2


# --------------------------------------------------------------------- console fire
def test_console_fire_a_hit_before_engaging_deals_one_damage():
    for face, lost in (("hit", 1), ("crit", 0), ("focus", 0)):
        game, ship, _ = scene()
        deal_faceup(game, ship, "consolefire")
        game.state.ships[ship].shields = 2
        load_dice(game, [face])
        start_at(game, Engage(ship))
        assert game.state.ships[ship].shields == 2 - lost, face


# ------------------------------------------------------------------- damaged engine
def test_damaged_engine_makes_a_white_turn_red():
    """[2 turn left] is white on the T-65 dial; with Damaged Engine it is red: stress."""
    game, ship, _ = scene()
    assert "2TW" in game.state.ships[ship].dial
    fly(game, ship, "2TW")
    assert not game.state.ships[ship].stressed
    game, ship, _ = scene()
    deal_faceup(game, ship, "damagedengine")
    fly(game, ship, "2TW")
    assert game.state.ships[ship].count(Token.STRESS) == 1


def test_damaged_engine_leaves_banks_alone():
    game, ship, _ = scene()
    deal_faceup(game, ship, "damagedengine")
    fly(game, ship, "2BW")
    assert not game.state.ships[ship].stressed


# ------------------------------------------------------------------ weapons failure
def test_weapons_failure_rolls_one_fewer_attack_die():
    for card, dice in ((None, 3), ("weaponsfailure", 2)):
        game, ship, enemy = scene()
        if card:
            deal_faceup(game, ship, card)
        start_at(game, Engage(ship))
        load_dice(game, ["blank"] * 4, ["blank"] * 4)
        game.answer(f"primary:front@{enemy}")
        assert len(rolled(game, ship)) == dice


# --------------------------------------------------------------------- hull breach
def test_hull_breach_turns_hit_damage_into_critical_damage():
    game, ship, _ = scene(shields=0)
    deal_faceup(game, ship, "hullbreach")
    stack_deck(game, 1, ["directhit"])
    start_at(game, SufferDamage(ship, 1, 0, "a hit"))
    # the hit became a crit: the next card (Direct Hit!) was dealt faceup and resolved
    names = [d.card for d in game.state.ships[ship].damage]
    assert "directhit" in names


def test_without_hull_breach_hit_damage_is_facedown():
    game, ship, _ = scene(shields=0)
    stack_deck(game, 1, ["directhit"])
    start_at(game, SufferDamage(ship, 1, 0, "a hit"))
    assert faceup(game, ship) == [] and facedown(game, ship) == 1


# -------------------------------------------------------------- structural damage
def test_structural_damage_rolls_one_fewer_defense_die():
    for card, dice in ((None, 2), ("structuraldamage", 1)):
        game, ship, enemy = scene()
        if card:
            deal_faceup(game, ship, card)
        start_at(game, Engage(enemy))
        load_dice(game, ["blank"] * 4, ["blank"] * 4)
        game.answer(f"primary:front@{ship}")
        assert len(rolled(game, ship)) == dice


# ----------------------------------------------------------- damaged sensor array
def test_damaged_sensor_array_only_focus_and_damage_card_actions():
    game, ship, _ = scene()
    assert {"lock", "barrel_roll", "focus"} <= action_options(game, ship)
    game, ship, _ = scene()
    deal_faceup(game, ship, "damagedsensorarray")
    options = action_options(game, ship)
    assert "focus" in options and "lock" not in options and "barrel_roll" not in options
    assert any(str(v).startswith("damagedsensorarray@") for v in options)


# ---------------------------------------------------------------- loose stabilizer
def test_loose_stabilizer_after_a_bank_one_damage_and_repair():
    game, ship, _ = scene()
    deal_faceup(game, ship, "loosestabilizer")
    game.state.ships[ship].shields = 2
    fly(game, ship, "1BW")
    assert game.state.ships[ship].shields == 1
    assert faceup(game, ship) == []


def test_loose_stabilizer_a_straight_does_nothing():
    game, ship, _ = scene()
    deal_faceup(game, ship, "loosestabilizer")
    game.state.ships[ship].shields = 2
    fly(game, ship, "2FW")
    assert game.state.ships[ship].shields == 2 and faceup(game, ship) == ["loosestabilizer"]


# -------------------------------------------------------- disabled power regulator
def test_disabled_power_regulator_gains_ion_before_engaging():
    game, ship, _ = scene()
    deal_faceup(game, ship, "disabledpowerregulator")
    start_at(game, Engage(ship))
    assert game.state.ships[ship].count(Token.ION) == 1


def test_disabled_power_regulator_repaired_after_an_ion_maneuver():
    game, ship, _ = scene()
    deal_faceup(game, ship, "disabledpowerregulator")
    game.state.ships[ship].tokens[Token.ION] = 1
    fly(game, ship, "2FW")   # ionized: the ion maneuver instead
    assert faceup(game, ship) == []


def test_disabled_power_regulator_stays_after_a_normal_maneuver():
    game, ship, _ = scene()
    deal_faceup(game, ship, "disabledpowerregulator")
    fly(game, ship, "2FW")
    assert faceup(game, ship) == ["disabledpowerregulator"]


# ----------------------------------------------------------------------- fuel leak
def test_fuel_leak_after_critical_damage_one_more_damage_then_repair():
    game, ship, _ = scene()
    deal_faceup(game, ship, "fuelleak")
    assert faceup(game, ship) == ["fuelleak"]       # its own crit doesn't trigger it
    game.state.ships[ship].shields = 2
    start_at(game, SufferDamage(ship, 0, 1, "a crit"))   # the crit takes a shield
    assert game.state.ships[ship].shields == 0          # and Fuel Leak a second one
    assert faceup(game, ship) == []


def test_fuel_leak_ignores_hit_damage():
    game, ship, _ = scene()
    deal_faceup(game, ship, "fuelleak")
    game.state.ships[ship].shields = 2
    start_at(game, SufferDamage(ship, 1, 0, "a hit"))
    assert game.state.ships[ship].shields == 1 and faceup(game, ship) == ["fuelleak"]


# ---------------------------------------------------------------------- direct hit
def test_direct_hit_counts_as_two_damage_cards():
    game, ship, _ = scene()
    deal_faceup(game, ship, "directhit")
    assert len(game.state.ships[ship].damage) == 2
    assert faceup(game, ship) == [] and facedown(game, ship) == 2


def test_direct_hit_can_destroy_a_ship_one_card_from_its_hull():
    game, ship, _ = scene(shields=0)
    s = game.state.ships[ship]
    stack_deck(game, 1, ["consolefire", "consolefire", "fuelleak"])
    start_at(game, SufferDamage(ship, 3, 0, "hits"))    # 3 facedown of hull 4
    assert len(s.damage) == 3 and not s.destroyed
    deal_faceup(game, ship, "directhit")
    assert s.destroyed
