"""TIE/ln fighter pilots and the Formed Up ship ability: each test sets a scene, states the
card's rule and shows the ability changing the outcome (the same scene without the card,
or the state before and after).

Geometry used throughout: player 1's ships face +y, player 2's face -y; small bases are
40 mm wide and range bands 100 mm, so ships whose centres are 100 mm apart on a line are
at range 1, 200 mm at range 2, 300 mm at range 3."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import EndPhase
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, load_dice
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
@pytest.mark.parametrize("pilot", ["academypilot", "blacksquadronace",
                                   "obsidiansquadronpilot"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only is played by the rules alone: it is set up and its
    attack at range 2 (2 dice) hits an undefended target."""
    sc = Scene()
    tie = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tie, target, dice=["hit", "hit"], defense=["blank", "blank", "blank"])
    pass_all(game)
    assert rolled(game, tie) == ["hit", "hit"]
    assert len(game.state.ships[target].damage) == 2


# ------------------------------------------------------------------- Formed Up
def formed_up_scene(wingman: str | None):
    sc = Scene()
    tie = sc.ship("scythe6-battleoverendor", at=(400, 300, 0), stress=1)
    if wingman:
        sc.ship(wingman, at=(480, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    return sc.at(EndPhase(), FireWindow.of("end_phase_end"), phase="end"), tie


def test_formed_up_removes_a_stress_token_beside_another_tie_ln():
    """Formed Up: at the end of the End Phase, with another friendly TIE/ln fighter at
    range 0-1, the ship may remove 1 stress token (the End Phase itself keeps red
    tokens)."""
    game, tie = formed_up_scene("academypilot")
    answer(game, "use_ability", "use", tie)
    assert not game.state.ships[tie].stressed


def test_formed_up_needs_a_tie_ln_wingman():
    for wingman in (None, "stormsquadronace"):  # alone, or beside a TIE Advanced x1
        game, tie = formed_up_scene(wingman)
        assert game.decision is None
        assert game.state.ships[tie].count(Token.STRESS) == 1


# ------------------------------------------------------------ "Zeb" Orrelios
@pytest.mark.parametrize("defender, faceup", [("zeborrelios-tielnfighter", 0),
                                              ("sabinewren-tielnfighter", 1)])
def test_zeb_evades_cancel_critical_hits_first(defender, faceup):
    """Zeb: while he defends, crits are neutralized before hits. One evade against a hit
    and a crit leaves the hit (a facedown card) instead of the crit (a faceup card)."""
    sc = Scene()
    attacker = sc.ship("academypilot", at=(400, 300, 0))
    rebel = sc.ship(defender, player=2, at=(400, 500, 180))
    game = attack(sc, attacker, rebel, ["hit", "crit"], ["evade", "blank", "blank"],
                  deck=["consolefire"])
    pass_all(game)
    damage = game.state.ships[rebel].damage
    assert len(damage) == 1
    assert sum(d.faceup for d in damage) == faceup


# --------------------------------------------------------------- Captain Rex
def rex_scene():
    sc = Scene()
    rex = sc.ship("captainrex", at=(400, 300, 0))
    wing = sc.ship("sabinewren-tielnfighter", at=(250, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    return sc, rex, wing, tie


def test_captain_rex_assigns_suppressive_fire_after_attacking():
    """Captain Rex: after he performs an attack (even a miss), the defender is assigned
    the Suppressive Fire condition (by Rex's player)."""
    sc, rex, _, tie = rex_scene()
    game = sc.attack(rex, tie, dice=["blank", "blank"], defense=["blank"] * 3)
    pass_all(game)
    conditions = game.state.ships[tie].conditions
    assert [(c.card, c.assigned_by, c.faceup) for c in conditions] == [
        ("suppressivefire", 1, True)]


def test_captain_rex_needs_to_attack():
    sc, rex, _, tie = rex_scene()
    game = sc.at(Engage(rex))
    answer(game, "declare_attack", "none", rex)
    assert not game.state.ships[tie].conditions


# ------------------------------------------------------------- Ezra Bridger
def ezra_game(stress: int):
    sc = Scene()
    ezra = sc.ship("ezrabridger-tielnfighter", at=(400, 300, 0), stress=stress,
                   tokens={"focus": 1})
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(ezra, tie, dice=["focus", "focus"], defense=["blank"] * 3)
    return game, ezra, tie


def test_ezra_stressed_spends_force_to_change_two_focus_results():
    """Ezra Bridger: attacking while stressed, he may spend 1 Force to change up to 2
    focus results to hits."""
    game, ezra, tie = ezra_game(stress=1)
    pass_until(game, "modify_attack_dice", ezra)
    labels = [o.label for o in game.decision.options]
    assert any("change 1 focus" in x for x in labels)   # "up to": one or two
    modify_with(game, "ezrabridger-tielnfighter", "change 2 focus to hit")
    assert game.state.ships[ezra].force == 0
    pass_all(game)
    assert len(game.state.ships[tie].damage) == 2


def test_ezra_unstressed_has_no_such_choice():
    game, ezra, tie = ezra_game(stress=0)
    pass_until(game, "modify_attack_dice", ezra)  # only his focus token is offered
    assert not offers(game, "ezrabridger-tielnfighter")
    pass_all(game)
    assert not game.state.ships[tie].damage


def test_ezra_defending_changes_focus_to_evades():
    sc = Scene()
    attacker = sc.ship("academypilot", at=(400, 300, 0))
    ezra = sc.ship("ezrabridger-tielnfighter", player=2, at=(400, 500, 180), stress=1)
    game = sc.attack(attacker, ezra, dice=["hit", "hit"], defense=["focus", "focus",
                                                                   "blank"])
    pass_until(game, "modify_defense_dice", ezra)
    modify_with(game, "ezrabridger-tielnfighter", "change 2 focus to evade")
    pass_all(game)
    assert not game.state.ships[ezra].damage


# --------------------------------------------------------------- Sabine Wren
def test_sabine_boosts_before_activating():
    """Sabine Wren: before she activates she may perform a barrel roll or boost action
    (boost is not on the TIE/ln's bar): she boosts before revealing her dial."""
    sc = Scene()
    sabine = sc.ship("sabinewren-tielnfighter", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = activation(sc, sabine, "2FB")
    assert set(values(game)) == {"barrel_roll", "boost", "decline"}
    answer(game, "use_ability", "boost", sabine)
    answer(game, "boost_direction", "straight")
    kinds = [e["kind"] for e in game.log]
    assert kinds.index("move") < kinds.index("reveal")  # the boost came first
    ship = game.state.ships[sabine]
    assert "boost" in ship.actions_done
    assert ship.pose.y == pytest.approx(500.0)  # boost 80 mm, then [2 straight] 120 mm


def test_sabine_may_decline():
    sc = Scene()
    sabine = sc.ship("sabinewren-tielnfighter", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = activation(sc, sabine, "2FB")
    answer(game, "use_ability", "decline", sabine)
    assert not game.state.ships[sabine].actions_done
    assert game.state.ships[sabine].pose.y == pytest.approx(420.0)


# --------------------------------------------------------------- Howlrunner
@pytest.mark.parametrize("x, offered", [(480, True), (700, False)])
def test_howlrunner_lets_a_friend_at_range_1_reroll(x, offered):
    """Howlrunner: a friendly ship at range 0-1 of her performing a primary attack may
    reroll 1 attack die; a friend farther away may not."""
    sc = Scene()
    sc.ship("howlrunner", at=(x, 300, 0))
    friend = sc.ship("academypilot", at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    # the third attack die is the reroll, if there is one
    game = sc.attack(friend, enemy, dice=["blank", "blank", "hit"] if offered else
                     ["blank", "blank"], defense=["blank"] * 3)
    assert offers(game, "howlrunner") is offered
    if offered:
        modify_with(game, "howlrunner", "reroll 1 blank")
    pass_all(game)
    assert len(game.state.ships[enemy].damage) == (1 if offered else 0)


# ------------------------------------------------------------ "Mauler" Mithel
@pytest.mark.parametrize("pilot, y, dice", [("maulermithel", 400, 4),
                                            ("maulermithel", 500, 2),
                                            ("academypilot", 400, 3)])
def test_mauler_rolls_an_extra_die_at_range_1(pilot, y, dice):
    """"Mauler" Mithel: attacking at attack range 1 he rolls 1 more die (2 + 1 range bonus
    + 1); at range 2 he rolls his 2; another pilot at range 1 rolls 3."""
    sc = Scene()
    tie = sc.ship(pilot, at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, y, 180))
    game = sc.attack(tie, enemy, dice=["blank"] * dice, defense=["blank"] * 4)
    assert len(rolled(game, tie)) == dice


# ---------------------------------------------------------------- Night Beast
@pytest.mark.parametrize("pilot", ["nightbeast", "nightbeast-swz105"])
def test_night_beast_focuses_after_a_blue_maneuver(pilot):
    """"Night Beast": after fully executing a blue maneuver he may perform a focus action
    (and then can't focus again in his Perform Action step)."""
    sc = Scene()
    beast = sc.ship(pilot, at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = activation(sc, beast, "2FB")
    answer(game, "use_ability", "focus", beast)
    assert game.state.ships[beast].count(Token.FOCUS) == 1


def test_night_beast_after_a_white_maneuver_has_no_extra_focus():
    sc = Scene()
    beast = sc.ship("nightbeast", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = activation(sc, beast, "3BW")
    d = game.decision
    assert d.kind == "perform_action"  # straight to the Perform Action step
    assert not game.state.ships[beast].has(Token.FOCUS)


def test_night_beast_focus_counts_as_the_rounds_focus_action():
    sc = Scene()
    beast = sc.ship("nightbeast", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = activation(sc, beast, "2FB")
    answer(game, "use_ability", "focus", beast)
    assert "focus" not in values(game)  # the Perform Action step offers the rest


# ------------------------------------------------------------ "Scourge" Skutu
@pytest.mark.parametrize("x, dice", [(400, 3), (470, 2)])
def test_scourge_rolls_an_extra_die_against_a_defender_in_his_bullseye(x, dice):
    """"Scourge" Skutu: attacking a defender in his bullseye arc he rolls 1 more die; a
    defender in his front arc but outside the bullseye gets the usual 2 dice."""
    sc = Scene()
    scourge = sc.ship("scourgeskutu", at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(x, 500, 180))
    game = sc.attack(scourge, enemy, dice=["blank"] * dice, defense=["blank"] * 3)
    assert len(rolled(game, scourge)) == dice


# ------------------------------------------------------------------- "Wampa"
@pytest.mark.parametrize("pilot", ["wampa", "wampa-battleofyavin"])
def test_wampa_spends_his_charge_for_an_extra_die(pilot):
    """"Wampa": while attacking he may spend his charge to roll 1 more attack die."""
    sc = Scene()
    wampa = sc.ship(pilot, at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.at(Engage(wampa))
    load_dice(game, ["hit"] * 3, ["blank"] * 3)
    declare(game, wampa, enemy)
    answer(game, "use_ability", "use", wampa)
    assert len(rolled(game, wampa)) == 3
    assert game.state.ships[wampa].charges[pilot].active == 0


def test_wampa_declining_rolls_two():
    sc = Scene()
    wampa = sc.ship("wampa", at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.at(Engage(wampa))
    load_dice(game, ["hit"] * 2, ["blank"] * 3)
    declare(game, wampa, enemy)
    answer(game, "use_ability", "decline", wampa)
    assert len(rolled(game, wampa)) == 2
    assert game.state.ships[wampa].charges["wampa"].active == 1


def test_wampa_at_range_0_has_nothing_to_buy():
    """At attack range 0 no die can be added to a primary attack: the charge is not
    offered."""
    sc = Scene()
    wampa = sc.ship("wampa", at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 340, 180))
    game = attack(sc, wampa, enemy, ["hit", "hit"], ["blank"] * 3)
    assert "use_ability" not in pass_all(game)
    assert game.state.ships[wampa].charges["wampa"].active == 1


def test_wampa_loses_his_charge_after_defending():
    sc = Scene()
    enemy = sc.ship("academypilot", at=(400, 300, 0))
    wampa = sc.ship("wampa", player=2, at=(400, 500, 180))

    def charged(game):
        assert game.state.ships[wampa].charges["wampa"].active == 1

    game = attack(sc, enemy, wampa, ["blank", "blank"], ["blank"] * 3, before=charged)
    pass_all(game)
    assert game.state.ships[wampa].charges["wampa"].active == 0


# ------------------------------------------------------------------ Del Meeko
@pytest.mark.parametrize("damaged, offered", [(True, True), (False, False)])
def test_del_meeko_rerolls_a_friends_defense_die_against_a_damaged_attacker(damaged,
                                                                          offered):
    """Del Meeko: a friendly ship at range 0-2 of him defending against a damaged attacker
    may reroll 1 defense die."""
    sc = Scene()
    enemy = sc.ship("academypilot", at=(400, 300, 0))
    sc.ship("delmeeko", player=2, at=(550, 600, 180))
    friend = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.at(Engage(enemy))
    if damaged:
        game.state.ships[enemy].damage += (DamageCard("directhit", False, 99),)
    from tallon.dice import DieKind, Face

    load_dice(game, ["hit", "hit"], ["blank", "evade", "blank"],
              then=[(DieKind.DEFENSE, Face.EVADE)])  # the rerolled die
    declare(game, enemy, friend)
    if not offered:
        assert "modify_defense_dice" not in pass_all(game)
        return
    pass_until(game, "modify_defense_dice", friend)
    modify_with(game, "delmeeko", "reroll 1 blank")
    pass_all(game)
    assert not game.state.ships[friend].damage


# ---------------------------------------------------------------- Gideon Hask
@pytest.mark.parametrize("damaged, dice", [(True, 3), (False, 2)])
def test_gideon_hask_rolls_more_against_a_damaged_defender(damaged, dice):
    """Gideon Hask: attacking a damaged defender he rolls 1 more attack die."""
    sc = Scene()
    hask = sc.ship("gideonhask", at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.at(Engage(hask))
    if damaged:
        game.state.ships[enemy].damage += (DamageCard("directhit", False, 99),)
    load_dice(game, ["blank"] * dice, ["blank"] * 3)
    declare(game, hask, enemy)
    assert len(rolled(game, hask)) == dice


# ---------------------------------------------------------------- Iden Versio
@pytest.mark.parametrize("pilot", ["idenversio", "idenversio-swz105"])
def test_iden_versio_prevents_a_friends_damage(pilot):
    """Iden Versio: before a friendly TIE/ln fighter at range 0-1 would suffer damage, she
    may spend her charge to prevent all of it."""
    sc = Scene()
    enemy = sc.ship("academypilot", at=(400, 300, 0))
    iden = sc.ship(pilot, player=2, at=(480, 500, 180))
    friend = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(enemy, friend, dice=["hit", "crit"], defense=["blank"] * 3)
    pass_until(game, "replacement", iden)
    answer(game, "replacement", "use", iden)
    pass_all(game)
    assert not game.state.ships[friend].damage
    assert game.state.ships[iden].charges[pilot].active == 0


def test_iden_versio_declined_the_damage_is_suffered():
    sc = Scene()
    enemy = sc.ship("academypilot", at=(400, 300, 0))
    iden = sc.ship("idenversio", player=2, at=(480, 500, 180))
    friend = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(enemy, friend, dice=["hit", "crit"], defense=["blank"] * 3)
    pass_until(game, "replacement", iden)
    answer(game, "replacement", "decline", iden)
    pass_all(game)
    assert len(game.state.ships[friend].damage) == 2


def test_iden_versio_protects_only_tie_ln_fighters():
    sc = Scene()
    enemy = sc.ship("academypilot", at=(400, 300, 0))
    sc.ship("idenversio", player=2, at=(480, 500, 180))
    friend = sc.ship("tempestsquadronpilot", player=2, at=(400, 500, 180))
    game = sc.attack(enemy, friend, dice=["hit", "hit"], defense=["blank"] * 3)
    kinds = pass_all(game)
    assert "replacement" not in kinds
    assert game.state.ships[friend].shields == 0


# --------------------------------------------------------------- Seyn Marana
def seyn_game(pilot: str):
    sc = Scene()
    seyn = sc.ship(pilot, at=(400, 300, 0))
    xwing = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180))
    game = sc.attack(seyn, xwing, dice=["crit", "hit"], defense=["blank", "blank"])
    return game, seyn, xwing


def test_seyn_marana_spends_a_crit_for_a_facedown_card_past_the_shields():
    """Seyn Marana: attacking, she may spend 1 crit result to deal the defender 1
    facedown damage card (shields don't stop it), then her other results are canceled."""
    game, seyn, xwing = seyn_game("seynmarana")
    pass_until(game, "modify_attack_dice", seyn)
    modify_with(game, "seynmarana")
    pass_all(game)
    luke = game.state.ships[xwing]
    assert luke.shields == 2 and [d.faceup for d in luke.damage] == [False]
    assert logged(game, "neutralize", "misses")


def test_without_seyn_the_crit_and_hit_go_to_the_shields():
    game, _, xwing = seyn_game("academypilot")
    pass_all(game)
    luke = game.state.ships[xwing]
    assert luke.shields == 0 and not luke.damage


# ----------------------------------------------------------------- Valen Rudor
@pytest.mark.parametrize("pilot", ["valenrudor", "valenrudor-swz105"])
def test_valen_rudor_acts_after_a_friend_at_range_1_defends(pilot):
    """Valen Rudor: after a friendly ship at range 0-1 defends, he may perform an
    action."""
    sc = Scene()
    enemy = sc.ship("academypilot", at=(400, 300, 0))
    valen = sc.ship(pilot, player=2, at=(480, 500, 180))
    friend = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(enemy, friend, dice=["blank", "blank"], defense=["blank"] * 3)
    pass_until(game, "use_ability", valen)
    assert {"focus", "evade", "barrel_roll"} <= set(values(game))
    answer(game, "use_ability", "focus", valen)
    assert game.state.ships[valen].count(Token.FOCUS) == 1


def test_valen_rudor_out_of_range_does_nothing():
    sc = Scene()
    enemy = sc.ship("academypilot", at=(400, 300, 0))
    valen = sc.ship("valenrudor", player=2, at=(700, 500, 180))
    friend = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(enemy, friend, dice=["blank", "blank"], defense=["blank"] * 3)
    assert "use_ability" not in pass_all(game)
    assert not game.state.ships[valen].tokens


# --------------------------------------------------------------- ISB Jingoist
def jingoist_game(enemy_tokens: dict[str, int]):
    sc = Scene()
    isb = sc.ship("isbjingoist", at=(400, 300, 0))
    enemy = sc.ship("lukeskywalker", player=2, at=(400, 400, 180), tokens=enemy_tokens)
    return sc.at(Engage(isb)), isb, enemy


def test_isb_jingoist_strains_an_enemy_in_front_at_range_1():
    """ISB Jingoist: before engaging he may choose an enemy ship in his front arc at range
    0-1; it gains a deplete or strain token of his choice unless it removes 1 green
    token. Without green tokens it just gains the token."""
    game, isb, enemy = jingoist_game({})
    answer(game, "use_ability", enemy, isb)
    answer(game, "jingoist_token", "strain")
    assert game.state.ships[enemy].count(Token.STRAIN) == 1
    assert game.decision.kind == "declare_attack"


def test_isb_jingoist_the_enemy_may_give_up_a_green_token():
    game, isb, enemy = jingoist_game({"focus": 1})
    answer(game, "use_ability", enemy, isb)
    answer(game, "jingoist_token", "deplete")
    d = game.decision
    assert d.kind == "jingoist_refusal" and d.player == 2
    answer(game, "jingoist_refusal", "remove:focus")
    ship = game.state.ships[enemy]
    assert not ship.has(Token.FOCUS) and not ship.has(Token.DEPLETE)


def test_isb_jingoist_needs_the_enemy_in_his_front_arc_at_range_1():
    sc = Scene()
    isb = sc.ship("isbjingoist", at=(400, 300, 0))
    sc.ship("lukeskywalker", player=2, at=(400, 500, 180))  # range 2
    game = sc.at(Engage(isb))
    assert game.decision.kind == "declare_attack"


# ---------------------------------------------------------------- Moff Gideon
def gideon_game():
    sc = Scene()
    gideon = sc.ship("moffgideon", at=(600, 300, 0))
    attacker = sc.ship("academypilot", at=(400, 300, 0))
    enemy = sc.ship("redsquadronveteran", player=2, at=(400, 400, 180),
                    tokens={"focus": 1})
    game = sc.at(Engage(attacker))
    load_dice(game, ["hit", "hit", "hit"], ["focus", "focus"])
    declare(game, attacker, enemy)
    return game, gideon, attacker, enemy


def test_moff_gideon_locks_the_defense_dice_and_strains_a_friend():
    """Moff Gideon: an enemy ship at range 1-3 of him defends; before attack dice he may
    spend 1 charge and choose a friendly ship at range 0-1 of the defender: the defense
    dice can't be modified (the defender's focus token is useless) and the chosen ship
    gains a strain token."""
    game, gideon, attacker, enemy = gideon_game()
    assert values(game) == [attacker, "decline"]  # Gideon is beyond range 1 of Luke
    answer(game, "use_ability", attacker, gideon)
    assert game.state.ships[attacker].count(Token.STRAIN) == 1
    assert game.state.ships[gideon].charges["moffgideon"].active == 1
    kinds = pass_all(game)
    assert "modify_defense_dice" not in kinds
    assert game.state.ships[enemy].has(Token.FOCUS)
    assert game.state.ships[enemy].shields == 0 and len(game.state.ships[enemy].damage) == 1


def test_without_moff_gideon_the_defender_spends_focus():
    game, gideon, _, enemy = gideon_game()
    answer(game, "use_ability", "decline", gideon)
    pass_until(game, "modify_defense_dice", enemy)
    game.answer("focus:change=all-focus>evade")  # spend the focus token: 2 evades
    pass_all(game)
    assert game.state.ships[enemy].shields == 1 and not game.state.ships[enemy].damage


# --------------------------------------------------- "Backstabber" and "Mauler" (BoY)
@pytest.mark.parametrize("pilot, wingman, x, y, dice", [
    ("backstabber-battleofyavin", "darthvader", 340, 300, 3),       # on his left
    ("backstabber-battleofyavin", "maulermithel", 460, 300, 3),     # on his right
    ("backstabber-battleofyavin", "darthvader", 400, 360, 2),       # ahead of him
    ("backstabber-battleofyavin", "academypilot", 340, 300, 2),     # not a named ace
    ("maulermithel-battleofyavin", "backstabber-battleofyavin", 460, 300, 3),
    ("maulermithel-battleofyavin", "darthvader-battleofyavin", 340, 300, 3),
    ("maulermithel-battleofyavin", "academypilot", 340, 300, 2),
])
def test_yavin_wingmen_roll_an_extra_die_beside_their_leaders(pilot, wingman, x, y, dice):
    """"Backstabber" / "Mauler" Mithel (Battle of Yavin): a primary attack with a friendly
    Darth Vader or the other named wingman in the left or right arc at range 0-1 rolls 1
    more attack die."""
    sc = Scene()
    tie = sc.ship(pilot, at=(400, 300, 0))
    sc.ship(wingman, at=(x, y, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tie, enemy, dice=["blank"] * dice, defense=["blank"] * 3)
    assert len(rolled(game, tie)) == dice


# ---------------------------------------------------------- "Dark Curse" (BoY)
@pytest.mark.parametrize("defender, modifiable", [("darkcurse-battleofyavin", False),
                                                  ("academypilot", True)])
def test_dark_curse_the_attack_dice_cannot_be_modified(defender, modifiable):
    """"Dark Curse": while he defends, the attacker's dice can't be modified (the
    attacker's focus token can't be spent)."""
    sc = Scene()
    attacker = sc.ship("redsquadronveteran", at=(400, 300, 0), tokens={"focus": 1})
    curse = sc.ship(defender, player=2, at=(400, 500, 180))
    game = sc.attack(attacker, curse, dice=["focus", "focus", "focus"],
                     defense=["blank"] * 3)
    kinds = pass_all(game)
    assert ("modify_attack_dice" in kinds) is modifiable


# --------------------------------------------------------------- Magna Tolvan
@pytest.mark.parametrize("pilot, stress, offered", [("magnatolvan", 2, True),
                                                    ("magnatolvan", 3, False),
                                                    ("academypilot", 1, False)])
def test_magna_tolvan_performs_white_actions_while_lightly_stressed(pilot, stress, offered):
    """Magna Tolvan: with 2 or fewer stress tokens she can perform white actions while
    stressed; with 3 she can't, nor can another stressed pilot."""
    sc = Scene()
    magna = sc.ship(pilot, at=(400, 300, 0), stress=stress)
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.at(PerformAction(magna, during_activation=True), phase="activation")
    if offered:
        assert {"focus", "evade", "barrel_roll"} <= set(values(game))
    else:
        assert game.decision is None


def test_magna_tolvan_acts_after_gaining_a_stress_token():
    """... and after she gains a stress token (a red Koiogran turn) she may perform a white
    action, if able."""
    sc = Scene()
    magna = sc.ship("magnatolvan", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = activation(sc, magna, "3KR")
    answer(game, "use_ability", "evade", magna)
    ship = game.state.ships[magna]
    assert ship.count(Token.STRESS) == 1 and ship.count(Token.EVADE) == 1
    answer(game, "perform_action", "focus", magna)  # the Perform Action step, stressed
    assert ship.count(Token.FOCUS) == 1


# ---------------------------------------------------------------- Yrica Quell
@pytest.mark.parametrize("x, offered", [(400, True), (520, False)])
def test_yrica_quell_locks_an_enemy_in_her_bullseye_after_moving(x, offered):
    """Yrica Quell: after fully executing a maneuver she may lock an enemy ship in her
    bullseye arc."""
    sc = Scene()
    yrica = sc.ship("yricaquell", at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(x, 700, 180))
    game = activation(sc, yrica, "2FB")
    if offered:
        answer(game, "use_ability", enemy, yrica)
        assert game.state.ships[yrica].locks == [enemy]
    else:
        assert game.decision.kind == "perform_action"


# -------------------------------------------------- Lieutenant Hebsly (Endor)
def test_hebsly_boosts_after_defending_even_while_stressed():
    """Lieutenant Hebsly: after defending she may perform a red boost action, even while
    stressed (she gains a second stress token)."""
    sc = Scene()
    enemy = sc.ship("academypilot", at=(400, 300, 0))
    hebsly = sc.ship("lieutenanthebsly-battleoverendor", player=2, at=(400, 500, 180),
                     stress=1)
    game = sc.attack(enemy, hebsly, dice=["blank", "blank"], defense=["blank"] * 3)
    pass_until(game, "use_ability", hebsly)
    answer(game, "use_ability", "boost", hebsly)
    answer(game, "boost_direction", "straight")
    ship = game.state.ships[hebsly]
    assert ship.pose.y == pytest.approx(420.0) and ship.count(Token.STRESS) == 2


def test_hebsly_has_no_boost_left_after_boosting_this_round():
    sc = Scene()
    enemy = sc.ship("academypilot", at=(400, 300, 0))
    hebsly = sc.ship("lieutenanthebsly-battleoverendor", player=2, at=(400, 500, 180),
                     actions_done={"boost"})
    game = sc.attack(enemy, hebsly, dice=["blank", "blank"], defense=["blank"] * 3)
    assert "use_ability" not in pass_all(game)


# ------------------------------------------------------------- Scythe 6 (Endor)
@pytest.mark.parametrize("y, dice", [(500, 3), (600, 2)])
def test_scythe_6_rolls_an_extra_die_at_range_1_2(y, dice):
    """Scythe 6: attacking at attack range 1-2 he rolls 1 more die (range 2: 3 dice;
    range 3: his 2)."""
    sc = Scene()
    scythe = sc.ship("scythe6-battleoverendor", at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, y, 180))
    game = sc.attack(scythe, enemy, dice=["blank"] * dice, defense=["blank"] * 4)
    assert len(rolled(game, scythe)) == dice


# ------------------------------------------------------------ Major Mianda (Endor)
def test_major_mianda_and_a_wingman_reposition_in_the_end_phase():
    """Major Mianda: during the End Phase she may choose up to 2 friendly small ships at
    range 0-2; she and they may each perform a red barrel roll or red boost action."""
    sc = Scene()
    mianda = sc.ship("majormianda-battleoverendor", at=(400, 300, 0))
    wing = sc.ship("academypilot", at=(550, 300, 0))
    far = sc.ship("academypilot", at=(750, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.at(FireWindow.of("end_phase"), phase="end")
    options = values(game)
    assert wing in options and far not in options and "alone" in options
    answer(game, "use_ability", wing, mianda)
    answer(game, "perform_action", "boost", mianda)
    answer(game, "boost_direction", "straight")
    answer(game, "perform_action", "boost", wing)
    answer(game, "boost_direction", "straight")
    for ship in (mianda, wing):
        assert game.state.ships[ship].count(Token.STRESS) == 1
        assert game.state.ships[ship].pose.y == pytest.approx(380.0)
    assert not game.state.ships[far].tokens
