"""RR: MANEUVER, RR: DIFFICULTY, RR: STRESS, RR: ION, RR: PLANNING PHASE (no dial),
RR: ACTIVATION PHASE (stress maneuver), RR: BEARING (stationary), RR: SHIP SIZES (ion thresholds).

The scenes: the ship under test activates between two TIEs of player 2: the initiative 1
TIE's action decision is the moment before, the initiative 3 TIE's the moment after."""

from __future__ import annotations

import pytest

from tallon.engine.state import Token
from tallon.geometry import Pose
from tests.engine.conftest import (
    EMPIRE,
    REBEL,
    at,
    drive,
    events,
    give,
    moved,
    plan,
    pose,
    refresh,
    squad,
    start,
    tokens,
)

TIES = squad(EMPIRE, "academypilot", "blacksquadronace")
TIE_POSES = {"p2.1": (100, 700, 180), "p2.2": (800, 700, 180)}


def scene(*pilots: str, at_pose: tuple[float, float, float] = (400, 200, 0), **kw):
    """Player 1's ships (p1.1 at ``at_pose``, others spread) against the two TIEs."""
    poses = {"p1.1": at_pose, **TIE_POSES}
    for k in range(2, len(pilots) + 1):
        poses[f"p1.{k}"] = (100 + 150 * k, 100, 0)
    return start(squad(REBEL, *pilots), TIES, poses=poses, **kw)


def before(game) -> None:
    """Run the Planning Phase's remaining dials and stop before p1.1 activates."""
    assert drive(game, at("perform_action", "p2.1")) is not None


def after(game):
    """Run on until p1.1 has activated (the initiative 3 TIE's action decision)."""
    return drive(game, at("perform_action", "p2.2"))


# -------------------------------------------------------------------- maneuvers
@pytest.mark.parametrize(("code", "expected"), [
    ("2FB", (0.0, 120.0, 0.0)),       # base 40 + template 80
    ("4FW", (0.0, 200.0, 0.0)),
    ("1NB", None),
    ("2TW", None),
])
def test_a_maneuver_moves_the_ship_along_its_template(code, expected):
    """MANEUVER: the ship moves from its front guides to the template's end; a straight
    moves it forward by its base plus the template; banks turn it 45, turns 90 degrees."""
    game = scene("bluesquadronescort")
    plan(game, {"p1.1": code})
    after(game)
    right, forward, rotation = moved(game, "p1.1", (400, 200, 0))
    if expected is not None:
        assert (right, forward, rotation) == expected
    elif code == "1NB":
        assert right > 0 and forward > 40 and rotation == 45
    else:
        assert right < 0 and forward > 40 and rotation == -90


@pytest.mark.parametrize(("code", "gained"), [("3ER", {"stress": 1}), ("4KR", {"stress": 1}),
                                              ("3FW", {}), ("2FB", {})])
def test_check_difficulty_red_gives_stress(code, gained):
    """DIFFICULTY: after a red maneuver the ship gains a stress token; white and blue give
    none."""
    game = scene("bluesquadronescort")
    plan(game, {"p1.1": code})
    after(game)
    assert tokens(game, "p1.1") == gained


def test_a_blue_maneuver_removes_one_stress_one_strain_and_one_deplete():
    """MANEUVER step 2: a blue maneuver removes one stress, one strain and one deplete
    token (one of each, not all)."""
    game = scene("bluesquadronescort")
    for token in (Token.STRESS, Token.STRAIN, Token.DEPLETE):
        give(game, "p1.1", token, 2)
    plan(game, {"p1.1": "2FB"})
    after(game)
    assert tokens(game, "p1.1") == {"stress": 1, "strain": 1, "deplete": 1}


def test_a_white_maneuver_keeps_stress():
    game = scene("bluesquadronescort")
    give(game, "p1.1", Token.STRESS)
    plan(game, {"p1.1": "3FW"})
    after(game)
    assert tokens(game, "p1.1") == {"stress": 1}


def test_a_stationary_maneuver_is_executed_without_moving():
    """BEARING: a [0 stop] does not move the ship but counts as executing a maneuver (its
    red difficulty gives stress)."""
    game = scene("rebelscout")
    plan(game, {"p1.1": "0OR"})
    after(game)
    assert pose(game, "p1.1") == Pose(400, 200, 0)
    assert tokens(game, "p1.1") == {"stress": 1}
    assert [e["maneuver"] for e in events(game, "move", "p1.1")] == ["0OR"]


def test_the_revealed_dial_is_the_maneuver_set():
    """ACTIVATION PHASE step 1: the dial is revealed (flipped faceup) at activation."""
    game = scene("bluesquadronescort")
    plan(game, {"p1.1": "3BW"})
    before(game)
    assert not game.state.ships["p1.1"].dial_revealed
    after(game)
    assert game.state.ships["p1.1"].dial_revealed
    assert [e["maneuver"] for e in events(game, "reveal", "p1.1")] == ["3BW"]


# --------------------------------------------------------------------- purple
def _with_purple(game) -> None:
    """Arrange: a purple [2 straight] on p1.1's dial (no playable ship has one yet)."""
    ship = game.state.ships["p1.1"]
    ship.dial = (*ship.dial, "2FP")
    refresh(game)


def test_a_purple_maneuver_spends_one_force():
    """DIFFICULTY: a purple maneuver costs 1 Force to execute; no stress."""
    game = start(squad(EMPIRE, "inquisitor"), squad(REBEL, "cavernangelszealot"),
                 poses={"p1.1": (400, 200, 0), "p2.1": (100, 700, 180)})
    _with_purple(game)
    plan(game, {"p1.1": "2FP"})
    drive(game, lambda d: (game.state.ships["p1.1"].activated and d.kind != "set_dial")
          or game.state.round > 1)
    ship = game.state.ships["p1.1"]
    assert (ship.force, tokens(game, "p1.1")) == (0, {})
    assert moved(game, "p1.1", (400, 200, 0)) == (0.0, 120.0, 0.0)


def test_a_purple_maneuver_without_force_is_the_stress_maneuver():
    """ACTIVATION PHASE: a ship with no active Force that attempts a purple maneuver
    executes the stress maneuver instead: a white [2 straight] (no stress, no Force)."""
    game = scene("bluesquadronescort")
    ship = game.state.ships["p1.1"]
    ship.dial = (*ship.dial, "3BP")
    refresh(game)
    plan(game, {"p1.1": "3BP"})
    after(game)
    assert moved(game, "p1.1", (400, 200, 0)) == (0.0, 120.0, 0.0)
    assert (ship.force, tokens(game, "p1.1")) == (0, {})
    assert any("stress maneuver" in e["text"] for e in events(game, "activate", "p1.1"))


# -------------------------------------------------------------------- stress
def test_a_stressed_ship_revealing_red_executes_the_stress_maneuver():
    """ACTIVATION PHASE / STRESS: a stressed ship that reveals a red maneuver executes the
    stress maneuver, a white [2 straight], instead: it moves 2 straight, gains no more
    stress, and (stressed) performs no action. Its revealed dial stays the red one."""
    game = scene("bluesquadronescort")
    plan(game, {"p1.1": "3ER"})
    before(game)
    give(game, "p1.1", Token.STRESS)       # arranged: stressed after setting the dial
    after(game)
    assert moved(game, "p1.1", (400, 200, 0)) == (0.0, 120.0, 0.0)
    assert tokens(game, "p1.1") == {"stress": 1}
    assert [e["maneuver"] for e in events(game, "move", "p1.1")] == ["2FW"]
    assert [e["maneuver"] for e in events(game, "reveal", "p1.1")] == ["3ER"]
    assert game.view(1)["ships"][0]["dial"] == "3ER"


def test_a_ship_without_a_dial_gains_stress_and_executes_the_stress_maneuver():
    """PLANNING PHASE: a ship without a dial gains a stress token at its activation, then
    performs the stress maneuver (white [2 straight]); stressed, it can't act."""
    game = scene("bluesquadronescort")
    plan(game)
    before(game)
    game.state.ships["p1.1"].dial_set = None     # arranged: its player forgot the dial
    after(game)
    assert moved(game, "p1.1", (400, 200, 0)) == (0.0, 120.0, 0.0)
    assert tokens(game, "p1.1") == {"stress": 1}
    assert not events(game, "reveal", "p1.1")
    assert not events(game, "action", "p1.1")


# ------------------------------------------------------------------------ ion
@pytest.mark.parametrize(("pilot", "ions", "dial"), [
    ("bluesquadronescort", 1, False),       # small: ionized at 1
    ("bluesquadronscout", 1, True),         # medium: 2 needed
    ("bluesquadronscout", 2, False),
    ("outerrimsmuggler", 2, True),          # large: 3 needed
    ("outerrimsmuggler", 3, False),
])
def test_ionized_ships_get_no_dial(pilot, ions, dial):
    """PLANNING PHASE / ION / SHIP SIZES: ionized ships are not assigned dials; a ship is
    ionized with 1 (small), 2 (medium) or 3 (large) ion tokens."""
    game = scene(pilot)
    after(game)                              # p1.1 has activated in round 1
    give(game, "p1.1", Token.ION, ions)
    drive(game, lambda d: game.state.round == 2)
    asked = set()
    while game.decision.kind == "set_dial":
        asked.add(game.decision.ship)
        game.answer(game.decision.options[0].key)
    assert ("p1.1" in asked) == dial


def _ionized_after_planning(code: str, pilot: str = "bluesquadronescort", ions: int = 1):
    game = scene(pilot)
    plan(game, {"p1.1": code})
    before(game)
    give(game, "p1.1", Token.ION, ions)     # arranged: ionized after its dial was set
    return game


@pytest.mark.parametrize(("pilot", "code", "ion"), [
    ("bluesquadronescort", "3TW", "1BB"),   # left turn: 1 bank left
    ("bluesquadronescort", "2NB", "1NB"),   # right bank: 1 bank right
    ("bluesquadronescort", "4KR", "1FB"),   # Koiogran turn: straight
    ("bluesquadronescort", "3ER", "1BB"),   # Tallon roll left: left
    ("rebelscout", "0OR", "1FB"),           # stationary: 1 straight
])
def test_an_ionized_ship_executes_a_blue_1_speed_maneuver_in_its_dials_direction(
        pilot, code, ion):
    """ION: an ionized ship executes an ion maneuver, a blue speed 1 bank or straight with
    the direction shown on its dial; a stationary dial gives [1 straight]."""
    game = _ionized_after_planning(code, pilot)
    after(game)
    assert [e["maneuver"] for e in events(game, "move", "p1.1")] == [ion]
    assert not events(game, "reveal", "p1.1")          # the Reveal Dial step is skipped


def test_an_ionized_ship_without_a_dial_flies_1_straight():
    """ION (ruling: ionized ships have no dial, so the ion maneuver is [1 straight])."""
    game = scene("bluesquadronescort")
    after(game)
    give(game, "p1.1", Token.ION)
    start_pose = game.state.ships["p1.1"].pose
    game.answer("pass")
    drive(game, at("perform_action", "p2.2"))
    assert game.state.round == 2
    r, f, rot = pose(game, "p1.1").relative_to(start_pose)
    assert (round(r, 6), round(f, 6), rot) == (0, 80, 0)


def test_the_ion_maneuver_is_blue_and_ion_tokens_leave_after_the_activation():
    """ION: the ion maneuver is blue (it removes a stress token); at the end of the
    activation the ship removes all its ion tokens."""
    game = _ionized_after_planning("3TW", ions=3)
    give(game, "p1.1", Token.STRESS, 2)
    after(game)
    assert tokens(game, "p1.1") == {"stress": 1}


def test_an_ionized_ship_can_only_focus():
    """ION: during the Perform Action step an ionized ship can perform only the focus
    action."""
    game = _ionized_after_planning("2FB")
    d = drive(game, at("perform_action", "p1.1"))
    assert d.option_keys() == ["focus", "pass"]


def test_an_ionized_ship_can_not_perform_an_action_linked_to_focus():
    """FAQ: an ionized ship cannot perform an action linked to its focus action (B-wing:
    focus > red barrel roll)."""
    game = _ionized_after_planning("2FB", pilot="bluesquadronpilot")
    drive(game, at("perform_action", "p1.1"))
    game.answer("focus")
    assert drive(game, lambda d: (d.ship == "p1.1" and d.kind == "linked_action")
                 or d.ship == "p2.2") .ship == "p2.2"
    assert tokens(game, "p1.1") == {"focus": 1}


def test_a_medium_ship_with_one_ion_token_activates_normally_and_keeps_it():
    """ION / SHIP SIZES: a medium ship with one ion token isn't ionized: it reveals and
    executes its dial and may perform any action; the ion token stays (only an ion
    maneuver removes them)."""
    game = _ionized_after_planning("3FW", pilot="bluesquadronscout", ions=1)
    d = drive(game, at("perform_action", "p1.1"))
    assert "lock" in d.option_keys()
    assert [e["maneuver"] for e in events(game, "move", "p1.1")] == ["3FW"]
    after(game)
    assert tokens(game, "p1.1") == {"ion": 1}


def test_a_medium_ship_with_two_ion_tokens_executes_an_ion_maneuver():
    game = _ionized_after_planning("3FW", pilot="bluesquadronscout", ions=2)
    after(game)
    assert [e["maneuver"] for e in events(game, "move", "p1.1")] == ["1FB"]
    assert moved(game, "p1.1", (400, 200, 0)) == (0.0, 100.0, 0.0)   # 60 base + 40
    assert tokens(game, "p1.1") == {}


def test_a_ship_no_longer_ionized_at_activation_activates_as_normal():
    """ION: a ship ionized during the Planning Phase but not at the start of its activation
    activates as normal - it has no dial, so (PLANNING PHASE) it gains a stress token and
    executes the stress maneuver, not an ion maneuver."""
    game = scene("bluesquadronescort")
    after(game)
    give(game, "p1.1", Token.ION)
    drive(game, at("perform_action", "p2.1"))          # planned without a dial
    assert game.state.round == 2
    assert game.state.ships["p1.1"].dial_set is None
    del game.state.ships["p1.1"].tokens[Token.ION]      # arranged: the ion token is gone
    drive(game, at("perform_action", "p2.2"))
    round2 = [e for e in events(game, "move", "p1.1") if e["round"] == 2]
    assert [e["maneuver"] for e in round2] == ["2FW"]
    assert tokens(game, "p1.1") == {"stress": 1}


def test_an_ionized_ships_dial_is_flipped_faceup():
    """ION step 2: the ionized ship flips its maneuver dial faceup: after its activation
    the opponent sees the maneuver on it."""
    game = _ionized_after_planning("3TW")
    after(game)
    seen = next(s for s in game.view(1)["ships"] if s["id"] == "p1.1")
    assert seen["dial"] == "3TW"


# ----------------------------------------------------------------- Tallon roll
def test_a_tallon_roll_offers_its_three_positions():
    """BEARING, Tallon roll: the ship is rotated 90 degrees more and placed with its side
    hashmark at the left, middle or right of the template's end: the player chooses."""
    game = scene("bluesquadronescort")
    plan(game, {"p1.1": "3ER"})
    before(game)
    game.answer("pass")
    d = game.decision
    assert (d.kind, d.ship, d.option_keys()) == ("tallon_position", "p1.1",
                                                    ["front", "middle", "back"])
    game.answer("back")
    assert round(pose(game, "p1.1").heading) == 180
    assert tokens(game, "p1.1") == {"stress": 1}


def test_a_tallon_roll_offers_only_positions_overlapping_no_ship():
    """FAQ: if at least one of the three positions is valid the ship must choose a valid
    one and fully executes the maneuver."""
    game = scene("bluesquadronescort")
    plan(game, {"p1.1": "3ER"})
    before(game)
    game.state.set_pose(game.state.ships["p2.1"], Pose(290, 255, 0))   # arranged blocker
    game.answer("pass")
    d = game.decision
    assert d.kind == "tallon_position" and "front" not in d.option_keys()
    game.answer(d.option_keys()[0])
    assert round(pose(game, "p1.1").heading) == 180
    assert not events(game, "bump", "p1.1")
