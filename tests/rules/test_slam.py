"""RR: SLAM - the ship executes a maneuver from its dial of the speed it executed this round,
then gains a disarm token; the SLAM fails rather than make the ship flee. (Only during
the ship's own activation: test_coordinate.)

The ship (an Alpha-class star wing unless said otherwise) is played through the engine, at
its Perform Action step after its dial's maneuver."""

from __future__ import annotations

from tallon.dice import Face
from tallon.geometry import Pose
from tests.rules.game_helpers import (
    DEBRIS,
    EMPIRE,
    REBEL,
    at,
    drive,
    events,
    failed,
    offered,
    solo_at_action,
    tokens,
)


def slam_scene(pilot: str = "nusquadronpilot", faction: str = EMPIRE, code: str = "2FB",
               at_pose=(400, 200, 0), obstacles: list = (), faces: tuple = ()):
    return solo_at_action(pilot, faction, code, faces=faces, at_pose=at_pose,
                          obstacles=obstacles)


def test_slam_offers_the_dials_maneuvers_of_the_speed_executed():
    """The star wing flew a [2 straight] and SLAMs. RR: SLAM step 1 - the player chooses a
    maneuver from the ship's dial matching the speed of the maneuver executed this round.
    The maneuvers offered are the dial's speed 2 ones."""
    game, d = slam_scene()
    assert "slam" in offered(d)
    game.answer("slam")
    d = game.decision
    assert d.kind == "slam_maneuver"
    ship = game.state.ships["p1.1"]
    assert d.option_keys() == [c for c in ship.dial if c.startswith("2")]


def test_slam_executes_the_maneuver_then_disarms():
    """The star wing flew a [2 straight] and SLAMs a [2 straight]. RR: SLAM steps 2-3 - the
    ship executes the chosen maneuver, then gains a disarm token; it has performed an action
    and executed a maneuver. It ends 240 mm from its start with a disarm token, the SLAM
    among its actions and two maneuvers in the log."""
    game, _ = slam_scene()
    game.answer("slam")
    game.answer("2FB")
    ship = game.state.ships["p1.1"]
    assert ship.pose == Pose(400, 440, 0)
    assert tokens(game, "p1.1") == {"disarm": 1}
    assert "slam" in ship.actions_done
    assert [e["maneuver"] for e in events(game, "move", "p1.1")] == ["2FB", "2FB"]


def test_slam_speed_follows_the_maneuver_executed():
    """The star wing flew a [3 bank left] and SLAMs. RR: SLAM - the speed of the maneuver
    executed this round. Its five speed 3 maneuvers are offered."""
    game, _ = slam_scene(code="3BW")
    game.answer("slam")
    assert set(game.decision.option_keys()) == {"3TW", "3BW", "3FW", "3NW", "3YW"}


def test_a_slam_maneuver_suffers_obstacles():
    """The star wing SLAMs a [2 straight] through a debris cloud (the die blank). RR: SLAM -
    the SLAM executes a maneuver; RR: OBSTACLES. The debris stresses it: a disarm and a
    stress token."""
    game, _ = slam_scene(obstacles=[(DEBRIS, 400, 390, 0)], faces=(Face.BLANK,))
    game.answer("slam")
    game.answer("2FB")
    assert tokens(game, "p1.1") == {"disarm": 1, "stress": 1}


def test_slam_fails_rather_than_flee():
    """The star wing flew a [1 straight] to near the far edge, where every [1] maneuver
    would leave the play area, and SLAMs. RR: SLAM, RR: FLEE - the action fails if the final
    position would flee. The ship stays in play with no disarm token; the SLAM failed and
    counts as performed."""
    game, _ = slam_scene(code="1FB", at_pose=(400, 914.4 - 23.3 - 80 - 25, 0))
    game.answer("slam")
    ship = game.state.ships["p1.1"]
    assert ship.in_play and "slam" in ship.actions_done
    assert tokens(game, "p1.1") == {}
    assert failed(game, "p1.1")


def test_slam_offers_only_maneuvers_that_keep_the_ship_in_the_play_area():
    """The star wing, facing the left edge after a [2 straight], SLAMs. RR: SLAM - a SLAM
    that would flee fails, so such maneuvers are not offered. The [2 straight] is not
    offered; other speed 2 maneuvers are."""
    game, _ = slam_scene(code="2FB", at_pose=(250, 300, 270))
    game.answer("slam")
    values = game.decision.option_keys() if game.decision.kind == "slam_maneuver" else []
    assert "2FB" not in values
    assert values and all(v.startswith("2") for v in values)


def test_a_medium_ship_slams():
    """A K-wing (medium) flew a [1 straight] and SLAMs a [1 straight]. RR: SLAM. It ends
    200 mm from its start (60 + 40 twice), and the game goes on."""
    game, _ = slam_scene(pilot="wardensquadronpilot", faction=REBEL, code="1FB")
    game.answer("slam")
    game.answer("1FB")
    assert game.state.ships["p1.1"].pose == Pose(400, 400, 0)
    assert drive(game, at("perform_action", "p2.1")) is not None
