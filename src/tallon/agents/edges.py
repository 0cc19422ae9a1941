"""The table's edges as the ace sees them: positions from which a ship's dial can no longer
keep it on the table (RR: FLEE), this round or the next.

Measured on an empty table from each maneuver's end relative to its start (the
geometry's own templates: :func:`tallon.agents.reading.relative_end`), with the ship's
square base turned to its heading; a stressed ship has no red maneuver, a red one
stresses it for the round after and a blue one clears it (RR: STRESS)."""

from __future__ import annotations

import math
from functools import cache

from tallon.agents.reading import HALF_BASE, relative_end
from tallon.geometry import Pose
from tallon.geometry.constants import PLAY_AREA_SIDE as SIDE


def difficulty_of(code: str) -> str:
    """A maneuver code's difficulty letter (white where the code names none)."""
    return code[-1] if code[-1] in "RWBP" else "W"


@cache
def _dial_reach(size: str, dial: tuple[str, ...]
                ) -> tuple[tuple[float, float, float, str], ...]:
    """Where each maneuver of ``dial`` ends relative to the start, (forward, right, turn),
    and its difficulty."""
    return tuple((*rel, difficulty_of(code)) for code in dial
                 if (rel := relative_end(size, code)) is not None)


def flee_within(at: Pose, size: str, dial: tuple[str, ...], horizon: int = 1,
                stressed: bool = False) -> int | None:
    """In how many rounds every maneuver of ``dial``, and every maneuver after it, takes a
    ship standing at ``at`` off the table (its final base partly outside: RR: FLEE),
    nothing else in the way: 1 if every maneuver flees next round; None if some line of
    maneuvers stays on for ``horizon`` rounds. A ``stressed`` ship has no red maneuver,
    and a red one stresses it for the round after (RR: STRESS), a blue one clears it."""
    half = HALF_BASE[size]
    h = math.radians(at.heading)
    sin, cos = math.sin(h), math.cos(h)
    latest = 1
    for forward, right, turn, difficulty in _dial_reach(size, dial):
        if stressed and difficulty == "R":
            continue
        x, y = at.x + forward * sin + right * cos, at.y + forward * cos - right * sin
        heading = (at.heading + turn) % 360
        # the square base turned to its heading reaches further than its half width
        t = math.radians(heading)
        reach = half * (abs(math.sin(t)) + abs(math.cos(t)))
        if min(x, y, SIDE - x, SIDE - y) < reach:
            continue  # this maneuver flees
        if horizon == 1:
            return None
        later = flee_within(Pose(x, y, heading), size, dial, horizon - 1,
                            difficulty == "R" or (stressed and difficulty != "B"))
        if later is None:
            return None
        latest = max(latest, 1 + later)
    return latest


def trapped(at: Pose, size: str, dial: tuple[str, ...], rounds: int = 1,
            stressed: bool = False) -> bool:
    """Whether every maneuver of ``dial`` takes a ship standing at ``at`` off the table
    within ``rounds`` rounds (:func:`flee_within`)."""
    return flee_within(at, size, dial, rounds, stressed) is not None
