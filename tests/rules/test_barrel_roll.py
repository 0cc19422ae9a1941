"""RR: BARREL ROLL - where a barrel roll places a ship (left or right; front, middle or back;
the template's long edge for medium and large ships, RR: SHIP SIZES) and when it fails
(overlapping a ship, moving through or onto an obstacle, leaving the play area: RR: FLEE).

The first tests place the template on a table (the geometry); the others play the barrel
roll action in a game: p1.1 flies [1 straight] first (alone at its initiative), then barrel
rolls; blockers are arranged after it moved."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.engine.abilities import CardRegistry, Modifier
from tallon.engine.actions import PerformAction
from tallon.engine.state import Token
from tallon.geometry import (
    BaseSize,
    Pose,
    RollPosition,
    Side,
    Table,
    barrel_roll,
    barrel_roll_options,
)
from tallon.scene import Scene, load_dice
from tests.conftest import obstacle, ship
from tests.rules.game_helpers import (
    ASTEROID,
    REBEL,
    SCUM,
    failed,
    solo_at_action,
    tokens,
)


# ------------------------------------------------------------ where the ship lands
@pytest.mark.parametrize("side,sign", [("left", -1), ("right", 1)])
@pytest.mark.parametrize("position,shift", [("front", 10), ("middle", 0), ("back", -10)])
def test_small_ship_rolls_the_template_length_plus_its_base(side, sign, position, shift):
    """A small ship barrel rolls left or right, front, middle or back. RR: BARREL ROLL - the
    [1 straight] template's narrow edge against the side; the other side lands on the far
    narrow end, hashmark at its front, middle or back. The centre moves 40 + 40 mm sideways
    and 10 mm forward or back, or not at all for the middle."""
    table = Table(ships=(ship("a", 400, 400),))
    right, forward, rotation = barrel_roll(table, "a", side, position).relative()
    assert (right, forward, rotation) == pytest.approx((sign * 80, shift, 0), abs=1e-9)


@pytest.mark.parametrize("size,across", [(BaseSize.MEDIUM, 80), (BaseSize.LARGE, 100)])
@pytest.mark.parametrize("position,shift", [("front", 20), ("middle", 0), ("back", -20)])
def test_medium_and_large_ships_use_the_long_edge(size, across, position, shift):
    """A medium or large ship barrel rolls right. RR: BARREL ROLL, RR: SHIP SIZES - medium
    and large ships lay the template's long edge against their side. They move their base
    length plus 20 mm sideways, and 20 mm forward or back."""
    table = Table(ships=(ship("a", 400, 400, 0, size),))
    right, forward, _ = barrel_roll(table, "a", "right", position).relative()
    assert (right, forward) == pytest.approx((across, shift), abs=1e-9)


def test_roll_keeps_the_ship_facing_and_follows_its_heading():
    """A ship facing right (heading 90) barrel rolls right, middle. RR: BARREL ROLL - the
    roll is sideways relative to the ship and keeps its facing. It moves down the table and
    still faces right."""
    table = Table(ships=(ship("a", 400, 400, 90),))
    final = barrel_roll(table, "a", Side.RIGHT, RollPosition.MIDDLE).final
    assert (final.x, final.y, final.heading) == pytest.approx((400, 320, 90))


def test_roll_fails_only_when_all_three_positions_overlap_a_ship(table_svg):
    """A ship covering the middle and back positions of a right roll, then a large ship
    covering all three. RR: BARREL ROLL ("all three positions would cause the ship to
    overlap another ship"). With the front position free the roll does not fail (and the
    player can't choose to fail it); with all three covered every position fails."""
    blocker = ship("b", 480, 362)  # covers the middle and back positions
    table = table_svg(Table(ships=(ship("a", 400, 400), blocker)))
    options = barrel_roll_options(table, "a", "right")
    assert [o.fails() for o in options] == [False, True, True]
    table = table_svg(Table(ships=(ship("a", 400, 400), ship("c", 480, 400, 0,
                                                               BaseSize.LARGE))))
    assert all(o.fails() for o in barrel_roll_options(table, "a", "right"))


def test_roll_moving_through_an_obstacle_fails_at_every_position(table_svg):
    """An asteroid under the template beside the ship. RR: BARREL ROLL - the roll fails if
    the ship would move through an obstacle. The template sits against the side whatever the
    position, so all three positions fail (and none would, obstacles ignored)."""
    table = table_svg(Table(ships=(ship("a", 400, 400),),
                            obstacles=(obstacle("rock", 440, 400, outline="core2asteroid3"),)))
    options = barrel_roll_options(table, "a", "right")
    assert all(o.moved_through_obstacles == ("rock",) for o in options)
    assert all(o.fails() for o in options)
    assert not any(o.fails(ignore_obstacles=True) for o in options)


def test_roll_onto_an_obstacle_fails_that_position(table_svg):
    """An asteroid under the front position of a right roll. RR: BARREL ROLL - a position
    whose final base overlaps an obstacle fails. The front position fails, the back one does
    not."""
    table = table_svg(Table(ships=(ship("a", 400, 400),),
                            obstacles=(obstacle("rock", 490, 440, outline="core2asteroid3"),)))
    options = barrel_roll_options(table, "a", "right")
    assert options[0].overlapped_obstacles == ("rock",)
    assert options[0].fails() and not options[2].fails()


def test_roll_off_the_table_fails(table_svg):
    """A ship near the right edge barrel rolls right, then left. RR: BARREL ROLL, RR: FLEE -
    a ship can't flee while barrel rolling: a position outside the play area fails. Every
    right position is outside and fails; no left position fails."""
    table = table_svg(Table(ships=(ship("a", 880, 400),)))
    assert all(o.outside_play_area and o.fails()
               for o in barrel_roll_options(table, "a", "right"))
    assert not any(o.fails() for o in barrel_roll_options(table, "a", "left"))


def test_roll_moving_over_a_ship_does_not_fail(table_svg):
    """A ship beside the roll, under the template but clear of the back position.
    RR: BARREL ROLL - only overlapping a ship fails a roll. The back position does not fail."""
    table = table_svg(Table(ships=(ship("a", 400, 400), ship("b", 440, 430))))
    middle = barrel_roll(table, "a", "right", "back")
    assert not middle.fails()


# ------------------------------------------------------------------ in a game
def scene(pilot: str = "cavernangelszealot", faction: str = REBEL,
          at_pose: tuple[float, float, float] = (400, 200, 0), blocker: tuple | None = None,
          obstacles: list = ()):
    """p1.1's action decision after its [1 straight]; the enemy TIE (initiative 3) is
    arranged at ``blocker`` (else far away)."""
    return solo_at_action(pilot, faction, at_pose=at_pose, blocker=blocker,
                          obstacles=obstacles)[0]


def roll(game, side: str, position: str | None = None):
    game.answer("barrel_roll")
    d = game.decision
    assert (d.kind, d.option_keys()) == ("barrel_roll_direction", ["left", "right"])
    game.answer(side)
    if position is not None:
        game.answer(position)
    return game.decision


@pytest.mark.parametrize(("side", "position", "expected"), [
    ("right", "middle", (480, 280)), ("right", "front", (480, 290)),
    ("right", "back", (480, 270)), ("left", "middle", (320, 280)),
    ("left", "front", (320, 290)),
])
def test_a_small_ship_barrel_rolls_with_the_narrow_edge(side, position, expected):
    """A T-65 at (400, 280) barrel rolls left or right, choosing front, middle or back.
    RR: BARREL ROLL - the [1 straight] template's narrow edge against the side, the ship
    placed at the far end with its side hashmark at the template's front, middle or back.
    The direction and the position are asked in turn; the ship moves 40 mm of template plus
    its 40 mm base sideways, 10 mm forward or back, and keeps its facing."""
    game = scene()
    d = roll(game, side)
    assert (d.kind, d.option_keys()) == ("barrel_roll_position", ["front", "middle", "back"])
    game.answer(position)
    assert game.state.ships["p1.1"].pose == Pose(*expected, 0)


@pytest.mark.parametrize(("pilot", "dx", "shift"), [("outerrimenforcer", 80, 20),
                                                     ("contractedscout", 100, 20)])
def test_medium_and_large_ships_barrel_roll_with_the_long_edge(pilot, dx, shift):
    """An ST-70 (medium) and a JumpMaster 5000 (large) barrel roll right, front.
    RR: BARREL ROLL, RR: SHIP SIZES - medium and large ships use the template's long edge.
    They move 20 mm of template plus their base sideways (80, 100 mm), 20 mm forward."""
    game = scene(pilot=pilot, faction=SCUM)
    start_pose = game.state.ships["p1.1"].pose
    roll(game, "right", "front")
    r, f, rot = game.state.ships["p1.1"].pose.relative_to(start_pose)
    assert (round(r, 6), round(f, 6), rot) == (dx, shift, 0)


def test_only_the_positions_that_fit_are_offered():
    """A T-65 barrel rolls right with an enemy covering the front position. RR: BARREL ROLL
    - a position that would overlap a ship can't be chosen (the player cannot choose to fail
    while one position works). Only middle and back are offered."""
    game = scene(blocker=(480, 325, 90))
    d = roll(game, "right")
    assert d.option_keys() == ["middle", "back"]


def test_a_single_fitting_position_is_taken():
    """A T-65 barrel rolls right with an enemy covering the middle and back positions.
    RR: BARREL ROLL - only a position that fits can be chosen. No position is asked: the
    ship is placed at the front position, (480, 290)."""
    game = scene(blocker=(480, 245, 90))
    d = roll(game, "right")
    assert d is None or d.ship != "p1.1" or d.kind != "barrel_roll_position"
    assert game.state.ships["p1.1"].pose == Pose(480, 290, 0)


def test_a_barrel_roll_fails_when_every_position_overlaps_a_ship():
    """A T-65 barrel rolls right into an enemy covering all three positions. RR: BARREL ROLL
    - it fails if all three positions would overlap another ship; the ship returns to its
    prior position. The ship stays at (400, 280) and the action failed."""
    game = scene(blocker=(485, 280, 0))
    roll(game, "right")
    assert game.state.ships["p1.1"].pose == Pose(400, 280, 0)
    assert failed(game, "p1.1")


def test_a_barrel_roll_fails_through_an_obstacle():
    """A T-65 barrel rolls right with an asteroid across the template and the positions.
    RR: BARREL ROLL - the roll fails if the ship would move through or overlap an obstacle.
    The ship stays where it was and the action failed."""
    game = scene(obstacles=[("core2asteroid3", 450, 280, 0)])
    roll(game, "right")
    assert game.state.ships["p1.1"].pose == Pose(400, 280, 0) and failed(game, "p1.1")


def test_a_barrel_roll_onto_an_obstacle_fails():
    """A T-65 barrel rolls right with an asteroid where it would land. RR: BARREL ROLL - the
    roll fails if the final position overlaps an obstacle. The ship stays where it was and
    the action failed."""
    game = scene(obstacles=[(ASTEROID, 520, 280, 0)])
    roll(game, "right")
    assert game.state.ships["p1.1"].pose == Pose(400, 280, 0) and failed(game, "p1.1")


def test_a_ship_can_not_flee_by_barrel_rolling():
    """A T-65 near the left edge barrel rolls left. RR: BARREL ROLL, RR: FLEE - a ship
    cannot flee while barrel rolling: positions outside the play area fail. The roll fails;
    the ship stays in play where it was."""
    game = scene(at_pose=(50, 200, 0))
    roll(game, "left")
    ship = game.state.ships["p1.1"]
    assert ship.in_play and ship.pose == Pose(50, 280, 0) and failed(game, "p1.1")


def test_a_barrel_roll_is_not_a_maneuver():
    """A T-65 that flew [1 straight] barrel rolls right, middle. RR: BARREL ROLL - a barrel
    roll is not executing a maneuver. No difficulty is checked (no stress), and the maneuver
    executed this round is still the [1 straight] (speed 1, one maneuver in the log)."""
    game = scene()
    roll(game, "right", "middle")
    ship = game.state.ships["p1.1"]
    assert ship.executed_speed == 1 and tokens(game, "p1.1") == {}
    assert [e["maneuver"] for e in (x for x in game.log if x["kind"] == "move"
                                    and x.get("ship") == "p1.1" and "maneuver" in x)] == ["1FB"]
    assert Token.STRESS not in ship.tokens


# --------------------------------------- barrel rolls that cards change (general rules)
def carded(modifier: Modifier | None, obstacles: list = ()):
    """A T-65 at (400, 280) at its Perform Action step, its pilot card replaced by
    ``modifier`` (a card under test; None: no ability); an enemy far away."""
    mine = CardRegistry("barrel roll rules", base=CARDS)
    mine.register("pilot", "cavernangelszealot", *([modifier] if modifier else []),
                  description="a card under test")
    sc = Scene(cards=mine)
    me = sc.ship("cavernangelszealot", at=(400, 280, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    for outline, x, y, rotation in obstacles:
        sc.obstacle(outline, x, y, rotation)
    return sc.at(PerformAction(me, during_activation=True), phase="activation")


PASS_ROLLS = Modifier("through obstacles", hook="reposition_through_obstacles",
                      value=lambda game, owner, move="", **facts: move == "barrel_roll")


def test_a_card_lets_a_barrel_roll_move_through_an_obstacle():
    """An asteroid under the template beside a T-65 whose card lets its barrel rolls move
    through and overlap obstacles (the obstacle's die loaded blank).
    RR: CARD INTERPRETATION ("can"), RR: MOVE THROUGH, RR: OBSTACLES. All three positions are
    offered; the ship lands at (480, 280) and then suffers the asteroid's 1 damage."""
    game = carded(PASS_ROLLS, obstacles=[(ASTEROID, 440, 280, 0)])
    load_dice(game, ["blank"])
    shields = game.state.ships["p1.1"].shields
    d = roll(game, "right")
    assert d.option_keys() == ["front", "middle", "back"]
    game.answer("middle")
    ship_ = game.state.ships["p1.1"]
    assert ship_.pose == Pose(480, 280, 0) and ship_.shields == shields - 1


def test_without_the_card_the_same_roll_fails():
    """The same asteroid, the T-65 without the card. RR: BARREL ROLL - moving through an
    obstacle fails every position: the action fails and the ship is unharmed."""
    game = carded(None, obstacles=[(ASTEROID, 440, 280, 0)])
    shields = game.state.ships["p1.1"].shields
    roll(game, "right")
    ship_ = game.state.ships["p1.1"]
    assert failed(game, "p1.1") and ship_.pose == Pose(400, 280, 0)
    assert ship_.shields == shields


def test_a_ship_ignoring_obstacles_rolls_through_unharmed():
    """A T-65 that ignores obstacles this round (as R5-X3 or Collision Detector make it)
    barrel rolls through an asteroid. FAQ: OBJECTS - a ship ignoring obstacles can barrel
    roll through them and does not suffer their effects. The roll succeeds, no damage and
    no die is rolled."""
    game = carded(None, obstacles=[(ASTEROID, 440, 280, 0)])
    ship_ = game.state.ships["p1.1"]
    ship_.obstacles_ignored = (("*", game.state.round, "*"),)
    shields = ship_.shields
    roll(game, "right", "middle")
    assert ship_.pose == Pose(480, 280, 0) and ship_.shields == shields
    assert not any(e["kind"] == "roll" for e in game.log)
    assert any("ignores the effects" in e["text"] for e in game.log)


def test_ignoring_one_obstacle_does_not_pass_another():
    """The T-65 ignores only an obstacle elsewhere. FAQ: OBJECTS - ignoring is per obstacle.
    The asteroid beside it still fails the roll."""
    game = carded(None, obstacles=[(ASTEROID, 440, 280, 0), (ASTEROID, 100, 700, 0)])
    ship_ = game.state.ships["p1.1"]
    ship_.obstacles_ignored = (("obstacle-2", game.state.round, "*"),)
    roll(game, "right")
    assert failed(game, "p1.1")
