"""The physical facts of the table, in one place, with where each figure comes from.

All lengths are millimetres, all angles degrees. The rules never give sizes; these are
the figures that the mature table-top implementations (the Vassal module, the Tabletop
Simulator mod and its trajectory model, FlyCasual) measured and agree on, as collected in
the project's shared geometry notes. Disputed figures are marked and easy to change here.
"""

from __future__ import annotations

from enum import Enum

#: The one tolerance of the geometry (mm). Two objects whose penetration is at most EPS do
#: not overlap; two objects at most EPS apart touch (range 0). Chosen far below anything a
#: player could measure (0.01 mm is the precision the rules engine promises) and far above
#: double-precision noise on a 914.4 mm table (about 1e-13 mm).
EPS = 1e-6


class BaseSize(Enum):
    """Ship base sizes (RR: SHIP SIZES)."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"

    @classmethod
    def parse(cls, text: str) -> BaseSize:
        try:
            return cls(text.strip().lower())
        except ValueError:
            accepted = ", ".join(size.value for size in cls)
            raise ValueError(f"unknown base size {text!r}; expected one of: {accepted}") from None


#: Play area side: 3 ft = 914.4 mm (RR: SETUP step 3).
PLAY_AREA_SIDE = 914.4

#: Base side lengths. Small 40 and large 80 are agreed; one hand measurement of a medium
#: base gives 60.5, every implementation uses 60.
BASE_SIDE = {BaseSize.SMALL: 40.0, BaseSize.MEDIUM: 60.0, BaseSize.LARGE: 80.0}

#: Guides: two pairs of nubs at the middle of the front and rear edges, between which the
#: 20 mm template slides. Depth (how far they stand out of the edge) is measured at 3.2-3.5;
#: the width of one nub along the edge is our estimate (disputed, easy to change).
GUIDE_DEPTH = 3.3
GUIDE_WIDTH = 3.0

#: Width of every maneuver template; the template's centre line is the ship's centre line.
TEMPLATE_WIDTH = 20.0

#: Length of the straight template per unit of speed ([1 straight] = 40 = a small base).
STRAIGHT_LENGTH_PER_SPEED = 40.0

#: Centre-line radii of the bank (45 degrees) and turn (90 degrees) templates by speed.
#: Disputed: FlyCasual's turn 3 is about 84.9 and bank 3 about 182; Vassal, the Tabletop
#: Simulator mod, its trajectory model and another Python engine agree on these values.
BANK_RADIUS = {1: 80.0, 2: 130.0, 3: 180.0}
TURN_RADIUS = {1: 35.0, 2: 62.5, 3: 90.0}
BANK_ANGLE = 45.0
TURN_ANGLE = 90.0

#: The range ruler: bands of 100 mm; huge ships use bands 4 and 5.
RANGE_BAND_LENGTH = 100.0
MAX_RANGE_BAND = 5

#: Full angle of the front arc of second-edition ship tokens (measured on tokens); the rear
#: arc mirrors it and the side arcs are what lies between. Arc lines cross at the base centre.
FRONT_ARC_ANGLE = {BaseSize.SMALL: 81.24, BaseSize.MEDIUM: 82.80, BaseSize.LARGE: 83.52}

#: First-edition tokens (kept for the first-edition ruleset).
FRONT_ARC_ANGLE_1E = {BaseSize.SMALL: 80.90, BaseSize.LARGE: 84.05}
AUXILIARY_SIDE_ARC_ANGLE_1E = 95.95

#: Bullseye arc: a strip the width of the range ruler (measured 14.79; other implementations
#: use 14 to 20), centred on the ship's centre line, from the front edge out to range 3.
BULLSEYE_WIDTH = 14.79

#: Standard arcs reach range 3.
ARC_REACH_BANDS = 3

#: Tallon roll front/back placement: the side hashmark is aligned to the edge of the turn
#: template's narrow end (20 wide) for every base size.
TALLON_ROLL_SHIFT = 10.0

#: Scenario feature markers (satellites, supply caches; rulebook: SCENARIO FEATURE) are round
#: tokens; their printed size is not in the rules or the data: 40 mm across, the width of a
#: small base (an estimate, docs/rulings.md "Scenarios"), easy to change here.
SCENARIO_MARKER_RADIUS = 20.0
