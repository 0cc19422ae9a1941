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

# --------------------------------------------------------------------------- huge ships
# RR: APPENDIX: HUGE SHIPS. The rules give no sizes for the huge ship maneuver tool; the
# figures marked "TTS mod" are those of the Tabletop Simulator X-Wing 2.0 mod's movement
# table (JohnnyCheese/TTS_X-Wing2.0, MoveLUT "manual addition of huge ships"); the others
# are Tallon's estimates (docs/geometry.md, Huge ships). Every figure is here, easy to change.

#: Huge base width (project geometry notes), and its length by ship type (xws): 195 for the
#: GR-75, Gozanti and C-ROC, 225 for the CR90 and Raider (project geometry notes). The
#: Trident-class assault ship had no base of its own in the card data or the notes: 195 is
#: an estimate.
HUGE_BASE_WIDTH = 80.0
HUGE_BASE_SHORT = 195.0
HUGE_BASE_LONG = 225.0
HUGE_BASE_LENGTH = {
    "cr90corelliancorvette": HUGE_BASE_LONG,
    "raiderclasscorvette": HUGE_BASE_LONG,
    "gr75mediumtransport": HUGE_BASE_SHORT,
    "gozanticlasscruiser": HUGE_BASE_SHORT,
    "croccruiser": HUGE_BASE_SHORT,
    "tridentclassassaultship": HUGE_BASE_SHORT,  # estimate
}

#: Straight edge of the tool: the speed lines 0-5 are this far apart, so a [s straight]
#: moves the centre 40 s forward (TTS mod: 40, 80, 120, 160, 200).
HUGE_STRAIGHT_PER_SPEED = 40.0

#: Hook and jagged edge (TTS mod): a bank turns the ship 45 degrees; a [0 bank] turns it
#: about the front corner on the bank's side (its front edge on the speed 0 line); the
#: corner for speed 1 lies 33 further along the new facing, and each further speed's
#: corner 40 further along it and 10 further in (towards the ship's centre line). The TTS
#: mod measures these from a base 80 long; Tallon keeps them relative to the front corner,
#: where the hook's groove holds the tool, for every base length (estimate).
HUGE_BANK_ANGLE = 45.0
HUGE_BANK_FIRST_STEP = 33.0
HUGE_BANK_STEP = 40.0
HUGE_BANK_STEP_IN = 10.0
HUGE_MAX_SPEED = {"straight": 5, "bank": 3}

#: Arc lines of a huge ship token (estimate): they cross at the base's centre, as on
#: standard tokens, and meet the front (rear) edge this far in from the corner, as a large
#: token's do (a huge base is as wide as a large one).
HUGE_ARC_CORNER_INSET = 4.28
