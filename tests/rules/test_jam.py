"""RR: JAM - the jam action's targets (an enemy at range 1, or at range 1-2 in the front
arc; ruling: the RR's "FOV" read as the front arc), failing without one, and the jam
token's consequences, chosen by the jamming player; jam tokens are orange
(RR: TOKEN COLORS AND SHAPES) and leave in the End Phase.

p1.1 is a G-1A (initiative 1, medium, white jam) that flies [1 straight] to (400, 300):
its base spans x 370-430, y 270-330. The enemy T-65s (initiative 3) are arranged after it
moved."""

from __future__ import annotations

import pytest

from tallon.engine.state import Token
from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    SCUM,
    action_targets,
    arrange,
    at,
    drive,
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

SPOTS = {
    "front_1": (400, 400, 180),   # 50 mm ahead: range 1, front arc
    "front_2": (400, 500, 180),   # 150 mm ahead: range 2, front arc
    "front_3": (400, 600, 180),   # 250 mm ahead: range 3
    "side_1": (500, 300, 90),     # 50 mm to the right: range 1, right arc
    "side_2": (600, 300, 90),     # 150 mm to the right: range 2, not in the front arc
    "touching": (450, 300, 90),   # range 0
}


def scene(spots: list[str], jammer: str = "gandfindsman", faction: str = SCUM,
          dials: dict | None = None):
    """The jammer's action decision, enemy T-65 p2.k at ``spots[k-1]``."""
    enemies = squad(REBEL, *["redsquadronveteran"] * len(spots))
    game = start(squad(faction, jammer), enemies,
                 poses={"p1.1": (400, 200, 0),
                        **{f"p2.{k + 1}": (100 + 100 * k, 850, 180) for k in range(len(spots))}})
    to_action(game, "p1.1", {"p1.1": "1FB", **(dials or {})})
    arrange(game, {f"p2.{k + 1}": SPOTS[spot] for k, spot in enumerate(spots)})
    refresh(game)
    return game


def jam(game, target: str) -> None:
    assert target in action_targets(game, "jam")
    game.answer(target)


@pytest.mark.parametrize(("spot", "allowed"), [
    ("front_1", True), ("front_2", True), ("front_3", False), ("side_1", True),
    ("side_2", False), ("touching", False)])
def test_jam_targets_are_enemies_at_range_1_or_at_range_2_in_the_front_arc(spot, allowed):
    """The G-1A jams with one enemy ahead at range 1, 2 or 3, beside it at range 1 or 2, or
    touching it. RR: JAM - choose an enemy ship at range 1, or at range 1-2 in the jamming
    ship's front arc (at range 1: a touching ship, at range 0, is not a target). The enemy
    is offered ahead at range 1-2 and beside at range 1, not at range 3, beside at range 2
    or touching."""
    game = scene([spot])
    assert action_targets(game, "jam") == (["p2.1"] if allowed else [])


def test_jam_fails_without_a_target():
    """The G-1A jams with its only enemy ahead at range 3. RR: JAM, RR: FAIL - while a ship
    attempts to jam, it fails if no ship is chosen. No target is offered; the action failed
    and counts as performed this round."""
    game = scene(["front_3"])
    action_targets(game, "jam")
    assert failed(game, "p1.1")
    assert "jam" in game.state.ships["p1.1"].actions_done


def test_friendly_ships_are_not_jam_targets():
    """The G-1A jams with a friendly Kihraxz at range 1 ahead and its enemy far away.
    RR: JAM - the target is an enemy ship. No target is offered."""
    game = start(squad(SCUM, "gandfindsman", "cartelmarauder"), squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (400, 200, 0), "p1.2": (100, 60, 0), "p2.1": (800, 850, 180)})
    to_action(game, "p1.1", {"p1.1": "1FB"})
    arrange(game, {"p1.2": SPOTS["front_1"]})
    refresh(game)
    assert action_targets(game, "jam") == []


def test_the_jamming_player_chooses_the_green_token_removed():
    """The G-1A jams a T-65 that has a focus and an evade token. RR: JAM - when a ship
    becomes jammed, the player whose effect gave the jam token chooses one of its green
    tokens to remove; then the jam token is removed. Player 1 is asked (the evade or the
    focus); the T-65 keeps just the focus token."""
    game = scene(["front_1"])
    give(game, "p2.1", Token.FOCUS)
    give(game, "p2.1", Token.EVADE)
    jam(game, "p2.1")
    d = game.decision
    assert (d.kind, d.player, d.ship) == ("jam_effect", 1, "p2.1")
    assert sorted(d.option_keys()) == ["token:evade", "token:focus"]
    game.answer("token:evade")
    assert tokens(game, "p2.1") == {"focus": 1}


def test_the_jamming_player_may_break_a_lock_instead():
    """The G-1A jams a T-65 that has a focus token and a lock on the G-1A. RR: JAM - the
    jamming player chooses a green token to remove or a lock to break. Both are offered;
    breaking the lock leaves the T-65 its focus token and no lock."""
    game = scene(["front_1"])
    give(game, "p2.1", Token.FOCUS)
    game.state.ships["p2.1"].locks = ["p1.1"]
    jam(game, "p2.1")
    assert sorted(game.decision.option_keys()) == ["lock:p1.1", "token:focus"]
    game.answer("lock:p1.1")
    assert game.state.ships["p2.1"].locks == [] and tokens(game, "p2.1") == {"focus": 1}


def test_a_single_green_token_is_removed_at_once():
    """The G-1A jams a T-65 whose only green token is a calculate token. RR: JAM. With
    nothing to choose, the token and the jam token are removed at once, without a decision."""
    game = scene(["front_1"])
    give(game, "p2.1", Token.CALCULATE)
    jam(game, "p2.1")
    assert tokens(game, "p2.1") == {}
    assert game.decision is None or game.decision.kind != "jam_effect"


def test_a_ship_without_green_tokens_or_locks_stays_jammed():
    """The G-1A jams a T-65 with only a (red) strain token, which later focuses in its
    activation. RR: JAM - if the ship has no green token and maintains no lock it remains
    jammed; after it gains a green token it removes that token, then one jam token. It keeps
    the jam token until it focuses; then focus and jam tokens go (the strain stays), and the
    focus action was still performed."""
    game = scene(["front_1", "front_3"], dials={"p2.1": "2TW", "p2.2": "2TW"})
    give(game, "p2.1", Token.STRAIN)             # red tokens aren't affected
    jam(game, "p2.1")
    assert tokens(game, "p2.1") == {"strain": 1, "jam": 1}
    drive(game, at("activation_order"))
    game.answer("p2.1")
    drive(game, at("perform_action", "p2.1"))
    assert tokens(game, "p2.1") == {"strain": 1, "jam": 1}
    game.answer("focus")
    assert drive(game, at("perform_action", "p2.2")) is not None   # before the End Phase
    assert tokens(game, "p2.1") == {"strain": 1}
    assert "focus" in game.state.ships["p2.1"].actions_done      # the action still happened


def test_a_jammed_ship_that_acquires_a_lock_breaks_it():
    """The G-1A jams a T-65 with no token; in its activation the T-65 locks the G-1A.
    RR: JAM - after a jammed ship acquires a lock it breaks that lock, then removes one jam
    token. Before the End Phase the T-65 has no lock and no token."""
    game = scene(["front_1", "front_3"], dials={"p2.1": "2TW", "p2.2": "2TW"})
    jam(game, "p2.1")
    drive(game, at("activation_order"))
    game.answer("p2.1")
    drive(game, at("perform_action", "p2.1"))
    game.answer("lock")
    game.answer("p1.1")
    assert drive(game, at("perform_action", "p2.2")) is not None   # before the End Phase
    assert game.state.ships["p2.1"].locks == []
    assert tokens(game, "p2.1") == {}


def test_jam_tokens_leave_in_the_end_phase():
    """The G-1A jams a T-65 with no token, which stays jammed. RR: JAM,
    RR: TOKEN COLORS AND SHAPES - jam tokens are orange, removed in the End Phase. In round
    2 the T-65 has no token."""
    game = scene(["front_1"])
    jam(game, "p2.1")
    drive(game, lambda d: game.state.round == 2)
    assert tokens(game, "p2.1") == {}


def test_a_red_jam_gives_stress():
    """A Lambda shuttle (red jam) jams a T-65 at range 1. RR: ACTIONS, RR: JAM - a red
    action costs a stress token. The shuttle has a stress token, the T-65 a jam token."""
    game, d = solo_at_action("omicrongrouppilot", EMPIRE)
    assert "jam" in offered(d)
    arrange(game, {"p2.1": (400, 420, 180)})
    refresh(game)
    game.answer("jam")
    game.answer("p2.1")
    assert tokens(game, "p1.1") == {"stress": 1}
    assert tokens(game, "p2.1") == {"jam": 1}


def test_a_ship_that_bumped_an_enemy_can_not_jam_it_at_range_0():
    """A Lambda shuttle bumps head-on into a T-65 (so they are at range 0); coordinated
    later that round by a VT-49, it jams. RR: JAM - range 1, or 1-2 in the front arc;
    RR: RANGE - after a partial maneuver the ships are at range 0. The T-65 is not a jam
    target."""
    game = start(squad(EMPIRE, "omicrongrouppilot", "patrolleader"),
                 squad(REBEL, "redsquadronveteran"),
                 poses={"p1.1": (400, 200, 0), "p1.2": (560, 300, 0), "p2.1": (400, 365, 180)})
    plan(game, {"p1.1": "1FB", "p1.2": "1FB"})
    assert events(game, "bump", "p1.1")
    game.answer("pass")                                  # the enemy-bump action
    drive(game, at("perform_action", "p1.2"))
    game.answer("coordinate")
    game.answer("p1.1")
    assert "p2.1" not in action_targets(game, "jam")
