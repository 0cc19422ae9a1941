"""Setup (RR: SETUP steps 1-6): gather forces, player order, play area, obstacles, forces,
damage decks; then the first round begins.

Placing obstacles and ships are decisions: each lists a sensible set of candidate
placements and also accepts any other placement the rules allow ("free" answers, checked
here and refused with the rule that fails).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from tallon.data import load_cards
from tallon.engine.action_bodies import turret_arc_allowed, turret_arcs_for
from tallon.engine.chance import RollForFirstPlayer
from tallon.engine.decisions import Decision, Option, Value, pose_key
from tallon.engine.deployment import (
    deployment_spots,
    placement_pose,
    ship_option,
    ship_placement_problem,
)
from tallon.engine.docking import setup_docking_steps
from tallon.engine.effects import flip_upgrade
from tallon.engine.environments import extra_obstacles, mark_shower, obstacle_turns
from tallon.engine.environments import setup_steps as environment_setup_steps
from tallon.engine.loadout import build_ship, has_turret_indicator, unplayable
from tallon.engine.mission_setup_1e import mission_initiative, mission_setup_steps
from tallon.engine.queue import FireWindow, named, own_modifiers
from tallon.engine.reserve import start_in_reserve
from tallon.engine.rounds import StartRound
from tallon.engine.scenario_play import PlaceFeatures, overlapped_feature
from tallon.engine.scenarios import scenario_of
from tallon.engine.state import ION_THRESHOLD, GameState, PlayerState, ShipState, opponent
from tallon.engine.steps import ChoiceStep, Step, continuation
from tallon.geometry import (
    Arc,
    Obstacle,
    Pose,
    obstacle_outline,
    obstacle_outlines,
)
from tallon.geometry.constants import EPS, PLAY_AREA_SIDE, RANGE_BAND_LENGTH
from tallon.geometry.ranges import pieces_distance
from tallon.rulesets import ruleset_rules

if TYPE_CHECKING:
    from tallon.engine.game import Game, GameSetup

#: Obstacles used when a squad names none (three each, as in a tournament).
DEFAULT_OBSTACLES = (("core2asteroid0", "core2asteroid4", "core2debris0"),
                     ("core2asteroid2", "core2debris1", "gascloud2"))
#: The first edition's: the core set's six asteroids, three each (their outlines are the
#: six asteroids Tallon measures: docs/rulings.md, "First edition: play").
DEFAULT_OBSTACLES_1E = (("core2asteroid0", "core2asteroid1", "core2asteroid2"),
                        ("core2asteroid3", "core2asteroid4", "core2asteroid5"))


# ------------------------------------------------------------------ gather forces
class SetupError(ValueError):
    """The game can't be set up as asked (names the squad, card and reason); ``problems``
    lists each problem on its own when there are several."""

    def __init__(self, message: str, problems: list[str] | tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problems: tuple[str, ...] = tuple(problems) or (message,)


def build_state(setup: GameSetup) -> GameState:
    """The state after Gather Forces; checks the squads can be played."""
    problems = []
    for k, squad in enumerate(setup.squads):
        if not squad.ships:
            problems.append(f"squad {k + 1} has no ships")
        if squad.faction is None:
            problems.append(f"squad {k + 1} names no faction")
        problems.extend(f"squad {k + 1}: {p}" for p in unplayable(squad, setup.cards))
    rules = ruleset_rules(setup.ruleset)
    deck = load_cards().damage_deck(setup.damage_deck or rules.damage_decks[0])
    problems.extend(f"the damage deck {deck.name}: {card.title} ({card.id}) is not "
                    "implemented by the engine yet" for card in deck.cards
                    if not setup.cards.implements("damage", card.id))
    if problems:
        raise SetupError("; ".join(problems), problems)
    ships: dict[str, ShipState] = {}
    players = []
    defaults = DEFAULT_OBSTACLES if rules.scenarios else DEFAULT_OBSTACLES_1E
    for owner, squad in enumerate(setup.squads, start=1):
        points = 0
        for number, entry in enumerate(squad.ships, start=1):
            ship = build_ship(owner, number, entry, rules.upgrades_cost_squad_points)
            if rules.ion_threshold is not None:
                ship.remember(ION_THRESHOLD, rules.ion_threshold)
            ships[ship.id] = ship
            points += ship.cost
        obstacles = tuple(squad.obstacles) if len(squad.obstacles) == 3 else \
            defaults[owner - 1]
        for obstacle_id in obstacles:
            problem = setup_obstacle_problem(obstacle_id)
            if problem is not None:
                raise SetupError(f"squad {owner}: {problem}")
        players.append(PlayerState(owner, squad.faction or "", squad.name or f"Player "
                                   f"{owner}", points, obstacles=obstacles))
    return GameState(players, ships, random.Random(setup.seed), last_round=setup.rounds,
                     # a first-edition mission is read from the setup (missions_1e.py)
                     scenario=None if rules.missions else setup.scenario,
                     environment=setup.environment)


# ---------------------------------------------------------------- the setup steps
@dataclass(frozen=True)
class StartGame(Step):
    """RR: SETUP - the player-order roll (a chance step), then the rest of the setup."""

    def run(self, game: Game) -> Decision | None:
        first = initiative_by_squads(game) if game.rules.fixed_initiative else None
        if first is not None:
            _first_player(game, first)
            return None
        game.push(RollForFirstPlayer("setup.first_player"))
        return None


def initiative_by_squads(game: Game) -> int | None:
    """Rulebook (1e), Initiative When Squad Building: the player with the lower squad point
    total has initiative; with equal totals, the Imperial player; None when neither rule
    decides (equal totals and no Imperial squad, or two): the players roll for it."""
    mission = mission_initiative(game)  # a mission's pre-determined ships: the Imperial
    if mission is not None:
        return mission
    points = [p.squad_points for p in game.state.players]
    if points[0] != points[1]:
        return 1 if points[0] < points[1] else 2
    imperial = [p.number for p in game.state.players if p.faction == "galacticempire"]
    return imperial[0] if len(imperial) == 1 else None


@continuation("setup.first_player")
def _first_player(game: Game, first: int) -> None:
    """RR: SETUP steps 2-6 once the first player is known."""
    s = game.state
    s.first_player = first
    for p in s.players:
        # RR: DEFICIT - each player earns the opponent's deficit
        other = s.player(opponent(p.number))
        p.mission_points += max(0, 20 - other.squad_points)
    game.event("setup", f"Player {s.first_player} is the first player" + (
        " (the red player)" if (scenario := scenario_of(game)) and scenario.colours else ""))
    order = s.player_order()
    mission = mission_setup_steps(game)  # rulebook (1e): a mission places its own forces
    turns = [order[k % 2] for k in range(obstacle_turns(game))] if mission is None else []
    steps: list[Step] = [FireWindow.of("gather_forces"), PlaceFeatures()] if scenario else \
        [FireWindow.of("gather_forces")]
    steps += [PlaceObstacle(player) for player in turns]
    steps += environment_setup_steps(game)  # an environment card's devices
    steps += setup_docking_steps(game)  # RR: DOCK - declared before Place Forces
    if "before_place_forces" in named(game):
        # a step only when a card could listen: other games keep their state hashes
        steps.append(FireWindow.of("before_place_forces"))
    steps += [PlaceForces()] if mission is None else mission
    steps.append(PrepareDecks())
    if "end_setup" in named(game):
        # "at the end of Setup" (Saboteur's Map): a step only when a card could listen
        steps.append(FireWindow.of("end_setup"))
    steps.append(StartRound())
    game.push(*steps)


def setup_obstacle_problem(obstacle_id: str) -> str | None:
    """Why this id can't be placed as a setup obstacle, or None: an obstacle that cards
    place during the game (an electro-chaff cloud) is not one."""
    try:
        obstacle_outline(obstacle_id)
    except KeyError as error:
        return str(error.args[0])
    if obstacle_id not in obstacle_outlines():
        return f"{obstacle_id!r} is placed by cards during the game, not during setup"
    return None


def remaining_obstacles(game: Game) -> list[str]:
    """The obstacles of both players not yet on the table (a copy each player brings
    counts once per player)."""
    placed = Counter(o.outline_id for o in game.state.obstacles)
    pool: list[str] = []
    for p in game.state.player_order():
        pool.extend(game.state.player(p).obstacles)
    pool.extend(extra_obstacles(game))  # an environment card's
    remaining = []
    for obstacle_id in pool:
        if placed[obstacle_id]:
            placed[obstacle_id] -= 1  # this copy is on the table (two players may bring one)
            continue
        remaining.append(obstacle_id)
    return remaining


def obstacle_problem(game: Game, obstacle_id: str, pose: Pose, edges: bool = True
                     ) -> str | None:
    """Why an obstacle can't go here (RR: SETUP step 4), or None. ``edges=False`` skips
    the edge test for spots already known to be clear of the edges."""
    problem = setup_obstacle_problem(obstacle_id)
    if problem is not None:
        return problem
    outline = obstacle_outline(obstacle_id)
    obstacle: Obstacle | None = None
    if edges:
        obstacle = Obstacle("probe", pose, obstacle_id)
        limit = 2 * RANGE_BAND_LENGTH
        for piece in obstacle.range_pieces:
            for x, y in piece:
                if not (limit < x < PLAY_AREA_SIDE - limit and
                        limit < y < PLAY_AREA_SIDE - limit):
                    return "it must be beyond range 2 of every edge of the play area"
    for other in game.state.obstacles if game.rules.obstacle_spacing else ():
        centres = math.hypot(pose.x - other.pose.x, pose.y - other.pose.y)
        if centres - outline.outer_radius - other.outline.outer_radius > \
                RANGE_BAND_LENGTH + EPS:
            continue  # even their farthest points are beyond range 1 of each other
        if centres - outline.inner_radius - other.outline.inner_radius <= RANGE_BAND_LENGTH:
            # the disks inside both outlines are already within range 1
            return f"it must be beyond range 1 of the other obstacles ({other.id})"
        if obstacle is None:
            obstacle = Obstacle("probe", pose, obstacle_id)
        if pieces_distance(obstacle.range_pieces, other.range_pieces) <= \
                RANGE_BAND_LENGTH + EPS:
            return f"it must be beyond range 1 of the other obstacles ({other.id})"
    feature = overlapped_feature(game, Obstacle("probe", pose, obstacle_id))
    if feature is not None:  # a scenario's rule
        return f"obstacles cannot be placed overlapping a scenario feature ({feature.id})"
    return None


def _parse_placement(value: Value, keys: tuple[str, ...]) -> dict[str, Any] | str:
    if not isinstance(value, dict):
        return "expected an object with " + ", ".join(keys)
    missing = [k for k in keys if k not in value]
    if missing:
        return "missing " + ", ".join(missing)
    return value


@cache
def _edge_legal_spots(obstacle_id: str) -> tuple[Pose, ...]:
    """Poses on a grid where the obstacle is beyond range 2 of every edge, in a fixed
    shuffled order (computed once per outline)."""
    limit = 2 * RANGE_BAND_LENGTH
    spots = []
    for rotation in (0.0, 45.0, 90.0, 135.0):
        for x in range(210, 710, 15):
            for y in range(210, 710, 15):
                pose = Pose(float(x), float(y), rotation)
                pieces = Obstacle("probe", pose, obstacle_id).range_pieces
                if all(limit < px < PLAY_AREA_SIDE - limit and limit < py < PLAY_AREA_SIDE
                       - limit for piece in pieces for px, py in piece):
                    spots.append(pose)
    random.Random(sum(map(ord, obstacle_id))).shuffle(spots)
    return tuple(spots)


#: Obstacle anchors: 207.2 mm apart and 250 mm from the edges, so obstacles under 50 mm in
#: radius on different anchors are always beyond range 1 of each other (207.2 - 2 x 50 >
#: 100) and beyond range 2 of the edges (250 - 50 = 200 is range 2 still); nine anchors for
#: six obstacles means placing on them never dead-ends. Larger outlines use the grid.
ANCHORS = tuple(Pose(x, y, 0.0) for y in (250.0, 457.2, 664.4) for x in (250.0, 457.2, 664.4))
ANCHOR_RADIUS = 49.95
_ANCHOR_SET = frozenset(ANCHORS)


def _free_anchors(game: Game) -> frozenset[Pose] | None:
    """The anchors no obstacle sits on, when every obstacle placed sits on an anchor and is
    no more than ANCHOR_RADIUS in radius: then an obstacle that small is legal on exactly
    those (the anchors' spacing keeps it beyond range 1 of the others). None otherwise."""
    taken = set()
    if game.state.features:
        return None  # the anchors know nothing of scenario features (the centre is one)
    for obstacle in game.state.obstacles:
        at = Pose(obstacle.pose.x, obstacle.pose.y, 0.0)
        if at not in _ANCHOR_SET or obstacle.outline.outer_radius > ANCHOR_RADIUS:
            return None
        taken.add(at)
    return _ANCHOR_SET - taken


def _obstacle_spots(game: Game, obstacle_id: str, wanted: int = 4) -> list[Pose]:
    """Legal placements to offer: the free anchors (two rotations each) when the outline
    fits them, otherwise up to ``wanted`` spots from the outline's grid clear of the
    edges."""
    found: list[Pose] = []
    if obstacle_outline(obstacle_id).outer_radius <= ANCHOR_RADIUS:
        free = _free_anchors(game)
        for anchor in ANCHORS:
            for rotation in (0.0, 90.0):
                pose = Pose(anchor.x, anchor.y, rotation)
                if anchor in free if free is not None else \
                        obstacle_problem(game, obstacle_id, pose, edges=False) is None:
                    found.append(pose)
        if found:
            return found
    offset = 97 * len(game.state.obstacles)  # vary the spots offered as the table fills
    spots = _edge_legal_spots(obstacle_id)
    for k in range(len(spots)):
        pose = spots[(k + offset) % len(spots)]
        if obstacle_problem(game, obstacle_id, pose, edges=False) is None:
            found.append(pose)
            if len(found) == wanted:
                break
    return found


@cache
def _obstacle_option(obstacle_id: str, pose: Pose) -> Option:
    """A placement offered (remembered: the same anchors are offered game after game)."""
    return Option(f"{obstacle_id}@{pose_key(pose)}",
                  f"{obstacle_id} at ({pose.x:.0f}, {pose.y:.0f}), turned {pose.heading:.0f}°",
                  {"obstacle": obstacle_id, "x": pose.x, "y": pose.y, "rotation": pose.heading})


@dataclass(frozen=True)
class PlaceObstacle(ChoiceStep):
    """One player chooses an obstacle from the pool and places it. Answers: a listed
    candidate's key (``"core2asteroid0@250,250,0"``), ``"none"`` when no legal place is
    left, or any legal placement as ``{"obstacle", "x", "y", "rotation"}``."""

    player: int

    def choice(self, game: Game) -> Decision | None:
        options = [_obstacle_option(obstacle_id, pose)
                   for obstacle_id in remaining_obstacles(game)
                   for pose in _obstacle_spots(game, obstacle_id)]
        if not options:
            # no legal place is left for any remaining obstacle (ruling: it stays out)
            options.append(Option("none", "no legal place is left: place none"))
        return self.ask(self.player, "place_obstacle",
                        f"Player {self.player}: choose an obstacle and place it", options,
                        free="{obstacle, x, y, rotation}: any remaining obstacle beyond "
                             "range 1 of the others and range 2 of the edges")

    def check_free(self, game: Game, value: Value) -> str | None:
        parsed = _parse_placement(value, ("obstacle", "x", "y"))
        if isinstance(parsed, str):
            return parsed
        if parsed["obstacle"] not in remaining_obstacles(game):
            return f"{parsed['obstacle']!r} is not among the obstacles left to place"
        pose = placement_pose(parsed, "rotation", 0.0)
        if isinstance(pose, str):
            return pose
        return obstacle_problem(game, parsed["obstacle"], pose)

    def apply(self, game: Game, answer: Any) -> None:
        s = game.state
        if answer == "none":
            game.event("setup", f"Player {self.player} has no legal place left for an "
                       "obstacle")
            return
        if isinstance(answer, str):
            obstacle_id, _, where = answer.partition("@")
            x, y, rotation = (float(v) for v in where.split(","))
            pose = Pose(x, y, rotation)
        else:
            obstacle_id = answer["obstacle"]
            placed = placement_pose(answer, "rotation", 0.0)
            assert isinstance(placed, Pose), "answers are checked before they arrive"
            pose = placed
        s.obstacles.append(Obstacle(f"obstacle-{len(s.obstacles) + 1}", pose, obstacle_id))
        mark_shower(game, s.obstacles[-1])
        s.moved()
        game.event("setup", f"Player {self.player} places {obstacle_id} at "
                   f"({pose.x:.0f}, {pose.y:.0f})")


def _setup_order(game: Game) -> list[ShipState]:
    """Ships in initiative order, player order breaking ties (RR: SETUP step 5); huge ships
    before all others, in descending initiative (RR: APPENDIX: HUGE SHIPS - SETUP)."""
    order = {p: k for k, p in enumerate(game.state.player_order())}
    docked = {i for s in game.state.ships_of() for i in s.docked}
    return sorted((s for s in game.state.ships_of() if s.id not in docked),
                  # a card may make a ship treat its initiative as another value during
                  # setup (Hyperspace Tracking Data)
                  key=lambda s: (not s.huge, -s.current_initiative if s.huge else
                                 s.current_initiative, order[s.owner]))


@dataclass(frozen=True)
class PlaceForces(Step):
    def run(self, game: Game) -> Decision | None:
        steps: list[Step] = []
        reserved = start_in_reserve(game)  # RR: RESERVE - "Setup: Start in reserve"
        for ship in _setup_order(game):
            if ship.id in reserved:  # placed later by its card; its side is chosen now
                steps += [ChooseSide(ship.id, xws) for xws in _sides_chosen(game, ship)]
                continue
            steps += [_place_forces_step(game, ship)]
            steps += [ChooseSide(ship.id, xws) for xws in _sides_chosen(game, ship)]
            steps += [FireWindow.of("after_placed", ship=ship.id)]
        game.push(*steps, FireWindow.of("after_place_forces"))
        return None


def _place_forces_step(game: Game, ship: ShipState) -> Step:
    """Place Forces' step for the ship: in its deployment area, or also by the placement
    rules its cards add (hook setup_placement_rules)."""
    rules = tuple(rule for held in own_modifiers(game, ship, "setup_placement_rules")
                  for rule in held.ability.value(game, ship, ship=ship) or ())
    # another ship's card may allow it too ("other friendly ships can be placed ... at
    # range 0-2 of you"): asked of every ship's cards, placed or not yet
    rules += tuple(rule for other in game.state.ships_of() if other.id != ship.id
                   for held in own_modifiers(game, other, "setup_placement_beside")
                   for rule in held.ability.value(game, other, ship=ship) or ())
    if not rules:
        return PlaceShip(ship.id)
    from tallon.engine.placement import PlaceWithChoice  # placement builds on setup's rules

    return PlaceWithChoice(ship.id, rules)


@dataclass(frozen=True)
class PlaceShip(ChoiceStep):
    """The owner places a ship (and sets its turret indicator). Answers: a listed
    candidate's key (``"60,23.5,0"``, with ``",front"`` for a turret) or any legal
    placement as ``{"x", "y", "heading"[, "turret"]}``; a huge ship's second indicator
    (RR: APPENDIX: HUGE SHIPS) points at the free answer's ``"turret2"``, else front."""

    ship_id: str

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        turret = "front" if _has_turret(ship) else None
        options = [ship_option(pose, turret) for pose in deployment_spots(game, ship)]
        return self.ask(ship.owner, "place_ship",
                        f"Player {ship.owner}: place {ship.name} ({ship.id})", options,
                        ship=ship.id,
                        free="{x, y, heading[, turret[, turret2]]}: within range 1 of "
                             "your edge, "
                             "overlapping no ship")

    def check_free(self, game: Game, value: Value) -> str | None:
        ship = game.state.ships[self.ship_id]
        parsed = _parse_placement(value, ("x", "y", "heading"))
        if isinstance(parsed, str):
            return parsed
        pose = placement_pose(parsed, "heading")
        if isinstance(pose, str):
            return pose
        if "turret" in parsed:
            if not _has_turret(ship):
                return f"{ship.name} has no turret arc indicator"
            if parsed["turret"] not in ("front", "rear", "left", "right"):
                return "the turret indicator points at front, rear, left or right"
            if not turret_arc_allowed(game, ship, Arc(parsed["turret"])):
                return f"{ship.name}'s turret indicator can't point at {parsed['turret']}"
        if "turret2" in parsed:
            if not ship.turret2_cards:
                return f"{ship.name} has no second turret arc indicator"
            if parsed["turret2"] not in ("front", "rear", "left", "right") or \
                    not turret_arc_allowed(game, ship, Arc(parsed["turret2"])):
                return f"{ship.name}'s second turret indicator can't point at " \
                       f"{parsed['turret2']}"
        return self.problem(game, ship, pose)

    def problem(self, game: Game, ship: ShipState, pose: Pose) -> str | None:
        """Why the ship can't be placed here (a card's placement rule: engine/placement.py
        overrides it)."""
        return ship_placement_problem(game, ship, pose)

    def apply(self, game: Game, answer: Any) -> None:
        s = game.state
        ship = s.ships[self.ship_id]
        if isinstance(answer, str):
            parts = answer.split(",")
            pose = Pose(float(parts[0]), float(parts[1]), float(parts[2]))
            turret = parts[3] if len(parts) > 3 else "front"
        else:
            placed = placement_pose(answer, "heading")
            assert isinstance(placed, Pose), "answers are checked before they arrive"
            pose, turret = placed, answer.get("turret", "front")
        s.set_pose(ship, pose)
        if ship.turret_double or _has_turret(ship):
            ship.turret = turret_arcs_for(ship, Arc(turret))
        if ship.turret2_cards:
            second = answer.get("turret2", "front") if isinstance(answer, dict) else "front"
            ship.turret2 = turret_arcs_for(ship, Arc(second), second=True)
        game.event("place", f"{ship.name} ({ship.id}) is placed at ({pose.x:.0f}, "
                   f"{pose.y:.0f}) facing {pose.heading:.0f}", ship=ship.id)


def _has_turret(ship: ShipState) -> bool:
    return has_turret_indicator(ship)  # a turret primary or special weapon (RR: TURRET ARCS)


def choosable_sides(ship: ShipState) -> list[str]:
    """Two-sided configuration upgrades, which start with the side the owner chooses
    (ruling, after the first edition's dual cards)."""
    db = load_cards()
    return [xws for kind, xws, _ in ship.cards if kind == "upgrade"
            and db.upgrade(xws).slot == "configuration" and len(db.upgrade(xws).sides) == 2]


def _sides_chosen(game: Game, ship: ShipState) -> list[str]:
    """The configurations whose starting side the owner chooses: not one that says which
    side is equipped faceup (hook ``starts_faceup``; the front side faces up by default)."""
    return [xws for xws in choosable_sides(ship)
            if not any(held.ability.value(game, ship, card=xws)
                       for held in own_modifiers(game, ship, "starts_faceup"))]


@dataclass(frozen=True)
class ChooseSide(ChoiceStep):
    """The owner chooses which side of a two-sided configuration faces up (answer:
    ``"front"`` or ``"back"``)."""

    ship_id: str
    xws: str

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        upgrade = load_cards().upgrade(self.xws)
        return self.ask(ship.owner, "upgrade_side", f"{ship.name} ({ship.id}): which side "
                        f"of {upgrade.name} faces up?",
                        tuple(Option(SIDES[k], side.title)
                              for k, side in enumerate(upgrade.sides)), ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        side = SIDES.index(answer)
        if side != 0:
            flip_upgrade(game, game.state.ships[self.ship_id], self.xws, side)


#: The keys naming the sides of a two-sided card.
SIDES = ("front", "back")


@dataclass(frozen=True)
class PrepareDecks(Step):
    """Each player shuffles their own damage deck (RR: SETUP step 6)."""

    def run(self, game: Game) -> Decision | None:
        deck = load_cards().damage_deck(game.setup.damage_deck or game.rules.damage_decks[0])
        for p in game.state.players:
            cards = [card.id for card in deck.cards for _ in range(card.count)]
            game.state.rng.shuffle(cards)
            p.deck = cards
        game.event("setup", "Damage decks shuffled")
        return None
