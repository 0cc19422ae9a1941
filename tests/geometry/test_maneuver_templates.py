"""Maneuvers flown on another template of their speed (a card's: IG-88D flies a Segnor's
loop on the turn or straight template): RR: BEARING, RR: MANEUVER, RR: SEGNOR'S LOOP.

A Segnor's loop is placed by its front guides at the end of its template: the base centre
is where the basic maneuver of that template puts it, the ship facing the other way. A
partial execution follows that template's basic maneuver. The exact poses below come from
the template constants: straight 40 mm per speed, [3 turn] centre-line radius 90 mm, a
medium base 60 mm (half 30), a small one 40 mm."""

from __future__ import annotations

import pytest

from tallon.geometry import (
    BaseSize,
    Maneuver,
    Pose,
    Ship,
    Table,
    Template,
    TemplateKind,
    execute_maneuver,
)
from tallon.geometry.constants import GUIDE_DEPTH
from tallon.geometry.maneuver_kit import plan_and_kit
from tallon.geometry.templates import Direction

TURN_3 = 90.0
STRAIGHT_3 = 120.0


START = Pose(400.0, 300.0, 0.0)


def alone(size: str = "medium", pose: Pose = START, *others: Ship) -> Table:
    return Table(ships=(Ship("s", pose, BaseSize(size)), *others))


def assert_pose(pose: Pose, x: float, y: float, heading: float, tol: float = 1e-9) -> None:
    assert (pose.x, pose.y) == pytest.approx((x, y), abs=tol)
    assert pose.heading % 360 == pytest.approx(heading % 360, abs=1e-9)


class TestSegnorLoopOnATurnTemplate:
    @pytest.mark.parametrize("code, side", [("3L", -1), ("3P", 1)])
    @pytest.mark.parametrize("size, half", [("medium", 30.0), ("small", 20.0)])
    def test_placed_by_its_front_guides_at_the_turn_templates_end(self, code, side, size,
                                                                  half):
        """A [3 Segnor's loop] from (400, 300) facing +y on the [3 turn] template of its
        direction: the template's end lies 90 mm sideways and 90 mm ahead of the template's
        start (half a base ahead of the centre); the base centre is half a base beyond,
        sideways, and the ship faces back along the turn's last heading: left, it ends at
        x = 400 - 90 - half facing +x (heading 90); right, mirrored, heading 270."""
        outcome = execute_maneuver(alone(size), "s", code, template=TemplateKind.TURN)
        assert outcome.fully_executed
        assert_pose(outcome.final, 400 + side * (TURN_3 + half), 300 + half + TURN_3,
                    side * 90 + 180)
        assert outcome.full_template.template == Template(
            TemplateKind.TURN, 3, Direction(side))

    def test_the_same_centre_as_the_turn_the_other_way_round(self):
        """The loop on the turn template ends where [3 turn left] ends, turned 180 degrees;
        on its own bank template it ends elsewhere (the card changes the outcome)."""
        turn = execute_maneuver(alone(), "s", "3T").final
        loop = execute_maneuver(alone(), "s", "3L", template=TemplateKind.TURN).final
        bank = execute_maneuver(alone(), "s", "3L").final
        assert_pose(loop, turn.x, turn.y, turn.heading + 180)
        assert (bank.x, bank.y) != pytest.approx((loop.x, loop.y))

    def test_a_partial_loop_follows_the_turn(self):
        """A ship sits on the turn template's end position: the loop can't be fully
        executed, so it backs along the [3 turn] path and ends as the partial [3 turn left]
        does, without the 180-degree rotation (RR: BEARING: the basic maneuver that uses
        the same template), touching the blocker."""
        blocker = Ship("b", Pose(280.0, 420.0, 0.0), BaseSize.MEDIUM)
        table = alone("medium", Pose(400.0, 300.0, 0.0), blocker)
        loop = execute_maneuver(table, "s", "3L", template=TemplateKind.TURN)
        turn = execute_maneuver(table, "s", "3T")
        assert loop.partial and loop.forced_by == ("b",)
        assert_pose(loop.final, turn.final.x, turn.final.y, turn.final.heading)
        # still turning left (between 270 and 360), not turned round
        assert 270 < loop.final.heading % 360 < 360


class TestSegnorLoopOnAStraightTemplate:
    @pytest.mark.parametrize("code", ["3L", "3P"])
    def test_ends_as_a_koiogran_turn(self, code):
        """Either loop on the [3 straight] template: 120 mm of template after half a base,
        the centre half a base beyond, facing back (heading 180): (400, 480), as [3 K]."""
        outcome = execute_maneuver(alone(), "s", code, template=TemplateKind.STRAIGHT)
        assert_pose(outcome.final, 400.0, 300.0 + 30 + STRAIGHT_3 + 30, 180.0)
        assert outcome.final == execute_maneuver(alone(), "s", "3K").final
        assert outcome.full_template.template == Template(TemplateKind.STRAIGHT, 3)

    def test_a_partial_loop_follows_the_straight(self):
        """A ship on the end position: the loop backs straight along the template and keeps
        its heading, as the partial [3 straight] does, its front guides touching the
        blocker's rear guides."""
        blocker = Ship("b", Pose(400.0, 480.0, 0.0), BaseSize.MEDIUM)
        table = alone("medium", Pose(400.0, 300.0, 0.0), blocker)
        loop = execute_maneuver(table, "s", "3P", template=TemplateKind.STRAIGHT)
        assert loop.partial and loop.forced_by == ("b",)
        # the bases touch guide to guide: a base length and two guide depths apart
        # (the contact solver leaves them a micrometre apart at most)
        assert_pose(loop.final, 400.0, 480.0 - 60.0 - 2 * GUIDE_DEPTH, 0.0, tol=1e-6)


class TestTemplateOption:
    def test_its_own_template_changes_nothing(self):
        """Naming the maneuver's own template is flying it as usual: the same plan and kit
        (one cache entry), the same pose."""
        base = alone().ship("s").base
        maneuver = Maneuver.parse("3L")
        assert plan_and_kit(maneuver, False, base, TemplateKind.BANK) \
            is plan_and_kit(maneuver, False, base)
        assert execute_maneuver(alone(), "s", "3L", template=TemplateKind.BANK).final \
            == execute_maneuver(alone(), "s", "3L").final

    def test_another_template_has_its_own_cached_plan(self):
        """The plan flown on the turn template is derived once and kept apart from the bank
        one: asked twice it is the same object, with the 180-degree final rotation."""
        base = alone().ship("s").base
        maneuver = Maneuver.parse("3L")
        first = plan_and_kit(maneuver, False, base, TemplateKind.TURN)
        assert first is plan_and_kit(maneuver, False, base, TemplateKind.TURN)
        assert first[0].template == Template(TemplateKind.TURN, 3, Direction.LEFT)
        assert first[0].final_rotation == 180.0
        assert plan_and_kit(maneuver, False, base)[0].template.kind is TemplateKind.BANK

    @pytest.mark.parametrize("code, kind, sideslip", [
        ("0O", TemplateKind.STRAIGHT, False),   # a stationary maneuver has no template
        ("3K", TemplateKind.TURN, False),       # no direction to curve the turn with
        ("4F", TemplateKind.TURN, False),       # there is no speed 4 turn template
        ("2T", TemplateKind.STRAIGHT, True),    # a sideslip needs a curved template
    ])
    def test_refused_where_no_such_template_can_be_laid(self, code, kind, sideslip):
        """A template that can't be laid for the maneuver is refused with a ValueError."""
        with pytest.raises(ValueError):
            execute_maneuver(alone(), "s", code, template=kind, sideslip=sideslip)
