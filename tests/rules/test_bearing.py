"""RR: BEARING, RR: MANEUVER, RR: SIDESLIP — where every bearing leaves every base size.

Each expectation is computed independently from the physical description: the template
starts at the front guides (rear guides for reverse maneuvers), the ship ends with its rear
guides (front guides for the Koiogran turn, Segnor's loop and reverse maneuvers) at the far
end, and a bank/turn of centre-line radius R through angle t ends the centre of a base of
length L at forward = L/2 + R sin t + (L/2) cos t, right = R (1 - cos t) + (L/2) sin t.
"""

from __future__ import annotations

import math

import pytest

from tallon.geometry import BaseSize, Maneuver, Pose, Ship, Table, execute_maneuver
from tallon.geometry.constants import BANK_RADIUS, TURN_RADIUS

SIZES = {BaseSize.SMALL: 40.0, BaseSize.MEDIUM: 60.0, BaseSize.LARGE: 80.0}


def fly(size: BaseSize, code: str, **kwargs) -> tuple[float, float, float]:
    table = Table(ships=(Ship("s", Pose(457.2, 457.2, 0.0), size),))
    return execute_maneuver(table, "s", code, **kwargs).relative()


def curve(length: float, radius: float, degrees: float) -> tuple[float, float]:
    t = math.radians(degrees)
    forward = length / 2 + radius * math.sin(t) + (length / 2) * math.cos(t)
    right = radius * (1 - math.cos(t)) + (length / 2) * math.sin(t)
    return forward, right


def assert_pose(got: tuple[float, float, float], right: float, forward: float,
                rotation: float) -> None:
    assert got[0] == pytest.approx(right, abs=1e-6)
    assert got[1] == pytest.approx(forward, abs=1e-6)
    assert math.remainder(got[2] - rotation, 360) == pytest.approx(0.0, abs=1e-6)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2, 3, 4, 5])
def test_straight_advances_base_length_plus_template(size, speed):
    """Straight: the ship moves forward by its base length plus 40 mm per speed."""
    assert_pose(fly(size, f"{speed}F"), 0.0, SIZES[size] + 40 * speed, 0.0)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2, 3])
@pytest.mark.parametrize("code,side", [("N", 1), ("B", -1)])
def test_bank_changes_facing_by_45_degrees(size, speed, code, side):
    """Bank: a shallow curve to one side, facing changes by 45 degrees."""
    forward, right = curve(SIZES[size], BANK_RADIUS[speed], 45)
    assert_pose(fly(size, f"{speed}{code}"), side * right, forward, side * 45)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2, 3])
@pytest.mark.parametrize("code,side", [("Y", 1), ("T", -1)])
def test_turn_changes_facing_by_90_degrees(size, speed, code, side):
    """Turn: a tight curve to one side, facing changes by 90 degrees."""
    forward, right = curve(SIZES[size], TURN_RADIUS[speed], 90)
    assert_pose(fly(size, f"{speed}{code}"), side * right, forward, side * 90)


def test_geometry_notes_examples():
    """The shared geometry notes' worked examples: small bank 1 right ends 90.711 forward,
    37.574 right, rotated 45; small turn 1 ends 55 forward, 55 right."""
    assert_pose(fly(BaseSize.SMALL, "1N"), 37.573593, 90.710678, 45)
    assert_pose(fly(BaseSize.SMALL, "1Y"), 55.0, 55.0, 90)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2, 3, 4, 5])
def test_koiogran_turn_is_a_straight_then_turned_around(size, speed):
    """Koiogran turn: the straight template, front guides slid into its end: same centre
    as the straight, facing reversed."""
    assert_pose(fly(size, f"{speed}K"), 0.0, SIZES[size] + 40 * speed, 180)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2, 3])
@pytest.mark.parametrize("code,side", [("P", 1), ("L", -1)])
def test_segnors_loop_is_a_bank_then_turned_around(size, speed, code, side):
    """Segnor's loop: the bank template, front guides into its end: the bank's centre,
    facing reversed (45 + 180)."""
    forward, right = curve(SIZES[size], BANK_RADIUS[speed], 45)
    assert_pose(fly(size, f"{speed}{code}"), side * right, forward, side * 45 + 180)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2, 3])
@pytest.mark.parametrize("code,side", [("R", 1), ("E", -1)])
@pytest.mark.parametrize("position,shift", [("front", 10.0), ("middle", 0.0), ("back", -10.0)])
def test_tallon_roll_rotates_90_more_and_places_on_the_template_end(size, speed, code,
                                                                    side, position, shift):
    """Tallon roll: the turn template, the ship turned a further 90 degrees the same way and
    placed with its side hashmark at the front, middle or back of the template's end (a
    20 mm wide edge, so +10, 0, -10 mm along the ship's new facing)."""
    forward, right = curve(SIZES[size], TURN_RADIUS[speed], 90)
    # the new facing is 180 degrees from the start: a shift along it moves the centre back
    got = fly(size, f"{speed}{code}", position=position)
    assert_pose(got, side * right, forward - shift, 180)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2])
def test_reverse_straight_moves_straight_backward(size, speed):
    """Reverse straight: template between the rear guides, front guides slid into its end."""
    assert_pose(fly(size, f"{speed}S"), 0.0, -(SIZES[size] + 40 * speed), 0)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("speed", [1, 2, 3])
@pytest.mark.parametrize("code,side", [("A", -1), ("D", 1)])
def test_reverse_bank_curves_backward_to_its_side(size, speed, code, side):
    """Reverse bank left: backward on a shallow curve to the ship's left; backing into the
    curve swings the nose the other way, so the facing turns 45 degrees to the right."""
    forward, right = curve(SIZES[size], BANK_RADIUS[speed], 45)
    assert_pose(fly(size, f"{speed}{code}"), side * right, -forward, -side * 45)


@pytest.mark.parametrize("size", list(SIZES))
def test_stationary_does_not_move(size):
    """Stationary: no template, the ship stays where it is and still executed a maneuver."""
    table = Table(ships=(Ship("s", Pose(300, 300, 30), size),))
    outcome = execute_maneuver(table, "s", "0O")
    assert outcome.final == Pose(300, 300, 30)
    assert outcome.fully_executed and outcome.template is None


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("kind,radii,angle", [("B", BANK_RADIUS, 45), ("T", TURN_RADIUS, 90)])
@pytest.mark.parametrize("speed", [1, 2, 3])
def test_left_sideslip_moves_right_and_turns_left(size, kind, radii, angle, speed):
    """Sideslip (left template): laid from the right side, narrow end on the side
    hashmark, curving towards the ship's front; the ship's left side hashmark ends on the
    far end. It moves right and forward, and its facing turns left by the template angle."""
    forward, right = curve(SIZES[size], radii[speed], angle)
    got = fly(size, f"{speed}{kind}", sideslip=True)
    assert_pose(got, forward, right, -angle)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("kind,radii,angle", [("N", BANK_RADIUS, 45), ("Y", TURN_RADIUS, 90)])
def test_right_sideslip_mirrors_left(size, kind, radii, angle):
    """Sideslip (right template): the mirror image, moving left and turning right."""
    forward, right = curve(SIZES[size], radii[2], angle)
    assert_pose(fly(size, f"2{kind}", sideslip=True), -forward, right, angle)


def test_sideslip_needs_a_bank_or_turn():
    """Only bank and turn maneuvers can be flown as sideslips (RR: SIDESLIP)."""
    with pytest.raises(ValueError, match="sideslip"):
        fly(BaseSize.SMALL, "2F", sideslip=True)


@pytest.mark.parametrize("code", ["0F", "6F", "4N", "4T", "2X", "", "1O", "F2"])
def test_codes_no_template_can_fly_are_refused(code):
    """There is no [4 bank] or [4 turn] template, speed 0 is only stationary for standard
    ships (FAQ: Ved Foslo), and codes must be speed + bearing (+ difficulty)."""
    with pytest.raises(ValueError):
        Maneuver.parse(code)


def test_dial_codes_parse_with_difficulty():
    """Dial codes from the card database carry a difficulty letter."""
    m = Maneuver.parse("3RR")
    assert (m.speed, m.bearing.name, m.difficulty.name) == (3, "TALLON_ROLL_RIGHT", "RED")
    assert Maneuver.parse("2nw").code == "2NW"


def test_forward_and_reverse_maneuvers():
    """Maneuvers that begin at the front guides are forward; reverse and stationary are
    not (RR: BEARING)."""
    assert Maneuver.parse("3K").bearing.is_forward
    assert not Maneuver.parse("1S").bearing.is_forward
    assert not Maneuver.parse("0O").bearing.is_forward
