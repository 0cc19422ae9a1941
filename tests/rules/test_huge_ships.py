"""RR: APPENDIX: HUGE SHIPS - huge ships in the engine: setup order, the maneuver tool, red
maneuvers and stress paid with energy, recovery of shields and energy, the ion threshold,
the engagement value, overlapping standard ships and obstacles, obstruction. The ships are
C-ROC Cruisers (Syndicate Smugglers: initiative 7, engagement 1, hull 12, shields 4 and
energy 4, each recovering 1) with small escorts."""

from __future__ import annotations

from tallon.engine.huge_moves import energy
from tallon.engine.loadout import ENERGY
from tallon.engine.state import Token
from tallon.geometry import Pose
from tests.rules.game_helpers import (
    arrange,
    at,
    complete_setup,
    drive,
    events,
    give,
    inject,
    new_game,
    squad,
)

SCUM = "scumandvillainy"
CROC = "syndicatesmugglers"


def croc_game(escort_at=(800, 60, 0), croc_at=(457, 200, 0), enemy_at=(100, 700, 180)):
    """A C-ROC (p1.1) and a Binayre Pirate (p1.2) against two TIE/ln (p2.1, p2.2), set up,
    then arranged with no obstacles; waiting for round 1's dials."""
    game = complete_setup(new_game(squad(SCUM, CROC, "binayrepirate"),
                                   squad("galacticempire", "blacksquadronace",
                                         "blacksquadronace")))
    return arrange(game, {"p1.1": croc_at, "p1.2": escort_at, "p2.1": enemy_at,
                          "p2.2": (800, 700, 180)}, [])


def test_a_huge_ship_is_placed_first_and_has_its_energy_and_engagement():
    """Situation: setup of a C-ROC squad against TIEs. Rule: SETUP - "Place huge ships
    before all other ships"; energy is a charge on the ship card. Expected: the first
    place_ship decision is the C-ROC's; it has 4 energy recovering 1, shields 4
    recovering 1, engagement value 1."""
    game = new_game(squad(SCUM, CROC, "binayrepirate"),
                    squad("galacticempire", "blacksquadronace"))
    d = drive(game, at("place_ship"))
    assert d.ship == "p1.1"
    croc = game.state.ships["p1.1"]
    charge = croc.charges[ENERGY]
    assert (charge.active, charge.limit, charge.recurring) == (4, 4, 1)
    assert (croc.shields, croc.shield_recurring, croc.engagement) == (4, 1, 1)
    assert croc.huge and croc.body is None


def test_a_straight_moves_the_centre_by_the_tools_speed_lines():
    """Situation: the C-ROC at (457, 200) facing +y executes [2 straight]. Rule: MOVEMENT -
    the ship slides along the straight edge to the speed's line (40 mm apart: estimate).
    Expected: its centre at y 280, the log naming the huge ship maneuver tool."""
    game = croc_game()
    drive(game, lambda d: d.kind == "perform_action" and d.ship == "p1.1",
          dials={"p1.1": "2FB"})
    assert game.state.ships["p1.1"].pose == Pose(457, 280, 0)
    assert any("huge ship maneuver tool" in e["text"] for e in events(game, "move"))


def test_a_red_maneuver_costs_energy_instead_of_stress():
    """Situation: the C-ROC executes the red [0 bank left]. Rule: RED MANEUVERS - "If it has
    one or more active energy, it loses one energy instead of gaining one stress".
    Expected: 3 energy, no stress."""
    game = croc_game()
    drive(game, lambda d: d.kind == "perform_action" and d.ship == "p1.1",
          dials={"p1.1": "0BR"})
    croc = game.state.ships["p1.1"]
    assert energy(croc) == 3 and not croc.stressed


def test_without_energy_a_red_maneuver_stresses_and_a_stressed_ship_flies_2_straight():
    """Situation: the C-ROC without energy (and none recovering) executes a red [0 bank
    left]; in round 2, stressed, it reveals the red [0 bank left] again. Rule: RED
    MANEUVERS - zero energy and not stressed: one stress token; zero energy and stressed:
    a white [2 straight] instead. Expected: a stress token in round 1; [2FW] executed in
    round 2."""
    game = croc_game()
    game.state.ships["p1.1"].charges[ENERGY].active = 0
    game.state.ships["p1.1"].charges[ENERGY].recurring = 0
    drive(game, lambda d: game.state.round == 2, dials={"p1.1": "0BR"})
    texts = [e["text"] for e in events(game, "token", "p1.1")]
    assert any("gains 1 stress token" in text for text in texts)
    assert game.state.ships["p1.1"].stressed  # nothing paid it off in the End Phase
    drive(game, lambda d: game.state.round == 3, dials={"p1.1": "0BR"})
    assert any("[2FW]" in e["text"] for e in events(game, "move", "p1.1"))


def test_gaining_stress_with_energy_spends_energy_to_remove_it():
    """Situation: the C-ROC with 4 energy gains a stress token. Rule: STRESS - "After a huge
    ship gains a stress token, it must spend one energy to remove a stress token, if
    able." Expected: not stressed, 3 energy."""
    game = croc_game()
    from tallon.engine.effects import gain_token
    inject(game, lambda g: gain_token(g, g.state.ships["p1.1"], Token.STRESS))
    croc = game.state.ships["p1.1"]
    assert not croc.stressed and energy(croc) == 3


def test_the_end_phase_recovers_shields_and_energy():
    """Situation: the C-ROC with 2 of 4 shields and 1 of 4 energy reaches the End Phase.
    Rule: recurring shields and energy recover in the End Phase (the ship card's
    recurring count). Expected: 3 shields, 2 energy in round 2."""
    game = croc_game()
    croc = game.state.ships["p1.1"]
    croc.shields = 2
    croc.charges[ENERGY].active = 1
    drive(game, lambda d: game.state.round == 2)
    assert (croc.shields, energy(croc)) == (3, 2)


def test_a_huge_ship_is_ionized_only_with_six_ion_tokens():
    """Situation: the C-ROC with 5, then 6 ion tokens. Rule: ION - "A huge ship is ionized
    while it has six or more ion tokens." Expected: not ionized with 5, ionized with 6."""
    game = croc_game()
    croc = game.state.ships["p1.1"]
    give(game, "p1.1", Token.ION, 5)
    assert not croc.ionized
    give(game, "p1.1", Token.ION, 1)
    assert croc.ionized


def test_a_huge_ship_engages_at_its_engagement_value():
    """Situation: the C-ROC (initiative 7, engagement 1) and TIEs of initiative 3 all in
    range. Rule: ENGAGEMENT VALUE - it engages at the initiative of its engagement value.
    Expected: the TIE's engagement comes before the C-ROC's."""
    from tallon.engine.initiative_steps import steps_of
    game = croc_game()
    steps = steps_of(game, list(game.state.ships.values()), "engagement")
    assert steps["p1.1"] == 1 and steps["p2.1"] == game.state.ships["p2.1"].initiative
    assert steps_of(game, [game.state.ships["p1.1"]], "activation")["p1.1"] == 7


def test_overlapping_a_standard_ship_damages_it_and_sets_it_aside():
    """Situation: a TIE sits right in front of the C-ROC, which executes [2 straight].
    Rule: OVERLAPPING STANDARD SHIPS - the standard ship suffers damage equal to the speed,
    is picked up and placed by its owner in the huge ship's full rear arc at range 0-1;
    the opponent may turn it; the huge ship rolls one die per small ship. Expected: the
    TIE suffered 2 damage, its owner is asked to place it, then player 1 whether to turn
    it; it ends behind the C-ROC."""
    game = croc_game(enemy_at=(457, 370, 180))
    d = drive(game, at("place_picked_up"), dials={"p1.1": "2FB"})
    assert d.player == 2 and d.ship == "p2.1"
    tie = game.state.ships["p2.1"]
    assert tie.body is None and len(tie.damage) + (tie.shield_limit - tie.shields) == 2
    croc = game.state.ships["p1.1"]
    # 40 mm behind the C-ROC's rear edge: room to turn it there
    game.answer({"x": croc.pose.x, "y": croc.pose.y - 97.5 - 40 - 20 - 3.3, "heading": 0})
    turn = game.decision
    assert turn.kind == "turn_picked_up" and turn.player == 1
    assert turn.option_keys()[0] == "keep"
    game.answer("keep")
    assert tie.pose.y < croc.pose.y - 100
    assert any("for the ships it overlapped" in e["text"] for e in events(game, "move"))


def test_overlapping_an_asteroid_removes_it_with_damage_and_stress():
    """Situation: an asteroid where the C-ROC's [2 straight] ends. Rule: OVERLAPPING
    OBSTACLES - the obstacle is removed; an asteroid deals one damage and one stress; the
    ship does not skip its Perform Action step. Expected: no obstacle left, a shield lost,
    the stress paid by energy (3 left), the Perform Action step asked."""
    game = croc_game()
    arrange(game, obstacles=[("core2asteroid0", 457, 390, 0)])
    d = drive(game, lambda d: d.kind == "perform_action" and d.ship == "p1.1",
              dials={"p1.1": "2FB"})
    croc = game.state.ships["p1.1"]
    assert d is not None and game.state.obstacles == []
    assert croc.shields == 3 and energy(croc) == 3 and not croc.stressed


def test_an_attack_through_a_huge_ship_gives_one_more_defense_die():
    """Situation: a TIE declares an attack on the Binayre Pirate (agility 2) across the
    C-ROC's base, at range 2. Rule: OBSTRUCTION BY HUGE SHIPS - "While a huge ship
    obstructs an attack, the defender rolls one additional defense die." Expected: the
    Z-95 rolls 3 defense dice (agility 2, +1 for the C-ROC)."""
    game = croc_game(escort_at=(457, 160, 0), croc_at=(457, 330, 90),
                     enemy_at=(457, 500, 180))
    d = drive(game, at("declare_attack", "p2.1"),
              dials={"p1.1": "0OR", "p1.2": "1FB", "p2.1": "2FB", "p2.2": "2FB"})
    game.answer(next(o.key for o in d.options if "p1.2" in o.key))
    attack = next(e for e in events(game, "attack", "p2.1") if "defender" in e)
    assert "range 2" in attack["text"]
    rolled = [e["text"] for e in events(game, "dice", "p1.2")][-1]
    assert len(rolled.split(" rolls ")[1].split(", ")) == 3  # 2 agility + 1


def test_a_huge_ships_squad_point_value_counts_its_upgrades():
    """Situation: a CR90 (Alderaanian Guard, 134) with Turbolaser Battery and Tantive IV,
    removed from the game. Rule: docs/rulings.md Squad building 21 - a huge ship's upgrades
    are paid in squad points, so its squad point value (what its removal scores) counts
    them. Expected: 149 points for the opponent."""
    from tallon.engine.effects import remove_ship
    game = complete_setup(new_game(
        squad("rebelalliance", ("alderaanianguard", ["turbolaserbattery", "tantiveiv"]),
              "bluesquadronescort"), squad("galacticempire", "blacksquadronace")))
    cr90 = game.state.ships["p1.1"]
    assert cr90.cost == 149
    before = game.state.mission_points[2]
    inject(game, lambda g: remove_ship(g, cr90, "fled"))
    assert game.state.mission_points[2] == before + 149
