"""RR: BOOST - a boost moves the ship with the [1 straight], [1 bank left] or [1 bank right]
template from its front guides; it fails if the ship would overlap a ship, move through or
overlap an obstacle, or leave the play area (RR: FLEE).

The first tests place the template on a table (the geometry); the others play the boost
action in a game: p1.1 (a T-65 with Engine Upgrade, or a Firespray) flies [1 straight]
first, then boosts; blockers are arranged after it moved."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.engine.abilities import CardRegistry, Modifier
from tallon.engine.actions import PerformAction
from tallon.engine.state import Token
from tallon.geometry import BaseSize, Pose, Table, boost
from tallon.scene import Scene, load_dice
from tests.conftest import obstacle, ship
from tests.rules.game_helpers import (
    ASTEROID,
    REBEL,
    SCUM,
    failed,
    moved,
    solo_at_action,
)


# ------------------------------------------------------------ where the ship lands
@pytest.mark.parametrize("size,length", [(BaseSize.SMALL, 40), (BaseSize.MEDIUM, 60),
                                         (BaseSize.LARGE, 80)])
def test_boost_uses_the_speed_1_straight_and_banks(size, length):
    """A small, medium and large ship boost straight, right and left. RR: BOOST - the
    [1 straight], [1 bank left] or [1 bank right] template from the front guides. Straight
    moves the base length plus 40 mm; a bank turns 45 degrees and lands where the bank
    template puts it, left mirroring right."""
    table = Table(ships=(ship("a", 400, 400, 0, size),))
    assert boost(table, "a", "straight").relative() == pytest.approx((0, length + 40, 0))
    right, forward, rotation = boost(table, "a", "right").relative()
    assert rotation == pytest.approx(45)
    assert forward == pytest.approx(length / 2 + 80 * 0.7071067811865476
                                    + length / 2 * 0.7071067811865476)
    left = boost(table, "a", "left").relative()
    assert left == pytest.approx((-right, forward, -45))


def test_boost_onto_a_ship_fails(table_svg):
    """A ship right where a straight boost would land. RR: BOOST ("the ship's final position
    would cause the ship to overlap another ship"). The boost fails, overlapping that ship."""
    table = table_svg(Table(ships=(ship("a", 400, 400), ship("b", 400, 480))))
    assert boost(table, "a", "straight").fails()
    assert boost(table, "a", "straight").overlapped_ships == ("b",)


def test_boost_through_an_obstacle_fails(table_svg):
    """An asteroid under the [1 straight] template. RR: BOOST ("the ship would overlap or
    move through an obstacle"). The boost moves through it and fails."""
    table = table_svg(Table(ships=(ship("a", 400, 400),),
                            obstacles=(obstacle("rock", 400, 440, outline="core2asteroid3"),)))
    attempt = boost(table, "a", "straight")
    assert attempt.moved_through_obstacles == ("rock",) and attempt.fails()


def test_boost_off_the_table_fails(table_svg):
    """A ship at the far edge boosts straight. RR: BOOST, RR: FLEE - a boost can't make a
    ship flee. The position outside the play area fails."""
    table = table_svg(Table(ships=(ship("a", 400, 880),)))
    assert boost(table, "a", "straight").fails()


def test_unknown_boost_direction_is_refused():
    """A boost asked "up". RR: BOOST - the directions are straight, left and right. The
    geometry refuses it with an error naming the unknown direction."""
    with pytest.raises(ValueError, match="unknown boost direction"):
        boost(Table(ships=(ship("a", 400, 400),)), "a", "up")


# ------------------------------------------------------------------ in a game
XWING = ("cavernangelszealot", ["engineupgrade"])


def scene(pilot=XWING, faction: str = REBEL, at_pose=(400, 200, 0),
          blocker: tuple | None = None, obstacles: list = ()):
    """p1.1's action decision after its [1 straight]; the enemy TIE (initiative 3) is
    arranged at ``blocker`` (else far away)."""
    return solo_at_action(pilot, faction, at_pose=at_pose, blocker=blocker,
                          obstacles=obstacles)[0]


def boost_action(game, direction: str) -> None:
    game.answer("boost")
    d = game.decision
    assert (d.kind, d.option_keys()) == ("boost_direction", ["left", "straight", "right"])
    game.answer(direction)


def test_a_straight_boost_uses_the_1_straight_template():
    """A T-65 with Engine Upgrade at (400, 280) boosts straight. RR: BOOST - the
    [1 straight] template between the front guides, the ship's rear guides at its end. The
    direction is asked (left, straight, right); the ship ends 40 mm of template plus its
    base ahead, at (400, 360), and the action did not fail."""
    game = scene()
    boost_action(game, "straight")
    assert game.state.ships["p1.1"].pose == Pose(400, 360, 0)
    assert not failed(game, "p1.1")


@pytest.mark.parametrize(("direction", "sign"), [("left", -1), ("right", 1)])
def test_a_boost_left_or_right_uses_the_1_bank(direction, sign):
    """The same T-65 boosts left or right. RR: BOOST - the [1 bank left] or [1 bank right]
    template. It turns 45 degrees to that side and moves forward and to that side."""
    game = scene()
    start_pose = game.state.ships["p1.1"].pose
    boost_action(game, direction)
    right, forward, rotation = moved(game, "p1.1", start_pose)
    assert rotation == 45 * sign and right * sign > 0 and forward > 40


def test_a_medium_ship_boosts_its_base_length_plus_the_template():
    """A Firespray (medium) boosts straight. RR: BOOST - the rear guides at the end of the
    [1 straight]. It moves its 60 mm base plus 40 mm: 100 mm straight ahead."""
    game = scene(pilot="bountyhunter", faction=SCUM)
    start_pose = game.state.ships["p1.1"].pose
    boost_action(game, "straight")
    assert moved(game, "p1.1", start_pose) == (0, 100, 0)


def test_a_boost_onto_a_ship_fails_and_the_ship_stays():
    """The T-65 boosts straight into an enemy arranged where it would land. RR: BOOST - the
    boost fails if the final position would overlap another ship; the ship returns to its
    prior position. It stays at (400, 280) and the action failed."""
    game = scene(blocker=(400, 370, 180))
    boost_action(game, "straight")
    assert game.state.ships["p1.1"].pose == Pose(400, 280, 0) and failed(game, "p1.1")


def test_a_boost_onto_an_obstacle_fails():
    """The T-65 boosts straight onto an asteroid. RR: BOOST - the boost fails if the ship
    would overlap an obstacle. It stays at (400, 280) and the action failed."""
    game = scene(obstacles=[(ASTEROID, 400, 380, 0)])
    boost_action(game, "straight")
    assert game.state.ships["p1.1"].pose == Pose(400, 280, 0) and failed(game, "p1.1")


def test_a_failed_boost_direction_is_the_declared_one():
    """The T-65 declares a straight boost into an enemy, though a bank would be free.
    RR: BOOST, RR: FAIL - the player declares the direction, and if that boost fails the
    action fails (no other direction is tried). The action failed and counts as performed
    this round."""
    game = scene(blocker=(400, 370, 180))
    boost_action(game, "straight")
    assert failed(game, "p1.1")
    assert "boost" in game.state.ships["p1.1"].actions_done


def test_a_ship_can_not_flee_by_boosting():
    """The T-65 boosts straight from near the far edge. RR: BOOST, RR: FLEE - a ship cannot
    flee while boosting: the boost fails. The ship stays in play and the action failed."""
    game = scene(at_pose=(400, 914.4 - 23.3 - 80 - 60, 0))
    boost_action(game, "straight")
    ship = game.state.ships["p1.1"]
    assert ship.in_play and failed(game, "p1.1")


# ------------------------------------------- boosts that cards change (general rules)
def test_a_turn_boost_is_refused_straight():
    """A boost asked with a turn template, straight ahead. RR: BOOST - the turn templates
    (Daredevil) go left or right. The geometry refuses it."""
    with pytest.raises(ValueError, match="left or right"):
        boost(Table(ships=(ship("a", 400, 400),)), "a", "straight", turn=True)


def test_obstacles_met_lists_the_template_then_the_final_base(table_svg):
    """A boost straight over one rock, ending on another. RR: OBSTACLES - several obstacles
    are met in order along the template, the one the ship ends on last. ``obstacles_met``
    names the rock under the template first, then the one under the base."""
    table = table_svg(Table(ships=(ship("a", 400, 400),), obstacles=(
        obstacle("near", 400, 440, outline="core2asteroid3"),
        obstacle("far", 400, 505, outline="core2asteroid3"))))
    attempt = boost(table, "a", "straight")
    assert attempt.moved_through_obstacles[0] == "near"
    assert "far" in attempt.overlapped_obstacles and "far" not in attempt.moved_through_obstacles
    assert attempt.obstacles_met == ("near", "far")


def carded(modifier: Modifier, obstacles: list = (), stress: int = 0):
    """A T-65 with Engine Upgrade at (400, 280) at its Perform Action step, its pilot
    card replaced by ``modifier`` (a card under test); an enemy far away."""
    mine = CardRegistry("boost rules", base=CARDS)
    mine.register("pilot", "cavernangelszealot", modifier, description="a card under test")
    sc = Scene(cards=mine)
    me = sc.ship("cavernangelszealot", at=(400, 280, 0), upgrades=["engineupgrade"],
                 tokens={"stress": stress} if stress else None)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    for outline, x, y, rotation in obstacles:
        sc.obstacle(outline, x, y, rotation)
    return sc.at(PerformAction(me, during_activation=True), phase="activation")


def _turns(colour: str | None):
    return Modifier("turn templates", hook="boost_templates",
                    value=lambda game, owner, **facts: (("turn_left", colour),
                                                        ("turn_right", colour)))


def test_a_card_adds_turn_templates_treated_as_red():
    """A card offers the [1 turn] templates for a boost, treating the action as red.
    RR: BOOST, RR: ACTIONS (an action treated as red gives a stress token). The direction
    decision adds turn left and turn right; turning right the ship ends where the [1 turn
    right] puts it (facing 90 degrees right) and gains a stress token."""
    game = carded(_turns("red"))
    game.answer("boost")
    d = game.decision
    assert d.kind == "boost_direction"
    assert d.option_keys() == ["left", "straight", "right", "turn_left", "turn_right"]
    game.answer("turn_right")
    right, forward, rotation = moved(game, "p1.1", (400, 280, 0))
    assert rotation == 90 and right > 0 and forward > 0
    ship_ = game.state.ships["p1.1"]
    assert ship_.count(Token.STRESS) == 1 and not failed(game, "p1.1")
    assert any(e["kind"] == "move" and "boosts turn right" in e["text"] for e in game.log)


def test_a_plain_boost_stays_white_beside_the_turn_templates():
    """The same card, the player boosting straight. RR: BOOST - only the turn templates are
    treated as red. No stress token."""
    game = carded(_turns("red"))
    game.answer("boost")
    game.answer("straight")
    assert game.state.ships["p1.1"].pose == Pose(400, 360, 0)
    assert game.state.ships["p1.1"].count(Token.STRESS) == 0


def test_a_turn_template_without_a_colour_keeps_the_action_white():
    """A card offering the turn templates without changing the colour. RR: ACTIONS - the
    action keeps its own colour. The turn boost gives no stress token."""
    game = carded(_turns(None))
    game.answer("boost")
    game.answer("turn_left")
    assert moved(game, "p1.1", (400, 280, 0))[2] == -90
    assert game.state.ships["p1.1"].count(Token.STRESS) == 0


PASS_BOOSTS = Modifier("through obstacles", hook="reposition_through_obstacles",
                       value=lambda game, owner, move="", **facts: move == "boost")


def test_a_card_lets_a_boost_end_on_an_obstacle_and_suffer_it():
    """A T-65 whose card lets it boost through and onto obstacles boosts straight onto an
    asteroid (its die loaded blank). RR: CARD INTERPRETATION ("can move through and
    overlap"), RR: OBSTACLES (the effect after the move). The boost does not fail: the ship
    lands at (400, 360) and suffers the asteroid's 1 damage (a shield)."""
    game = carded(PASS_BOOSTS, obstacles=[(ASTEROID, 400, 380, 0)])
    load_dice(game, ["blank"])
    shields = game.state.ships["p1.1"].shields
    game.answer("boost")
    game.answer("straight")
    ship_ = game.state.ships["p1.1"]
    assert ship_.pose == Pose(400, 360, 0) and not failed(game, "p1.1")
    assert ship_.shields == shields - 1


def test_a_card_for_boosts_only_does_not_let_a_barrel_roll_through():
    """The same card (boosts only) and an asteroid where a right barrel roll would land.
    RR: BARREL ROLL - without a card for barrel rolls the roll can't overlap the obstacle.
    Every right position fails: the action fails."""
    game = carded(PASS_BOOSTS, obstacles=[(ASTEROID, 480, 280, 0)])
    game.answer("barrel_roll")
    game.answer("right")
    assert game.state.ships["p1.1"].pose == Pose(400, 280, 0) and failed(game, "p1.1")
