"""Where to fly: the ace's judgement of positions.

A :class:`Planner` reads one view. It foresees each enemy ship that has yet to move as a
few likely end positions with weights (its dial's maneuvers judged from its side: shots
on our ships, our arcs it would sit in, the edge), and scores a position for one of our
ships as the damage it expects to deal there minus the damage it expects to take, with
what the move costs: an action lost to a bump, an obstacle or a red maneuver, stress, the
edge of the table. In a scenario a position also earns what its objectives are worth
there (:mod:`tallon.agents.objectives`: mission points a round, and a pull towards the
nearest objective not reached), and a ship towing a supply cache weighs the damage it may
take more (a critical hit jettisons the cache). The most promising of the ship's own
maneuvers are then flown with the exact geometry (bumps, obstacles, fleeing).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from tallon.agents.edges import SIDE, difficulty_of, flee_within
from tallon.agents.huge import HugeFlight, flight_cost, fly, heading_out, huge_edge_gap, huge_end
from tallon.agents.objectives import Aim, Objectives
from tallon.agents.reading import (
    FOCUSED,
    HALF_BASE,
    Opponent,
    Piece,
    attack_tokens,
    defense_tokens,
    engagement,
    foreseen_end,
    opponent,
    read_pieces,
    relative_end,
    spots_of,
    table_of,
    view_ruleset,
)
from tallon.engine.dial_codes import STRESS_MANEUVER
from tallon.geometry import Bearing, Maneuver, Pose, Table, boost, execute_maneuver
from tallon.rulesets import RULES

#: Positions an enemy is foreseen at, at most.
FORESEEN = 4
#: How sharply the enemy's likely maneuvers are told apart (lower: more certain).
TEMPERATURE = 0.6
#: What being able to act after the move is worth, in expected damage.
ACTION_VALUE = 0.35
#: What bumping a friendly ship costs beyond the action (2.5, RR: OVERLAP:
#: an attack die rolled, a hit or critical result, 4 faces of 8, deals 1 damage).
FRIENDLY_BUMP_COST = 0.5
#: The farthest a maneuver foreseen for a hazard is taken to move a ship's centre (mm):
#: longer moves are checked against every obstacle.
MOVE_REACH = 300.0
#: How many of a ship's maneuvers are flown exactly, best estimates first.
EXACT_CANDIDATES = 4
#: The ship that must boost before revealing its dial (Adaptive Ailerons), and the pilot
#: who may choose not to.
AILERONS_SHIP, DUCHESS = "tieskstriker", "duchess"
#: The condition that changes how its ship executes banks, turns and straights.
SICKENING = "sickeningmaneuver"
#: Share of an enemy's expected damage counted against a ship it could shoot (it may
#: choose another target). 0.25 beat it in ace games (tools/ace_tuning.py), but the
#: master, which judges by the same share, then beat the ace 61.8%, not 71.5%
#: (docs/simulation.md): kept.
THREAT_SHARE = 0.35
#: What a stress token costs, in expected damage (an action lost, red maneuvers barred).
STRESS_COST = 0.45
#: What a mission point a round is worth, in expected damage, and what each range band
#: short of the nearest objective costs: by scenario (measured in ace-against-ace games
#: with and without them: holding a satellite of the array needs ships to stay, the
#: scenario actions only to pass by).
OBJECTIVE_WEIGHTS = {"satellite-array": (2.0, 0.3)}
OBJECTIVE_WEIGHT = (1.0, 0.12)
#: More of the damage a ship towing a supply cache may take is counted (a crit loses it).
TOWING_CAUTION = 0.35
#: What a position costs from which every maneuver of the ship's dial flees next round
#: (RR: FLEE: the ship is destroyed): more than any other difference between positions.
TRAPPED_COST = 8.0
#: What a position costs from which every maneuver flees or ends trapped (the ship flees
#: the round after next): a little less, since a round is a round more for the game to
#: end or the ship to be bumped out of it.
DOOMED_COST = 6.0

Foresight = dict[str, list[tuple[Pose, float]]]
#: Tokens as the calculator's cache keys take them: sorted (name, count) pairs.
Tokens = tuple[tuple[str, int], ...]


def with_tokens(base: Tokens, extra: Tokens) -> Tokens:
    """``base`` with the tokens of ``extra`` added (a lock at most one, others two)."""
    found = dict(base)
    for name, n in extra:
        found[name] = min(found.get(name, 0) + n, 1 if name == "lock" else 2)
    return tuple(sorted(found.items()))


def _edge_gap(pose: Pose, size: str, length: float = 0.0) -> float:
    if length:
        return huge_edge_gap(pose, length)
    half = HALF_BASE[size]
    return min(pose.x, pose.y, SIDE - pose.x, SIDE - pose.y) - half


def _approach(nearest: float) -> float:
    """How far a position ``nearest`` mm from the nearest of our ships is from them, in
    range bands beyond 2."""
    return max(0.0, nearest - 250.0) / 100.0


class Planner:
    """The positions of one view, judged for ``player``."""

    def __init__(self, view: dict[str, Any], player: int,
                 memory: dict[Any, Any] | None = None) -> None:
        self.view = view
        self.player = player
        #: the game's ruleset: the dice rules the expected damage is worked out with
        self.ruleset = view_ruleset(view)
        self.pieces = read_pieces(view)
        self.by_id = {p.id: p for p in self.pieces}
        self.mine = [p for p in self.pieces if p.owner == player]
        self.enemies = [p for p in self.pieces if p.owner != player]
        self._opponents: dict[Any, list[Opponent]] = {}
        #: where each ship's base stands: (id, x, y, half its side), for bumps foreseen
        self._bases: list[tuple[str, float, float, float]] | None = None
        #: the obstacles' bounding circles, for hazards foreseen
        self._circles: list[tuple[float, float, float]] | None = None
        #: the obstacles' circles a move from (x, y) of a base of half side h could
        #: reach, by (x, y, h) (:meth:`_likely_hazard`)
        self._near_circles: dict[tuple[float, float, float],
                                 list[tuple[float, float, float]]] = {}
        #: each enemy's foreseen places as :func:`spots_of` gives them (in enemy order)
        self._spots: list[list[tuple[float, float, float, float, float]]] | None = None
        #: the number of the enemies as this planner sees them (:meth:`_against`)
        self._enemies_seen: int | None = None
        #: our ships' places alike (each where it stands), for the enemies' view of us
        self._our_spots: list[list[tuple[float, float, float, float, float]]] | None = None
        #: each enemy's likely maneuvers with their weights (filled by :meth:`foresee`)
        self.likely_codes: dict[str, list[tuple[str, float]]] = {}
        #: what was foreseen of each enemy earlier (kept by the agent): an enemy that has
        #: not moved since is foreseen alike, whatever our ships did meanwhile
        self.memory = memory if memory is not None else {}
        self.foresight = self.foresee()
        self._table: Table | None = None
        self.objectives = Objectives(view, player)
        self._objective_weight = OBJECTIVE_WEIGHTS.get(view.get("scenario") or "",
                                                       OBJECTIVE_WEIGHT)
        #: each of our ships' aims (:meth:`aims`), given where the others will be
        self._aims: dict[str, list[Aim]] = {}

    def aims(self, ship: Piece, moved: dict[str, Pose] | None = None) -> list[Aim]:
        """Where the scenario's objectives make it worth taking ``ship``: our other ships
        where they stand (or will, per ``moved``), the enemies where most likely."""
        moved = moved or {}
        friends = [(p.size, moved.get(p.id, p.pose), p.id in moved or not p.activated)
                   for p in self.mine if p.id != ship.id]
        enemies = [(e.size, self.foresight.get(e.id, [(e.pose, 1.0)])[0][0])
                   for e in self.enemies]
        found = self.objectives.aims(ship.id, ship.size, friends, enemies)
        self._aims[ship.id] = found
        return found

    @property
    def table(self) -> Table:
        if self._table is None:
            self._table = table_of(self.pieces, self.view)
        return self._table

    # --------------------------------------------------------------- the enemy's moves
    def foresee(self) -> Foresight:
        """Each enemy's likely poses after its move (its pose now once it has moved)."""
        found: Foresight = {}
        for enemy in self.enemies:
            if enemy.activated or not enemy.dial:
                found[enemy.id] = [(enemy.pose, 1.0)]
                continue
            key = (self.view["round"], enemy.id, enemy.pose, enemy.stressed)
            if key in self.memory:
                found[enemy.id], self.likely_codes[enemy.id] = self.memory[key]
                continue
            scored = self.enemy_maneuvers(enemy)
            if not scored:
                found[enemy.id] = [(enemy.pose, 1.0)]
                continue
            scored.sort(key=lambda item: -item[0])
            top = scored[:FORESEEN]
            best = top[0][0]
            weights = [math.exp((s - best) / TEMPERATURE) for s, _, _ in top]
            total = sum(weights)
            found[enemy.id] = [(end, w / total) for (_, end, _), w in zip(top, weights,
                                                                           strict=True)]
            self.likely_codes[enemy.id] = [(code, w / total) for (_, _, code), w
                                           in zip(top, weights, strict=True)]
            self.memory[key] = (found[enemy.id], self.likely_codes[enemy.id])
        return found

    def enemy_maneuvers(self, enemy: Piece) -> list[tuple[float, Pose, str]]:
        """Each maneuver ``enemy`` may set, from where it stands, as (how good its end
        looks to the enemy, the end foreseen, the maneuver); those that flee left out."""
        scored = []
        for code in unstressed_codes(enemy):
            end = foreseen_end(enemy.pose, enemy.size, code, enemy.length)
            if end is None or _edge_gap(end, enemy.size, enemy.length) < 0:
                continue
            scored.append((self._enemy_view(enemy, end, code), end, code))
        return scored

    def our_opponents(self, enemy: Piece, attack: Tokens = FOCUSED,
                      guard: Tokens = FOCUSED) -> list[Opponent]:
        """Our ships where they stand, as :func:`engagement` reads them for ``enemy``
        attacking with ``attack`` and defending with ``guard`` (ours hold a focus token)
        (in the order of :attr:`mine`)."""
        key = enemy.id if attack == FOCUSED and guard == FOCUSED else (enemy.id, attack,
                                                                         guard)
        ours = self._opponents.get(key)
        if ours is None:
            if self._our_spots is None:  # where our ships stand, shared by every enemy
                self._our_spots = [spots_of([(mine.pose, 1.0)]) for mine in self.mine]
            ours = self._opponents[key] = [
                opponent(enemy, mine, [(mine.pose, 1.0)], attack, guard, self.ruleset,
                         spots)
                for mine, spots in zip(self.mine, self._our_spots, strict=True)]
        return ours

    def _enemy_view(self, enemy: Piece, end: Pose, code: str) -> float:
        """How good ``end`` looks to the enemy against our ships where they are now."""
        ours = self.our_opponents(enemy)
        reach = HALF_BASE[enemy.size]
        if self._bases is None:
            self._bases = [(p.id, p.pose.x, p.pose.y, HALF_BASE[p.size]) for p in self.pieces]
        x, y, hypot = end.x, end.y, math.hypot
        for i, px, py, half in self._bases:
            if i != enemy.id and hypot(x - px, y - py) < reach + half:
                return -2.0  # it would bump: it ends short, without an action
        offense, threat, nearest, _ = engagement(enemy.size, end, ours)
        score = offense - THREAT_SHARE * threat
        if offense == 0.0 and self.mine:
            # the nearest of our ships, each at one place: engagement measured it already
            score -= _approach(nearest) * 0.5
        difficulty = difficulty_of(code)
        if difficulty == "R":
            score -= 0.5
        elif difficulty == "B" and enemy.stressed:
            score += 0.4
        gap = _edge_gap(end, enemy.size)
        if gap < 60:
            score -= (60 - gap) / 40
        return score

    # ------------------------------------------------------------------- our positions
    def position_value(self, ship: Piece, at: Pose, can_act: bool,
                       tokens: tuple[tuple[str, int], ...] | None = None,
                       guard: tuple[tuple[str, int], ...] = (), armed: bool = True,
                       stressed: bool = False) -> float:
        """Expected damage dealt minus taken for ``ship`` standing at ``at`` against the
        enemies where they are foreseen, plus staying on the table and closing in.
        ``tokens`` are what it attacks with (focus if it ``can_act``, when not given),
        ``guard`` what it defends with. Not ``armed`` (a disarm token), it deals none and
        the position is judged for what it suffers alone, without the pull to close in.
        ``stressed``: the ship will be next round, its red maneuvers barred (no escape)."""
        attack_tokens = tokens if tokens is not None else (FOCUSED if can_act else ())
        offense, threat, nearest, aim = engagement(
            ship.size, at, self._opponents_for(ship, attack_tokens, guard))
        if not armed:
            offense = 0.0
        score = offense - THREAT_SHARE * threat
        if offense == 0.0 and armed and nearest < math.inf:
            score -= max(0.0, nearest - 250.0) / 250.0
            score += 0.15 * aim
        if self.objectives.active:
            aims = self._aims.get(ship.id)
            if aims is None:
                aims = self.aims(ship)
            gain, short = self.objectives.value(aims, ship.size, at, can_act)
            weight, pull = self._objective_weight
            score += weight * gain - pull * short
            if ship.id in self.objectives.towing:
                score -= TOWING_CAUTION * threat
        if ship.length:
            gap = huge_edge_gap(at, ship.length)
            if gap < 50:
                score -= (50 - gap) / 25
            if heading_out(at, ship.length):
                score -= 0.8  # a huge ship turns slowly: pointing out, it runs out of room
            return score
        # _edge_gap and foreseen_end(at, size, "2F"), written out (the hottest caller)
        x, y, heading = at
        half = HALF_BASE[ship.size]
        gap = min(x, y, SIDE - x, SIDE - y) - half
        if gap < 50:
            score -= (50 - gap) / 25
        rel = relative_end(ship.size, "2F")
        if rel is not None:
            forward, right, _ = rel
            h = math.radians(heading)
            sin, cos = math.sin(h), math.cos(h)
            ahead_x = x + forward * sin + right * cos
            ahead_y = y + forward * cos - right * sin
            if min(ahead_x, ahead_y, SIDE - ahead_x, SIDE - ahead_y) - half < 0:
                score -= 0.4  # heading off the table: next round's dial narrows
                flees = flee_within(at, ship.size, ship.dial, 2, stressed)
                if flees == 1:
                    score -= TRAPPED_COST  # and perhaps to nothing
                elif flees == 2:
                    score -= DOOMED_COST
        return score

    def held_tokens(self, ship: Piece, tokens: dict[str, int] | None = None
                    ) -> tuple[Tokens, Tokens]:
        """The tokens ``ship`` attacks and defends with now (or with ``tokens`` instead of
        its own), as the calculator models them (a view's "locks" are the objects a ship
        has locked: engine/view.py)."""
        locked = any(e.id in ship.raw["locks"] for e in self.enemies)
        held = ship.tokens if tokens is None else tokens
        return (attack_tokens(held, locked, self.ruleset),
                defense_tokens(held, self.ruleset))

    def offense(self, ship: Piece, at: Pose, tokens: tuple[tuple[str, int], ...],
                guard: tuple[tuple[str, int], ...]) -> float:
        """The expected damage of ``ship``'s best attack from ``at`` (0: it has no shot)."""
        return engagement(ship.size, at, self._opponents_for(ship, tokens, guard))[0]

    def _opponents_for(self, ship: Piece, tokens: tuple[tuple[str, int], ...],
                       guard: tuple[tuple[str, int], ...]) -> list[Opponent]:
        key = (ship.id, ship.agility, tokens, guard)
        opponents = self._opponents.get(key)
        if opponents is None:
            opponents = self._opponents[key] = self._against(ship, tokens, guard)
        return opponents

    def _against(self, ship: Piece, attack: tuple[tuple[str, int], ...],
                 guard: tuple[tuple[str, int], ...]) -> list[Opponent]:
        """The enemies as :func:`engagement` reads them for ``ship``, shared by every
        planner of the round that sees the same ships foreseen alike (each decision has
        a planner of its own, and most ask about the same few)."""
        places = [self.foresight.get(enemy.id, [(enemy.pose, 1.0)]) for enemy in self.enemies]
        if self._enemies_seen is None:
            # the enemies as seen (their cards and foreseen places), numbered once per
            # planner: a short key for every ship and token asked about
            seen = self.memory.setdefault("enemies seen", {})
            self._enemies_seen = seen.setdefault(
                tuple((e.id, e.size, e.attacks, e.agility, e.cost, e.health, tuple(at))
                      for e, at in zip(self.enemies, places, strict=True)), len(seen))
        key = ("against", self.ruleset, ship.id, ship.attacks, ship.agility, ship.cost,
               ship.health, attack, guard, self._enemies_seen)
        found = self.memory.get(key)
        if found is None:
            spots = self._spots
            if spots is None:  # each enemy's, shared by all our ships' opponents
                spots = self._spots = [spots_of(at) for at in places]
            found = self.memory[key] = [
                opponent(ship, enemy, at, attack, guard, self.ruleset, spot)
                for enemy, at, spot in zip(self.enemies, places, spots, strict=True)]
        return found

    def maneuver_value(self, ship: Piece, code: str, exact: bool,
                       table: Table | None = None, armed: bool = True
                       ) -> tuple[float, Pose | None]:
        """A maneuver's value for ``ship`` and where it ends: flown exactly on ``table``
        (``exact``), or its end foreseen as if nothing were in the way; not ``armed``,
        the end is judged as :meth:`position_value` judges a disarmed ship's."""
        if ship.length:
            return self._huge_value(ship, code, exact, table)
        flown = self.flown(ship, code, exact, table)
        if flown is None:
            return -100.0, None
        end, can_act, penalty = flown
        difficulty = difficulty_of(code)
        stressed = difficulty == "R" or (ship.stressed and difficulty != "B")
        value = self.position_value(ship, end, can_act, armed=armed,
                                    stressed=stressed) - penalty
        return value + (ACTION_VALUE if can_act else 0.0), end

    def flown(self, ship: Piece, code: str, exact: bool, table: Table | None
              ) -> tuple[Pose, bool, float] | None:
        """Where a maneuver puts ``ship`` (flown exactly on ``table`` or foreseen),
        whether it may act after it and what the move costs beyond the position (its
        difficulty, a bump, obstacles); None if it flees."""
        if difficulty_of(code) == "P" and not ship.raw["force"]:
            # RR: ACTIVATION PHASE - without the Force to spend, the stress maneuver instead
            code = STRESS_MANEUVER
        difficulty = difficulty_of(code)
        can_act = difficulty != "R" and not (ship.stressed and difficulty != "B")
        penalty = 0.0
        if difficulty == "R":
            penalty += 0.45
        elif difficulty == "B" and ship.stressed:
            penalty -= 0.45
        if exact:
            maneuver, sideslip = Maneuver.parse(code), False
            if SICKENING in ship.raw["conditions"] and maneuver.bearing.value in "FBNTY":
                # the condition flies a straight as a red Koiogran turn, a bank or turn as
                # a sideslip for a strain token
                sideslip = maneuver.bearing is not Bearing.STRAIGHT
                if not sideslip:
                    maneuver, can_act = Maneuver.parse(f"{maneuver.speed}KR"), False
                penalty += 0.2 if sideslip else 0.45
            outcome = execute_maneuver(table or self.table, ship.id, maneuver,
                                       sideslip=sideslip)
            if outcome.fled:
                return None
            end = outcome.final
            if outcome.forced_by:  # a bump: no Perform Action step
                can_act = False
                penalty += self._bump_cost(ship, outcome.forced_by)
            if outcome.overlapping:
                can_act = False
                penalty += 0.2
            if outcome.hazards:
                can_act = False
                penalty += 0.8 * len(outcome.hazards)
        else:
            foreseen = foreseen_end(ship.pose, ship.size, code)
            if foreseen is None or _edge_gap(foreseen, ship.size) < -HALF_BASE[ship.size]:
                return None
            end = foreseen
            if self._likely_hazard(ship, end):
                can_act = False
                penalty += 0.8
        return end, can_act, penalty

    def _bump_cost(self, ship: Piece, bumped: tuple[str, ...]) -> float:
        """What bumping the ships ``bumped`` costs ``ship`` beyond its action: the die a
        friendly bump rolls, under rules with bump effects (not the first edition's)."""
        if not RULES[self.ruleset].bump_effects:
            return 0.0
        friends = any(p.owner == ship.owner for p in self.pieces if p.id in bumped)
        return FRIENDLY_BUMP_COST if friends else 0.0

    def _huge_value(self, ship: Piece, code: str, exact: bool, table: Table | None
                    ) -> tuple[float, Pose | None]:
        """:meth:`maneuver_value` for a huge ship: flown with the huge ship maneuver tool,
        what its final base lands on costing what the appendix makes it cost
        (:func:`tallon.agents.huge.flight_cost`); foreseen, an obstacle whose circle
        reaches the end counts as landed on."""
        if exact:
            flight = fly(table or self.table, ship.id, code)
            if flight.fled:
                return -100.0, None
        else:
            end = huge_end(ship.pose, code, ship.length)
            if end is None or huge_edge_gap(end, ship.length) < 0:
                return -100.0, None
            reach = ship.length / 2
            hit = tuple(o.type for o in self.table.obstacles
                        if math.hypot(end.x - o.circle[0], end.y - o.circle[1])
                        < o.circle[2] + reach * 0.6)
            flight = HugeFlight(end, False, 0, (), (), hit)
        owners = {p.id: p.owner for p in self.pieces}
        sizes = {p.id: p.size for p in self.pieces}
        cost, can_act = flight_cost(flight, code, ship.raw, owners, sizes)
        value = self.position_value(ship, flight.final, can_act) - cost
        return value + (ACTION_VALUE if can_act else 0.0), flight.final

    def _likely_hazard(self, ship: Piece, end: Pose) -> bool:
        """Whether a move ending at ``end`` likely lands on or crosses an obstacle (its
        bounding circle reaches the end or the midpoint of the move)."""
        half = HALF_BASE[ship.size]
        start_x, start_y = ship.pose.x, ship.pose.y
        mid_x, mid_y = (start_x + end.x) / 2, (start_y + end.y) / 2
        if self._circles is None:
            self._circles = [obstacle.circle for obstacle in self.table.obstacles]
        hypot = math.hypot
        circles = self._circles
        if hypot(end.x - start_x, end.y - start_y) <= MOVE_REACH:
            # only the obstacles a move this long could reach (the triangle inequality,
            # with a millimetre to spare for rounding), found once per start
            key = (start_x, start_y, half)
            near = self._near_circles.get(key)
            if near is None:
                near = self._near_circles[key] = [
                    (x, y, r) for x, y, r in circles
                    if hypot(start_x - x, start_y - y) < r + half + MOVE_REACH + 1.0]
            circles = near
        for x, y, r in circles:
            if hypot(end.x - x, end.y - y) < r + half or \
                    hypot(mid_x - x, mid_y - y) < r + half * 0.5:
                return True
        return False

    def best_maneuver(self, ship_id: str, codes: list[str], rng: random.Random,
                      moved: dict[str, Pose] | None = None) -> tuple[str, Pose | None]:
        """The best of ``codes`` for the ship and where it ends: all estimated, the best
        few flown exactly on the table with the ships in ``moved`` where it says (our
        ships that move before it), and more while every one flown flees."""
        code, _, end = self._best(self.by_id[ship_id], codes, rng, moved)
        return code, end

    def _best(self, ship: Piece, codes: list[str], rng: random.Random,
              moved: dict[str, Pose] | None) -> tuple[str, float, Pose | None]:
        if self.objectives.active:
            self.aims(ship, moved)
        rough = sorted(codes, key=lambda c: -self.maneuver_value(ship, c, False)[0])
        best, best_value, best_end = rough[0], -math.inf, None
        table = table_of(self.pieces, self.view, moved, self.table) if moved else self.table
        boosts = self._boosts_first(ship, table, moved or {})
        for tried, code in enumerate(rough):
            if tried >= EXACT_CANDIDATES and best_end is not None:
                break  # past the best few, only while every one flown flees
            value, end = max((self.maneuver_value(ship, code, True, t) for t in boosts),
                             key=lambda found: found[0]) if boosts else \
                self.maneuver_value(ship, code, True, table)
            value += rng.random() * 0.01
            if value > best_value:
                best, best_value, best_end = code, value, end
        return best, best_value, best_end

    def _boosts_first(self, ship: Piece, table: Table, moved: dict[str, Pose]
                      ) -> list[Table]:
        """A TIE/sk striker's Adaptive Ailerons boost before its dial is revealed, unless
        stressed (\"Duchess\" may not): the tables with the ship where each boost that does
        not fail puts it (its dial flown from the best of them); [] for any other ship."""
        if ship.raw["ship"] != AILERONS_SHIP or ship.stressed or ship.raw["pilot"] == DUCHESS:
            return []
        return [boosted for _, boosted in self.boosted(ship, table, moved)]

    def boosted(self, ship: Piece, table: Table, moved: dict[str, Pose],
                keys: tuple[str, ...] | list[str] = ("left", "straight", "right")
                ) -> list[tuple[str, Table]]:
        """Each boost of ``keys`` that does not fail on ``table`` (RR: BOOST), and the
        table with the ships of ``moved`` and ``ship`` where it puts it."""
        ends = [(key, found.final) for key in keys
                if not (found := boost(table, ship.id, key)).fails()]
        return [(key, table_of(self.pieces, self.view, {**moved, ship.id: end}, self.table))
                for key, end in ends]

    def plan_dials(self, codes_for: Callable[[Piece], list[str]], rng: random.Random
                   ) -> dict[str, tuple[str, Pose | None]]:
        """Every dial of our ships yet to move, planned together in the order they will
        move (each flown past where the ships before it will be, the enemies that move
        first where most likely): each ship's maneuver among ``codes_for(ship)`` and where
        it ends (None: it flees). A ship that would flee because a friend's planned end
        is in its way asks that friend to make way (:meth:`_make_way`)."""
        mine = sorted((p for p in self.mine if not p.activated),
                      key=lambda p: (p.initiative, p.id))
        moved: dict[str, Pose] = {}
        plan: dict[str, tuple[str, Pose | None]] = {}
        early = [(e.initiative, self.foresight[e.id][0][0], e.id) for e in self.enemies
                 if not e.activated and e.id in self.foresight]
        for ship in mine:
            codes = codes_for(ship)
            if not codes:
                continue
            ahead = {i: pose for initiative, pose, i in early if initiative < ship.initiative}
            code, _, end = self._best(ship, codes, rng, {**ahead, **moved})
            if end is None and moved:
                code, end = self._make_way(ship, code, codes, codes_for, rng, ahead, moved,
                                           plan)
            plan[ship.id] = (code, end)
            if end is not None:
                moved[ship.id] = end
        return plan

    def _make_way(self, ship: Piece, planned: str, codes: list[str],
                  codes_for: Callable[[Piece], list[str]], rng: random.Random,
                  ahead: dict[str, Pose], moved: dict[str, Pose],
                  plan: dict[str, tuple[str, Pose | None]]) -> tuple[str, Pose | None]:
        """``ship`` flees past where our ships before it will be: each of those friends'
        other likely maneuvers is tried, and the pair worth most where ``ship`` stays on
        the table is taken (the friend's plan changed in ``plan`` and ``moved``); else
        ``planned``, fleeing."""
        found: tuple[float, str, str, Pose, str, Pose] | None = None
        for friend_id in list(moved):
            friend = self.by_id[friend_id]
            others = {i: pose for i, pose in moved.items() if i != friend_id}
            table = table_of(self.pieces, self.view, {**ahead, **others}, self.table)
            rough = sorted((c for c in codes_for(friend) if c != plan[friend_id][0]),
                           key=lambda c: -self.maneuver_value(friend, c, False)[0])
            for code in rough[:EXACT_CANDIDATES]:
                value, end = self.maneuver_value(friend, code, True, table)
                if end is None:
                    continue
                own, own_value, own_end = self._best(
                    ship, codes, rng, {**ahead, **others, friend_id: end})
                if own_end is not None and (found is None or value + own_value > found[0]):
                    found = (value + own_value, friend_id, code, end, own, own_end)
        if found is None:
            return planned, None
        _, friend_id, code, end, own, own_end = found
        plan[friend_id] = (code, end)
        moved[friend_id] = end
        return own, own_end


def unstressed_codes(ship: Piece) -> list[str]:
    """The maneuvers of ``ship``'s dial it may set: no red one while it is stressed."""
    if not ship.stressed:
        return list(ship.dial)
    return [c for c in ship.dial if difficulty_of(c) != "R"]


__all__ = ["STRESS_COST", "THREAT_SHARE", "Foresight", "Planner", "Tokens", "unstressed_codes",
           "with_tokens"]
