"""RR: OVERLAP (partial maneuvers and their effects), RR: MOVE (moving through ships), RR: RANGE
(range 0 after a bump).

The scene: p1.1 (a T-65, initiative 2) flies from (400, 200) facing +y; a [2 straight]
would end at (400, 320). Blockers: p1.2 (friendly T-65, initiative 3) and p2.2 (enemy
TIE, initiative 3). p2.1 (TIE, initiative 1) activates first, far away: its action decision
is where the dice are rigged for p1.1's roll."""

from __future__ import annotations

import pytest

from tallon.dice import Face
from tallon.engine.state import DamageCard, Token, ship_range
from tallon.geometry import Pose, range_between
from tests.engine.conftest import (
    EMPIRE,
    REBEL,
    arrange,
    at,
    drive,
    events,
    give,
    plan,
    pose,
    rig,
    squad,
    start,
    tokens,
)

FAR = {"p2.1": (100, 800, 180)}
PARKED = {"p1.2": (850, 60, 0), "p2.2": (850, 850, 180)}


def scene(poses: dict, code: str = "2FB", pilot: str = "bluesquadronescort",
          faces: tuple[Face, ...] = (), wait: bool = False):
    """The scene after p1.1's maneuver (with ``wait``, just before it: call ``go``)."""
    game = start(squad(REBEL, pilot, "redsquadronveteran"),
                 squad(EMPIRE, "academypilot", "blacksquadronace"),
                 poses={"p1.1": (400, 200, 0), **FAR, **PARKED, **poses})
    plan(game, {"p1.1": code, "p1.2": "1FB", "p2.2": "1TW"})
    assert drive(game, at("perform_action", "p2.1")) is not None
    if not wait:
        go(game, faces)
    return game


def go(game, faces: tuple[Face, ...] = ()) -> None:
    """Let p1.1 activate, its next dice showing ``faces``."""
    if faces:
        rig(game, faces)
    game.answer("pass")


def until_done(game):
    """Answer on (passing) until p1.1's activation is over; return its action decisions."""
    asked = []
    while game.decision is not None and game.state.phase == "activation" and \
            game.decision.ship not in ("p1.2", "p2.2"):
        d = game.decision
        if d.ship == "p1.1" and d.kind == "perform_action":
            asked.append(d)
        game.answer("pass" if "pass" in d.option_keys() else d.options[0].key)
    return asked


# ----------------------------------------------------------------------- friendly
@pytest.mark.parametrize(("face", "shields"), [(Face.HIT, 1), (Face.CRIT, 1),
                                               (Face.FOCUS, 2), (Face.BLANK, 2)])
def test_bumping_a_friendly_ship_rolls_for_one_damage_and_skips_the_action(face, shields):
    """OVERLAP: overlapping a friendly ship, the ship partially executes the maneuver,
    rolls an attack die - a hit or crit result deals 1 damage (a shield here) - and skips
    its Perform Action step."""
    game = scene({"p1.2": (400, 320, 0)}, faces=(face,))
    assert until_done(game) == []
    ship = game.state.ships["p1.1"]
    assert ship.shields == shields and ship.damage == []
    assert any(face.label in e["text"] for e in events(game, "bump", "p1.1"))
    assert pose(game, "p1.1").y < 320


def test_a_crit_from_a_friendly_bump_is_regular_damage():
    """OVERLAP: the friendly-bump damage is one regular damage even on a crit result: an
    unshielded ship is dealt a facedown card."""
    game = scene({"p1.2": (400, 320, 0)}, wait=True)
    game.state.ships["p1.1"].shields = 0
    go(game, (Face.CRIT,))
    until_done(game)
    assert [d.faceup for d in game.state.ships["p1.1"].damage] == [False]


# -------------------------------------------------------------------------- enemy
def test_bumping_an_enemy_allows_a_red_focus_then_no_other_action():
    """OVERLAP: overlapping an enemy ship, an unstressed ship may perform a focus (or
    calculate) action from its bar treated as red - it gains a stress token - and then
    skips its Perform Action step (no further action)."""
    game = scene({"p2.2": (400, 320, 180)})
    d = drive(game, at("perform_action", "p1.1"))
    assert d.option_keys() == ["focus", "pass"]
    assert {o.key: o.label for o in d.options}["focus"].startswith("red")
    game.answer("focus")
    assert until_done(game) == []
    assert tokens(game, "p1.1") == {"focus": 1, "stress": 1}
    assert [e["action"] for e in events(game, "action", "p1.1") if "action" in e] == ["focus"]


def test_the_enemy_bump_action_may_be_declined():
    game = scene({"p2.2": (400, 320, 180)})
    asked = until_done(game)
    assert len(asked) == 1 and tokens(game, "p1.1") == {}


def test_a_calculating_ship_bumping_an_enemy_may_calculate_as_red():
    """OVERLAP: the enemy bump allows focus or calculate from the action bar: a Belbullab
    (calculate, lock, barrel roll, boost) is offered a red calculate."""
    game = start(squad("separatistalliance", "feethanottrawautopilot"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (400, 200, 0), "p2.1": (400, 320, 180)})
    plan(game, {"p1.1": "2FB"})
    d = drive(game, at("perform_action", "p1.1"))
    assert d.option_keys() == ["calculate", "pass"]
    game.answer("calculate")
    assert tokens(game, "p1.1") == {"calculate": 1, "stress": 1}


def test_a_ship_stressed_by_its_red_maneuver_gets_no_enemy_bump_action():
    """OVERLAP: the bump effect comes after the Check Difficulty step: a red maneuver that
    bumps an enemy has already stressed the ship, so it may not perform the action."""
    game = scene({"p2.2": (400, 390, 180)}, code="4KR")
    assert until_done(game) == []
    assert events(game, "bump", "p1.1")
    assert tokens(game, "p1.1") == {"stress": 1}


def test_a_stressed_ship_bumping_an_enemy_gets_no_action():
    game = scene({"p2.2": (400, 320, 180)}, code="3FW", wait=True)
    give(game, "p1.1", Token.STRESS)
    go(game)
    assert until_done(game) == []
    assert events(game, "bump", "p1.1")


# -------------------------------------------------------------- simultaneous
def test_a_simultaneous_friendly_and_enemy_overlap_is_the_friendly_effect():
    """OVERLAP: if a friendly and an enemy ship are overlapped simultaneously, resolve the
    effect for overlapping a friendly ship: roll (here a hit: a shield lost), no action."""
    game = scene({"p1.2": (377, 345, 0), "p2.2": (423, 345, 180)}, faces=(Face.HIT,))
    assert until_done(game) == []
    assert game.state.ships["p1.1"].shields == 1
    assert tokens(game, "p1.1") == {}


def test_the_ship_that_first_forced_the_partial_maneuver_decides_the_effect():
    """OVERLAP: the effect is based on the ship overlapped that initially forced the
    partial maneuver: an enemy at the end of a [4 straight], with a friendly ship behind
    it that the bumping ship then backs over and ends touching - the enemy effect (a red
    focus) applies, not the friendly roll."""
    game = scene({"p2.2": (400, 400, 180), "p1.2": (400, 335, 0)}, code="4FW")
    d = drive(game, at("perform_action", "p1.1"))
    assert pose(game, "p1.1").y < 335 - 40              # backed behind the friendly ship
    assert d.option_keys() == ["focus", "pass"]
    assert game.state.ships["p1.1"].shields == 2


# ------------------------------------------------------------- partial counts
def test_a_partial_maneuver_still_has_its_difficulty():
    """OVERLAP: a partially executed maneuver is still treated as executed at its speed,
    bearing and difficulty: a red Koiogran turn that bumps gives stress, and the ship does
    not turn around (it falls back to the straight's path)."""
    game = scene({"p2.2": (400, 390, 180)}, code="4KR")
    until_done(game)
    assert tokens(game, "p1.1") == {"stress": 1}
    assert pose(game, "p1.1").heading == 0
    assert game.state.ships["p1.1"].executed_speed == 4


def test_a_partial_blue_maneuver_removes_stress():
    game = scene({"p1.2": (400, 320, 0)}, wait=True)
    give(game, "p1.1", Token.STRESS)
    go(game, (Face.BLANK,))
    until_done(game)
    assert tokens(game, "p1.1") == {}


def test_a_bump_that_cannot_leave_the_start_stays_touching():
    """OVERLAP: backing up may leave the ship where it started (its guides touching the
    enemy's); it still executed the maneuver and the bump effect applies."""
    game = scene({"p2.2": (400, 246.6, 180)}, code="1FB")
    assert len(until_done(game)) == 1
    assert pose(game, "p1.1").y == pytest.approx(200, abs=1e-3)
    assert events(game, "bump", "p1.1") and game.state.ships["p1.1"].executed_speed == 1


# ------------------------------------------------------------ moving through
def test_moving_through_a_ship_has_no_effect():
    """MOVE: a ship whose template passes over another ship but whose final position is
    clear fully executes the maneuver, with no effect: its action step is normal."""
    game = scene({"p2.2": (400, 270, 180)}, code="4FW")
    d = drive(game, at("perform_action", "p1.1"))
    assert pose(game, "p1.1") == Pose(400, 400, 0)
    assert set(d.option_keys()) == {"focus", "lock", "barrel_roll", "pass"}
    assert not events(game, "bump")


def test_a_friendly_bump_can_destroy_a_ship_which_is_removed_at_once():
    """DESTROYING SHIPS: destroyed outside the Engagement Phase, a ship is removed
    immediately; the opponent scores its squad points."""
    game = scene({"p1.2": (400, 320, 0)}, wait=True)
    ship = game.state.ships["p1.1"]
    ship.shields = 0
    ship.damage = [DamageCard("x", False) for _ in range(3)]
    points = game.state.players[1].mission_points
    go(game, (Face.HIT,))
    until_done(game)
    assert ship.destroyed and ship.removed and not ship.in_play
    assert game.state.players[1].mission_points == points + ship.cost


@pytest.mark.parametrize("blocker", [("p1.2", 0), ("p2.1", 180)])
def test_after_a_partial_maneuver_the_ships_are_at_range_0(blocker):
    """RR: RANGE - after a partial maneuver the ship is at range 0 of the last ship it
    overlapped: p1.1 (initiative 3, the last to move) bumps head-on into an enemy, or into
    a friendly ship's rear; nothing moves until the next round."""
    game = start(squad(REBEL, "redsquadronveteran", "cavernangelszealot"),
                 squad(EMPIRE, "academypilot"),
                 poses={"p1.1": (400, 200, 0), "p1.2": (100, 100, 0), "p2.1": (800, 800, 180)})
    plan(game, {"p1.1": "2FB"})
    drive(game, lambda d: game.state.ships["p1.2"].activated and
          game.state.ships["p2.1"].activated)
    ship_id, heading = blocker
    arrange(game, {ship_id: (400, 320, heading)})     # the blockers have moved already
    drive(game, lambda d: game.state.round == 2)
    ships = game.state.ships
    assert events(game, "bump", "p1.1")
    # the bases are 6.6 mm apart (guides touching), yet the ships are at range 0
    assert range_between(ships["p1.1"].body, ships[ship_id].body) == 1
    assert ship_range(ships["p1.1"], ships[ship_id]) == 0


def test_a_blue_maneuver_unstresses_the_ship_before_the_enemy_bump_effect():
    """OVERLAP: the bump effect comes after the Check Difficulty step: a stressed ship whose
    blue maneuver bumps an enemy has lost its stress and may perform the red focus."""
    game = scene({"p2.2": (400, 320, 180)}, code="2FB", wait=True)
    give(game, "p1.1", Token.STRESS)
    go(game)
    d = drive(game, at("perform_action", "p1.1"))
    assert d.option_keys() == ["focus", "pass"]
    game.answer("focus")
    assert tokens(game, "p1.1") == {"focus": 1, "stress": 1}


def test_bump_contact_lasts_until_one_ship_moves():
    """RR: RANGE - the ships stay at range 0 until one of them moves; then range is measured
    again. While in contact, an attack between them is at attack range 0."""
    from tallon.engine.rounds import Activate
    from tallon.engine.weapons import valid_targets
    from tallon.geometry import Pose
    from tallon.scene import Scene, start_at

    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 200, 0), dial_set="2FW")
    tie = sc.ship("academypilot", player=1, at=(400, 320, 180))
    game = sc.game()
    start_at(game, Activate(xwing), phase="activation")
    ships = game.state.ships
    assert ship_range(ships[xwing], ships[tie]) == 0
    assert [t.range for t in valid_targets(game, ships[xwing])] == [0]
    game.state.set_pose(ships[tie], Pose(400, 330, 180))     # the TIE moves away a little
    assert ship_range(ships[xwing], ships[tie]) == 1
