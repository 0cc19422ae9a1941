"""RR: OVERLAP - a ship whose final position would overlap another ship partially executes
the maneuver: it backs along the template until it only touches the last ship it
overlapped (advanced maneuvers fall back to their basic template, RR: BEARING; partial
sideslips, RR: SIDESLIP); the effect then depends on the ship that first forced the
partial maneuver: a friendly ship rolls for damage, an enemy allows a red focus or
calculate; either way the ship skips its Perform Action step.

The first tests fly templates on a table (where the ship stops). In the game tests p1.1 (a
T-65, initiative 2) flies from (400, 200) facing +y; a [2 straight] would end at (400,
320). Blockers: p1.2 (friendly T-65, initiative 3) and p2.2 (enemy TIE, initiative 3).
p2.1 (TIE, initiative 1) activates first, far away: its action decision is where the dice
are rigged for p1.1's roll."""

from __future__ import annotations

import math

import pytest

from tallon.dice import Face
from tallon.engine.state import DamageCard, Token
from tallon.geometry import BaseSize, Pose, Table, execute_maneuver
from tallon.geometry.overlap import max_penetration
from tallon.geometry.table import Ship
from tests.conftest import ship
from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
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


# ------------------------------------------------------------ where the ship stops
def penetration_between(a: Ship, b: Ship) -> float:
    return max_penetration(a.overlap_pieces, b.overlap_pieces)


def assert_touching(a: Ship, b: Ship) -> None:
    """Touching: no overlap beyond the tolerance, and no gap beyond it either."""
    depth = penetration_between(a, b)
    assert -1e-6 <= depth <= 1e-6, depth


def test_full_execution_when_nothing_overlaps(table_svg):
    """A [3 straight] whose final position overlaps no ship (another ship is off to the
    side). RR: OVERLAP - the ship fully executes the maneuver. It ends 160 mm ahead."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("b", 500, 300))))
    outcome = execute_maneuver(table, "a", "3F")
    assert outcome.fully_executed
    assert outcome.final == Pose(300, 300 + 160, 0)


def test_straight_bump_stops_guides_against_guides(table_svg):
    """Two ships in line; the first flies a [2 straight] into the second. RR: OVERLAP - the
    ship backs along the template until it no longer overlaps. Its front guides (y = 300 +
    20 + 3.3) meet the other's rear guides (410 - 20 - 3.3): 63.4 mm of travel, partial,
    forced by and touching the other ship, not overlapping it."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("b", 300, 410))))
    outcome = execute_maneuver(table, "a", "2F")
    assert outcome.partial
    assert outcome.forced_by == ("b",)
    assert outcome.touching == ("b",)
    assert outcome.final.x == pytest.approx(300)
    assert outcome.final.y - 300 == pytest.approx(63.4, abs=1e-5)
    assert_touching(table.ship("a").at(outcome.final), table.ship("b"))


def test_offset_bump_stops_base_against_base(table_svg):
    """The ships offset sideways so the guides miss each other; the same [2 straight].
    RR: OVERLAP. The bases meet edge to edge (front edge at 300 + 20 + travel = rear edge
    410 - 20: 70 mm of travel), touching."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("b", 335, 410))))
    outcome = execute_maneuver(table, "a", "2F")
    assert outcome.final.y - 300 == pytest.approx(70.0, abs=1e-5)
    assert_touching(table.ship("a").at(outcome.final), table.ship("b"))


def test_partial_may_leave_the_ship_where_it_started(table_svg):
    """A small ship whose front edge already touches a large ship's rear edge (clear of its
    guides) flies a [1 straight]. RR: OVERLAP ("This may result in the ship not leaving its
    initial position"). Partial, it stays where it was, and the template it used is empty."""
    # a large ship whose rear edge touches the small ship's front edge (clear of its guides)
    blocker = ship("b", 353, 360, 0, BaseSize.LARGE)
    table = table_svg(Table(ships=(ship("a", 300, 300), blocker)))
    outcome = execute_maneuver(table, "a", "1F")
    assert outcome.partial
    assert outcome.final.y == pytest.approx(300, abs=1e-6)
    assert outcome.template is not None and outcome.template.empty


def test_rulebook_partial_example_touches_the_last_ship_backed_over(table_svg):
    """The rulebook's example: the X-wing's [2 straight] moves through the Y-wing and
    overlaps the TIE; backing up it overlaps the Y-wing, so it backs further. RR: OVERLAP.
    It ends touching the Y-wing and clear of the TIE; the TIE initially forced the partial
    maneuver, so its effect applies."""
    table = table_svg(Table(ships=(
        ship("xwing", 300, 300),
        ship("ywing", 310, 370, 0.0, BaseSize.SMALL),
        ship("tie", 290, 421, 0.0),
    )))
    outcome = execute_maneuver(table, "xwing", "2F")
    assert outcome.forced_by == ("tie",)
    assert outcome.touching[0] == "ywing"
    moved = table.ship("xwing").at(outcome.final)
    assert_touching(moved, table.ship("ywing"))
    assert penetration_between(moved, table.ship("tie")) < 0


def test_simultaneous_overlap_reports_every_ship(table_svg):
    """A [2 straight] that ends overlapping two ships side by side. RR: OVERLAP - both
    forced the partial maneuver (the engine then applies the friendly-ship effect when one
    of them is friendly). Both are reported."""
    table = table_svg(Table(ships=(
        ship("a", 300, 300), ship("b", 285, 400), ship("c", 318, 402),
    )))
    outcome = execute_maneuver(table, "a", "2F")
    assert set(outcome.forced_by) == {"b", "c"}


def off_centre_line(outcome, point: tuple[float, float]) -> float:
    """Distance of a point from the template's centre line, extended straight back behind
    its start and straight on beyond its end."""
    placed = outcome.full_template
    template = placed.template
    sector = placed.sector
    start = placed.start
    r, f = start.to_local(*point)
    if f <= 0:
        return abs(r)  # behind the start: the entry line
    end_r, end_f, end_h = template.end()
    end = start.moved(end_r, end_f, end_h)
    er, ef = end.to_local(*point)
    if ef >= 0:
        return abs(er)  # beyond the end: the exit line
    return abs(math.hypot(point[0] - sector.cx, point[1] - sector.cy) - template.radius)


@pytest.mark.parametrize("code", ["2N", "3N", "2Y", "3Y"])
def test_curved_partial_keeps_both_hashmarks_on_the_centre_line(code, table_svg):
    """A ship placed across the middle of the path of a [2 bank], [3 bank], [2 turn] or
    [3 turn] right. RR: OVERLAP - backing along a curved template, "the hashmarks in the
    middle of both sets of guides remain centered over the line down the middle of the
    template". Partial, both hashmarks are on the centre line, and the ship touches the
    blocker."""
    mover = ship("a", 300, 300)
    table = Table(ships=(mover,))
    full = execute_maneuver(table, "a", code)
    # a blocker across the front half of the final position
    spot = full.final.moved(right=5, forward=28, rotation=30)
    blocker = ship("b", spot.x, spot.y, spot.heading)
    table = table_svg(Table(ships=(mover, blocker)))
    outcome = execute_maneuver(table, "a", code)
    assert outcome.partial
    for hashmark in (outcome.final.to_world(0, -20), outcome.final.to_world(0, 20)):
        assert off_centre_line(outcome, hashmark) <= 1e-6
    assert_touching(table.ship("a").at(outcome.final), blocker)


def test_curved_partial_contact_is_solved_to_a_hundredth_of_a_millimetre(table_svg):
    """A [2 bank right] stopped by a ship on its path. RR: OVERLAP - the ship backs until it
    no longer overlaps, so it stops touching. The final position touches the blocker within
    the tolerance, and 0.01 mm further along the path would overlap it (the contact is
    solved, not stepped)."""
    mover = ship("a", 300, 300)
    blocker = ship("b", 345, 392, 45)
    table = table_svg(Table(ships=(mover, blocker)))
    outcome = execute_maneuver(table, "a", "2N")
    moved = mover.at(outcome.final)
    assert_touching(moved, blocker)
    # advance 0.01 mm further along the same path: it must overlap
    from tallon.geometry.path import ChordPath

    path = ChordPath(40.0, outcome.full_template.template)
    u = next(u for u in _candidates(path, outcome.final, mover.pose))
    r, f, h = path.pose(u + 0.01)
    further = mover.at(mover.pose.moved(r, f, h))
    assert penetration_between(further, blocker) > 1e-6


def _candidates(path, final: Pose, start: Pose):
    """The path parameter of a final pose (searched densely, then polished)."""
    best, best_d = 0.0, math.inf
    steps = 20000
    for k in range(steps + 1):
        u = path.full * k / steps
        r, f, h = path.pose(u)
        p = start.moved(r, f, h)
        d = math.hypot(p.x - final.x, p.y - final.y)
        if d < best_d:
            best, best_d = u, d
    lo, hi = max(0.0, best - path.full / steps), min(path.full, best + path.full / steps)
    for _ in range(80):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        p1 = start.moved(*path.pose(m1))
        p2 = start.moved(*path.pose(m2))
        if math.hypot(p1.x - final.x, p1.y - final.y) < math.hypot(p2.x - final.x,
                                                                    p2.y - final.y):
            hi = m2
        else:
            lo = m1
    yield (lo + hi) / 2


def test_koiogran_turn_that_overlaps_ends_facing_forward(table_svg):
    """A [3 Koiogran turn] into a ship ahead. RR: BEARING - an advanced maneuver that
    overlaps partially executes as the basic maneuver of its template, with the rear guides.
    Partial, it does not turn around (heading 0), forced by the ship ahead."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("b", 300, 440))))
    outcome = execute_maneuver(table, "a", "3K")
    assert outcome.partial
    assert outcome.final.heading == pytest.approx(0.0, abs=1e-9)
    assert outcome.forced_by == ("b",)


def test_segnors_loop_that_overlaps_does_not_turn_around(table_svg):
    """A [2 Segnor's loop right] into a ship where the bank would end. RR: BEARING. Partial,
    it executes as the bank: no 180 degree turn (heading between -10 and 50)."""
    mover = ship("a", 300, 300)
    full = execute_maneuver(Table(ships=(mover,)), "a", "2N")
    table = table_svg(Table(ships=(mover, ship("b", full.final.x, full.final.y, 45))))
    outcome = execute_maneuver(table, "a", "2P")
    assert outcome.partial
    assert -10 < outcome.final.heading < 50


def test_tallon_roll_chooses_a_valid_position(table_svg):
    """A [2 Tallon roll right] whose middle and back positions a ship clips. RR: FAQ - if
    one position is blocked but another isn't, the ship fully executes at a valid position.
    It fully executes at the front position; asking for the middle one is refused."""
    mover = ship("a", 300, 300)
    middle = execute_maneuver(Table(ships=(mover,)), "a", "2R", position="middle").final
    blocker = ship("b", middle.x - 9, middle.y + 38)  # clips only the middle/back spots
    table = table_svg(Table(ships=(mover, blocker)))
    outcome = execute_maneuver(table, "a", "2R")
    assert outcome.fully_executed
    assert outcome.position == "front"
    with pytest.raises(ValueError, match="must choose a valid position"):
        execute_maneuver(table, "a", "2R", position="middle")


def test_tallon_roll_with_every_position_blocked_falls_back_to_the_turn(table_svg):
    """A [2 Tallon roll right] with a ship over all three positions. RR: BEARING - it
    partially executes as the turn. Partial, with no extra 90 degrees (heading under 91)."""
    mover = ship("a", 300, 300)
    middle = execute_maneuver(Table(ships=(mover,)), "a", "2R").final
    table = table_svg(Table(ships=(mover, ship("b", middle.x, middle.y, 0))))
    outcome = execute_maneuver(table, "a", "2R")
    assert outcome.partial
    assert outcome.final.heading < 91


def test_partial_sideslip_uses_the_side_centre_line(table_svg):
    """A [2 bank left] sideslip stopped by a ship near its end. RR: SIDESLIP, RR: OVERLAP -
    a sideslip that can't be completed backs along the template with the ship's left and
    right hashmarks on its centre line. Partial, both side hashmarks are on the centre line."""
    mover = ship("a", 300, 300)
    full = execute_maneuver(Table(ships=(mover,)), "a", "2B", sideslip=True)
    table = table_svg(Table(ships=(mover, ship("b", full.final.x + 15, full.final.y, 0))))
    outcome = execute_maneuver(table, "a", "2B", sideslip=True)
    assert outcome.partial
    for side in (-20, 20):
        assert off_centre_line(outcome, outcome.final.to_world(side, 0)) <= 1e-6


def test_reverse_maneuver_bump_backs_towards_the_start(table_svg):
    """A [2 reverse straight] into a ship behind. RR: OVERLAP, RR: BEARING (reverse). The
    mover's rear guide (x 310-313) meets the front edge of the ship behind (y 220), so its
    centre stops at 220 + 3.3 + 20 = 243.3, facing unchanged."""
    table = table_svg(Table(ships=(ship("a", 300, 300), ship("b", 310, 200))))
    outcome = execute_maneuver(table, "a", "2S")
    assert outcome.partial
    assert outcome.final.y == pytest.approx(243.3, abs=1e-5)
    assert outcome.final.heading == pytest.approx(0.0)


def test_even_a_partial_maneuver_keeps_its_speed_and_bearing():
    """A [3 bank right] stopped by a ship. RR: OVERLAP ("Even if a ship partially executes a
    maneuver, it is still treated as having executed a maneuver of the indicated speed,
    bearing and difficulty"). The outcome keeps the full template it was flown with,
    [3 bank right]."""
    table = Table(ships=(ship("a", 300, 300), ship("b", 300, 410)))
    outcome = execute_maneuver(table, "a", "3NR".replace("R", ""))
    assert outcome.full_template is not None
    assert outcome.full_template.template.label == "[3 bank right]"


@pytest.mark.parametrize("size", [BaseSize.MEDIUM, BaseSize.LARGE])
def test_medium_and_large_bumps_touch(size, table_svg):
    """A medium and a large ship fly a [2 bank right] into a ship of their size. RR: OVERLAP
    - partial execution works the same for every base size. Partial, they end touching."""
    mover = ship("a", 300, 300, 0, size)
    table = table_svg(Table(ships=(mover, ship("b", 360, 430, 20, size))))
    outcome = execute_maneuver(table, "a", "2N")
    assert outcome.partial
    assert_touching(mover.at(outcome.final), table.ship("b"))


def test_ship_starting_in_contact_within_the_tolerance_can_stay_put(table_svg):
    """Regression (found by the simple agent): a ship that starts touching another,
    penetrating it by less than the tolerance (as a previous partial maneuver leaves it),
    flies a [1 turn right] whose whole path overlaps that ship. RR: OVERLAP. Partial, it
    stays where it started, touching."""
    mover = ship("p2.1", 466.918831, 372.806025, 45.0)
    neighbour = ship("p2.2", 515.478755, 356.492482, 271.697584)
    table = table_svg(Table(ships=(mover, neighbour)))
    assert abs(penetration_between(mover, neighbour)) <= 1e-6
    outcome = execute_maneuver(table, "p2.1", "1Y")
    assert outcome.partial
    right, forward, turned = outcome.final.relative_to(mover.pose)
    assert math.hypot(right, forward) < 0.01 and abs(turned) < 0.01
    assert_touching(mover.at(outcome.final), neighbour)


def test_refining_the_contact_from_a_position_clear_of_every_ship_still_touches(table_svg):
    """A medium ship's [1 bank right] sideslip stopped by a ship, the contact bracketed from
    a position so far back that no ship is within reach. RR: OVERLAP. The ship still ends
    touching the blocker (not short of it), forced by it."""
    mover = Ship("a", Pose(585.855329615048, 371.1011216039619, 311.642367507923),
                 BaseSize.MEDIUM)
    blocker = ship("b", 467.9845439118245, 361.7197478037314, 70.3075768608925)
    table = table_svg(Table(ships=(mover, blocker)))
    outcome = execute_maneuver(table, "a", "1N", sideslip=True)
    assert outcome.partial
    assert outcome.touching == ("b",)
    assert_touching(mover.at(outcome.final), blocker)


# ------------------------------------------------------------------ in a game
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
    """p1.1's [2 straight] overlaps the friendly p1.2; its die shows a hit, crit, focus or
    blank. RR: OVERLAP - overlapping a friendly ship, the ship partially executes the
    maneuver, rolls an attack die - a hit or crit deals 1 damage - and skips its Perform
    Action step. It stops short, loses a shield on a hit or crit (no card), the log names
    the result, and no action is offered."""
    game = scene({"p1.2": (400, 320, 0)}, faces=(face,))
    assert until_done(game) == []
    ship = game.state.ships["p1.1"]
    assert ship.shields == shields and ship.damage == ()
    assert any(face.label in e["text"] for e in events(game, "bump", "p1.1"))
    assert pose(game, "p1.1").y < 320


def test_a_crit_from_a_friendly_bump_is_regular_damage():
    """p1.1, unshielded, bumps p1.2 and rolls a crit. RR: OVERLAP - the friendly bump deals
    1 regular damage even on a crit. It is dealt a facedown card."""
    game = scene({"p1.2": (400, 320, 0)}, wait=True)
    game.state.ships["p1.1"].shields = 0
    go(game, (Face.CRIT,))
    until_done(game)
    assert [d.faceup for d in game.state.ships["p1.1"].damage] == [False]


# -------------------------------------------------------------------------- enemy
def test_bumping_an_enemy_allows_a_red_focus_then_no_other_action():
    """p1.1's [2 straight] overlaps the enemy p2.2. RR: OVERLAP - overlapping an enemy ship,
    an unstressed ship may perform a focus (or calculate) action from its bar treated as
    red, then skips its Perform Action step. Only a red focus (or pass) is offered; it
    focuses, gains the stress, and performs no other action."""
    game = scene({"p2.2": (400, 320, 180)})
    d = drive(game, at("perform_action", "p1.1"))
    assert d.option_keys() == ["focus", "pass"]
    assert {o.key: o.label for o in d.options}["focus"].startswith("red")
    game.answer("focus")
    assert until_done(game) == []
    assert tokens(game, "p1.1") == {"focus": 1, "stress": 1}
    assert [e["action"] for e in events(game, "action", "p1.1") if "action" in e] == ["focus"]


def test_the_enemy_bump_action_may_be_declined():
    """p1.1 bumps the enemy p2.2 and passes on the red focus. RR: OVERLAP - the ship *may*
    perform the action. It was asked once and has no token."""
    game = scene({"p2.2": (400, 320, 180)})
    asked = until_done(game)
    assert len(asked) == 1 and tokens(game, "p1.1") == {}


def test_a_calculating_ship_bumping_an_enemy_may_calculate_as_red():
    """A Belbullab (calculate, lock, barrel roll, boost) bumps an enemy TIE. RR: OVERLAP -
    the enemy bump allows focus or calculate from the action bar. It is offered a calculate
    (and pass), and calculating gives it a calculate and a stress token."""
    game = start(squad("separatistalliance", "feethanottrawautopilot"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (400, 200, 0), "p2.1": (400, 320, 180)})
    plan(game, {"p1.1": "2FB"})
    d = drive(game, at("perform_action", "p1.1"))
    assert d.option_keys() == ["calculate", "pass"]
    game.answer("calculate")
    assert tokens(game, "p1.1") == {"calculate": 1, "stress": 1}


def test_a_ship_stressed_by_its_red_maneuver_gets_no_enemy_bump_action():
    """p1.1's red [4 Koiogran turn] bumps the enemy p2.2. RR: OVERLAP - the bump effect
    comes after the Check Difficulty step: the red maneuver has already stressed the ship,
    so it may not perform the action. No action is offered; it bumped and has one stress
    token."""
    game = scene({"p2.2": (400, 390, 180)}, code="4KR")
    assert until_done(game) == []
    assert events(game, "bump", "p1.1")
    assert tokens(game, "p1.1") == {"stress": 1}


def test_a_stressed_ship_bumping_an_enemy_gets_no_action():
    """A stressed p1.1 flies a white [3 straight] into the enemy p2.2. RR: OVERLAP - only an
    unstressed ship may perform the focus. It bumps and is offered no action."""
    game = scene({"p2.2": (400, 320, 180)}, code="3FW", wait=True)
    give(game, "p1.1", Token.STRESS)
    go(game)
    assert until_done(game) == []
    assert events(game, "bump", "p1.1")


# -------------------------------------------------------------- simultaneous
def test_a_simultaneous_friendly_and_enemy_overlap_is_the_friendly_effect():
    """p1.1's [2 straight] ends overlapping p1.2 and p2.2 side by side; its die shows a hit.
    RR: OVERLAP - if a friendly and an enemy ship are overlapped simultaneously, resolve the
    effect for overlapping a friendly ship. It rolls (a shield lost), gets no action and no
    token."""
    game = scene({"p1.2": (377, 345, 0), "p2.2": (423, 345, 180)}, faces=(Face.HIT,))
    assert until_done(game) == []
    assert game.state.ships["p1.1"].shields == 1
    assert tokens(game, "p1.1") == {}


def test_the_ship_that_first_forced_the_partial_maneuver_decides_the_effect():
    """p1.1's [4 straight] ends on the enemy p2.2, with the friendly p1.2 behind it, which
    p1.1 then backs over and ends touching. RR: OVERLAP - the effect is that of the ship
    that initially forced the partial maneuver. p1.1 ends behind the friend, is offered the
    enemy effect (a red focus) and keeps both shields (no friendly roll)."""
    game = scene({"p2.2": (400, 400, 180), "p1.2": (400, 335, 0)}, code="4FW")
    d = drive(game, at("perform_action", "p1.1"))
    assert pose(game, "p1.1").y < 335 - 40              # backed behind the friendly ship
    assert d.option_keys() == ["focus", "pass"]
    assert game.state.ships["p1.1"].shields == 2


# ------------------------------------------------------------- partial counts
def test_a_partial_maneuver_still_has_its_difficulty():
    """p1.1's red [4 Koiogran turn] bumps p2.2. RR: OVERLAP - a partially executed maneuver
    is still executed at its speed, bearing and difficulty; RR: BEARING - a Koiogran turn
    that overlaps does not turn around. It gains the stress, faces forward, and executed a
    speed 4 maneuver."""
    game = scene({"p2.2": (400, 390, 180)}, code="4KR")
    until_done(game)
    assert tokens(game, "p1.1") == {"stress": 1}
    assert pose(game, "p1.1").heading == 0
    assert game.state.ships["p1.1"].executed_speed == 4


def test_a_partial_blue_maneuver_removes_stress():
    """A stressed p1.1 bumps p1.2 with its blue [2 straight]. RR: OVERLAP - the partial
    maneuver keeps its difficulty, so blue still removes stress. It has no token left."""
    game = scene({"p1.2": (400, 320, 0)}, wait=True)
    give(game, "p1.1", Token.STRESS)
    go(game, (Face.BLANK,))
    until_done(game)
    assert tokens(game, "p1.1") == {}


def test_a_bump_that_cannot_leave_the_start_stays_touching():
    """p1.1's [1 straight] with the enemy p2.2 touching its guides already. RR: OVERLAP -
    backing up may leave the ship where it started; it still executed the maneuver and the
    bump effect applies. It is offered the red focus, stays at y = 200, bumped, and executed
    speed 1."""
    game = scene({"p2.2": (400, 246.6, 180)}, code="1FB")
    assert len(until_done(game)) == 1
    assert pose(game, "p1.1").y == pytest.approx(200, abs=1e-3)
    assert events(game, "bump", "p1.1") and game.state.ships["p1.1"].executed_speed == 1


def test_moving_through_a_ship_has_no_effect():
    """p1.1's [4 straight] template passes over the enemy p2.2, its final position clear.
    RR: MOVE - moving through a ship has no inherent effect; RR: OVERLAP - the maneuver is
    fully executed. It ends at (400, 400), its action step is normal, and there is no bump."""
    game = scene({"p2.2": (400, 270, 180)}, code="4FW")
    d = drive(game, at("perform_action", "p1.1"))
    assert pose(game, "p1.1") == Pose(400, 400, 0)
    assert set(d.option_keys()) == {"focus", "lock", "barrel_roll", "pass"}
    assert not events(game, "bump")


def test_a_friendly_bump_can_destroy_a_ship_which_is_removed_at_once():
    """p1.1, unshielded with 3 damage cards (hull 4), bumps p1.2 and rolls a hit.
    RR: OVERLAP, RR: DESTROYING SHIPS - destroyed outside the Engagement Phase, a ship is
    removed immediately; the opponent scores its squad points. It is destroyed, removed, and
    player 2 gains its cost."""
    game = scene({"p1.2": (400, 320, 0)}, wait=True)
    ship = game.state.ships["p1.1"]
    ship.shields = 0
    ship.damage = tuple(DamageCard("x", False) for _ in range(3))
    points = game.state.players[1].mission_points
    go(game, (Face.HIT,))
    until_done(game)
    assert ship.destroyed and ship.removed and not ship.in_play
    assert game.state.players[1].mission_points == points + ship.cost


def test_a_blue_maneuver_unstresses_the_ship_before_the_enemy_bump_effect():
    """A stressed p1.1 bumps the enemy p2.2 with its blue [2 straight]. RR: OVERLAP - the
    bump effect comes after the Check Difficulty step: the blue maneuver has removed the
    stress, so it may perform the red focus. It is offered focus and ends with a focus and a
    stress token."""
    game = scene({"p2.2": (400, 320, 180)}, code="2FB", wait=True)
    give(game, "p1.1", Token.STRESS)
    go(game)
    d = drive(game, at("perform_action", "p1.1"))
    assert d.option_keys() == ["focus", "pass"]
    game.answer("focus")
    assert tokens(game, "p1.1") == {"focus": 1, "stress": 1}
