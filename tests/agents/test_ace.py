"""The ace: plays whole games legally from its player's view, and judges the situations a
player would expect it to get right (the target it can destroy, the obstacle and the edge
it can avoid, the token worth taking, the dice the calculator would modify)."""

from __future__ import annotations

import math

import pytest

from tallon.agents import play
from tallon.agents.ace import AceAgent
from tallon.agents.reading import read_pieces, table_of
from tallon.cards import CARDS
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.effects import flip_upgrade
from tallon.engine.game import Game, GameSetup
from tallon.engine.rounds import Activate, SetDial
from tallon.engine.state import Token
from tallon.geometry import Maneuver, Pose, execute_maneuver
from tallon.scene import Scene, start_at
from tests.engine.test_agents import SQUADS, ListedAnswers
from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    give,
    new_game,
    plan,
    solo_at_action,
    squad,
    start,
    tokens,
)


class CheckingAce(ListedAnswers, AceAgent):
    """An ace that asserts each answer is one of the listed options."""


@pytest.mark.parametrize("pair", range(len(SQUADS)))
def test_the_ace_completes_games_with_listed_answers(pair):
    """Situation: whole games between two aces, three pairs of squads. Expected: every
    answer is a listed option and the game ends (12 rounds or a side without ships)."""
    game = new_game(*SQUADS[pair], seed=pair + 3)
    agents = (CheckingAce(1), CheckingAce(2))
    play(game, agents)
    assert game.over and agents[0].answers > 20 and agents[1].answers > 20


def test_the_ace_shoots_the_ship_it_can_destroy():
    """Situation: an X-wing engages with two TIEs in arc at range 2, one unhurt, one with
    a single hull left. Expected: it attacks the wounded TIE (the calculator's chance to
    destroy it outweighs the rest); with the wounded one gone it attacks the other."""
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
    healthy = sc.ship("academypilot", player=2, at=(340, 470, 180))
    wounded = sc.ship("academypilot", player=2, at=(460, 470, 180))
    game = sc.at(Engage(xwing))
    from tallon.engine.state import DamageCard
    game.state.ships[wounded].damage = tuple(
        DamageCard("directhit", False, n) for n in range(2))
    decision = game.decision
    assert decision.kind == "declare_attack"
    assert AceAgent(1).choose(game.view(1), decision) == f"primary:front@{wounded}"
    game.state.ships[wounded].destroyed = True
    assert AceAgent(1).choose(game.view(1), decision) == f"primary:front@{healthy}"


def _end(game, ship, code):
    view = game.view(1)
    return execute_maneuver(table_of(read_pieces(view), view), ship, Maneuver.parse(code))


def test_the_ace_flies_around_an_asteroid_and_stays_on_the_table():
    """Situation: an X-wing's dial is set with an asteroid right ahead (a 2-3 straight
    lands on it) and the table's side edge 60 mm to its left. Expected: the maneuver it
    sets neither flees the table nor ends on or moves through the asteroid."""
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(80, 300, 0))
    sc.ship("academypilot", player=2, at=(300, 800, 180))
    sc.obstacle("core2asteroid3", 80, 450)
    game = sc.at(SetDial(xwing), phase="planning")
    decision = game.decision
    assert decision.kind == "set_dial"
    assert _end(game, xwing, "3F").hazards  # the straight would hit it
    code = AceAgent(1).choose(game.view(1), decision)
    outcome = _end(game, xwing, code)
    assert not outcome.fled and not outcome.hazards, code


def test_the_ace_does_not_bump_a_friend_that_moves_after_it():
    """Situation: planning; a Red Squadron Veteran (initiative 3) sits 160 mm behind Luke
    Skywalker (initiative 5, so still there when the veteran moves), both facing an enemy
    TIE far ahead; a 3 or 4 straight, or a hard 4 turn, would run the veteran into Luke.
    RR: OVERLAP (2.5): it skips its Perform Action step and, Luke being
    friendly, rolls an attack die, a hit or critical result dealing it 1 damage. Expected:
    the maneuver set flies clear of Luke (the ace set the 3 straight: a bump cost it
    nothing)."""
    sc = Scene()
    veteran = sc.ship("redsquadronveteran", at=(400, 300, 0))
    sc.ship("lukeskywalker", at=(400, 460, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.at(SetDial(veteran), phase="planning")
    decision = game.decision
    assert decision.kind == "set_dial"
    assert _end(game, veteran, "3FW").forced_by  # the straight would bump Luke
    code = AceAgent(1).choose(game.view(1), decision)
    assert not _end(game, veteran, code).forced_by, code


def test_the_ace_takes_a_focus_with_an_enemy_in_arc():
    """Situation: an X-wing's Perform Action step with a TIE ahead at range 2 and no
    token. Expected: it does not pass; it takes focus or a lock (both add to the attack
    it is about to make)."""
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 480, 180))
    game = sc.at(PerformAction(xwing), phase="activation")
    decision = game.decision
    assert decision.kind == "perform_action"
    assert AceAgent(1).choose(game.view(1), decision) in ("focus", "lock")


def _until(game, kind, player):
    while game.decision.kind != kind or game.decision.player != player:
        game.answer("done" if "done" in game.decision.option_keys()
                    else game.decision.options[0].key)
    return game.decision


def test_the_ace_modifies_dice_as_the_calculator_does():
    """Situation: an X-wing with a focus token attacks a TIE and rolls hit, focus, focus.
    Expected: it spends the focus to change both focus results to hits (the calculator's
    choice). Situation: the TIE, holding a focus token, defends against a single hit with
    evade, focus. Expected: it keeps its focus (the hit is canceled already)."""
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), tokens={"focus": 1})
    tie = sc.ship("academypilot", player=2, at=(400, 470, 180))
    game = sc.attack(xwing, tie, dice=["hit", "focus", "focus"], defense=["blank", "blank"])
    decision = _until(game, "modify_attack_dice", 1)
    assert AceAgent(1).choose(game.view(1), decision) == "focus:change=all-focus>hit"
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 470, 180), tokens={"focus": 1})
    game = sc.attack(xwing, tie, dice=["hit", "blank", "blank"], defense=["evade", "focus"])
    decision = _until(game, "modify_defense_dice", 2)
    assert "focus:change=all-focus>evade" in decision.option_keys()
    assert AceAgent(1).choose(game.view(2), decision) == "done"


def test_the_ace_plays_the_same_whatever_the_hidden_dials_say():
    """Situation: in round 2, the opponent's dials are set facedown when a player's ace
    sets its own. The same game with the opponent's dials changed to other maneuvers.
    Expected: the same answer (it reads only its player's view)."""
    game, player = hidden_dials_game()
    other = game.clone()
    for ship in other.state.ships_of(3 - player):
        if ship.dial_set is not None:
            ship.dial_set = next(c for c in ship.dial if c != ship.dial_set)
    assert other.view(player, log=False) == game.view(player, log=False)
    first = AceAgent(7).choose(game.view(player), game.decision)
    assert AceAgent(7).choose(other.view(player), other.decision) == first


def hidden_dials_game():
    """A game at a player's dial while the opponent's dials are set facedown (round 2),
    and that player."""
    game = new_game(*SQUADS[0], seed=4)
    agents = (AceAgent(1), AceAgent(2))
    while True:
        d = game.decision
        if d.kind == "set_dial" and game.state.round >= 2 and any(
                s.dial_set is not None for s in game.state.ships_of(3 - d.player)):
            return game, d.player
        game.answer(agents[d.player - 1].choose(game.view(d.player, log=False), d))


def _acting_scene(enemy_at, pilot="nusquadronpilot"):
    """An Imperial ``pilot`` (an Alpha-class star wing unless said) at its Perform Action
    step after a [2 straight] (to (400, 320), facing up the table), an X-wing that has
    moved already at ``enemy_at``."""
    game, _ = solo_at_action(pilot, EMPIRE, "2FB", enemy=squad(REBEL, "redsquadronveteran"),
                             blocker=enemy_at)
    game.state.ships["p2.1"].activated = True
    return game, game.decision


def test_the_ace_slams_out_of_an_arc_it_cannot_answer():
    """Situation: the star wing's Perform Action step with the X-wing right behind it at
    range 1, its arc on the star wing, which has no shot back (RR: SLAM: a maneuver of the
    speed executed, then a disarm token). Expected: it SLAMs rather than take a token, with
    a speed 2 maneuver that takes it beyond range 1 of the X-wing, and is disarmed."""
    game, decision = _acting_scene((400, 200, 0))
    assert "slam" in decision.option_keys()
    answer = AceAgent(1).choose(game.view(1), decision)
    assert answer == "slam"
    game.answer(answer)
    decision = game.decision
    assert decision.kind == "slam_maneuver"
    code = AceAgent(1).choose(game.view(1), decision)
    assert code in decision.option_keys() and code.startswith("2")
    game.answer(code)
    pose = game.state.ships["p1.1"].body.pose
    assert math.hypot(pose.x - 400, pose.y - 200) > 200
    assert tokens(game, "p1.1") == {"disarm": 1}


def test_the_ace_does_not_slam_away_from_its_shot():
    """Situation: as above, but the X-wing is ahead at range 2, facing the star wing: a
    SLAM would disarm it (RR: SLAM) and lose the shot. Expected: it takes focus or a lock."""
    game, decision = _acting_scene((400, 500, 180))
    assert "slam" in decision.option_keys()
    assert AceAgent(1).choose(game.view(1), decision) in ("focus", "lock")


def _cloaked_phantom(enemy_at):
    """A cloaked Sigma Squadron Ace (TIE/ph) at (400, 300) facing up the table, its dial
    set to a [2 straight], at its decloak decision (RR: CLOAK: the System Phase); an X-wing
    at ``enemy_at`` taken to stay there (it has moved)."""
    game = start(squad(EMPIRE, "sigmasquadronace"), squad(REBEL, "redsquadronveteran"),
                 poses={"p1.1": (400, 300, 0), "p2.1": enemy_at}, obstacles=[])
    give(game, "p1.1", Token.CLOAK)
    game.state.ships["p2.1"].activated = True
    plan(game, {"p1.1": "2FB"})
    assert game.decision.kind == "decloak"
    return game


@pytest.mark.parametrize(("enemy_x", "side", "x"), [(560, "right", 520), (240, "left", 280)])
def test_the_ace_decloaks_to_where_its_dial_brings_a_shot(enemy_x, side, x):
    """Situation: the cloaked Phantom's [2 straight] would leave the X-wing (ahead, off to
    one side at 160 mm) outside its front arc; a decloak barrel roll to that side first
    (RR: CLOAK: [2 straight] template, front, middle or back) would put it in. Expected: it
    decloaks with a barrel roll to that side at the front position (its token spent)."""
    game = _cloaked_phantom((enemy_x, 540, 180))
    ace = AceAgent(1)
    assert ace.choose(game.view(1), game.decision) == side
    game.answer(side)
    assert game.decision.kind == "decloak_position"
    assert ace.choose(game.view(1), game.decision) == "front"
    game.answer("front")
    assert game.state.ships["p1.1"].body.pose == Pose(x, 310, 0)
    assert tokens(game, "p1.1") == {}


def test_the_ace_stays_cloaked_with_no_enemy_near():
    """Situation: as above with the X-wing 600 mm ahead: no decloak brings a shot this round.
    Expected: it stays cloaked (RR: CLOAK: agility 2 higher), keeping its token."""
    game = _cloaked_phantom((400, 900, 180))
    assert AceAgent(1).choose(game.view(1), game.decision) == "pass"


def test_the_ace_cloaks_only_with_no_shot():
    """Situation: a Sigma Squadron Ace's Perform Action step after a [2 straight], an
    X-wing (moved already) right behind it at range 1; then, in another game, ahead of it
    at range 2. RR: CLOAK: a cloaked ship's agility is 2 higher and it is disarmed.
    Expected: with the X-wing behind (no shot back) it cloaks; with it ahead it does not
    (the cloak would cost its attack)."""
    for enemy_at, cloaks in (((400, 200, 0), True), ((400, 500, 180), False)):
        game, decision = _acting_scene(enemy_at, "sigmasquadronace")
        assert "cloak" in decision.option_keys()
        answer = AceAgent(1).choose(game.view(1), decision)
        assert (answer == "cloak") is cloaks and answer != "pass"


@pytest.mark.parametrize(("tokens", "expected"), [({}, "suffer"),
                                                  ({"focus": 1, "evade": 1}, "roll"),
                                                  ({"evade": 2}, "roll")])
def test_the_ace_suffers_a_homing_missile_only_when_the_dice_would_cost_more(tokens,
                                                                              expected):
    """Situation: an X-wing with a lock attacks the ace's TIE/ln (agility 3) with Homing
    Missiles (4 dice, ordnance: no range bonus) at range 3; the defender may suffer 1
    damage instead of the dice. Expected: without tokens the dice would deal about 1.9,
    so it suffers the 1; holding focus and evade, or two evades, the dice deal 0.6 or
    0.5, so it rolls (it always suffered before: the first option)."""
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["homingmissiles"],
                    locks=["p2.1"])
    sc.ship("academypilot", player=2, at=(400, 550, 180), tokens=tokens)
    game = sc.at(Engage(xwing))
    game.answer("homingmissiles@p2.1")
    decision = game.decision
    assert decision.kind == "homing_choice" and decision.player == 2
    assert AceAgent(2).choose(game.view(2), decision) == expected


def test_the_ace_keeps_its_s_foils_open():
    """Situation: an X-wing with Servomotor S-foils (closed: primary attacks roll 1 fewer
    die) chooses the side it starts with, and later, open, is offered to close them before
    it activates. Expected: it starts open and never closes them (it took the closed side,
    the first offered, and flipped the card before every activation: closed every other
    round)."""
    game = Game(GameSetup((squad(REBEL, ("redsquadronveteran", ["servomotorsfoils"])),
                           squad(EMPIRE, "academypilot")), seed=3, cards=CARDS))
    ace = AceAgent(1)
    while game.decision.kind != "upgrade_side":
        game.answer(game.decision.options[0].key)
    decision = game.decision
    chosen = ace.choose(game.view(1), decision)
    assert "(Open)" in next(o.label for o in decision.options if o.key == chosen)
    game.answer(chosen)
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["servomotorsfoils"])
    sc.ship("academypilot", player=2, at=(400, 700, 180))
    game = sc.game()
    flip_upgrade(game, game.state.ships[xwing], "servomotorsfoils")
    game.state.ships[xwing].dial_set = "2FW"
    start_at(game, Activate(xwing), phase="activation")
    decision = game.decision
    assert decision.kind == "use_ability" and any(
        o.label.startswith("close the S-foils") for o in decision.options)
    assert ace.choose(game.view(1), decision) == "decline"


def test_the_ace_keeps_its_repulsorlift_stabilizers_inactive():
    """Situation: an HMP droid gunship with Repulsorlift Stabilizers (Inactive) fully
    executes a [2 straight] and may flip them Active (then its next bank or turn is
    executed as a sideslip). Expected: the ace declines, as its dial plan flies the banks
    and turns it sets (it flipped them after every maneuver: 512-369-79 of 960 mirrored
    games for declining, docs/simulation.md)."""
    sc = Scene()
    gunship = sc.ship("separatistpredator", at=(400, 300, 0),
                      upgrades=["repulsorliftstabilizers"])
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    game.state.ships[gunship].dial_set = "2FB"
    start_at(game, Activate(gunship), phase="activation")
    decision = game.decision
    assert decision.kind == "use_ability"
    assert any(o.label == "flip this card (Active)" for o in decision.options)
    assert AceAgent(1).choose(game.view(1), decision) == "decline"
