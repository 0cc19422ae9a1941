"""RR: COORDINATE (another friendly ship at range 1-2 may perform an action; failing),
RR: SLAM (only during the ship's own activation), RR: LINKED ACTION (after a granted action).

p1.1 is a Lambda shuttle (initiative 1, large, white coordinate) that flies [1 straight]
to (400, 320): its base spans x 360-440, y 280-360. Its friends (initiative 2-3) are
arranged around it after it moved."""

from __future__ import annotations

from tallon.engine.state import Token
from tests.engine.conftest import (
    EMPIRE,
    REBEL,
    action_targets,
    arrange,
    events,
    failed,
    give,
    offered,
    plan,
    refresh,
    solo_at_action,
    squad,
    start,
    to_action,
    tokens,
)

RANGE_1 = (500, 320, 0)      # 40 mm right of the shuttle
RANGE_2 = (610, 320, 0)      # 150 mm
RANGE_3 = (710, 320, 0)      # 250 mm
TOUCHING = (400, 380, 0)     # its rear edge on the shuttle's front edge


def scene(friends: list[str], poses: dict, enemy=(800, 850, 180), coordinator=None):
    """The shuttle's action decision with ``friends`` (p1.2, p1.3, ...) at ``poses``."""
    lead = coordinator or "omicrongrouppilot"
    game = start(squad(EMPIRE, lead, *friends), squad(REBEL, "redsquadronveteran"),
                 poses={"p1.1": (400, 200, 0), "p2.1": (800, 850, 180),
                        **{f"p1.{k + 2}": (100 + 60 * k, 60, 0) for k in range(len(friends))}})
    to_action(game, "p1.1", {"p1.1": "1FB"})
    arrange(game, {**poses, "p2.1": enemy})
    refresh(game)
    return game


def test_coordinate_chooses_another_friendly_ship_at_range_1_to_2():
    """COORDINATE: choose another friendly ship at range 1-2: not one at range 0 or 3, not
    an enemy (here at range 1), not the coordinating ship itself."""
    game = scene(["blacksquadronace"] * 4,
                 {"p1.2": RANGE_1, "p1.3": RANGE_2, "p1.4": RANGE_3, "p1.5": TOUCHING},
                 enemy=(290, 320, 0))
    assert action_targets(game, "coordinate") == ["p1.2", "p1.3"]


def test_the_coordinated_ship_may_perform_one_action():
    """COORDINATE: the chosen ship may perform one action (its own action bar, its
    owner's choice); the coordinating ship keeps its own tokens."""
    game = scene(["blacksquadronace"], {"p1.2": RANGE_1})
    action_targets(game, "coordinate")
    game.answer("p1.2")
    d = game.decision
    assert (d.kind, d.ship, d.player) == ("perform_action", "p1.2", 0)
    assert offered(d) == {"focus", "evade", "barrel_roll", "pass"}
    game.answer("evade")
    assert tokens(game, "p1.2") == {"evade": 1}
    assert tokens(game, "p1.1") == {}


def test_coordinate_fails_without_a_friendly_ship_in_range():
    """COORDINATE / FAIL: the coordinate fails if no valid ship is chosen."""
    game = scene(["blacksquadronace"], {"p1.2": RANGE_3})
    assert action_targets(game, "coordinate") == []
    assert failed(game, "p1.1")
    assert "coordinate" in game.state.ships["p1.1"].actions_done


def test_a_red_coordinate_that_fails_gives_stress():
    """The UT-60D's coordinate is red: failing, the ship still gains its stress."""
    game, _d = solo_at_action("bluesquadronscout")
    game.answer("coordinate")
    assert tokens(game, "p1.1") == {"stress": 1}
    assert failed(game, "p1.1")


def test_the_coordinated_ships_failed_action_does_not_fail_the_coordinate():
    """COORDINATE: if the chosen ship's action fails, the coordinate does not fail (a
    barrel roll over the table edge)."""
    game = scene(["blacksquadronace"], {"p1.1": (170, 320, 0), "p1.2": (30, 320, 0)})
    assert action_targets(game, "coordinate") == ["p1.2"]
    game.answer("p1.2")
    game.answer("barrel_roll")
    game.answer("left")
    assert failed(game, "p1.2")
    assert not failed(game, "p1.1")


def test_a_stressed_ship_can_be_chosen_but_performs_no_action():
    """COORDINATE: the chosen ship *may* perform an action: a stressed ship performs none
    (and the coordinate still happened)."""
    game = scene(["blacksquadronace"], {"p1.2": RANGE_1})
    give(game, "p1.2", Token.STRESS)
    action_targets(game, "coordinate")
    game.answer("p1.2")
    d = game.decision
    assert d.ship != "p1.2" or events(game, "reveal", "p1.2")    # only its own step later
    assert not failed(game, "p1.1")


def test_a_coordinated_ship_can_not_slam():
    """SLAM: a ship can perform a SLAM action only during its activation: coordinated, the
    Alpha-class star wing is not offered its SLAM."""
    game = scene(["nusquadronpilot"], {"p1.2": RANGE_1})
    action_targets(game, "coordinate")
    game.answer("p1.2")
    assert "slam" not in offered(game.decision)
    assert "focus" in offered(game.decision)


def test_a_linked_action_follows_a_coordinated_action():
    """LINKED ACTION: a linked action can be performed after the action it is attached to
    even if that action was granted by an effect: a coordinated TIE/ag barrel rolls, then
    may perform its linked red evade."""
    game = scene(["sienarspecialist"], {"p1.2": RANGE_2})
    action_targets(game, "coordinate")
    game.answer("p1.2")
    game.answer("barrel_roll")
    game.answer("right")
    game.answer("middle")
    d = game.decision
    assert (d.kind, d.ship) == ("linked_action", "p1.2")
    game.answer("evade")
    texts = [e["text"] for e in events(game, ship="p1.2")]
    assert texts.index("Sienar Specialist (p1.2) gains 1 stress token") < \
        texts.index("Sienar Specialist (p1.2) reveals [1FB]")
    assert tokens(game, "p1.2")["evade"] == 1


def test_coordinating_is_an_action_of_the_coordinator_only():
    """COORDINATE: the coordinated ship's action is its own (its actions this round), and it
    can still perform its own Perform Action step later with its other actions."""
    game = scene(["blacksquadronace"], {"p1.2": RANGE_1})
    action_targets(game, "coordinate")
    game.answer("p1.2")
    game.answer("focus")
    ships = game.state.ships
    assert ships["p1.2"].actions_done == {"focus"}
    assert ships["p1.1"].actions_done == {"coordinate"}


def test_a_ship_that_ended_on_an_obstacle_can_still_be_granted_an_action():
    """OBSTACLES: a ship that ended its maneuver on an obstacle skips its Perform Action
    step, but can still perform actions granted by other effects: a T-65 on an asteroid,
    coordinated by a UT-60D."""
    game = start(squad(REBEL, "cavernangelszealot", "bluesquadronscout"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (400, 200, 0), "p1.2": (520, 150, 0), "p2.1": (800, 850, 180)},
                 obstacles=[("core2asteroid3", 400, 290, 0)])
    plan(game, {"p1.1": "1FB", "p1.2": "1FB"})
    d = game.decision
    assert d.ship == "p1.2"                      # p1.1 skipped its action
    assert events(game, "obstacle", "p1.1")
    game.answer("coordinate")
    game.answer("p1.1")
    d = game.decision
    assert (d.kind, d.ship) == ("perform_action", "p1.1")
    game.answer("focus")
    assert tokens(game, "p1.1") == {"focus": 1}
