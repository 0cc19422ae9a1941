"""Helpers for the tests that fly templates on a table (tests/rules/test_bearing.py and
test_sideslip.py): where a maneuver leaves a ship of each base size.

Each expectation is computed independently from the physical description: the template
starts at the front guides (rear guides for reverse maneuvers), the ship ends with its rear
guides (front guides for the Koiogran turn, Segnor's loop and reverse maneuvers) at the far
end, and a bank/turn of centre-line radius R through angle t ends the centre of a base of
length L at forward = L/2 + R sin t + (L/2) cos t, right = R (1 - cos t) + (L/2) sin t.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from tallon.geometry import BaseSize, Pose, Ship, Table, execute_maneuver

#: Base lengths (mm).
SIZES = {BaseSize.SMALL: 40.0, BaseSize.MEDIUM: 60.0, BaseSize.LARGE: 80.0}


def fly(size: BaseSize, code: str, **kwargs: Any) -> tuple[float, float, float]:
    """(right, forward, rotation) of a ship of ``size`` after the maneuver ``code`` on an
    empty table."""
    table = Table(ships=(Ship("s", Pose(457.2, 457.2, 0.0), size),))
    return execute_maneuver(table, "s", code, **kwargs).relative()


def curve(length: float, radius: float, degrees: float) -> tuple[float, float]:
    """(forward, right) of the centre of a base of ``length`` at the end of a curved
    template of centre-line ``radius`` through ``degrees``."""
    t = math.radians(degrees)
    forward = length / 2 + radius * math.sin(t) + (length / 2) * math.cos(t)
    right = radius * (1 - math.cos(t)) + (length / 2) * math.sin(t)
    return forward, right


def assert_pose(got: tuple[float, float, float], right: float, forward: float,
                rotation: float) -> None:
    """``got`` is (right, forward, rotation), the rotation modulo 360."""
    assert got[0] == pytest.approx(right, abs=1e-6)
    assert got[1] == pytest.approx(forward, abs=1e-6)
    assert math.remainder(got[2] - rotation, 360) == pytest.approx(0.0, abs=1e-6)
