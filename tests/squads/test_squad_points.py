"""Squad Building Appendix: Squad Points (20 by default) and RR: DEFICIT."""

from __future__ import annotations

import pytest
from squad_helpers import broken, judge

from tallon.squads import Rule

ESCORT = ("bluesquadronescort", ())  # 5 squad points


def test_points_are_the_sum_of_ship_costs_not_upgrades(db):
    """Squad points count ship cards only; upgrades spend the ship's loadout instead."""
    bare = judge(db, "rebelalliance", [ESCORT, ESCORT, ESCORT])
    upgraded = judge(db, "rebelalliance", [("bluesquadronescort", ("r3astromech",)),
                                           ESCORT, ESCORT])
    cost = db.pilot("bluesquadronescort").cost
    assert bare.points == upgraded.points == 3 * cost


def test_four_escorts_are_exactly_twenty_points_and_legal(db):
    """4 x 5-point X-wings = 20 points: at the limit is legal, deficit 0."""
    report = judge(db, "rebelalliance", [ESCORT] * 4)
    assert report.points == 20
    assert report.deficit == 0
    assert report.legal


def test_one_point_over_the_limit_is_an_error(db):
    """21 points against a 20-point limit breaks SQUAD POINTS and says by how much."""
    report = judge(db, "rebelalliance", [ESCORT] * 3 + [("lukeskywalker", ())])
    assert report.points == 21
    [error] = broken(report, Rule.SQUAD_POINTS)
    assert "1 over" in error.message


@pytest.mark.parametrize(("limit", "legal"), [(25, True), (14, False)])
def test_the_limit_is_configurable(db, limit, legal):
    """The points limit comes from the game mode: 15 points fit 25, not 14."""
    report = judge(db, "rebelalliance", [ESCORT] * 3, points=limit)
    assert report.points_limit == limit
    assert (not broken(report, Rule.SQUAD_POINTS)) is legal


def test_deficit_is_what_the_squad_leaves_unspent(db):
    """RR: DEFICIT: 15 points of 20 leave a deficit of 5 (scored by the opponent)."""
    report = judge(db, "rebelalliance", [ESCORT] * 3)
    assert report.deficit == 20 - 15


def test_no_negative_deficit_when_over_the_limit(db):
    """An over-limit squad has deficit 0, not a negative number."""
    report = judge(db, "rebelalliance", [ESCORT] * 5)
    assert report.deficit == 0
