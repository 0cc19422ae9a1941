"""Modification upgrades: each test sets a scene, states the card's rule and shows the
card changing the outcome (the same scene without it, or the state before and after).

Player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and range bands
100 mm."""

from __future__ import annotations

import pytest

from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Activate, EndPhase
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import (
    Give,
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


def enemy_far(sc: Scene) -> str:
    return sc.ship("academypilot", player=2, at=(400, 850, 180))


# ---------------------------------------------------------- Static Discharge Vanes
def vanes_scene(stress: int = 0, near: bool = True, token: str = "ion"):
    sc = Scene()
    vanes = sc.ship("academypilot", at=(400, 300, 0), upgrades=["staticdischargevanes"],
                    stress=stress)
    other = sc.ship("academypilot", player=2, at=(400, 400 if near else 700, 180))
    game = sc.game()
    start_at(game, Give(vanes, token, 1, applier=1), phase="activation")
    return game, vanes, other


def test_vanes_pass_an_ion_token_to_a_ship_at_range_1():
    """Static Discharge Vanes: before gaining 1 ion (or jam) token, unstressed, the ship
    may gain 1 stress token to give it to another ship at range 0-1, then it suffers 1
    hit damage."""
    game, vanes, other = vanes_scene()
    assert set(values(game)) == {other, "decline"}
    answer(game, "replacement", other, vanes)
    me, them = game.state.ships[vanes], game.state.ships[other]
    assert them.count(Token.ION) == 1 and not me.has(Token.ION)
    assert me.count(Token.STRESS) == 1 and len(me.damage) == 1


def test_vanes_declined_the_ship_keeps_the_token():
    game, vanes, other = vanes_scene()
    answer(game, "replacement", "decline", vanes)
    assert game.state.ships[vanes].count(Token.ION) == 1
    assert not game.state.ships[other].tokens and not game.state.ships[vanes].damage


@pytest.mark.parametrize("kwargs", [{"stress": 1}, {"near": False}, {"token": "focus"}])
def test_vanes_need_no_stress_a_ship_nearby_and_an_ion_or_jam_token(kwargs):
    game, vanes, _ = vanes_scene(**kwargs)
    assert game.decision is None
    token = Token(kwargs.get("token", "ion"))
    assert game.state.ships[vanes].count(token) == 1


# ------------------------------------------------------------------ Afterburners
def test_afterburners_boost_after_a_fast_maneuver_even_while_stressed():
    """Afterburners: after fully executing a speed 3-5 maneuver the ship may spend 1 charge
    to perform a boost action, even while stressed."""
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 200, 0), upgrades=["afterburners"], stress=1)
    enemy_far(sc)
    game = activation(sc, tie, "4FW")
    answer(game, "use_ability", "boost", tie)
    answer(game, "boost_direction", "straight")
    ship = game.state.ships[tie]
    assert ship.pose.y == pytest.approx(200 + 40 + 160 + 80)
    assert ship.charges["afterburners"].active == 1 and "boost" in ship.actions_done


def test_afterburners_not_after_a_slow_maneuver():
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 200, 0), upgrades=["afterburners"])
    enemy_far(sc)
    game = activation(sc, tie, "2FB")
    assert game.decision.kind == "perform_action"
    assert game.state.ships[tie].charges["afterburners"].active == 2


def test_afterburners_without_charges_do_nothing():
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 200, 0), upgrades=["afterburners"],
                  charges={"afterburners": 0})
    enemy_far(sc)
    game = activation(sc, tie, "4FW")
    assert game.decision.kind == "perform_action"


# --------------------------------------------------------- Precision Ion Engines
def test_precision_ion_engines_turn_a_koiogran_turn_into_a_segnors_loop():
    """Precision Ion Engines: before executing a speed 1-3 Koiogran turn the ship may
    spend 1 charge to execute it as a Segnor's loop (same speed and difficulty)."""
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=["precisionionengines"])
    enemy_far(sc)
    game = activation(sc, tie, "3KR")
    assert set(values(game)) == {"3LR", "3PR", "decline"}
    answer(game, "replacement", "3PR", tie)
    ship = game.state.ships[tie]
    assert logged(game, "move", "executes [3PR]") and not logged(game, "move", "[3KR]")
    assert ship.charges["precisionionengines"].active == 1
    assert ship.count(Token.STRESS) == 1         # still a red maneuver
    # a loop ends beside the straight line, turned around past the Koiogran's 180 degrees
    assert ship.pose.x > 400 and ship.pose.heading % 360 == pytest.approx(225)


def test_precision_ion_engines_declined_and_at_speed_4():
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=["precisionionengines"])
    enemy_far(sc)
    game = activation(sc, tie, "3KR")
    answer(game, "replacement", "decline", tie)
    assert logged(game, "move", "executes [3KR]")
    assert game.state.ships[tie].pose.x == pytest.approx(400)
    assert game.state.ships[tie].pose.heading % 360 == pytest.approx(180)

    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=["precisionionengines"])
    enemy_far(sc)
    game = activation(sc, tie, "4KR")
    assert logged(game, "move", "executes [4KR]")


# ---------------------------------------------------------- Ion Maneuvering Jet
JET = "ionmaneuveringjet-battleoverendor"


def test_ion_maneuvering_jet_acts_after_a_koiogran_turn_even_stressed():
    """Ion Maneuvering Jet: after fully executing a Koiogran turn the ship may spend 1
    charge to perform an action, even while stressed (the red turn just stressed it)."""
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=[JET])
    enemy_far(sc)
    game = activation(sc, tie, "3KR")
    assert {"focus", "evade", "barrel_roll"} <= set(values(game))
    answer(game, "use_ability", "evade", tie)
    ship = game.state.ships[tie]
    assert ship.stressed and ship.count(Token.EVADE) == 1
    assert ship.charges[JET].active == 1


def test_without_the_jet_a_stressed_ship_cannot_act():
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0))
    enemy_far(sc)
    game = activation(sc, tie, "3KR")
    assert game.decision is None and not game.state.ships[tie].tokens.get(Token.EVADE)


# ------------------------------------------------------------- Targeting Matrix
MATRIX = "targetingmatrix-battleoverendor"


def matrix_game(dice):
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=[MATRIX])
    enemy = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180))
    return attack(sc, tie, enemy, dice, ["blank", "blank"]), tie, enemy


def test_targeting_matrix_spends_a_focus_result_to_strain_the_defender():
    """Targeting Matrix: attacking, at the end of the Neutralize Results step the ship may
    spend 1 focus result; after the attack the defender gains a strain token."""
    game, tie, enemy = matrix_game(["hit", "focus"])
    pass_until(game, "use_ability", tie)
    answer(game, "use_ability", "use", tie)
    pass_all(game)
    assert game.state.ships[enemy].count(Token.STRAIN) == 1
    assert game.state.ships[enemy].shields == 1  # the hit still hit
    # the strain comes after the attack: after its damage was dealt
    kinds = [e["kind"] for e in game.log]
    assert kinds.index("token") > kinds.index("damage")


def test_targeting_matrix_declined_or_without_a_focus_result():
    game, _, enemy = matrix_game(["hit", "focus"])
    pass_all(game)
    assert not game.state.ships[enemy].has(Token.STRAIN)
    game, _tie, enemy = matrix_game(["hit", "blank"])
    assert "use_ability" not in pass_all(game)


# -------------------------------------------------------------- Chaff Particles
CHAFF = "chaffparticles-battleoverendor"


def chaff_game(defense, locked=False):
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0), locks=["p2.1"] if locked else [])
    rebel = sc.ship("sabinewren-tielnfighter", player=2, at=(400, 500, 180),
                    upgrades=[CHAFF], stress=1)
    return attack(sc, tie, rebel, ["hit", "blank"], defense), tie, rebel


def test_chaff_particles_spend_a_focus_result_to_remove_a_red_token():
    """Chaff Particles: defending, at the end of the Neutralize Results step the ship may
    spend 1 focus result to remove 1 red or orange token (its stress here)."""
    game, _tie, rebel = chaff_game(["focus", "blank", "blank"])
    pass_until(game, "use_ability", rebel)
    assert set(values(game)) == {"stress", "decline"}
    answer(game, "use_ability", "stress", rebel)
    assert not game.state.ships[rebel].stressed


def test_chaff_particles_can_remove_a_lock():
    """A lock on the ship is its red token (RR: FAQ): Chaff Particles can remove it."""
    game, tie, rebel = chaff_game(["focus", "blank", "blank"], locked=True)
    pass_until(game, "use_ability", rebel)
    answer(game, "use_ability", f"lock:{tie}", rebel)
    assert game.state.ships[tie].locks == [] and game.state.ships[rebel].stressed


def test_chaff_particles_need_a_focus_result():
    game, _tie, rebel = chaff_game(["evade", "blank", "blank"])
    assert "use_ability" not in pass_all(game)
    assert game.state.ships[rebel].stressed


# ------------------------------------------------------- Unstable Sublight Engines
ENGINES = "unstablesublightengines-battleofyavin"


def engines_game(upgrades):
    """An X-wing one damage card from destruction, at range 2 of the attacker; after a
    [1 straight] toward it, it would be at range 1."""
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 200, 0))
    far = sc.ship("academypilot", at=(750, 300, 0))
    xwing = sc.ship("redsquadronveteran", player=2, at=(400, 380, 180), upgrades=upgrades,
                    shields=0)

    def damaged(game):
        game.state.ships[xwing].damage = tuple(DamageCard("directhit", False, 90 + k)
                                               for k in range(3))

    game = attack(sc, tie, xwing, ["hit", "blank"], ["blank", "blank"], before=damaged)
    return game, tie, far, xwing


def test_unstable_sublight_engines_move_then_blast_ships_at_range_1():
    """Unstable Sublight Engines: after the ship is destroyed it must execute a [1
    straight], then each other ship at range 0-1 suffers 1 hit damage."""
    game, tie, far, xwing = engines_game([ENGINES])
    pass_all(game)
    s = game.state.ships
    assert s[xwing].destroyed
    assert s[xwing].pose.y == pytest.approx(300.0)
    assert len(s[tie].damage) == 1 and not s[far].damage


def test_without_the_engines_the_wreck_stays_put():
    game, tie, _far, xwing = engines_game([])
    pass_all(game)
    s = game.state.ships
    assert s[xwing].destroyed and s[xwing].pose.y == pytest.approx(380.0)
    assert not s[tie].damage


# ------------------------------------------------------------ Electronic Baffle
def baffle_game(tokens):
    sc = Scene()
    tie = sc.ship("stormsquadronace", at=(400, 300, 0), upgrades=["electronicbaffle"],
                  tokens=tokens)
    enemy_far(sc)
    return sc.at(FireWindow.of("end_phase"), EndPhase(), phase="end"), tie


def test_electronic_baffle_trades_a_damage_for_a_red_token():
    """Electronic Baffle: during the End Phase the ship may suffer 1 hit damage to remove
    1 red token."""
    game, tie = baffle_game({"stress": 1, "focus": 1})
    assert set(values(game)) == {"stress", "decline"}
    answer(game, "use_ability", "stress", tie)
    ship = game.state.ships[tie]
    assert not ship.stressed and ship.shields == 1


def test_electronic_baffle_declined_keeps_the_stress_and_shields():
    game, tie = baffle_game({"stress": 1})
    answer(game, "use_ability", "decline", tie)
    ship = game.state.ships[tie]
    assert ship.stressed and ship.shields == 2


def test_electronic_baffle_needs_a_red_token():
    game, _ = baffle_game({"focus": 1})
    assert game.decision is None


# ------------------------------------------------------------ Munitions Failsafe
def failsafe_game(upgrades):
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), locks=["p2.1"],
                    upgrades=["protontorpedoes", *upgrades])
    enemy = sc.ship("academypilot", player=2, at=(400, 550, 180))
    game = attack(sc, xwing, enemy, ["blank", "blank", "focus", "blank"], ["blank"] * 3,
                  weapon="protontorpedoes")
    return game, xwing, enemy


def test_munitions_failsafe_cancels_a_bad_roll_to_recover_the_charge():
    """Munitions Failsafe: during a torpedo or missile attack, once the dice are rolled,
    the ship may cancel all the results to recover the charge the attack cost."""
    game, xwing, _enemy = failsafe_game(["munitionsfailsafe"])
    assert game.state.ships[xwing].charges["protontorpedoes"].active == 1
    pass_until(game, "modify_attack_dice", xwing)
    modify_with(game, "munitionsfailsafe", "cancel all")
    pass_all(game)
    assert game.state.ships[xwing].charges["protontorpedoes"].active == 2
    assert rolled(game, xwing) == ["blank", "blank", "focus", "blank"]
    assert logged(game, "modify", "-> no dice")


def test_without_the_failsafe_the_charge_is_gone():
    game, xwing, _ = failsafe_game([])
    pass_all(game)
    assert game.state.ships[xwing].charges["protontorpedoes"].active == 1


def test_munitions_failsafe_not_for_a_primary_attack():
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0),
                    upgrades=["protontorpedoes", "munitionsfailsafe"])
    enemy = sc.ship("academypilot", player=2, at=(400, 550, 180))
    game = attack(sc, xwing, enemy, ["blank"] * 3, ["blank"] * 3, weapon="primary:front")
    assert not offers(game, "munitionsfailsafe")


# ---------------------------------------------------------------- Stealth Device
def test_stealth_device_adds_a_die_until_the_ship_is_damaged():
    """Stealth Device: defending while its charge is active the ship rolls 1 more defense
    die; after it suffers damage it loses the charge (and the extra die)."""
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0))
    rebel = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180),
                    upgrades=["stealthdevice"])
    game = attack(sc, tie, rebel, ["hit", "hit"], ["blank"] * 3)
    pass_all(game)
    ship = game.state.ships[rebel]
    assert len(rolled(game, rebel)) == 3        # agility 2 + 1
    assert ship.shields == 0 and ship.charges["stealthdevice"].active == 0

    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0))
    rebel = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180),
                    upgrades=["stealthdevice"], charges={"stealthdevice": 0})
    game = attack(sc, tie, rebel, ["hit", "hit"], ["blank"] * 2)
    assert len(rolled(game, rebel)) == 2


def test_stealth_device_keeps_its_charge_when_no_damage_is_suffered():
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0))
    rebel = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180),
                    upgrades=["stealthdevice"])
    game = attack(sc, tie, rebel, ["hit", "blank"], ["evade", "blank", "blank"])
    pass_all(game)
    assert game.state.ships[rebel].charges["stealthdevice"].active == 1


# ------------------------------------------------------ Beskar Reinforced Plating
def beskar_game(heading: float = 180, charges: int = 2):
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0))
    rebel = sc.ship("redsquadronveteran", player=2, at=(400, 500, heading), shields=0,
                    upgrades=["beskarreinforcedplating"],
                    charges={"beskarreinforcedplating": charges})
    game = attack(sc, tie, rebel, ["crit", "blank"], ["blank", "blank"],
                  deck=["consolefire"])
    return game, tie, rebel


def test_beskar_plating_deals_the_faceup_card_facedown():
    """Beskar Reinforced Plating: defending with the attacker in its front arc, before
    being dealt a faceup damage card the ship may spend 1 charge to be dealt it facedown
    (or 2 charges to discard it)."""
    game, _, rebel = beskar_game()
    pass_until(game, "replacement", rebel)
    assert set(values(game)) == {"facedown", "discard", "decline"}
    answer(game, "replacement", "facedown", rebel)
    ship = game.state.ships[rebel]
    assert [(d.card, d.faceup) for d in ship.damage] == [("consolefire", False)]
    assert ship.charges["beskarreinforcedplating"].active == 1


def test_beskar_plating_discards_the_card_for_two_charges():
    game, _, rebel = beskar_game()
    pass_until(game, "replacement", rebel)
    answer(game, "replacement", "discard", rebel)
    ship = game.state.ships[rebel]
    assert not ship.damage and ship.charges["beskarreinforcedplating"].active == 0
    assert game.state.players[1].discard == ["consolefire"]


def test_beskar_plating_with_one_charge_and_out_of_arc():
    game, _, rebel = beskar_game(charges=1)
    pass_until(game, "replacement", rebel)
    assert set(values(game)) == {"facedown", "decline"}
    # the X-wing turned away: the attacker is behind it, outside its front arc
    game, _, rebel = beskar_game(heading=0)
    assert "replacement" not in pass_all(game)
    assert [(d.card, d.faceup) for d in game.state.ships[rebel].damage] == [
        ("consolefire", True)]


# ------------------------------------------------------------ Tactical Scrambler
@pytest.mark.parametrize("upgrades, dice", [(["tacticalscrambler"], 4), ([], 3)])
def test_tactical_scrambler_obstructing_gives_the_defender_a_die(upgrades, dice):
    """Tactical Scrambler: while the ship obstructs an enemy ship's attack, the defender
    rolls 1 more defense die (an X-wing at range 3: 2 + 1, and 1 more)."""
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 250, 0))
    rebel = sc.ship("redsquadronveteran", player=2, at=(400, 560, 180))
    sc.ship("rebelscout", player=2, at=(400, 410, 90), upgrades=upgrades)
    game = attack(sc, tie, rebel, ["blank", "blank"], ["blank"] * dice)
    assert len(rolled(game, rebel)) == dice


def test_tactical_scrambler_out_of_the_line_does_nothing():
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 250, 0))
    rebel = sc.ship("redsquadronveteran", player=2, at=(400, 560, 180))
    sc.ship("rebelscout", player=2, at=(650, 410, 90), upgrades=["tacticalscrambler"])
    game = attack(sc, tie, rebel, ["blank", "blank"], ["blank"] * 3)
    assert len(rolled(game, rebel)) == 3


# ---------------------------------------------------- cards without ability text
def test_stat_and_action_modifications_come_from_the_card_data():
    """Hull Upgrade (+1 hull), Shield Upgrade (+1 shield), Engine Upgrade (a boost action),
    Targeting Computer (a lock action) and Angled Deflectors (-1 shield, a reinforce
    action) have no ability text: the engine applies what they grant."""
    sc = Scene()
    plain = sc.ship("redsquadronveteran", at=(100, 100, 0))
    hull = sc.ship("redsquadronveteran", at=(200, 100, 0), upgrades=["hullupgrade"])
    shield = sc.ship("redsquadronveteran", at=(300, 100, 0), upgrades=["shieldupgrade"])
    engine = sc.ship("redsquadronveteran", at=(400, 100, 0), upgrades=["engineupgrade"])
    tie = sc.ship("sabinewren-tielnfighter", at=(700, 100, 0))
    computer = sc.ship("sabinewren-tielnfighter", at=(500, 100, 0),
                       upgrades=["targetingcomputer"])
    angled = sc.ship("redsquadronveteran", at=(600, 100, 0), upgrades=["angleddeflectors"])
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    s = sc.game().state.ships
    assert (s[plain].hull, s[hull].hull) == (4, 5)
    assert (s[plain].shields, s[shield].shields, s[angled].shields) == (2, 3, 1)
    kinds = {ship: {a.kind for a in s[ship].actions} for ship in (plain, engine, computer,
                                                                  angled, tie)}
    assert "boost" in kinds[engine] - kinds[plain]
    assert "reinforce" in kinds[angled] - kinds[plain]
    assert "lock" in kinds[computer] - kinds[tie]


# ---------------------------------------------------------------- Ablative Plating
def plating_game(upgrades, roll):
    """An HWK-290 flies a [2 straight] through an asteroid: 1 damage, then a die roll (a
    hit: 1 more damage)."""
    sc = Scene()
    hwk = sc.ship("rebelscout", at=(400, 300, 0), upgrades=upgrades)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    sc.obstacle("core2asteroid3", 400, 390)
    game = sc.game()
    from tallon.scene import load_dice

    load_dice(game, [roll])
    game.state.ships[hwk].dial_set = "2FW"
    start_at(game, Activate(hwk), phase="activation")
    return game, hwk


def test_ablative_plating_prevents_obstacle_damage():
    """Ablative Plating: before suffering damage from an obstacle the ship may spend 1
    charge to prevent 1 damage (each of the asteroid's two damages here)."""
    game, hwk = plating_game(["ablativeplating"], "hit")
    answer(game, "replacement", "hit", hwk)
    answer(game, "replacement", "hit", hwk)
    ship = game.state.ships[hwk]
    assert ship.shields == 2 and ship.charges["ablativeplating"].active == 0


def test_without_ablative_plating_the_asteroid_hurts():
    game, hwk = plating_game([], "hit")
    pass_all(game)
    assert game.state.ships[hwk].shields == 0


def test_ablative_plating_not_against_an_attack():
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0))
    hwk = sc.ship("rebelscout", player=2, at=(400, 500, 180), upgrades=["ablativeplating"])
    game = attack(sc, tie, hwk, ["hit", "hit"], ["blank"] * 2)
    assert "replacement" not in pass_all(game)
    assert game.state.ships[hwk].shields == 0


# --------------------------------------------------------------- Mandalorian Optics
def test_mandalorian_optics_lock_in_the_system_phase():
    """Mandalorian Optics: during the System Phase the ship may spend 1 charge to lock an
    object in its front arc (an enemy ahead; not one behind)."""
    from tallon.engine.rounds import Sweep

    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=["mandalorianoptics"])
    ahead = sc.ship("academypilot", player=2, at=(400, 500, 180))
    sc.ship("academypilot", player=2, at=(400, 150, 180))
    game = sc.at(Sweep("system"), phase="system")
    assert set(values(game)) == {ahead, "decline"}
    answer(game, "use_ability", ahead, tie)
    ship = game.state.ships[tie]
    assert ship.locks == [ahead] and ship.charges["mandalorianoptics"].active == 1


@pytest.mark.parametrize("locked, dice", [(True, 3), (False, 4)])
def test_mandalorian_optics_ignore_obstruction_against_a_locked_defender(locked, dice):
    """... and a primary attack against a defender it has locked ignores obstacles beyond
    range 0 obstructing it: no extra defense die (3 instead of 4)."""
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 250, 0), upgrades=["mandalorianoptics"],
                  locks=["p2.1"] if locked else [])
    enemy = sc.ship("academypilot", player=2, at=(400, 480, 180))
    sc.obstacle("core2asteroid3", 400, 365)
    game = attack(sc, tie, enemy, ["blank", "blank"], ["blank"] * dice)
    pass_all(game)
    assert logged(game, "attack", "(obstructed)")
    assert len(rolled(game, enemy)) == dice


def test_mandalorian_optics_not_for_an_obstacle_at_range_0_of_the_defender():
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 250, 0), upgrades=["mandalorianoptics"],
                  locks=["p2.1"])
    enemy = sc.ship("academypilot", player=2, at=(400, 480, 180))
    sc.obstacle("core2asteroid3", 400, 440)  # touching the defender's front edge
    game = attack(sc, tie, enemy, ["blank", "blank"], ["blank"] * 4)
    pass_all(game)
    assert len(rolled(game, enemy)) == 4


# ------------------------------------------------------------------ Delayed Fuses
class TestDelayedFuses:
    def _drop(self, upgrades):
        from tallon.engine.rounds import SystemTurn

        sc = Scene()
        me = sc.ship("graysquadronbomber", at=(400, 300, 0), upgrades=upgrades)
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        game = sc.game()
        start_at(game, SystemTurn(me), phase="system")
        game.answer("1F")
        return game

    def test_a_fuse_marker_on_the_dropped_bomb(self):
        """After dropping a proton bomb the ship may place a fuse marker on it: at the end
        of the Activation Phase it loses the marker instead of detonating."""
        game = self._drop(["delayedfuses", "protonbombs"])
        assert game.decision.kind == "use_ability"
        game.answer("use")
        bomb = game.state.devices[0].id
        assert game.state.fuses[bomb] == 1

    def test_without_the_card_no_fuse(self):
        """The same drop without Delayed Fuses: no question, no fuse marker."""
        game = self._drop(["protonbombs"])
        assert game.decision is None and not game.state.fuses


# ------------------------------------------------------------ Spare Parts Canisters
class TestSparePartsCanisters:
    def _acting(self, upgrades, locked_by_enemy=False, spent=None):
        from tallon.engine.actions import PerformAction

        sc = Scene()
        me = sc.ship("bluesquadronescort", at=(400, 300, 0), upgrades=upgrades)
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180),
                        locks=[me] if locked_by_enemy else [])
        game = sc.game()
        if spent:
            game.state.ships[me].charges[spent].active -= 1
        start_at(game, PerformAction(me, during_activation=True), phase="activation")
        return game, me, enemy

    def test_recovers_a_charge_on_an_astromech(self):
        """With R5-D8 missing a charge, the action spends the canisters' charge to recover
        it."""
        game, me, _ = self._acting(["sparepartscanisters", "r5d8"], spent="r5d8")
        start_over = game.state.ships[me].charges["r5d8"].active
        game.answer("sparepartscanisters:astromech")
        if game.decision is not None and game.decision.kind == "card_action":
            game.answer("r5d8")
        ship = game.state.ships[me]
        assert ship.charges["r5d8"].active == start_over + 1
        assert ship.charges["sparepartscanisters"].active == 0

    def test_drops_spare_parts_and_breaks_the_locks_on_it(self):
        """The other action drops spare parts (an obstacle) with its tab at the rear guides
        and breaks the enemy's lock on the ship."""
        game, me, enemy = self._acting(["sparepartscanisters"], locked_by_enemy=True)
        assert "sparepartscanisters:astromech" not in game.decision.option_keys()
        game.answer("sparepartscanisters:drop")
        parts = [o for o in game.state.obstacles if o.outline_id == "spareparts"]
        assert len(parts) == 1 and parts[0].pose.y == 300 - 20
        assert me not in game.state.ships[enemy].locks
