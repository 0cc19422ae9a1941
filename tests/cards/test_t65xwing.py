"""T-65 X-wing pilots and the ship abilities Hope and Locked S-Foils: each card in a scene
built for it, compared with the same scene without the card (or before/after it acts).

Player 1 (index 0) sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band
is 100 mm."""

from __future__ import annotations

from typing import Any

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import Activate
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import PASS, answer, finish, offered, option_with, rolled, skip_to


# ------------------------------------------------------------------ generic pilots
@pytest.mark.parametrize("pilot", ["bluesquadronescort", "cavernangelszealot",
                                   "redsquadronveteran"])
def test_generic_pilots_field_and_fight(pilot):
    """A generic T-65 (no ability text) is set up and attacks with its 3-dice primary
    weapon at range 2; its 2 hits against 1 evade deal 1 damage."""
    sc = Scene()
    xwing = sc.ship(pilot, at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(xwing, tie, dice=["hit", "hit", "blank"], defense=["evade", "blank",
                                                                          "blank"])
    finish(game)
    assert len(game.state.ships[tie].damage) == 1
    assert len(rolled(game, xwing)) == 3


# --------------------------------------------------------------------------- Wedge
def wedge_scene(pilot: str, wingman: bool = False, dice: tuple[str, ...] = ("hit",) * 3,
                **kw: Any):
    sc = Scene()
    wedge = sc.ship(pilot, at=(400, 300, 0), **kw)
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    if wingman:
        # in front of the TIE: in its firing arc
        sc.ship("redsquadronveteran", at=(520, 330, 0))
    game = sc.attack(wedge, tie, dice=dice, defense=["evade"] * 3)
    finish(game)
    return game, wedge, tie


def test_wedge_defender_rolls_one_fewer_die():
    """Wedge Antilles: the defender rolls 1 fewer defense die (2 instead of 3 at range
    2), so 1 of his 3 hits gets through."""
    game, _, tie = wedge_scene("wedgeantilles")
    assert len(rolled(game, tie)) == 2
    assert len(game.state.ships[tie].damage) == 1
    base, _, base_tie = wedge_scene("redsquadronveteran")
    assert len(rolled(base, base_tie)) == 3 and not base.state.ships[base_tie].damage


def test_wedge_yavin_needs_a_wingman_in_the_defenders_arc():
    """Wedge (Battle of Yavin): with another friendly ship in the defender's firing arc
    the defender rolls 1 fewer die; without one it rolls all 3."""
    game, _, tie = wedge_scene("wedgeantilles-battleofyavin", wingman=True)
    assert len(rolled(game, tie)) == 2
    alone, _, tie2 = wedge_scene("wedgeantilles-battleofyavin")
    assert len(rolled(alone, tie2)) == 3


def test_wedge_yavin_only_primary_attacks():
    """Wedge (Battle of Yavin) with proton torpedoes: the special attack gets no
    reduction even with a wingman in the defender's arc."""
    sc = Scene()
    wedge = sc.ship("wedgeantilles-battleofyavin", at=(400, 300, 0),
                    upgrades=["protontorpedoes"], locks=["p2.1"])
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    sc.ship("redsquadronveteran", at=(520, 330, 0))
    game = sc.attack(wedge, tie, dice=["hit"] * 4, defense=["evade"] * 3,
                     weapon="protontorpedoes")
    finish(game)
    assert len(rolled(game, tie)) == 3


def test_wedge_endor_gains_focus_after_a_hit():
    """Wedge (Battle over Endor): after an attack that hits he gains a focus token; after
    one that misses he doesn't."""
    game, wedge, _ = wedge_scene("wedgeantilles-battleoverendor",
                                 dice=("hit", "hit", "hit", "hit"))
    assert game.state.ships[wedge].count(Token.FOCUS) == 1
    sc = Scene()
    wedge2 = sc.ship("wedgeantilles-battleoverendor", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    miss = sc.attack(wedge2, tie, dice=["blank"] * 3, defense=["blank"] * 3)
    finish(miss)
    assert not miss.state.ships[wedge2].has(Token.FOCUS)


# -------------------------------------------------------------------------- Garven
@pytest.mark.parametrize("pilot", ["garvendreis-t65xwing", "garvendreis-battleofyavin"])
def test_garven_passes_a_focus_token_on(pilot):
    """Garven Dreis spends his focus token on his attack dice; a friendly ship at range
    1-3 then gains a focus token (and doesn't if he declines)."""
    def scene():
        sc = Scene()
        garven = sc.ship(pilot, at=(400, 300, 0), tokens={"focus": 1})
        friend = sc.ship("redsquadronveteran", at=(250, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(garven, tie, dice=["focus", "hit", "blank"], defense=["blank"] * 3)
        answer(game, "modify_attack_dice", option_with(game, "focus"))
        return game, garven, friend

    game, garven, friend = scene()
    answer(game, "use_ability", friend, garven)
    assert game.state.ships[friend].count(Token.FOCUS) == 1
    assert not game.state.ships[garven].has(Token.FOCUS)
    game, garven, friend = scene()
    answer(game, "use_ability", "decline", garven)
    assert not game.state.ships[friend].has(Token.FOCUS)


# ---------------------------------------------------------------------------- Luke
@pytest.mark.parametrize("pilot", ["lukeskywalker", "lukeskywalker-battleofyavin",
                                   "lukeskywalker-swz106"])
def test_luke_recovers_force_when_attacked(pilot):
    """Luke Skywalker with no Force left becomes the defender: he recovers 1 Force before
    the dice are rolled, and can spend it on his defense dice at once."""
    sc = Scene()
    luke = sc.ship(pilot, at=(400, 300, 0), force=0)
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tie, luke, dice=["hit", "hit"], defense=["focus", "focus"])
    assert game.state.ships[luke].force == 0
    answer(game, "use_ability", "use", luke)
    assert game.state.ships[luke].force == 1
    skip_to(game, "modify_defense_dice", luke)
    assert any(o.info and o.info["source"] == "force" for o in game.decision.options)


def test_luke_swz106_plays_his_standard_loadout():
    """Luke (SWZ106) with his printed loadout (Instinctive Aim, proton torpedoes, R2-D2):
    he recovers a shield after revealing his dial, and fires the torpedoes without a lock
    for 1 Force."""
    sc = Scene()
    luke = sc.ship("lukeskywalker-swz106", at=(400, 300, 0), dial_set="1FB", shields=1,
                   upgrades=["instinctiveaim", "protontorpedoes", "r2d2"])
    tie = sc.ship("academypilot", player=2, at=(400, 560, 180))
    game = sc.at(Activate(luke), phase="activation")
    answer(game, "use_ability", "use", luke)  # R2-D2
    finish(game)
    s = game.state.ships[luke]
    assert s.shields == 2 and s.has(Token.DISARM)
    s.tokens.pop(Token.DISARM)  # the End Phase would remove it
    start_at(game, Engage(luke))
    load_dice(game, ["hit", "hit", "hit", "focus"], ["blank"] * 3)
    declare(game, luke, tie, "protontorpedoes")
    finish(game)
    assert s.force == 1 and s.charges["protontorpedoes"].active == 1
    assert game.state.ships[tie].destroyed


def test_luke_at_full_force_has_nothing_to_recover():
    sc = Scene()
    luke = sc.ship("lukeskywalker", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tie, luke, dice=["hit", "hit"], defense=["blank"] * 2)
    assert game.decision is None or game.decision.kind != "use_ability"


# ----------------------------------------------------------------------------- Jek
def jek_scene(pilot: str, die: str):
    """Jek executes a red Koiogran turn: he gains a stress token; the die he may roll
    shows ``die``."""
    sc = Scene()
    jek = sc.ship(pilot, at=(400, 300, 0), dial_set="4KR")
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(Activate(jek), phase="activation")
    load_dice(game, [die])
    skip_to(game, "use_ability", jek)
    assert game.state.ships[jek].stressed
    return game, jek


@pytest.mark.parametrize("pilot", ["jekporkins", "jekporkins-battleofyavin",
                                   "jekporkins-swz106"])
def test_jek_rolls_off_his_stress(pilot):
    """Jek Porkins gains a stress token from a red maneuver and rolls a blank: the stress
    token is removed and he takes no damage; he can then perform an action."""
    game, jek = jek_scene(pilot, "blank")
    answer(game, "use_ability", "use", jek)
    ship = game.state.ships[jek]
    assert not ship.stressed and ship.shields == 2 and not ship.damage
    assert game.decision.kind == "perform_action"


def test_jek_rolling_a_hit_costs_a_damage():
    """On a hit result the stress token still goes, and Jek suffers 1 hit damage (a
    shield)."""
    game, jek = jek_scene("jekporkins", "hit")
    answer(game, "use_ability", "use", jek)
    ship = game.state.ships[jek]
    assert not ship.stressed and ship.shields == 1


def test_jek_declining_keeps_the_stress():
    game, jek = jek_scene("jekporkins", "hit")
    answer(game, "use_ability", "decline", jek)
    ship = game.state.ships[jek]
    assert ship.stressed and ship.shields == 2
    assert game.decision is None  # stressed: no action


# --------------------------------------------------------------------------- Biggs
def biggs_scene(pilot: str = "biggsdarklighter", dice: tuple[str, ...] = ("hit", "crit")):
    """The TIE attacks the Red Squadron Veteran; Biggs flies beside it at range 1, also
    in the TIE's front arc."""
    sc = Scene()
    friend = sc.ship("redsquadronveteran", at=(400, 300, 0))
    biggs = sc.ship(pilot, at=(460, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(420, 500, 180))
    game = sc.attack(tie, friend, dice=list(dice), defense=["blank"] * 2)
    return game, biggs, friend


def test_biggs_takes_a_hit_for_his_wingman():
    """Biggs Darklighter: before Neutralize Results he suffers 1 hit damage to cancel 1
    hit result; the defender suffers only the critical hit."""
    game, biggs, friend = biggs_scene()
    skip_to(game, "use_ability", biggs)
    assert set(game.decision.option_keys()) == {"hit", "crit", "decline"}
    answer(game, "use_ability", "hit", biggs)
    finish(game)
    s = game.state.ships
    assert s[biggs].shields == 1
    assert s[friend].shields == 1  # only the critical hit reached it


def test_biggs_can_cancel_a_critical_hit_instead():
    game, biggs, friend = biggs_scene()
    skip_to(game, "use_ability", biggs)
    answer(game, "use_ability", "crit", biggs)
    finish(game)
    s = game.state.ships
    assert s[biggs].shields == 1 and s[friend].shields == 1


def test_without_biggs_the_defender_takes_both():
    game, _, friend = biggs_scene(pilot="redsquadronveteran")
    finish(game)
    assert game.state.ships[friend].shields == 0


def test_biggs_outside_the_attack_arc_cannot_help():
    """Biggs at range 1 of the defender but outside the TIE's front arc: no ability."""
    sc = Scene()
    friend = sc.ship("redsquadronveteran", at=(400, 300, 0))
    biggs = sc.ship("biggsdarklighter", at=(470, 420, 0))
    tie = sc.ship("academypilot", player=2, at=(560, 300, 270))  # facing -x
    game = sc.attack(tie, friend, dice=["hit"], defense=["blank"] * 2)
    finish(game)
    assert game.state.ships[biggs].shields == 2
    assert not any(e.get("card") == "biggsdarklighter" for e in game.log)


# ------------------------------------------------------------- Biggs (Battle of Yavin)
def yavin_round(use: bool) -> tuple[Any, list[str]]:
    """A round from the dials: Biggs (initiative 3) at range 1 of Luke (initiative 5).
    With his ability he activates at initiative 5 (after Luke, the player's choice)."""
    sc = Scene()
    biggs = sc.ship("biggsdarklighter-battleofyavin", at=(400, 200, 0))
    luke = sc.ship("lukeskywalker-battleofyavin", at=(500, 200, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.game()
    seen: list[str] = []
    for _ in range(60):
        if game.state.round > 1:
            break
        d = game.decision
        if d.kind == "set_dial":
            game.answer("2FB")
        elif d.kind == "use_ability" and d.ship == biggs:
            game.answer(luke if use else "decline")
            if use:
                seen.append(f"initiative {game.state.ships[biggs].current_initiative}")
        elif d.kind == "activation_order":
            game.answer(luke)
        else:
            game.answer(PASS[d.kind])
    order = [e["ship"] for e in game.log if e["kind"] == "reveal"]
    return game, seen + order


def test_biggs_yavin_borrows_an_initiative_until_the_end_of_activation():
    game, seen = yavin_round(use=True)
    assert seen == ["initiative 5", "p2.1", "p1.2", "p1.1"]
    # the Activation Phase ended: his printed initiative is back
    assert game.state.ships["p1.1"].current_initiative == 3


def test_biggs_yavin_without_the_ability_activates_at_3():
    _, seen = yavin_round(use=False)
    assert seen == ["p2.1", "p1.1", "p1.2"]


# --------------------------------------------------------------------------- Edrio
def edrio_scene(focus: int):
    sc = Scene()
    edrio = sc.ship("edriotwotubes", at=(400, 300, 0), dial_set="2FB",
                    tokens={"focus": focus})
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    return sc.at(Activate(edrio), phase="activation"), edrio


def test_edrio_acts_before_activating_when_focused():
    """Edrio Two Tubes with a focus token: before he activates he barrel rolls, then he
    reveals his dial, moves and may act again in his Perform Action step."""
    game, edrio = edrio_scene(focus=1)
    answer(game, "use_ability", "use", edrio)
    assert not game.state.ships[edrio].dial_revealed
    answer(game, "perform_action", "barrel_roll", edrio)
    answer(game, "barrel_roll_direction", "left")
    answer(game, "barrel_roll_position", "middle")
    ship = game.state.ships[edrio]
    assert ship.pose.x < 400 and ship.executed_speed == 2
    answer(game, "perform_action", "focus", edrio)  # his Perform Action step
    assert ship.count(Token.FOCUS) == 2


def test_edrio_without_focus_just_activates():
    game, edrio = edrio_scene(focus=0)
    assert game.decision.kind == "perform_action"  # after his maneuver
    assert game.state.ships[edrio].executed_speed == 2


# ------------------------------------------------------------------------- Kullbee
def test_kullbee_flips_his_s_foils_after_a_barrel_roll():
    """Kullbee Sperado with Servomotor S-foils (closed): after a barrel roll he may flip
    them open, which removes their boost from his action bar."""
    sc = Scene()
    kullbee = sc.ship("kullbeesperado", at=(400, 300, 0), upgrades=["servomotorsfoils"])
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(kullbee, during_activation=True), phase="activation")
    ship = game.state.ships[kullbee]
    assert ("upgrade", "servomotorsfoils", 0) in ship.cards
    assert any(a.kind == "boost" for a in ship.actions)
    answer(game, "perform_action", "barrel_roll", kullbee)
    answer(game, "barrel_roll_direction", "right")
    answer(game, "barrel_roll_position", "middle")
    answer(game, "use_ability", "servomotorsfoils", kullbee)
    assert ("upgrade", "servomotorsfoils", 1) in ship.cards
    assert not any(a.kind == "boost" for a in ship.actions)


def test_kullbee_without_a_configuration_has_nothing_to_flip():
    sc = Scene()
    kullbee = sc.ship("kullbeesperado", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(kullbee, during_activation=True), phase="activation")
    answer(game, "perform_action", "barrel_roll", kullbee)
    answer(game, "barrel_roll_direction", "right")
    answer(game, "barrel_roll_position", "middle")
    assert game.decision is None


# ---------------------------------------------------------------------------- Lee
def test_lee_evades_after_a_barrel_roll():
    """Lee Venteza: after a barrel roll he may perform a red evade action: he gains an
    evade token and a stress token."""
    sc = Scene()
    lee = sc.ship("leevantenza", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(lee, during_activation=True), phase="activation")
    answer(game, "perform_action", "barrel_roll", lee)
    answer(game, "barrel_roll_direction", "left")
    answer(game, "barrel_roll_position", "middle")
    answer(game, "use_ability", "evade", lee)
    answer(game, "perform_action", "evade", lee)
    ship = game.state.ships[lee]
    assert ship.count(Token.EVADE) == 1 and ship.stressed


def test_lee_after_a_focus_action_gets_nothing():
    sc = Scene()
    lee = sc.ship("leevantenza", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(lee, during_activation=True), phase="activation")
    answer(game, "perform_action", "focus", lee)
    assert game.decision is None and not game.state.ships[lee].has(Token.EVADE)


# --------------------------------------------------------------------------- Thane
def thane_scene(pilot: str = "thanekyrell"):
    sc = Scene()
    thane = sc.ship(pilot, at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180),
                  damage=[DamageCard("consolefire", False, 90),
                          DamageCard("structuraldamage", False, 91)])
    game = sc.attack(thane, tie, dice=["focus", "hit", "hit"], defense=["blank"] * 3)
    return game, thane, tie


def test_thane_spends_a_focus_result_to_expose_a_damage_card():
    """Thane Kyrell spends his focus result: he looks at the defender's two facedown
    cards and exposes Structural Damage (not Console Fire); his two hits still deal 2
    damage."""
    game, thane, tie = thane_scene()
    answer(game, "modify_attack_dice", option_with(game, "cancel 1 focus"), thane)
    d = game.decision
    assert d.kind == "expose_damage" and d.player == 1
    assert {o.label for o in d.options} == {"consolefire", "structuraldamage"}
    game.answer("91")
    s = game.state.ships[tie]
    assert s.damage[1].faceup and not s.damage[0].faceup
    finish(game)
    assert len(s.damage) == 4


def test_without_thane_no_card_is_exposed():
    game, _, tie = thane_scene("redsquadronveteran")
    assert not offered(game, "expose")
    finish(game)
    assert not any(d.faceup for d in game.state.ships[tie].damage)


def test_thane_needs_a_facedown_card_to_expose():
    sc = Scene()
    thane = sc.ship("thanekyrell", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(thane, tie, dice=["focus", "hit", "hit"], defense=["blank"] * 3)
    assert not offered(game, "expose")


# -------------------------------------------------------------------------- Corran
def test_corran_hands_a_wingmans_lock_to_the_defender():
    """Corran Horn attacks a TIE he has locked; his wingman has a lock on Corran and
    moves it onto the TIE."""
    sc = Scene()
    corran = sc.ship("corranhorn-t65xwing", at=(400, 300, 0), locks=["p2.1"])
    wingman = sc.ship("redsquadronveteran", at=(250, 300, 0), locks=["p1.1"])
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(corran, tie, dice=["hit"], defense=["blank"] * 3)
    answer(game, "use_ability", wingman, corran)
    assert game.state.ships[wingman].locks == [tie]
    assert game.state.ships[corran].locks == [tie]


def test_corran_without_a_lock_on_the_defender_does_nothing():
    sc = Scene()
    corran = sc.ship("corranhorn-t65xwing", at=(400, 300, 0))
    wingman = sc.ship("redsquadronveteran", at=(250, 300, 0), locks=["p1.1"])
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(corran, tie, dice=["hit"], defense=["blank"] * 3)
    finish(game)
    assert game.state.ships[wingman].locks == [corran]


# ----------------------------------------------------------------------------- Wes
def test_wes_jams_the_defender_after_attacking():
    """Wes Janson spends his charge after attacking: the defender (a focused TIE) gains a
    jam token, which strips its focus token."""
    sc = Scene()
    wes = sc.ship("wesjanson", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180), tokens={"focus": 1})
    game = sc.attack(wes, tie, dice=["blank"] * 3, defense=["blank"] * 3)
    skip_to(game, "use_ability", wes)
    answer(game, "use_ability", "use", wes)
    s = game.state.ships
    assert s[wes].charges["wesjanson"].active == 0
    assert not s[tie].has(Token.FOCUS) and not s[tie].has(Token.JAM)


def test_wes_jams_the_attacker_after_defending():
    sc = Scene()
    wes = sc.ship("wesjanson", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tie, wes, dice=["blank"] * 2, defense=["blank"] * 2)
    skip_to(game, "use_ability", wes)
    answer(game, "use_ability", "use", wes)
    assert game.state.ships[tie].count(Token.JAM) == 1


def test_wes_without_a_charge_cannot_jam():
    sc = Scene()
    wes = sc.ship("wesjanson", at=(400, 300, 0), charges={"wesjanson": 0})
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(wes, tie, dice=["blank"] * 3, defense=["blank"] * 3)
    finish(game)
    assert not game.state.ships[tie].has(Token.JAM)


# -------------------------------------------------------------------------- Yendor
def test_yendor_gains_strain_to_reroll_a_blank():
    """Yendor's blank is rerolled into a hit for a strain token."""
    from tallon.dice import DieKind, Face

    sc = Scene()
    yendor = sc.ship("yendor-battleoverendor", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    # the reroll comes before the defense dice
    game = sc.attack(yendor, tie, dice=["blank", "hit", "hit"],
                     then=[(DieKind.ATTACK, Face.HIT)] + [(DieKind.DEFENSE, Face.BLANK)] * 3)
    answer(game, "modify_attack_dice", option_with(game, "reroll 1 blank"), yendor)
    assert game.state.ships[yendor].count(Token.STRAIN) == 1
    finish(game)
    assert rolled(game, tie) == ["blank"] * 3
    assert len(game.state.ships[tie].damage) == 3


def test_yendor_has_nothing_to_reroll_without_blanks():
    sc = Scene()
    yendor = sc.ship("yendor-battleoverendor", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(yendor, tie, dice=["hit", "hit", "focus"], defense=["blank"] * 3)
    assert not offered(game, "blank")


# --------------------------------------------------------------------------- Kendy
def test_kendy_spends_focus_and_lets_a_wingman_act():
    """Kendy Idele spends her focus token on her dice; she gains a strain token and her
    wingman at range 1 performs a red evade action (evade and stress)."""
    sc = Scene()
    kendy = sc.ship("kendyidele-battleoverendor", at=(400, 300, 0), tokens={"focus": 1})
    wingman = sc.ship("redsquadronveteran", at=(280, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(kendy, tie, dice=["focus", "hit", "blank"], defense=["blank"] * 3)
    answer(game, "modify_attack_dice", option_with(game, "focus"), kendy)
    answer(game, "use_ability", wingman, kendy)
    d = game.decision
    assert d.kind == "perform_action" and d.ship == wingman
    assert set(d.option_keys()) == {"focus", "evade", "pass"}
    game.answer("evade")
    s = game.state.ships
    assert s[kendy].count(Token.STRAIN) == 1
    assert s[wingman].count(Token.EVADE) == 1 and s[wingman].stressed


def test_kendy_declining_costs_nothing():
    sc = Scene()
    kendy = sc.ship("kendyidele-battleoverendor", at=(400, 300, 0), tokens={"focus": 1})
    wingman = sc.ship("redsquadronveteran", at=(280, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(kendy, tie, dice=["focus", "hit", "blank"], defense=["blank"] * 3)
    answer(game, "modify_attack_dice", option_with(game, "focus"), kendy)
    answer(game, "use_ability", "decline", kendy)
    s = game.state.ships
    assert not s[kendy].has(Token.STRAIN) and not s[wingman].has(Token.EVADE)


# ---------------------------------------------------------------------------- Hope
def hope_scene(pilot: str, x: float):
    """The TIE destroys a one-hull-left Red Squadron Veteran; ``pilot`` flies at ``x``."""
    sc = Scene()
    victim = sc.ship("redsquadronveteran", at=(400, 300, 0), shields=0,
                     damage=[DamageCard("(marker)", False, 90 + k) for k in range(3)])
    hoper = sc.ship(pilot, at=(x, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tie, victim, dice=["hit", "hit"], defense=["blank"] * 2)
    return game, victim, hoper


def test_hope_acts_after_a_friend_is_destroyed():
    """Hope: Garven (Battle of Yavin) at range 1 of a friendly ship destroyed in an attack
    performs a focus action."""
    game, victim, garven = hope_scene("garvendreis-battleofyavin", 300)
    skip_to(game, "use_ability", garven)
    assert game.state.ships[victim].destroyed
    answer(game, "use_ability", "act", garven)
    d = game.decision
    assert d.kind == "perform_action" and set(d.option_keys()) == {"focus", "boost",
                                                                     "pass"}
    game.answer("focus")
    assert game.state.ships[garven].count(Token.FOCUS) == 1


def test_hope_is_out_of_reach_beyond_range_3():
    game, victim, garven = hope_scene("garvendreis-battleofyavin", 20)
    finish(game)
    assert game.state.ships[victim].destroyed
    assert not game.state.ships[garven].has(Token.FOCUS)


def test_without_hope_nothing_happens():
    game, victim, other = hope_scene("garvendreis-t65xwing", 300)
    finish(game)
    assert game.state.ships[victim].destroyed
    assert not game.state.ships[other].has(Token.FOCUS)


# ------------------------------------------------------------------ Locked S-Foils
def boost_scene(pilot: str):
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0), upgrades=["servomotorsfoils"])
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
    answer(game, "perform_action", "boost", ship)
    answer(game, "boost_direction", "straight", ship)
    return game, ship


def test_locked_s_foils_boosting_depletes():
    """Locked S-Foils (Battle over Endor): after a boost action the ship gains a deplete
    token; a ship without the ship ability doesn't."""
    game, wedge = boost_scene("wedgeantilles-battleoverendor")
    finish(game)
    assert game.state.ships[wedge].count(Token.DEPLETE) == 1
    game, vet = boost_scene("redsquadronveteran")
    finish(game)
    assert not game.state.ships[vet].has(Token.DEPLETE)
