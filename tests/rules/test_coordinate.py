"""RR: COORDINATE - the coordinating ship chooses another friendly ship at range 1-2, which
may perform an action; the coordinate fails without one. What a coordinated ship can do
is tested here too: no SLAM (RR: SLAM), a linked action after the granted one
(RR: LINKED ACTION).

p1.1 is a Lambda shuttle (initiative 1, large, white coordinate) that flies [1 straight]
to (400, 320): its base spans x 360-440, y 280-360. Its friends (initiative 2-3) are
arranged around it after it moved."""

from __future__ import annotations

from tallon.engine.state import Token
from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    action_targets,
    arrange,
    events,
    failed,
    give,
    offered,
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
    """The shuttle coordinates with TIEs at range 1, 2, 3 and 0 (touching) and an enemy at
    range 1. RR: COORDINATE - choose another friendly ship at range 1-2. Only the friends at
    range 1 and 2 are offered: not range 0 or 3, not the enemy, not the shuttle."""
    game = scene(["blacksquadronace"] * 4,
                 {"p1.2": RANGE_1, "p1.3": RANGE_2, "p1.4": RANGE_3, "p1.5": TOUCHING},
                 enemy=(290, 320, 0))
    assert action_targets(game, "coordinate") == ["p1.2", "p1.3"]


def test_the_coordinated_ship_may_perform_one_action():
    """The shuttle coordinates a TIE at range 1. RR: COORDINATE - the chosen ship may
    perform an action. The TIE's owner is asked, with its own action bar (focus, evade,
    barrel roll, pass); it evades, and the shuttle gains no token."""
    game = scene(["blacksquadronace"], {"p1.2": RANGE_1})
    action_targets(game, "coordinate")
    game.answer("p1.2")
    d = game.decision
    assert (d.kind, d.ship, d.player) == ("perform_action", "p1.2", 1)
    assert offered(d) == {"focus", "evade", "barrel_roll", "pass"}
    game.answer("evade")
    assert tokens(game, "p1.2") == {"evade": 1}
    assert tokens(game, "p1.1") == {}


def test_coordinate_fails_without_a_friendly_ship_in_range():
    """The shuttle's only friend is at range 3. RR: COORDINATE, RR: FAIL - the coordinate
    fails if no ship is chosen. No target is offered, the action failed, and it counts as
    performed this round."""
    game = scene(["blacksquadronace"], {"p1.2": RANGE_3})
    assert action_targets(game, "coordinate") == []
    assert failed(game, "p1.1")
    assert "coordinate" in game.state.ships["p1.1"].actions_done


def test_a_red_coordinate_that_fails_gives_stress():
    """A UT-60D (red coordinate) alone on its side coordinates. RR: COORDINATE, RR: FAIL -
    after a red action fails, the ship gains a stress token. It fails and is stressed."""
    game, _d = solo_at_action("bluesquadronscout")
    game.answer("coordinate")
    assert tokens(game, "p1.1") == {"stress": 1}
    assert failed(game, "p1.1")


def test_the_coordinated_ships_failed_action_does_not_fail_the_coordinate():
    """The shuttle coordinates a TIE at the left edge, which barrel rolls left off the
    table. RR: COORDINATE - the chosen ship's action is its own. The barrel roll fails; the
    coordinate does not."""
    game = scene(["blacksquadronace"], {"p1.1": (170, 320, 0), "p1.2": (30, 320, 0)})
    assert action_targets(game, "coordinate") == ["p1.2"]
    game.answer("p1.2")
    game.answer("barrel_roll")
    game.answer("left")
    assert failed(game, "p1.2")
    assert not failed(game, "p1.1")


def test_a_stressed_ship_can_be_chosen_but_performs_no_action():
    """The shuttle coordinates a stressed TIE at range 1. RR: COORDINATE - the chosen ship
    *may* perform an action (RR: STRESS - not while stressed). It performs none (it is asked
    nothing until its own activation), and the coordinate did not fail."""
    game = scene(["blacksquadronace"], {"p1.2": RANGE_1})
    give(game, "p1.2", Token.STRESS)
    action_targets(game, "coordinate")
    game.answer("p1.2")
    d = game.decision
    assert d.ship != "p1.2" or events(game, "reveal", "p1.2")    # only its own step later
    assert not failed(game, "p1.1")


def test_a_coordinated_ship_can_not_slam():
    """The shuttle coordinates an Alpha-class star wing (SLAM on its bar). RR: SLAM - a ship
    can perform a SLAM action only during its activation. The star wing is offered focus,
    not SLAM."""
    game = scene(["nusquadronpilot"], {"p1.2": RANGE_1})
    action_targets(game, "coordinate")
    game.answer("p1.2")
    assert "slam" not in offered(game.decision)
    assert "focus" in offered(game.decision)


def test_a_linked_action_follows_a_coordinated_action():
    """The shuttle coordinates a TIE/ag (barrel roll > red evade), which barrel rolls.
    RR: LINKED ACTION - a linked action can be performed after the action it is attached to
    even if that action was granted by an effect. The linked evade is offered; its stress
    comes before the TIE/ag's own activation, and it has an evade token."""
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
    """The shuttle coordinates a TIE, which focuses. RR: COORDINATE - the coordinate is the
    coordinating ship's action; the granted one is the chosen ship's. The TIE's actions this
    round are {focus}, the shuttle's {coordinate}."""
    game = scene(["blacksquadronace"], {"p1.2": RANGE_1})
    action_targets(game, "coordinate")
    game.answer("p1.2")
    game.answer("focus")
    ships = game.state.ships
    assert ships["p1.2"].actions_done == {"focus"}
    assert ships["p1.1"].actions_done == {"coordinate"}
