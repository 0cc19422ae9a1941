"""RR: RELOAD (a torpedo, missile or device card below its charge limit recovers one charge;
the ship gains a disarm token), RR: SLAM (a maneuver of the speed executed this round, a
disarm token, failing instead of fleeing), RR: DISARMED.

No playable card has torpedo, missile or device charges yet: those charges are arranged on
the ship (as the cards would place them)."""

from __future__ import annotations

from tallon.dice import Face
from tallon.engine.state import Charge
from tallon.geometry import Pose
from tests.engine.conftest import (
    DEBRIS,
    EMPIRE,
    REBEL,
    at,
    drive,
    events,
    failed,
    labels,
    offered,
    refresh,
    solo,
    solo_at_action,
    to_action,
    tokens,
)


# ------------------------------------------------------------------------ reload
def reload_scene(pilot: str = "nusquadronpilot", faction: str = EMPIRE,
                 charges: dict | None = None):
    game = solo(pilot, faction)
    game.state.ships["p1.1"].charges = dict(charges or {})
    refresh(game)
    return game, to_action(game, "p1.1", {"p1.1": "2FB"})


def test_reload_recovers_one_charge_and_disarms():
    """RELOAD: the chosen torpedo/missile/device card recovers one charge; then the ship
    gains a disarm token (a white reload: no stress)."""
    game, d = reload_scene(charges={"protontorpedoes": Charge(0, 2, 0)})
    assert "reload" in offered(d)
    game.answer("reload")
    ship = game.state.ships["p1.1"]
    assert ship.charges["protontorpedoes"].active == 1
    assert tokens(game, "p1.1") == {"disarm": 1} and ship.disarmed


def test_reload_chooses_among_the_cards_missing_charges():
    game, _ = reload_scene(charges={"protontorpedoes": Charge(2, 2, 0),
                                    "concussionmissiles": Charge(1, 3, 0),
                                    "protonbombs": Charge(0, 2, 0)})
    game.answer("reload")
    d = game.decision
    assert (d.kind, sorted(d.option_keys())) == ("reload_card",
                                                    ["concussionmissiles", "protonbombs"])
    game.answer("protonbombs")
    charges = game.state.ships["p1.1"].charges
    assert (charges["protonbombs"].active, charges["concussionmissiles"].active) == (1, 1)


def test_reload_is_not_offered_when_no_card_misses_a_charge():
    """RELOAD step 1: only a card with fewer active charges than its limit can be chosen."""
    _, d = reload_scene(charges={"protontorpedoes": Charge(2, 2, 0)})
    assert "reload" not in offered(d)


def test_reload_ignores_cards_that_are_not_torpedoes_missiles_or_devices():
    _, d = reload_scene(charges={"nusquadronpilot": Charge(0, 2, 0),
                                 "hullupgrade": Charge(0, 1, 0)})
    assert "reload" not in offered(d)


def test_a_red_reload_gives_stress():
    game, d = reload_scene(pilot="graysquadronbomber", faction=REBEL,
                           charges={"protontorpedoes": Charge(1, 2, 0)})
    assert labels(d)["reload"] == "red reload"
    game.answer("reload")
    assert tokens(game, "p1.1") == {"disarm": 1, "stress": 1}


def test_a_disarm_token_leaves_in_the_end_phase():
    game, _ = reload_scene(charges={"protontorpedoes": Charge(0, 2, 0)})
    game.answer("reload")
    drive(game, lambda d: game.state.round == 2)
    assert tokens(game, "p1.1") == {}


# -------------------------------------------------------------------------- SLAM
def slam_scene(pilot: str = "nusquadronpilot", faction: str = EMPIRE, code: str = "2FB",
               at_pose=(400, 200, 0), obstacles: list = (), faces: tuple = ()):
    return solo_at_action(pilot, faction, code, faces=faces, at_pose=at_pose,
                          obstacles=obstacles)


def test_slam_offers_the_dials_maneuvers_of_the_speed_executed():
    """SLAM: the player chooses a maneuver from the ship's dial matching the speed of the
    maneuver executed this round."""
    game, d = slam_scene()
    assert "slam" in offered(d)
    game.answer("slam")
    d = game.decision
    assert d.kind == "slam_maneuver"
    ship = game.state.ships["p1.1"]
    assert d.option_keys() == [c for c in ship.dial if c.startswith("2")]


def test_slam_executes_the_maneuver_then_disarms():
    """SLAM: the ship executes the chosen maneuver, then gains a disarm token; it counts
    as an action (and as a maneuver, with its difficulty)."""
    game, _ = slam_scene()
    game.answer("slam")
    game.answer("2FB")
    ship = game.state.ships["p1.1"]
    assert ship.pose == Pose(400, 440, 0)
    assert tokens(game, "p1.1") == {"disarm": 1}
    assert "slam" in ship.actions_done
    assert [e["maneuver"] for e in events(game, "move", "p1.1")] == ["2FB", "2FB"]


def test_slam_speed_follows_the_maneuver_executed():
    game, _ = slam_scene(code="3BW")
    game.answer("slam")
    assert set(game.decision.option_keys()) == {"3TW", "3BW", "3FW", "3NW", "3YW"}


def test_a_slam_maneuver_suffers_obstacles():
    """SLAM executes a maneuver: moving through a debris cloud has its effect."""
    game, _ = slam_scene(obstacles=[(DEBRIS, 400, 390, 0)], faces=(Face.BLANK,))
    game.answer("slam")
    game.answer("2FB")
    assert tokens(game, "p1.1") == {"disarm": 1, "stress": 1}


def test_slam_fails_rather_than_flee():
    """SLAM: the action fails if the final position would flee: every [1] maneuver from
    near the far edge would leave the play area, so the SLAM fails, the ship stays, and
    gains no disarm token."""
    game, _ = slam_scene(code="1FB", at_pose=(400, 914.4 - 23.3 - 80 - 25, 0))
    game.answer("slam")
    ship = game.state.ships["p1.1"]
    assert ship.in_play and "slam" in ship.actions_done
    assert tokens(game, "p1.1") == {}
    assert failed(game, "p1.1")


def test_slam_offers_only_maneuvers_that_keep_the_ship_in_the_play_area():
    game, _ = slam_scene(code="2FB", at_pose=(250, 300, 270))
    game.answer("slam")
    values = game.decision.option_keys() if game.decision.kind == "slam_maneuver" else []
    assert "2FB" not in values
    assert values and all(v.startswith("2") for v in values)


def test_a_medium_ship_slams():
    game, _ = slam_scene(pilot="wardensquadronpilot", faction=REBEL, code="1FB")
    game.answer("slam")
    game.answer("1FB")
    assert game.state.ships["p1.1"].pose == Pose(400, 400, 0)
    assert drive(game, at("perform_action", "p2.1")) is not None
