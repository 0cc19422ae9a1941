"""Squad Building Appendix: Squad Building — a standard game allows three to eight ships."""

from __future__ import annotations

import pytest
from squad_helpers import broken, judge

from tallon.squads import Rule

ISB = ("academypilot", ())  # Imperial TIE/ln, 3 points, non-limited


@pytest.mark.parametrize("count", [3, 6])
def test_three_to_eight_ships_are_allowed(db, count):
    """3 and 6 cheap TIE fighters: the ship count rule holds."""
    report = judge(db, "galacticempire", [ISB] * count)
    assert not broken(report, Rule.SHIP_COUNT)


@pytest.mark.parametrize("count", [0, 1, 2, 9])
def test_fewer_than_three_or_more_than_eight_is_an_error(db, count):
    """0, 1, 2 or 9 ships break the ship count (9 also breaks points, which is separate)."""
    report = judge(db, "galacticempire", [ISB] * count, points=100)
    [error] = broken(report, Rule.SHIP_COUNT)
    assert f"has {count} ship" in error.message


def test_the_ship_count_limits_are_configurable(db):
    """A game mode allowing 2 to 8 ships accepts two."""
    report = judge(db, "galacticempire", [ISB] * 2, min_ships=2)
    assert not broken(report, Rule.SHIP_COUNT)
