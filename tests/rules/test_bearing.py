"""RR: BEARING - where every bearing leaves every base size (straight, bank, turn; the
Koiogran turn, Segnor's loop and Tallon roll; reverse and stationary), the maneuver codes,
and the stationary maneuver and the Tallon roll in a game. (The sideslip is in
test_sideslip; a Tallon roll, Koiogran turn or Segnor's loop that overlaps a ship in
test_overlap.)

The geometry tests fly a template on an empty table; the expectations are computed as
``tests/rules/maneuver_helpers.py`` says. In the game tests the ship under test activates
between two TIEs of player 2 (``between_ties``)."""

from __future__ import annotations

import pytest

from tallon.geometry import BaseSize, Maneuver, Pose, Ship, Table, execute_maneuver
from tallon.geometry.constants import BANK_RADIUS, TURN_RADIUS
from tests.conftest import obstacle, ship
from tests.rules.game_helpers import (
    after_p1_activates,
    before_p1_activates,
    between_ties,
    events,
    plan,
    pose,
    tokens,
)
from tests.rules.maneuver_helpers import SIZES, assert_pose, curve, fly


# ------------------------------------------------------------- basic maneuvers
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2, 3, 4, 5])
def test_straight_advances_base_length_plus_template(size, speed):
    """Each base size flies a straight at speeds 1-5. RR: BEARING - the straight bearing
    advances a ship straight forward. It moves its base length plus 40 mm per speed, facing
    unchanged."""
    assert_pose(fly(size, f"{speed}F"), 0.0, SIZES[size] + 40 * speed, 0.0)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2, 3])
@pytest.mark.parametrize("code,side", [("N", 1), ("B", -1)])
def test_bank_changes_facing_by_45_degrees(size, speed, code, side):
    """Each base size flies a bank left or right at speeds 1-3. RR: BEARING - a bank
    advances the ship at a shallow curve to one side, changing its facing by 45 degrees. It
    ends where the bank's curve puts it, turned 45 degrees to that side."""
    forward, right = curve(SIZES[size], BANK_RADIUS[speed], 45)
    assert_pose(fly(size, f"{speed}{code}"), side * right, forward, side * 45)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2, 3])
@pytest.mark.parametrize("code,side", [("Y", 1), ("T", -1)])
def test_turn_changes_facing_by_90_degrees(size, speed, code, side):
    """Each base size flies a turn left or right at speeds 1-3. RR: BEARING - a turn
    advances the ship at a tight curve to one side, changing its facing by 90 degrees. It
    ends where the turn's curve puts it, turned 90 degrees to that side."""
    forward, right = curve(SIZES[size], TURN_RADIUS[speed], 90)
    assert_pose(fly(size, f"{speed}{code}"), side * right, forward, side * 90)


def test_geometry_notes_examples():
    """A small ship flies a [1 bank right] and a [1 turn right]. RR: BEARING; the shared
    geometry notes' worked examples. The bank ends 90.711 mm forward, 37.574 mm right,
    rotated 45; the turn 55 mm forward, 55 mm right, rotated 90."""
    assert_pose(fly(BaseSize.SMALL, "1N"), 37.573593, 90.710678, 45)
    assert_pose(fly(BaseSize.SMALL, "1Y"), 55.0, 55.0, 90)


# ---------------------------------------------------------- advanced maneuvers
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2, 3, 4, 5])
def test_koiogran_turn_is_a_straight_then_turned_around(size, speed):
    """Each base size flies a Koiogran turn at speeds 1-5. RR: BEARING - the straight
    template, the front guides slid into its end. Same centre as the straight, facing
    reversed."""
    assert_pose(fly(size, f"{speed}K"), 0.0, SIZES[size] + 40 * speed, 180)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2, 3])
@pytest.mark.parametrize("code,side", [("P", 1), ("L", -1)])
def test_segnors_loop_is_a_bank_then_turned_around(size, speed, code, side):
    """Each base size flies a Segnor's loop left or right at speeds 1-3. RR: BEARING - the
    bank template, front guides into its end. The bank's centre, facing reversed (45 + 180)."""
    forward, right = curve(SIZES[size], BANK_RADIUS[speed], 45)
    assert_pose(fly(size, f"{speed}{code}"), side * right, forward, side * 45 + 180)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2, 3])
@pytest.mark.parametrize("code,side", [("R", 1), ("E", -1)])
@pytest.mark.parametrize("position,shift", [("front", 10.0), ("middle", 0.0), ("back", -10.0)])
def test_tallon_roll_rotates_90_more_and_places_on_the_template_end(size, speed, code,
                                                                    side, position, shift):
    """Each base size flies a Tallon roll left or right at speeds 1-3, front, middle or
    back. RR: BEARING - the turn template; the ship is rotated a further 90 degrees the same
    way and placed with its side hashmark at the front, middle or back of the template's
    end. It faces back the way it came, its centre 10 mm along its new facing for front, 0
    for middle, -10 for back (the end is 20 mm wide)."""
    forward, right = curve(SIZES[size], TURN_RADIUS[speed], 90)
    # the new facing is 180 degrees from the start: a shift along it moves the centre back
    got = fly(size, f"{speed}{code}", position=position)
    assert_pose(got, side * right, forward - shift, 180)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2])
def test_reverse_straight_moves_straight_backward(size, speed):
    """Each base size flies a reverse straight at speeds 1-2. RR: BEARING - the template
    between the rear guides, the front guides slid into its end. It moves straight back by
    its base plus 40 mm per speed, facing unchanged."""
    assert_pose(fly(size, f"{speed}S"), 0.0, -(SIZES[size] + 40 * speed), 0)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2, 3])
@pytest.mark.parametrize("code,side", [("A", -1), ("D", 1)])
def test_reverse_bank_curves_backward_to_its_side(size, speed, code, side):
    """Each base size flies a reverse bank left or right at speeds 1-3. RR: BEARING - the
    ship moves backward on a shallow curve to that side. Backing into the curve swings the
    nose the other way: a reverse bank left turns the facing 45 degrees right."""
    forward, right = curve(SIZES[size], BANK_RADIUS[speed], 45)
    assert_pose(fly(size, f"{speed}{code}"), side * right, -forward, -side * 45)


@pytest.mark.parametrize("size", list(SIZES))
def test_stationary_does_not_move(size):
    """Each base size flies a stationary maneuver. RR: BEARING - the stationary bearing does
    not move the ship and has no template; it always fully executes. The ship stays, with no
    template, fully executed."""
    table = Table(ships=(Ship("s", Pose(300, 300, 30), size),))
    outcome = execute_maneuver(table, "s", "0O")
    assert outcome.final == Pose(300, 300, 30)
    assert outcome.fully_executed and outcome.template is None


def test_stationary_maneuver_overlaps_what_it_sits_on(table_svg):
    """A ship on an asteroid executes a stationary maneuver. RR: BEARING - a ship that
    executes a stationary maneuver does not overlap any ships but does trigger the effects
    of overlapping any obstacles at range 0. The asteroid is overlapped and is a hazard."""
    table = table_svg(Table(ships=(ship("a", 300, 300),),
                            obstacles=(obstacle("rock", 310, 320),)))
    outcome = execute_maneuver(table, "a", "0O")
    assert outcome.overlapping == ("rock",) and outcome.hazards == ("rock",)


def test_forward_and_reverse_maneuvers():
    """A Koiogran turn, a reverse straight and a stationary maneuver. RR: BEARING - the
    maneuvers that begin at the front guides are forward; reverse and stationary ones are
    not. Only the Koiogran turn is forward."""
    assert Maneuver.parse("3K").bearing.is_forward
    assert not Maneuver.parse("1S").bearing.is_forward
    assert not Maneuver.parse("0O").bearing.is_forward


# ----------------------------------------------------------------------- codes
@pytest.mark.parametrize("code", ["0F", "6F", "4N", "4T", "2X", "", "1O", "F2"])
def test_codes_no_template_can_fly_are_refused(code):
    """Codes for a [0 straight], a [6 straight], a [4 bank] or [4 turn], an unknown bearing,
    an empty code, a [1 stationary] and a reversed code. RR: BEARING (the templates there
    are), RR: FAQ (Ved Foslo: speed 0 is only stationary for standard ships). Each is
    refused."""
    with pytest.raises(ValueError):
        Maneuver.parse(code)


def test_dial_codes_parse_with_difficulty():
    """Dial codes from the card database, "3RR" and "2nw". RR: BEARING, RR: DIFFICULTY - a
    maneuver is a speed, a bearing and a difficulty. "3RR" is a red [3 Tallon roll right];
    the lower-case code reads as "2NW"."""
    m = Maneuver.parse("3RR")
    assert (m.speed, m.bearing.name, m.difficulty.name) == (3, "TALLON_ROLL_RIGHT", "RED")
    assert Maneuver.parse("2nw").code == "2NW"


# ------------------------------------------------------------------ in a game
def test_a_stationary_maneuver_is_executed_without_moving():
    """An HWK-290 reveals its red [0 stop]. RR: BEARING - a stationary maneuver does not
    move the ship but counts as executing a maneuver. It stays where it was, the maneuver is
    logged, and its red difficulty gives a stress token."""
    game = between_ties("rebelscout")
    plan(game, {"p1.1": "0OR"})
    after_p1_activates(game)
    assert pose(game, "p1.1") == Pose(400, 200, 0)
    assert tokens(game, "p1.1") == {"stress": 1}
    assert [e["maneuver"] for e in events(game, "move", "p1.1")] == ["0OR"]


def test_a_tallon_roll_offers_its_three_positions():
    """A T-65 reveals a red [3 Tallon roll left]. RR: BEARING - the ship is rotated
    90 degrees more and placed with its side hashmark at the front, middle or back of the
    template's end; the player chooses. The three positions are asked; the ship ends facing
    back (heading 180) with a stress token."""
    game = between_ties("bluesquadronescort")
    plan(game, {"p1.1": "3ER"})
    before_p1_activates(game)
    game.answer("pass")
    d = game.decision
    assert (d.kind, d.ship, d.option_keys()) == ("tallon_position", "p1.1",
                                                    ["front", "middle", "back"])
    game.answer("back")
    assert round(pose(game, "p1.1").heading) == 180
    assert tokens(game, "p1.1") == {"stress": 1}


def test_a_tallon_roll_offers_only_positions_overlapping_no_ship():
    """A T-65 reveals a [3 Tallon roll left] with a TIE arranged over the front position.
    RR: BEARING, RR: FAQ - if at least one of the three positions is valid the ship must
    choose a valid one and fully executes the maneuver. Front is not offered; the ship ends
    facing back, with no bump."""
    game = between_ties("bluesquadronescort")
    plan(game, {"p1.1": "3ER"})
    before_p1_activates(game)
    game.state.set_pose(game.state.ships["p2.1"], Pose(290, 255, 0))   # arranged blocker
    game.answer("pass")
    d = game.decision
    assert d.kind == "tallon_position" and "front" not in d.option_keys()
    game.answer(d.option_keys()[0])
    assert round(pose(game, "p1.1").heading) == 180
    assert not events(game, "bump", "p1.1")
