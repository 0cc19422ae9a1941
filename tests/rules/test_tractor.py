"""RR: TRACTOR - a ship is tractored with 1 (small), 2 (medium) or 3 (large) tractor tokens
(RR: SHIP SIZES); the first time each round, the player whose effect applied the token may
barrel roll or boost it with the [1 straight] (never through or onto an obstacle), then,
if an opponent moved it, its player may rotate it 90 degrees for a stress token
(RR: ROTATE A SHIP); a tractored ship rolls one fewer defense die.

No card the engine plays can apply tractor tokens yet: in the game tests they are gained
through the engine's own effect (as a weapon would apply them), at a decision of the game.
The attacks run with blank dice: a T-65 against a TIE/ln at range 2 unless said
otherwise."""

from __future__ import annotations

import pytest

from tallon.engine.effects import gain_token
from tallon.engine.state import Token
from tallon.geometry import Pose, Table, tractor_options
from tests.conftest import obstacle, ship
from tests.rules.attack_helpers import FIRESPRAY, XWING, blank_attack, blank_counts, dice_counts
from tests.rules.game_helpers import (
    ASTEROID,
    EMPIRE,
    REBEL,
    SCUM,
    arrange,
    drive,
    inject,
    squad,
    start,
    to_action,
    tokens,
)


# ------------------------------------------------------------ the moves offered
def test_tractor_moves_are_rolls_with_the_speed_1_straight_or_a_straight_boost():
    """The tractor moves of a small ship. RR: TRACTOR - the tractoring player may barrel
    roll the ship with the [1 straight] (either side, any position) or boost it with the
    [1 straight]. Seven placements, none turning the ship."""
    options = tractor_options(Table(ships=(ship("a", 400, 400),)), "a")
    labels = sorted(o.label for o in options)
    assert len(options) == 7
    assert "boost straight" in labels and "barrel roll left back" in labels
    assert all(o.relative()[2] == pytest.approx(0) for o in options)


def test_tractor_move_cannot_touch_an_obstacle(table_svg):
    """An asteroid where the straight boost would land. RR: TRACTOR ("This move cannot cause
    the ship to move through or overlap an obstacle"). The straight boost fails."""
    table = table_svg(Table(ships=(ship("a", 400, 400),),
                            obstacles=(obstacle("rock", 400, 445, outline="core2asteroid3"),)))
    straight = next(o for o in tractor_options(table, "a") if o.label == "boost straight")
    assert straight.fails()


# ------------------------------------------------------------------ in a game
def tractor_scene(pilot: str = "cavernangelszealot", faction: str = REBEL,
                  at_pose=(400, 200, 0), obstacles: list = ()):
    """p1.1's action decision after its [1 straight] (at (400, 280) for a small ship)."""
    game = start(squad(faction, pilot), squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": at_pose, "p2.1": (800, 850, 180)}, obstacles=list(obstacles))
    to_action(game, "p1.1", {"p1.1": "1FB"})
    return game


def tractor(game, count: int = 1, applier: int = 2) -> None:
    inject(game, lambda g: gain_token(g, g.state.ships["p1.1"], Token.TRACTOR, count,
                                      applier=applier))


def test_a_tractored_ship_may_be_moved_by_the_player_who_applied_the_token():
    """Player 2's effect gives a T-65 a tractor token. RR: TRACTOR - the first time a ship
    becomes tractored each round, the player whose effect applied the token may barrel roll
    it with the [1 straight] (choosing direction and position) or boost it with the
    [1 straight], or not move it. Player 2 is asked, offered no move, the boost and the six
    barrel rolls; the T-65 is tractored."""
    game = tractor_scene()
    tractor(game)
    d = game.decision
    assert (d.kind, d.player, d.ship) == ("tractor_move", 2, "p1.1")
    values = set(d.option_keys())
    assert {"none", "boost straight"} <= values
    assert {f"barrel roll {s} {p}" for s in ("left", "right")
            for p in ("front", "middle", "back")} <= values
    assert game.state.ships["p1.1"].tractored


def test_after_an_opponent_moved_it_the_owner_may_rotate_it_90_degrees_and_gain_stress():
    """Player 2 boosts the tractored T-65. RR: TRACTOR - after an opponent moved it, the
    ship's player may rotate it 90 degrees left or right; if they do, it gains a stress
    token. Player 1 is asked (left, none, right); rotated left it faces 270 and has a stress
    token beside the tractor token."""
    game = tractor_scene()
    tractor(game)
    game.answer("boost straight")
    assert game.state.ships["p1.1"].pose == Pose(400, 360, 0)
    d = game.decision
    assert (d.kind, d.player, sorted(d.option_keys())) == \
        ("tractor_rotate", 1, ["left", "none", "right"])
    game.answer("left")
    assert game.state.ships["p1.1"].pose == Pose(400, 360, 270)
    assert tokens(game, "p1.1") == {"tractor": 1, "stress": 1}


def test_declining_the_rotation_gives_no_stress():
    """Player 2 barrel rolls the tractored T-65 right; player 1 declines the rotation.
    RR: TRACTOR - the stress comes only with the rotation. The ship is at (480, 280) with
    only its tractor token."""
    game = tractor_scene()
    tractor(game)
    game.answer("barrel roll right middle")
    assert game.state.ships["p1.1"].pose == Pose(480, 280, 0)
    game.answer("none")
    assert tokens(game, "p1.1") == {"tractor": 1}


def test_no_rotation_when_the_owners_own_effect_moved_it():
    """Player 1's own effect tractors its T-65, and player 1 boosts it. RR: TRACTOR - the
    rotation is offered only if an opponent moved the ship. Player 1 chooses the move; no
    rotation follows."""
    game = tractor_scene()
    tractor(game, applier=1)
    assert game.decision.player == 1
    game.answer("boost straight")
    assert game.decision is None or game.decision.kind != "tractor_rotate"


def test_the_tractor_move_can_not_touch_obstacles():
    """A T-65 tractored with an asteroid ahead. RR: TRACTOR - this move cannot cause the
    ship to move through or overlap an obstacle. The straight boost is not offered."""
    game = tractor_scene(obstacles=[(ASTEROID, 400, 390, 0)])
    tractor(game)
    assert "boost straight" not in game.decision.option_keys()


@pytest.mark.parametrize(("pilot", "faction", "needed"), [
    ("cavernangelszealot", REBEL, 1), ("bluesquadronscout", REBEL, 2),
    ("outerrimsmuggler", REBEL, 3), ("lokrevenant", SCUM, 2)])
def test_tractor_thresholds_by_size(pilot, faction, needed):
    """A T-65 (small), a UT-60D (medium), a YT-1300 (large) and a Scurrg (medium) gain
    tractor tokens one by one. RR: TRACTOR, RR: SHIP SIZES - a ship is tractored with 1
    (small), 2 (medium) or 3 (large) tractor tokens. One token fewer leaves it untractored
    at its action; the last one brings the tractor move."""
    game = tractor_scene(pilot=pilot, faction=faction)
    if needed > 1:
        tractor(game, needed - 1)
        assert game.decision.kind == "perform_action"
        assert not game.state.ships["p1.1"].tractored
    tractor(game, 1)
    assert game.decision.kind == "tractor_move"


def test_only_the_first_tractoring_each_round_moves_the_ship():
    """A T-65 is tractored twice in round 1 and again in round 2. RR: TRACTOR - only the
    first time a ship becomes tractored each round. The second time in round 1 gives no
    move; the orange token is gone in the End Phase; in round 2 the move is offered again."""
    game = tractor_scene()
    tractor(game)
    game.answer("none")
    del game.state.ships["p1.1"].tokens[Token.TRACTOR]
    tractor(game)
    assert game.decision.kind == "perform_action"
    drive(game, lambda d: game.state.round == 2)
    assert tokens(game, "p1.1") == {}                 # orange: gone in the End Phase
    arrange(game, {"p2.1": (800, 850, 180)})
    to_action(game, "p1.1", {"p1.1": "1FB"})
    tractor(game)
    assert game.decision.kind == "tractor_move"


def test_no_rotation_is_offered_when_turning_would_overlap_a_ship():
    """A tractored T-65 that is not moved, then one boosted between two friendly ships
    flanking its final position. RR: TRACTOR, RR: ROTATE A SHIP - if rotating would make the
    base (its guides) overlap a ship, it can't be rotated. Not moved, there is no rotation;
    boosted between the two, it is not offered the rotation and gains no stress."""
    game = tractor_scene()
    tractor(game)
    game.answer("none")
    assert game.decision.kind == "perform_action"        # nothing moved: no rotation
    game = start(squad(REBEL, "cavernangelszealot", "redsquadronveteran", "redsquadronveteran"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (400, 200, 0), "p1.2": (100, 60, 0), "p1.3": (200, 60, 0),
                        "p2.1": (800, 850, 180)})
    to_action(game, "p1.1", {"p1.1": "1FB"})
    arrange(game, {"p1.2": (440, 360, 0), "p1.3": (360, 360, 0)})   # flanking the boost
    tractor(game)
    game.answer("boost straight")
    assert game.state.ships["p1.1"].pose == Pose(400, 360, 0)
    assert game.decision is None or game.decision.kind != "tractor_rotate"
    assert tokens(game, "p1.1") == {"tractor": 1}


# ------------------------------------------------------------------ defending
class TestTractor:
    """RR: TRACTOR - a tractored ship (small: 1 token, medium: 2, large: 3) rolls 1 fewer
    defense die while it defends."""

    def test_a_tractored_small_ship_rolls_one_fewer(self):
        """A TIE/ln (agility 3) with one tractor token defends. RR: TRACTOR. It rolls 2
        defense dice, and the token is not spent."""
        game, a, d = blank_attack(defender_tokens={"tractor": 1})
        assert dice_counts(game, a, d) == (3, 2)
        assert game.state.ships[d].count(Token.TRACTOR) == 1      # not spent

    @pytest.mark.parametrize(("tokens", "dice"), [(1, 2), (2, 1)])
    def test_a_medium_ship_needs_two_tractor_tokens(self, tokens, dice):
        """A Firespray (medium, agility 2) with 1 or 2 tractor tokens defends. RR: TRACTOR,
        RR: SHIP SIZES. With 1 it is not tractored (2 dice); with 2 it is (1 die)."""
        assert blank_counts(XWING, FIRESPRAY, to=(400, 510, 180),
                            defender_tokens={"tractor": tokens})[1] == dice

    def test_tractor_does_not_affect_attacking(self):
        """A tractored T-65 attacks. RR: TRACTOR - only while it defends. It rolls its full
        attack value, 3."""
        assert blank_counts(tokens={"tractor": 1})[0] == 3
