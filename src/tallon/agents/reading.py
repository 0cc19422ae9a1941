"""How the stronger agents read the table: a player's view as ships with poses and card
facts, quick arc-and-range estimates for positions that are only foreseen, and the exact
dice calculator's expected damage, remembered per situation.

The engine measures every real attack exactly; these estimates only rank the positions an
agent imagines (where a ship may be after a maneuver it has not chosen yet), thousands of
times a round, so they trade exactness for speed: arcs are judged from the bases' centres
with an allowance for the base's width, ranges from the centres less the bases' half-widths.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from tallon.agents.huge import huge_end, is_huge
from tallon.dice import Attack, Combatant, calculate
from tallon.dice.abilities.base import Tokens
from tallon.dice.attack import DICE_RULES, MAX_DICE
from tallon.dice.dice_rules import RULES_2_5, DiceRules
from tallon.engine.missions_1e import SHUTTLE_MANEUVERS, SHUTTLE_TYPE
from tallon.geometry import Maneuver, Pose, RollPosition, Ship, Side, Table, execute_maneuver
from tallon.geometry.constants import HUGE_BASE_SHORT, BaseSize
from tallon.geometry.repositioning import barrel_roll_geometry
from tallon.geometry.table import HugeShip

#: Half the side of each base, millimetres (docs/geometry.md); a huge base (80 mm by 195
#: or 225) is read as a square of 120 for ranges, between its half width and half length.
HALF_BASE = {"small": 20.0, "medium": 30.0, "large": 40.0, "huge": 60.0}
#: Half the front arc's angle, degrees (81.24 / 82.80 / 83.52 full, docs/geometry.md; a
#: huge ship's 40.3 on a 195 mm base, 35.2 on 225: docs/rulings.md, Geometry 16).
HALF_ARC = {"small": 40.6, "medium": 41.4, "large": 41.8, "huge": 19.0}
#: Half the bullseye strip's width (the range ruler's, 14.79 mm).
HALF_BULLSEYE = 7.4
RANGE_BAND = 100.0
#: The ruleset of a view that names none (the 2.5 rules).
DEFAULT_RULESET = RULES_2_5.name


def view_ruleset(view: dict[str, Any]) -> str:
    """The ruleset the game of ``view`` is played under (engine/view.py)."""
    return view.get("ruleset", DEFAULT_RULESET)


@dataclass(slots=True)
class Piece:
    """A ship as an agent reads it from a view."""

    id: str
    owner: int
    size: str
    pose: Pose
    initiative: int
    attacks: tuple[tuple[str, int], ...]
    agility: int
    dial: tuple[str, ...]
    actions: tuple[str, ...]
    health: int  # hull and shields left
    cost: int
    tokens: dict[str, int]
    activated: bool
    turret: tuple[str, ...]
    raw: dict[str, Any]
    #: a huge ship's base length (its ``size`` is "huge"); 0 for a standard ship
    length: float = 0.0

    @property
    def stressed(self) -> bool:
        return self.tokens.get("stress", 0) > 0

    @property
    def set_code(self) -> str | None:
        """The maneuver its dial is set to, where the view shows it (:func:`shown_dial`)."""
        return shown_dial(self.raw)


@cache
def printed_dial(ship_type: str, faction: str) -> tuple[str, ...]:
    """The maneuvers on a ship's dial, as its card data prints them (public)."""
    from tallon.data import load_cards

    if ship_type == SHUTTLE_TYPE:  # a first-edition mission's shuttle: no card data
        return SHUTTLE_MANEUVERS
    return tuple(load_cards().ship(ship_type, faction).dial)


def shown_dial(ship: dict[str, Any]) -> str | None:
    """The maneuver a view's ship has its dial set to, where the view shows it (our own
    ships, a revealed dial); None when it is not set or facedown ("set")."""
    dial = ship.get("dial")
    return dial if isinstance(dial, str) and dial[:1].isdigit() else None


def view_health(ship: dict[str, Any]) -> int:
    """The hull and shields a ship of a view has left (its damage cards off its hull)."""
    return ship["hull"] - ship["damage_facedown"] - len(ship["damage_faceup"]) + \
        ship["shields"]


def read_pieces(view: dict[str, Any]) -> list[Piece]:
    """The ships in play in ``view`` (placed, not removed, not destroyed)."""
    pieces = []
    factions = {p["player"]: p["faction"] for p in view["players"]}
    for s in view["ships"]:
        if "pose" not in s or s["removed"] or s["destroyed"]:
            continue
        stats = s["stats"]
        pose = s["pose"]
        health = view_health(s)
        huge = is_huge(s)
        pieces.append(Piece(
            s["id"], s["owner"], "huge" if huge else s["size"],
            Pose(pose["x"], pose["y"], pose["heading"]),
            s.get("round_initiative", s["initiative"]), tuple(map(tuple, stats["attacks"])),
            stats["agility"], printed_dial(s["ship"], factions[s["owner"]]),
            tuple(stats["actions"]), health, stats["cost"],
            {**s["tokens"], "force": s["force"]}, s["activated"], tuple(s["turret"]), s,
            float(s.get("length", HUGE_BASE_SHORT)) if huge else 0.0))
    return pieces


def table_of(pieces: list[Piece], view: dict[str, Any],
             moved: dict[str, Pose] | None = None, base: Table | None = None) -> Table:
    """The table of ``pieces`` and the view's obstacles and remotes, as geometry; a ship
    in ``moved`` stands where that says instead. ``base``: a table of the same view whose
    obstacles, remotes and ships not moved are taken as they are (read once, not again
    per ship)."""
    from tallon.agents.simple import features_from_view

    obstacles, devices = (base.obstacles, base.devices) if base is not None else \
        features_from_view(view)
    moved = moved or {}
    # a ship not moved is the base table's very object: what the geometry derived of it
    # there (its circles, its boxes) is not derived again
    kept = {s.id: s for s in base.ships} if base is not None else {}
    ships = tuple(kept[p.id] if p.id in kept and p.id not in moved
                  else HugeShip(p.id, moved.get(p.id, p.pose), length=p.length) if p.length
                  else Ship(p.id, moved.get(p.id, p.pose), BaseSize(p.size)) for p in pieces)
    return Table(ships=ships, obstacles=obstacles, devices=devices)


# ------------------------------------------------------------------ foreseen positions
@cache
def relative_end(size: str, code: str) -> tuple[float, float, float] | None:
    """Where a maneuver takes a ship of ``size`` on an empty table, relative to its start
    (forward, right, turn), or None for a maneuver the template set cannot fly."""
    try:
        maneuver = Maneuver.parse(code)
    except ValueError:
        return None
    table = Table(ships=(Ship("x", Pose(457.2, 457.2, 0.0), BaseSize(size)),))
    final = execute_maneuver(table, "x", maneuver).final
    return final.y - 457.2, final.x - 457.2, final.heading


#: A barrel roll's positions along the ship's side (RR: BARREL ROLL).
ROLL_POSITIONS = ("front", "middle", "back")


@cache
def roll_offsets(size: str) -> tuple[tuple[str, str, float, float], ...]:
    """Each place a barrel roll puts a base of ``size`` (side, position, and the move
    right and forward: the geometry's own offsets), in the order the ace judges them."""
    found = []
    for side in ("left", "right"):
        for position in ROLL_POSITIONS:
            try:
                (right, forward), _ = barrel_roll_geometry(
                    BaseSize(size), Side.parse(side), RollPosition.parse(position))
            except ValueError:
                continue
            found.append((side, position, right, forward))
    return tuple(found)


def foreseen_end(pose: Pose, size: str, code: str, length: float = 0.0) -> Pose | None:
    """The pose a maneuver would end in if nothing were in the way (a huge base ``length``
    long: with the huge ship maneuver tool)."""
    if length:
        return huge_end(pose, code, length)
    rel = relative_end(size, code)
    if rel is None:
        return None
    forward, right, turn = rel
    h = math.radians(pose.heading)
    sin, cos = math.sin(h), math.cos(h)
    return Pose(pose.x + forward * sin + right * cos, pose.y + forward * cos - right * sin,
                (pose.heading + turn) % 360.0)


def bearing(a: Pose, b: Pose) -> tuple[float, float, float]:
    """``b``'s centre seen from ``a``: (forward, right, centre distance)."""
    dx, dy = b.x - a.x, b.y - a.y
    h = math.radians(a.heading)
    sin, cos = math.sin(h), math.cos(h)
    return dx * sin + dy * cos, dx * cos - dy * sin, math.hypot(dx, dy)


def estimated_range(a: Piece | str, b: Piece | str, distance: float) -> int:
    """The range band (0-4, 4 meaning beyond 3) between two bases whose centres are
    ``distance`` apart."""
    gap = distance - 1.1 * (HALF_BASE[_size(a)] + HALF_BASE[_size(b)])
    if gap <= 0:
        return 0 if gap < -10 else 1
    return min(4, 1 + int(gap // RANGE_BAND))


def _size(p: Piece | str) -> str:
    return p if isinstance(p, str) else p.size


def in_estimated_arc(arc: str, size: str, forward: float, right: float, distance: float,
                     other_size: str) -> bool:
    """Whether a base of ``other_size`` whose centre is at (forward, right) from a ship of
    ``size`` is (at least partly) in the ship's ``arc``."""
    if arc in ("single_turret", "double_turret"):
        return True  # a turret can be turned to face it
    if distance < 1e-6:
        return True
    margin = math.degrees(math.atan2(HALF_BASE[other_size], distance))
    angle = math.degrees(math.atan2(right, forward))  # 0 ahead, clockwise positive
    if arc == "front":
        return abs(angle) <= HALF_ARC[size] + margin
    if arc == "rear":
        return abs(angle) >= 180.0 - HALF_ARC[size] - margin
    if arc == "full_front":
        return forward > -HALF_BASE[other_size]
    if arc == "full_rear":
        return forward < HALF_BASE[other_size]
    if arc == "bullseye":
        return forward > 0 and abs(right) <= HALF_BULLSEYE + HALF_BASE[other_size]
    if arc == "left":
        return right < 0 and abs(abs(angle) - 90.0) <= 45.0 + margin
    if arc == "right":
        return right > 0 and abs(abs(angle) - 90.0) <= 45.0 + margin
    return False


def shot(attacker: Piece, at: Pose, target_size: str, target_at: Pose
         ) -> tuple[int, int, bool] | None:
    """The best primary attack ``attacker`` standing at ``at`` would have on a base of
    ``target_size`` at ``target_at``: (attack value, range, bullseye), or None."""
    forward, right, distance = bearing(at, target_at)
    band = estimated_range(attacker.size, target_size, distance)
    if band > 3:
        return None
    best: tuple[int, int, bool] | None = None
    for arc, value in attacker.attacks:
        if in_estimated_arc(arc, attacker.size, forward, right, distance, target_size) and \
                (best is None or value > best[0]):
            best = (value, max(1, band), False)
    if best is not None and forward > 0 and abs(right) <= HALF_BULLSEYE + \
            HALF_BASE[target_size]:
        best = (best[0], best[1], True)
    return best


def _arc_holds(arc: str, half_arc: float, angle: float, margin: float, forward: float,
               right: float, other_half: float) -> bool:
    """:func:`in_estimated_arc` with the angles worked out already."""
    if arc == "front":
        return abs(angle) <= half_arc + margin
    if arc in ("single_turret", "double_turret"):
        return True
    if arc == "rear":
        return abs(angle) >= 180.0 - half_arc - margin
    if arc == "full_front":
        return forward > -other_half
    if arc == "full_rear":
        return forward < other_half
    if arc == "bullseye":
        return forward > 0 and abs(right) <= HALF_BULLSEYE + other_half
    if arc == "left":
        return right < 0 and abs(abs(angle) - 90.0) <= 45.0 + margin
    if arc == "right":
        return right > 0 and abs(abs(angle) - 90.0) <= 45.0 + margin
    return False


@dataclass(slots=True)
class Opponent:
    """One enemy as one of our ships meets it: where it may stand (x, y, sin and cos of
    its heading, weight), the expected damage of our attack on it per arc and range
    (index 1-3) and of its attacks on us."""

    half: float
    half_arc: float
    places: list[tuple[float, float, float, float, float]]
    ours: list[tuple[str, tuple[float, float, float, float]]]
    theirs: list[tuple[str, tuple[float, float, float, float]]]
    worth: float  # a point of damage on it against one on us (see :func:`worth`)
    #: read once, not per judgement: our damage by band when a front arc is all we
    #: attack with (the common case :func:`engagement` writes out), theirs alike, and
    #: the tangent inside their front arc (see :data:`_INSIDE`)
    front: tuple[float, float, float, float] | None = field(init=False)
    their_front: tuple[float, float, float, float] | None = field(init=False)
    their_cone: float = field(init=False)

    def __post_init__(self) -> None:
        self.front = _front_only(self.ours)
        self.their_front = _front_only(self.theirs)
        self.their_cone = _INSIDE[self.half_arc]


def _front_only(arcs: list[tuple[str, tuple[float, float, float, float]]]
                ) -> tuple[float, float, float, float] | None:
    return arcs[0][1] if len(arcs) == 1 and arcs[0][0] == "front" else None


def worth(ship: Piece) -> float:
    """What a point of damage on ``ship`` is worth: the mission points its destruction
    gives, over the damage that still takes (wounded and costly ships first)."""
    return max(1, ship.cost) / max(1, ship.health)


def spots_of(places: list[tuple[Pose, float]]
             ) -> list[tuple[float, float, float, float, float]]:
    """Where an enemy may stand as :class:`Opponent` holds it: (x, y, sine and cosine of
    its heading, weight) for each (pose, weight) of ``places``."""
    spots = []
    for (x, y, heading), weight in places:
        h = math.radians(heading)
        spots.append((x, y, math.sin(h), math.cos(h), weight))
    return spots


def opponent(ours: Piece, enemy: Piece, places: list[tuple[Pose, float]],
             attack: tuple[tuple[str, int], ...], guard: tuple[tuple[str, int], ...],
             ruleset: str = DEFAULT_RULESET,
             spots: list[tuple[float, float, float, float, float]] | None = None
             ) -> Opponent:
    """The tables :func:`engagement` reads for ``ours`` against ``enemy`` (the dice rolled
    under ``ruleset``'s rules). ``spots``: :func:`spots_of` ``places``, worked out already
    (opponents of one enemy share them)."""
    return Opponent(
        HALF_BASE[enemy.size], HALF_ARC[enemy.size],
        spots if spots is not None else spots_of(places),
        _damage_tables(ours.attacks, enemy.agility, attack, FOCUSED, ruleset),
        _damage_tables(enemy.attacks, ours.agility, FOCUSED, guard, ruleset),
        worth(enemy) / worth(ours))


@cache
def _damage_tables(attacks: tuple[tuple[str, int], ...], agility: int,
                   by: tuple[tuple[str, int], ...], against: tuple[tuple[str, int], ...],
                   ruleset: str = DEFAULT_RULESET
                   ) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each arc's expected damage by range (index 1-3) of ``attacks`` on ``agility``
    (shared, never changed: every planner of every position reads the same few)."""
    tables = []
    for arc, value in attacks:
        r1, r2, r3 = (expected_damage(value, agility, r, by, against, ruleset=ruleset)
                      for r in (1, 2, 3))
        tables.append((arc, (0.0, r1, r2, r3)))
    return tables


#: Arcs :func:`engagement` judges without the angle: turrets hold every bearing.
_ANY_BEARING = frozenset(("single_turret", "double_turret"))


def _best_in_arc(arcs: list[tuple[str, tuple[float, float, float, float]]], band: int,
                 half_arc: float, forward: float, right: float, distance: float,
                 other: float) -> float:
    """The most damage of ``arcs`` at ``band`` on a base of half-side ``other`` at
    (forward, right): :func:`_arc_holds` (a front arc as :func:`_beyond_front` tells
    it) with the angles worked out only when an arc that could beat the best so far
    needs them (they are the time this takes)."""
    best = 0.0
    angle = margin = 0.0
    angled = False
    for arc, damage in arcs:
        value = damage[band]
        if value <= best:
            continue
        if arc in _ANY_BEARING:
            best = value
            continue
        if arc == "front":
            if not _beyond_front(half_arc, forward, right, distance, other):
                best = value
            continue
        if not angled:
            angle = math.degrees(math.atan2(right, forward))
            margin = math.degrees(math.atan2(other, max(distance, 1e-6)))
            angled = True
        if _arc_holds(arc, half_arc, angle, margin, forward, right, other):
            best = value
    return best


#: For each half arc: the tangent of an angle a millionth inside it, and of one a
#: millionth beyond it. They tell whether a base is in a front arc without the angles
#: wherever the angles could not answer otherwise (the shortfall dwarfs their rounding):
#: see :func:`engagement` and :func:`_beyond_front`.
_INSIDE = {half_arc: math.tan(math.radians(half_arc)) * (1.0 - 1e-6)
           for half_arc in HALF_ARC.values()}
_OUTSIDE = {half_arc: math.tan(math.radians(half_arc)) * (1.0 + 1e-6)
            for half_arc in HALF_ARC.values()}


def _beyond_front(half_arc: float, forward: float, right: float, distance: float,
                  other: float) -> bool:
    """Whether a base of half-side ``other`` at (forward, right) is outside a front arc
    of ``half_arc``, as :func:`_arc_holds` judges it: its bearing beyond the half arc
    plus the margin the base's width gives. Ahead, the tangent of the bearing less the
    margin is (|right| distance - other forward) / (forward distance + |right| other),
    and the angles are worked out only when that is within a millionth of the arc's;
    at or behind the ship's line, only for a base nearer than ``other``."""
    if forward > 0.0:
        side = abs(right)
        across = side * distance - other * forward
        along = forward * distance + side * other
        if across > _OUTSIDE[half_arc] * along:
            return True
        if across < _INSIDE[half_arc] * along:
            return False
    elif distance > other:
        return True  # at or behind its line: the margin is under 45 degrees, the arc 90
    return abs(math.degrees(math.atan2(right, forward))) > half_arc + math.degrees(
        math.atan2(other, max(distance, 1e-6)))


def engagement(size: str, at: Pose, opponents: list[Opponent]
               ) -> tuple[float, float, float, float]:
    """For a ship of ``size`` standing at ``at``: (the expected damage of its best
    attack, the expected damage all ``opponents`` may deal it, the distance to the
    nearest, how squarely it faces that one: 1 ahead, -1 behind)."""
    x0, y0, heading = at
    h = math.radians(heading)
    sin, cos = math.sin(h), math.cos(h)
    half = HALF_BASE[size]
    half_arc = HALF_ARC[size]
    cone = _INSIDE[half_arc]
    hypot = math.hypot
    second, beyond = 2 * RANGE_BAND, 3 * RANGE_BAND
    offense = threat = 0.0
    nearest, aim = math.inf, 0.0
    for enemy in opponents:
        other = enemy.half
        reach = 1.1 * (half + other)
        mine = 0.0
        front, their_front = enemy.front, enemy.their_front
        for x, y, esin, ecos, weight in enemy.places:
            dx, dy = x - x0, y - y0
            distance = hypot(dx, dy)
            forward = dx * sin + dy * cos
            if distance < nearest:
                nearest, aim = distance, forward / (distance if distance > 1.0 else 1.0)
            gap = distance - reach
            if gap > beyond:
                continue
            # the band, 1 + gap // RANGE_BAND and 1 to 3, told by comparisons
            band = 1 if gap < RANGE_BAND else 2 if gap < second else 3
            right = dx * cos - dy * sin
            if front is not None:
                # inside the cone of _INSIDE a base is in the arc: no more to work out
                best = front[band]
                if best and (forward <= 0.0 or abs(right) > forward * cone) and \
                        _beyond_front(half_arc, forward, right, distance, other):
                    best = 0.0
            else:
                best = _best_in_arc(enemy.ours, band, half_arc, forward, right, distance,
                                    other)
            if best:
                mine += weight * best
            # and the enemy's view of us
            back_forward = -dx * esin - dy * ecos
            back_right = -dx * ecos + dy * esin
            if their_front is not None:
                worst = their_front[band]
                if worst and (back_forward <= 0.0
                              or abs(back_right) > back_forward * enemy.their_cone) \
                        and _beyond_front(enemy.half_arc, back_forward, back_right, distance,
                                          half):
                    worst = 0.0
            else:
                worst = _best_in_arc(enemy.theirs, band, enemy.half_arc, back_forward,
                                     back_right, distance, half)
            if worst:
                threat += weight * worst
        if mine * enemy.worth > offense:
            offense = mine * enemy.worth
    return offense, threat, nearest, aim


# ------------------------------------------------------------------------- the dice
def _tokens(focus: int = 0, lock: int = 0, evade: int = 0, calculate_: int = 0,
            force: int = 0, reinforce: int = 0) -> dict[str, int]:
    found = {"focus": focus, "lock": lock, "evade": evade, "calculate": calculate_,
             "force": force, "reinforce": reinforce}
    return {k: v for k, v in found.items() if v}


@cache
def expected_damage(dice: int, agility: int, attack_range: int = 2,
                    attacker: tuple[tuple[str, int], ...] = (),
                    defender: tuple[tuple[str, int], ...] = (),
                    obstructed: bool = False, ruleset: str = DEFAULT_RULESET) -> float:
    """Expected damage of a primary attack of ``dice`` against ``agility`` at
    ``attack_range``, both sides spending the tokens they hold as well as they can
    under ``ruleset``'s dice rules (the exact calculator; remembered)."""
    return float(damage_distribution(dice, agility, attack_range, attacker, defender,
                                     obstructed, ruleset)[0])


@cache
def damage_distribution(dice: int, agility: int, attack_range: int = 2,
                        attacker: tuple[tuple[str, int], ...] = (),
                        defender: tuple[tuple[str, int], ...] = (),
                        obstructed: bool = False, ruleset: str = DEFAULT_RULESET
                        ) -> tuple[Fraction, tuple[Fraction, ...]]:
    """(expected damage, P(damage = d) for d = 0, 1, ...) of such an attack."""
    if ruleset == DEFAULT_RULESET:
        attack = Attack(Combatant(max(0, dice), dict(attacker)),
                        Combatant(max(0, agility), dict(defender)),
                        attack_range=min(3, max(0, attack_range)), obstructed=obstructed)
    else:
        attack = ruled_attack(DICE_RULES[ruleset], max(0, dice), max(0, agility),
                              attack_range, attacker, defender, obstructed)
    result = calculate(attack)
    return result.expected_damage, tuple(result.damage)


def ruled_attack(rules: DiceRules, dice: int, agility: int, attack_range: int | None,
                 attacker: tuple[tuple[str, int], ...], defender: tuple[tuple[str, int], ...],
                 obstructed: bool = False) -> Attack:
    """A primary attack under ``rules`` (another ruleset than 2.5): only the tokens the
    rules know (:func:`known_tokens`), the range one they accept (the first edition has no
    range 0: it is read as 1), and the dice counted here (the range bonus, obstruction and
    what tokens do to the agility value: a cloak's +2, a tractor beam's -1) within the
    calculator's six a side, as the engine rolls at most six (``attack_range`` None:
    ``dice`` and ``agility`` are the dice rolled already)."""
    a_tokens = known_tokens(attacker, rules.attacker_tokens, rules)
    d_tokens = known_tokens(defender, rules.defender_tokens, rules)
    changing = {name for name, _ in rules.agility_per_token}
    if attack_range is not None:
        attack_range = min(rules.ranges[-1], max(rules.ranges[0], attack_range))
        bonus = rules.range_bonus(True, False)
        dice += 1 if attack_range == 1 and bonus else 0
        agility = rules.agility(agility, Tokens(dict(d_tokens))) + \
            (1 if attack_range == 3 and bonus else 0) + (1 if obstructed else 0)
    return Attack(Combatant(min(MAX_DICE, dice), dict(a_tokens)),
                  Combatant(min(MAX_DICE, agility),
                            {k: v for k, v in d_tokens if k not in changing}),
                  ruleset=rules.name)


def known_tokens(tokens: tuple[tuple[str, int], ...], known: tuple[str, ...],
                 rules: DiceRules) -> tuple[tuple[str, int], ...]:
    """``tokens`` less those ``rules`` do not know, within the most a ship holds."""
    limits = rules.token_limits
    return tuple((k, min(v, limits.get(k, v))) for k, v in tokens if k in known)


def attack_tokens(tokens: dict[str, int], locked: bool, ruleset: str = DEFAULT_RULESET
                  ) -> tuple[tuple[str, int], ...]:
    """The tokens of an attacker the calculator models under ``ruleset``, as a cache key."""
    found = {"focus": min(1, tokens.get("focus", 0)),
             "calculate": min(1, tokens.get("calculate", 0)),
             "force": min(2, tokens.get("force", 0)), "lock": 1 if locked else 0}
    if ruleset != DEFAULT_RULESET:
        known = DICE_RULES[ruleset].attacker_tokens
        found = {k: v for k, v in found.items() if k in known}
    return tuple(sorted((k, v) for k, v in found.items() if v))


def defense_tokens(tokens: dict[str, int], ruleset: str = DEFAULT_RULESET
                   ) -> tuple[tuple[str, int], ...]:
    """The tokens of a defender the calculator models under ``ruleset``, as a cache key
    (another ruleset's tokens changing the agility value too: the first edition's cloak
    and tractor beam tokens)."""
    found = {"focus": min(1, tokens.get("focus", 0)), "evade": min(2, tokens.get("evade", 0)),
             "calculate": min(1, tokens.get("calculate", 0)),
             "force": min(2, tokens.get("force", 0)),
             "reinforce": min(1, tokens.get("reinforce", 0))}
    if ruleset != DEFAULT_RULESET:
        rules = DICE_RULES[ruleset]
        found.update((name, min(MAX_DICE, tokens.get(name, 0)))
                     for name, _ in rules.agility_per_token)
        found = {k: v for k, v in found.items() if k in rules.defender_tokens}
    return tuple(sorted((k, v) for k, v in found.items() if v))


FOCUSED = (("focus", 1),)


__all__ = ["DEFAULT_RULESET", "FOCUSED", "HALF_BASE", "ROLL_POSITIONS", "Piece",
           "attack_tokens", "bearing", "damage_distribution", "defense_tokens",
           "estimated_range", "expected_damage", "foreseen_end", "in_estimated_arc",
           "known_tokens", "read_pieces", "relative_end", "roll_offsets", "ruled_attack",
           "shot", "shown_dial", "spots_of", "table_of", "view_health", "view_ruleset"]
