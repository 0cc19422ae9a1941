"""A first-edition mission's setup (rulebook (1e), Missions: "instead of performing the
Place Forces step, players follow the rules in the Mission Setup section"): the senator's
shuttle, the ships in each mission's areas, the disabled ship, the asteroids of Asteroid Run
and the satellites of Dark Whispers; and who has initiative.

Every placement is a decision offering a few legal spots that also accepts any other
placement, checked with the exact geometry and refused with the rule that fails. "Within
range N of an edge" means every part of the base (or token) within that distance, as the
rulebook places ships ("entirely within the Range 1 section").
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.engine.action_bodies import turret_arcs_for
from tallon.engine.decisions import Decision, Option, Value, pose_key
from tallon.engine.deployment import (
    outside_problem,
    overlap_problem,
    placement_pose,
    placing,
    spot_option,
)
from tallon.engine.features import Feature
from tallon.engine.loadout import has_turret_indicator
from tallon.engine.missions_1e import (
    DISABLED,
    FULL_DIAL,
    IMPERIAL,
    REBEL,
    SHUTTLE,
    SHUTTLE_MANEUVERS,
    SHUTTLE_TYPE,
    R,
    edge_gap,
    faction_player,
    hundred_points,
    mission_of,
    predetermined,
    satellites,
    side_gap,
)
from tallon.engine.state import ShipState
from tallon.engine.steps import ChoiceStep, Step
from tallon.geometry import Arc, BaseSize, Obstacle, PlayArea, Pose
from tallon.geometry.bases import base_shape
from tallon.geometry.constants import EPS, PLAY_AREA_SIDE, RANGE_BAND_LENGTH
from tallon.geometry.ranges import pieces_distance

if TYPE_CHECKING:
    from tallon.engine.game import Game

BAND = RANGE_BAND_LENGTH
CENTRE = PLAY_AREA_SIDE / 2
#: The core set's six asteroids (the outlines Tallon measures for them: setup.py).
ASTEROIDS = tuple(f"core2asteroid{k}" for k in range(6))


def mission_initiative(game: Game) -> int | None:
    """Rulebook (1e), Squad Building in Missions: with the mission's pre-determined ships
    the Imperial player has initiative (otherwise the lower squad total, as usual)."""
    mission = mission_of(game)
    if mission is None or not predetermined(mission.name, game.setup.squads):
        return None
    return faction_player(game, IMPERIAL)


def mission_setup_steps(game: Game) -> list[Step] | None:
    """The Mission Setup steps replacing Place Forces (None: no mission). Political
    Escort and Dark Whispers place no obstacles; Asteroid Run's six asteroids are placed
    by the Imperial player after the ships."""
    mission = mission_of(game)
    if mission is None:
        return None
    rebel, imperial = faction_player(game, REBEL), faction_player(game, IMPERIAL)
    ships = game.state.ships_of

    def place(player: int, rule: str) -> list[Step]:
        return [MissionPlace(ship.id, rule) for ship in ships(player)]

    if mission.name == "political-escort":
        return [MissionShuttle(), *place(rebel, "edge2"), *place(imperial, "edge2")]
    if mission.name == "asteroid-run":
        return [*place(imperial, "either1"), *place(rebel, "middle"), MissionDisabled(rebel),
                *(MissionAsteroid(imperial) for _ in ASTEROIDS)]
    bands = (3, 2, 3, 2) if hundred_points(game) else (3, 2)
    return [*place(imperial, "edge1"), *(MissionSatellite(rebel, b, k + 1, len(bands))
                                         for k, b in enumerate(bands)),
            *place(rebel, "edge1")]


# ------------------------------------------------------------------------ ships
def _edge_gaps(body: Any, player: int) -> tuple[float, float]:
    """The nearest and farthest distance of a body's parts from ``player``'s edge."""
    gaps = [edge_gap(player, y) for piece in body.range_pieces for _, y in piece]
    return min(gaps), max(gaps)


def area_problem(rule: str, owner: int, body: Any) -> str | None:
    """Why a base at this place breaks the mission's setup area ``rule``, or None:
    ``edge1``/``edge2``: within range 1 (2) of its player's edge; ``either1``: within
    range 1 of either player's edge; ``middle``: not within range 1-3 of either edge;
    ``shuttle``: within range 1 of its edge, at the edge's exact centre, facing the
    opposing edge."""
    if rule in ("edge1", "edge2", "shuttle"):
        reach = 2 if rule == "edge2" else 1
        if _edge_gaps(body, owner)[1] > reach * BAND + EPS:
            return f"it must be placed within range {reach} of your edge of the play area"
    if rule == "either1" and all(_edge_gaps(body, p)[1] > BAND + EPS for p in (1, 2)):
        return "it must be placed within range 1 of either player's edge"
    if rule == "middle" and any(_edge_gaps(body, p)[0] <= 3 * BAND + EPS for p in (1, 2)):
        return "it must be placed beyond range 3 of both players' edges"
    if rule == "shuttle":
        pose = body.pose
        facing = 0.0 if owner == 1 else 180.0
        if abs(pose.x - CENTRE) > EPS or abs((pose.heading - facing + 180) % 360 - 180) > EPS:
            return ("the shuttle is placed at the exact centre of your edge, pointing at the "
                    "Imperial player's edge")
    return None


def placement_problem(game: Game, ship: ShipState, pose: Pose, rule: str) -> str | None:
    """Why ``ship`` can't be placed at ``pose`` under the area ``rule``, or None."""
    shape = ship.size
    outside = outside_problem(shape, pose)
    if outside is not None:
        return outside
    problem = area_problem(rule, ship.owner, placing(shape, pose))
    return problem if problem is not None else overlap_problem(game, ship, pose)


def placement_spots(game: Game, ship: ShipState, rule: str) -> list[Pose]:
    """Legal spots to offer for ``ship`` under the area ``rule``."""
    # the base's half length and a margin: its rear edge clear of the play area's edge
    half = base_shape(ship.size).length / 2 + 3.5
    step = base_shape(ship.size).length + 26.0
    facing = 0.0 if ship.owner == 1 else 180.0
    if rule == "shuttle":
        rows = [(half if ship.owner == 1 else PLAY_AREA_SIDE - half, facing)]
        xs = [CENTRE]
    elif rule == "middle":
        rows = [(CENTRE, facing), (CENTRE, (facing + 180) % 360)]
        xs = [60.0 + step * k for k in range(int((PLAY_AREA_SIDE - 120) // step) + 1)]
    else:
        rows = [(half if ship.owner == 1 else PLAY_AREA_SIDE - half, facing)]
        if rule == "either1":
            rows.append((PLAY_AREA_SIDE - half if ship.owner == 1 else half,
                         (facing + 180) % 360))
        xs = [60.0 + step * k for k in range(int((PLAY_AREA_SIDE - 120) // step) + 1)]
    return [pose for y, heading in rows for x in xs
            if placement_problem(game, ship, pose := Pose(x, round(y, 3), heading), rule)
            is None]


def _pose_of(value: Any) -> Pose | str:
    if isinstance(value, str):
        try:
            x, y, heading = (float(v) for v in value.split(",")[:3])
        except ValueError:
            return "expected x,y,heading"
        return Pose(x, y, heading)
    if not isinstance(value, dict) or any(k not in value for k in ("x", "y", "heading")):
        return "expected an object with x, y, heading"
    return placement_pose(value, "heading")


_AREA_WORDS = {"edge1": "within range 1 of your edge", "edge2": "within range 2 of your edge",
               "either1": "within range 1 of either player's edge",
               "middle": "beyond range 3 of both players' edges",
               "shuttle": "at the centre of your edge, facing the Imperial edge"}


@dataclass(frozen=True)
class MissionPlace(ChoiceStep):
    """The owner places a ship in the mission's setup area ``rule`` (see
    :func:`area_problem`). Answers: an offered ``"x,y,heading"`` or a free {x, y,
    heading}."""

    ship_id: str
    rule: str

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        options = [spot_option(p, None, f"at ({p.x:.0f}, {p.y:.0f}) facing {p.heading:.0f}")
                   for p in placement_spots(game, ship, self.rule)]
        return self.ask(ship.owner, "place_ship", f"Player {ship.owner}: place {ship.name} "
                        f"({ship.id}) {_AREA_WORDS[self.rule]}", options, ship=ship.id,
                        free=f"{{x, y, heading}}: {_AREA_WORDS[self.rule]}, overlapping "
                             "no ship")

    def check_free(self, game: Game, value: Value) -> str | None:
        pose = _pose_of(value)
        if isinstance(pose, str):
            return pose
        return placement_problem(game, game.state.ships[self.ship_id], pose, self.rule)

    def apply(self, game: Game, answer: Any) -> None:
        pose = _pose_of(answer)
        assert isinstance(pose, Pose), "answers are checked before they arrive"
        ship = game.state.ships[self.ship_id]
        game.state.set_pose(ship, pose)
        if has_turret_indicator(ship):
            ship.turret = turret_arcs_for(ship, Arc.FRONT)
        game.event("place", f"{ship.name} ({ship.id}) is placed at ({pose.x:.0f}, "
                   f"{pose.y:.0f}) facing {pose.heading:.0f}", ship=ship.id)


def next_ship_number(game: Game, owner: int) -> int:
    """The number of the next ship ``owner`` brings into the game (ids ``p<owner>.<n>``)."""
    return 1 + max((int(s.id.split(".")[1]) for s in game.state.ships_of(owner)), default=0)


@dataclass(frozen=True)
class MissionShuttle(Step):
    """Political Escort: the senator's shuttle joins the Rebel player's ships (a ship of no
    squad: agility 2, hull 6, shields 6 with 100-point squads), then is placed."""

    def run(self, game: Game) -> Decision | None:
        rebel = faction_player(game, REBEL)
        shields = 6 if hundred_points(game) else 0
        number = next_ship_number(game, rebel)
        shuttle = ShipState(
            id=f"p{rebel}.{number}", owner=rebel, pilot=SHUTTLE_TYPE, name="Senator's Shuttle",
            ship_type=SHUTTLE_TYPE, size=BaseSize.SMALL, initiative=0, cost=0,
            dial=SHUTTLE_MANEUVERS, attacks=(), agility=2, hull=6, shield_limit=shields,
            actions=(), shields=shields, card_memory=((SHUTTLE, True),))
        game.state.ships[shuttle.id] = shuttle
        game.event("setup", f"The senator's shuttle ({shuttle.id}) joins player {rebel}'s "
                   "ships", ship=shuttle.id)
        game.push(MissionPlace(shuttle.id, "shuttle"))
        return None


@dataclass(frozen=True)
class MissionDisabled(ChoiceStep):
    """Asteroid Run: the Rebel player chooses the disabled ship (answer: its id); until it
    is repaired its dial holds only its speed 1 and 2 maneuvers."""

    player: int
    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        options = [Option(s.id, f"{s.name} ({s.id})") for s in game.state.ships_of(self.player)
                   if s.in_play]
        if not options:
            return None
        return self.ask(self.player, "mission_disabled", f"Player {self.player}: choose the "
                        "disabled ship", options)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[answer]
        ship.remember(DISABLED, True)
        ship.remember(FULL_DIAL, ship.dial)
        ship.dial = tuple(code for code in ship.dial if code[0] in "12")
        game.event("setup", f"{ship.name} ({ship.id}) is the disabled ship: speed 1 and 2 "
                   "maneuvers only until it is repaired in round 5", ship=ship.id)


# -------------------------------------------------------------------- asteroids
def asteroid_problem(game: Game, outline: str, pose: Pose) -> str | None:
    """Asteroid Run: why an asteroid can't go here - wholly in the play area, beyond
    range 1 of every Rebel ship and every other asteroid, and (Tallon) not under a ship."""
    body = Obstacle("probe", pose, outline)
    if not PlayArea().contains_pieces(body.overlap_pieces):
        return "an asteroid must lie wholly inside the play area"
    rebel = faction_player(game, REBEL)
    for ship in game.state.in_play():
        assert ship.body is not None
        gap = pieces_distance(body.range_pieces, ship.body.range_pieces)
        if ship.owner == rebel and gap <= BAND + EPS:
            return f"it must be beyond range 1 of every Rebel ship ({ship.id})"
        if gap <= EPS:
            return f"it can't be placed under a ship ({ship.id})"
    for other in game.state.obstacles:
        if pieces_distance(body.range_pieces, other.range_pieces) <= BAND + EPS:
            return f"it must be beyond range 1 of the other asteroids ({other.id})"
    return None


def _asteroids_left(game: Game) -> list[str]:
    placed = [o.outline_id for o in game.state.obstacles]
    return [a for a in ASTEROIDS if a not in placed]


@dataclass(frozen=True)
class MissionAsteroid(ChoiceStep):
    """Asteroid Run: the Imperial player places an asteroid. Answers: an offered
    ``"<asteroid>@x,y,rotation"``, ``none`` when none fits, or a free {obstacle, x, y,
    rotation}."""

    player: int

    def choice(self, game: Game) -> Decision | None:
        left = _asteroids_left(game)
        if not left:
            return None
        rng = random.Random(len(game.state.obstacles))
        grid = [(x, y) for x in range(60, 900, 45) for y in range(60, 900, 45)]
        rng.shuffle(grid)
        options = []
        for outline in left:
            found = 0
            for x, y in grid:
                pose = Pose(float(x), float(y), 0.0)
                if asteroid_problem(game, outline, pose) is None:
                    options.append(Option(f"{outline}@{pose_key(pose)}",
                                          f"{outline} at ({x}, {y})",
                                          {"obstacle": outline, "x": pose.x, "y": pose.y,
                                           "rotation": 0.0}))
                    found += 1
                    if found == 4:
                        break
        if not options:
            options.append(Option("none", "no legal place is left: place none"))
        return self.ask(self.player, "place_obstacle", f"Player {self.player}: place an "
                        "asteroid beyond range 1 of the Rebel ships and the other asteroids",
                        options, free="{obstacle, x, y, rotation}")

    def check_free(self, game: Game, value: Value) -> str | None:
        if not isinstance(value, dict) or any(k not in value for k in ("obstacle", "x", "y")):
            return "expected an object with obstacle, x, y[, rotation]"
        if value["obstacle"] not in _asteroids_left(game):
            return f"{value['obstacle']!r} is not among the asteroids left to place"
        pose = placement_pose(value, "rotation", 0.0)
        return pose if isinstance(pose, str) else asteroid_problem(game, value["obstacle"],
                                                                   pose)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "none":
            return
        if isinstance(answer, str):
            outline, _, where = answer.partition("@")
            x, y, rotation = (float(v) for v in where.split(","))
        else:
            outline = answer["obstacle"]
            x, y = float(answer["x"]), float(answer["y"])
            rotation = float(answer.get("rotation", 0.0))
        s = game.state
        s.obstacles.append(Obstacle(f"obstacle-{len(s.obstacles) + 1}", Pose(x, y, rotation),
                                    outline))
        s.moved()
        game.event("setup", f"Player {self.player} places {outline} at ({x:.0f}, {y:.0f})")


# ------------------------------------------------------------------- satellites
def _gap(a: Feature, x: float, y: float) -> float:
    assert a.x is not None and a.y is not None
    return max(0.0, math.hypot(a.x - x, a.y - y) - 2 * R)


def _centre(feature: Feature) -> tuple[float, float]:
    assert feature.x is not None and feature.y is not None  # on the table
    return feature.x, feature.y


def _paired(gap: float) -> bool:
    return BAND + EPS < gap <= 3 * BAND + EPS  # range 2-3


def satellite_problem(game: Game, player: int, reach: int, number: int, total: int,
                      x: float, y: float) -> str | None:
    """Dark Whispers: why the ``number``-th of ``total`` satellites can't go at (x, y):
    within range ``reach`` of its player's edge, at range 2 or farther from both side
    edges, overlapping no other satellite; once all are placed each must be at range 2-3
    of another (so each placement must leave that possible: no more satellites without a
    partner than are left to place)."""
    if not all(math.isfinite(v) for v in (x, y)) or not (
            R <= x <= PLAY_AREA_SIDE - R and R <= y <= PLAY_AREA_SIDE - R):
        return "a satellite must lie wholly inside the play area"
    if edge_gap(player, y) + R > reach * BAND + EPS:
        return f"this satellite must be placed within range {reach} of your edge"
    if side_gap(x) - R <= BAND + EPS:
        return "a satellite must be at range 2 or farther from both side edges"
    placed = [f for f in satellites(game) if f.in_play_area]
    if any(_gap(f, x, y) <= EPS for f in placed):
        return "satellites can't overlap each other"
    probe = Feature("probe", "satellite", x, y)
    everyone = [*placed, probe]
    lonely = sum(1 for f in everyone
                 if not any(_paired(_gap(f, *_centre(g))) for g in everyone if g is not f))
    if lonely > total - number:
        return ("after placement each satellite must be at range 2-3 of another satellite"
                if number == total else "this would leave a satellite that the satellites "
                "still to place can't pair: each must end at range 2-3 of another")
    return None


@dataclass(frozen=True)
class MissionSatellite(ChoiceStep):
    """Dark Whispers: the Rebel player places a satellite within range ``reach`` of their
    edge. Answers: an offered ``"x,y"`` or a free {x, y}."""

    player: int
    reach: int
    number: int
    total: int

    def _problem(self, game: Game, x: float, y: float) -> str | None:
        return satellite_problem(game, self.player, self.reach, self.number, self.total, x, y)

    def choice(self, game: Game) -> Decision | None:
        options: list[Option] = []
        # near the far side of the band first, spreading out from the centre line
        depths = [self.reach * BAND - R - 5.0 - 30.0 * k for k in range(self.reach * 3)]
        offsets = [0.0] + [s * 40.0 * k for k in range(1, 9) for s in (-1, 1)]
        for depth in depths:
            y = depth if self.player == 1 else PLAY_AREA_SIDE - depth
            for x in (CENTRE + d for d in offsets):
                if len(options) < 6 and self._problem(game, x, y) is None:
                    options.append(Option(f"{x:g},{y:g}", f"satellite at ({x:.0f}, {y:.0f})",
                                          {"x": x, "y": y}))
        return self.ask(self.player, "place_feature", f"Player {self.player}: place a "
                        f"satellite within range {self.reach} of your edge", options,
                        free="{x, y}: within the range of your edge named, at range 2+ of "
                             "the side edges, each at range 2-3 of another satellite")

    def check_free(self, game: Game, value: Value) -> str | None:
        if isinstance(value, dict) and "x" in value and "y" in value:
            try:
                return self._problem(game, float(value["x"]), float(value["y"]))
            except (TypeError, ValueError):
                pass
        return "expected an object with numbers x and y"

    def apply(self, game: Game, answer: Any) -> None:
        if isinstance(answer, str):
            x, y = (float(v) for v in answer.split(","))
        else:
            x, y = float(answer["x"]), float(answer["y"])
        s = game.state
        s.features.append(Feature(f"satellite-{len(satellites(game)) + 1}", "satellite", x, y))
        game.event("setup", f"Player {self.player} places {s.features[-1].label} at "
                   f"({x:.0f}, {y:.0f})", player=self.player)

