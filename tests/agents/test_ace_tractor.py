"""The ace's tractor beam decisions (RR: TRACTOR): where it moves a ship it tractored, and
whether its own ship, moved by an enemy's, rotates (src/tallon/agents/tractoring.py)."""

from __future__ import annotations

from tallon.agents.ace import AceAgent
from tallon.engine.tokens import TractorMove, TractorRotate
from tallon.geometry import Arc, in_arc
from tallon.geometry.overlap import objects_overlapped
from tallon.scene import Scene


def _tractored(foe_at, mine="academypilot", foe="redsquadronveteran"):
    """Engagement Phase: player 1's ``mine`` at (400, 300) facing up the table, engaged
    already, and player 2's ``foe`` at ``foe_at``, tractored by player 1, which chooses
    its move. Both have moved."""
    sc = Scene()
    sc.ship(mine, at=(400, 300, 0), activated=True, engaged=True)
    tractored = sc.ship(foe, player=2, at=foe_at, activated=True, tractor=1)
    return sc.at(TractorMove(tractored, applier=1), phase="engagement")


def _shot(game, by, at):
    table = game.state.table()
    return in_arc(table.ship(by), table.ship(at), Arc.FRONT, reach_bands=3)


def test_the_ace_moves_a_tractored_enemy_out_of_the_arc_it_would_shoot_from():
    """Situation: Engagement Phase; our TIE/ln has engaged; an X-wing that has not, tractored
    by us, stands 120 mm ahead of it and 80 mm to the side, facing it: its front arc holds
    our ship at range 1. RR: TRACTOR - the player who applied the token may barrel roll it
    or boost it. Expected: the ace rolls it away from our ship's side, out of the arc it
    would shoot from (its owner may rotate it back, for a stress token: the ace counts it)."""
    game = _tractored((480, 420, 180))
    assert _shot(game, "p2.1", "p1.1")
    decision = game.decision
    answer = AceAgent(1).choose(game.view(1), decision)
    assert answer.startswith("barrel roll left"), answer
    game.answer(answer)
    assert game.state.ships["p2.1"].pose.x > 480 + 70
    assert not _shot(game, "p2.1", "p1.1")


def test_the_ace_does_not_move_a_tractored_enemy_into_a_shot():
    """Situation: as above, but the X-wing stands to the side of our TIE/ln, facing away,
    with no shot at it: a roll toward our ship, or a boost, could turn its arc onto it.
    Expected: whatever the ace chooses, the X-wing has no shot at our ship after it."""
    game = _tractored((520, 300, 90))
    assert not _shot(game, "p2.1", "p1.1")
    answer = AceAgent(1).choose(game.view(1), game.decision)
    assert answer in game.decision.option_keys()
    game.answer(answer)
    assert not _shot(game, "p2.1", "p1.1")


def test_the_ace_rolls_its_own_tractored_ship_into_a_shot():
    """Situation: Engagement Phase; our X-wing, yet to engage, tractored by an effect of ours
    (a ship may tractor itself: Gorgol, the Separatist drones), a TIE/ln 160 mm to its
    right and 80 mm ahead, outside its front arc, facing away. Expected: the ace moves its
    own ship so that the TIE is in its front arc."""
    sc = Scene()
    me = sc.ship("redsquadronveteran", at=(400, 300, 0), activated=True, tractor=1)
    sc.ship("academypilot", player=2, at=(560, 380, 0), activated=True)
    game = sc.at(TractorMove(me, applier=1), phase="engagement")
    assert not _shot(game, "p1.1", "p2.1")
    answer = AceAgent(1).choose(game.view(1), game.decision)
    assert answer != "none"
    game.answer(answer)
    assert _shot(game, "p1.1", "p2.1")


def test_the_ace_rotates_a_moved_ship_to_a_shot_worth_the_stress():
    """Situation: Engagement Phase; an enemy's tractor beam moved our X-wing, which has not
    engaged, and a TIE/ln stands 100 mm to its right facing away, in no arc of ours.
    RR: TRACTOR - the ship's player may rotate it 90 degrees left or right and gain one
    stress token. Expected: the ace rotates right (the shot is worth more than the stress);
    with the enemy ahead already it does not rotate."""
    for foe_at, expected in (((500, 300, 90), "right"), ((400, 420, 0), "none")):
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), activated=True)
        sc.ship("academypilot", player=2, at=foe_at, activated=True)
        game = sc.at(TractorRotate(me), phase="engagement")
        assert game.decision.kind == "tractor_rotate"
        assert AceAgent(1).choose(game.view(1), game.decision) == expected, foe_at


def test_first_edition_the_ace_moves_a_tractored_enemy_onto_an_asteroid():
    """Situation: first edition, Combat Phase; our T-70 has attacked; a TIE that has not,
    tractored by us, faces it at range 1, an asteroid just to the TIE's right. Reference
    card (1e) "Tractor Beam Token": the move may overlap obstacles and the ship suffers
    their effects; FAQ (1e): a ship overlapping an asteroid cannot attack. Expected: the
    ace rolls the TIE onto the asteroid (with no asteroid there it rolls it the other
    way)."""
    sc = Scene(ruleset="1e")
    sc.ship("1e-t70xwing-bluesquadronnovice", at=(400, 300, 0), activated=True,
            engaged=True)
    foe = sc.ship("1e-tiefighter-academypilot", player=2, at=(400, 420, 180),
                  activated=True, tractor=1)
    rock = sc.obstacle("core2asteroid5", 320, 420)
    game = sc.at(TractorMove(foe, applier=1), phase="engagement")
    answer = AceAgent(1).choose(game.view(1), game.decision)
    assert answer.startswith("barrel roll right"), answer
    game.answer(answer)
    table = game.state.table()
    assert [o.id for o in objects_overlapped(table.obstacles, table.ship(foe))] == [rock]
