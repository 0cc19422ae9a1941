"""Environment cards (RR: APPENDIX: ENVIRONMENT CARDS): one card dealt at Gather Forces
adds obstacles or devices to the setup and rules during play.

The Rules Reference describes the mechanism and lists the cards by name, but neither the
seeds nor the card data hold their texts. Tallon plays the mechanism with two cards whose
rules are its own **house rules**, written from the names and the appendix's description
(docs/rulings.md "Environment cards"):

- **Minefield** (4 obstacles, 4 devices): each player places two of their obstacles, then,
  in player order, two proximity mines each, beyond range 2 of the board edges and beyond
  range 1 of every obstacle, scenario feature and other mine. A mine is controlled by the
  player who placed it and detonates as a Proximity Mine does.
- **Asteroid Shower** (9 obstacles): three more asteroids join the six obstacles and are
  placed with them, in turn. At the start of every End Phase each of those three drifts 40
  mm towards the right-hand board edge (seen from player 1's edge); one that would overlap
  another obstacle or a scenario feature stays where it is, one that would leave the play
  area is removed, and each ship it ends on resolves the effect of overlapping it, as
  under an obstacle a card places.

``GameSetup(environment=...)`` names the card dealt (None: no environment card; "random"
is drawn by the command line from the seed, as a dealt card would be by the players).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.engine.decisions import Decision, Option, Value, pose_key
from tallon.engine.devices import player_ordered
from tallon.engine.obstacles import ObstacleEffect
from tallon.engine.payloads import PlacedDevice, device_of, outline_of
from tallon.engine.scenarios import chosen_by_seed, marker_point
from tallon.engine.steps import ChoiceStep, Step
from tallon.geometry import Device, Obstacle, Pose, disk_distance
from tallon.geometry.constants import (
    EPS,
    PLAY_AREA_SIDE,
    RANGE_BAND_LENGTH,
    SCENARIO_MARKER_RADIUS,
)
from tallon.geometry.overlap import ships_overlapped
from tallon.geometry.ranges import pieces_distance

if TYPE_CHECKING:
    from tallon.engine.game import Game


@dataclass(frozen=True)
class Environment:
    """An environment card as Tallon plays it: ``obstacles`` placed in all (the players'
    own first, then ``extra`` outlines), proximity ``mines`` each player places, whether
    the extra obstacles ``drift``, and the house rule in words."""

    name: str
    title: str
    obstacles: int
    extra: tuple[str, ...] = ()
    mines: int = 0
    drift: float = 0.0
    house_rule: str = ""


ENVIRONMENTS: dict[str, Environment] = {e.name: e for e in (
    Environment("minefield", "Minefield", 4, mines=2, house_rule=(
        "House rule: each player places two of their obstacles, then two proximity mines "
        "each (player order, alternating), beyond range 2 of the board edges and range 1 "
        "of every obstacle, feature and mine; the mines detonate as Proximity Mines.")),
    Environment("asteroid-shower", "Asteroid Shower", 9,
                extra=("core2asteroid1", "core2asteroid3", "core2asteroid5"), drift=40.0,
                house_rule=(
                    "House rule: three more asteroids are placed with the six obstacles; at "
                    "the start of each End Phase each of them drifts 40 mm towards the "
                    "right-hand edge (ships it ends on resolve overlapping it; it stops at "
                    "another obstacle or feature and is removed when it leaves the area).")),
)}

#: The environment names a command line accepts: each card, one at random, or none.
ENVIRONMENT_CHOICES = (*ENVIRONMENTS, "random", "none")

#: The upgrade whose device an environment mine is (it detonates as that card's mine does).
MINE_CARD = "proximitymines"

#: The card memory of the shower's asteroids (obstacle ids), in GameState.scenario_marks.
SHOWER = "shower:"


def environment_of(game: Game) -> Environment | None:
    name = game.state.environment
    return None if name is None else ENVIRONMENTS[name]


def environment_problem(name: str | None) -> str | None:
    """Why ``name`` is not an environment card Tallon plays, or None."""
    if name is None or name in ENVIRONMENTS:
        return None
    return (f"unknown environment card {name!r}; Tallon plays {', '.join(ENVIRONMENTS)} "
            "(house rules: docs/rulings.md)")


def chosen_environment(choice: str | None, seed: int) -> str | None:
    """The card a user's ``choice`` deals: a name as it is, ``"random"`` one drawn from the
    seed (as a dealt card would be), None or ``"none"`` none."""
    return chosen_by_seed(choice, seed, tuple(ENVIRONMENTS), "environment")


def obstacle_turns(game: Game) -> int:
    """How many obstacles the players place at setup."""
    found = environment_of(game)
    return 6 if found is None else found.obstacles


def extra_obstacles(game: Game) -> tuple[str, ...]:
    """Obstacles the environment card adds to the players' pool."""
    found = environment_of(game)
    return () if found is None else found.extra


# ----------------------------------------------------------------------- mines
def mine_problem(game: Game, pose: Pose) -> str | None:
    """Why an environment mine can't be placed here (Minefield's house rule), or None."""
    body = Device("probe", pose, "mine")
    limit = 2 * RANGE_BAND_LENGTH
    if any(not (limit < x < PLAY_AREA_SIDE - limit and limit < y < PLAY_AREA_SIDE - limit)
           for piece in body.range_pieces for x, y in piece):
        return "a mine must be beyond range 2 of every board edge"
    others = [*game.state.obstacles, *(d.body for d in game.state.devices)]
    for other in others:
        if pieces_distance(body.range_pieces, other.range_pieces) <= RANGE_BAND_LENGTH + EPS:
            return f"a mine must be beyond range 1 of every other object ({other.id})"
    for feature in game.state.features:
        if feature.x is not None and feature.y is not None and disk_distance(
                feature.x, feature.y, SCENARIO_MARKER_RADIUS, body.range_pieces) <= \
                RANGE_BAND_LENGTH + EPS:
            return f"a mine must be beyond range 1 of every other object ({feature.id})"
    return None


def _mine_spots(game: Game, wanted: int = 6) -> list[Pose]:
    found = []
    for y in range(230, 700, 40):
        for x in range(230, 700, 40):
            pose = Pose(float(x), float(y), 0.0)
            if mine_problem(game, pose) is None:
                found.append(pose)
    step = max(1, len(found) // wanted)
    return found[::step][:wanted]


@dataclass(frozen=True)
class PlaceMine(ChoiceStep):
    """A player places an environment mine (Minefield). Answers: an offered spot's key
    (``"x,y,heading"``), ``"none"`` when no legal spot is left, or any legal ``{x, y}``."""

    player: int

    def choice(self, game: Game) -> Decision | None:
        options = [Option(pose_key(p), f"a proximity mine at ({p.x:.0f}, {p.y:.0f})",
                          {"x": p.x, "y": p.y}) for p in _mine_spots(game)]
        if not options:
            options = [Option("none", "no legal place is left: place none")]
        return self.ask(self.player, "place_mine", f"Player {self.player}: place a "
                        "proximity mine (Minefield)", options,
                        free="{x, y}: beyond range 2 of the edges and range 1 of every "
                             "other object")

    def check_free(self, game: Game, value: Value) -> str | None:
        point = marker_point(value)
        return point if isinstance(point, str) else mine_problem(game, Pose(*point, 0.0))

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "none":
            game.event("setup", f"Player {self.player} has no legal place left for a mine")
            return
        if isinstance(answer, str):
            x, y, heading = (float(v) for v in answer.split(","))
        else:
            point = marker_point(answer)
            assert not isinstance(point, str), "answers are checked before they arrive"
            (x, y), heading = point, 0.0
        place_mine(game, self.player, Pose(x, y, heading))


def place_mine(game: Game, player: int, pose: Pose) -> PlacedDevice:
    """Put an environment proximity mine, controlled by ``player``, in the play area."""
    s = game.state
    kind, category = device_of(MINE_CARD)
    s.devices_placed += 1
    mine = PlacedDevice(f"{kind}-{s.devices_placed}", MINE_CARD, kind, category, player,
                        pose, outline_of(MINE_CARD))
    s.devices.append(mine)
    s.moved()
    game.event("setup", f"Player {player} places {mine.id} at ({pose.x:.0f}, {pose.y:.0f}) "
               "(Minefield)", device=mine.id)
    return mine


def setup_steps(game: Game) -> list[Step]:
    """The environment's setup steps after the obstacles: the mines, in player order."""
    found = environment_of(game)
    if found is None or not found.mines:
        return []
    order = game.state.player_order()
    return [PlaceMine(order[k % 2]) for k in range(2 * found.mines)]


def mark_shower(game: Game, obstacle: Obstacle) -> None:
    """Remember an obstacle placed from the environment's extra ones (it may drift)."""
    found = environment_of(game)
    if found is not None and found.drift and obstacle.outline_id in found.extra:
        game.state.scenario_marks[SHOWER + obstacle.id] = 1


# ----------------------------------------------------------------------- drift
@dataclass(frozen=True)
class EnvironmentEndPhase(Step):
    """At the start of the End Phase: Asteroid Shower's asteroids drift."""

    def run(self, game: Game) -> Decision | None:
        found = environment_of(game)
        if found is None or not found.drift:
            return None
        s = game.state
        for key in sorted(k for k in s.scenario_marks if k.startswith(SHOWER)):
            obstacle = next((o for o in s.obstacles if o.id == key[len(SHOWER):]), None)
            if obstacle is not None:
                _drift(game, obstacle, found.drift)
        return None


def _drift(game: Game, obstacle: Obstacle, distance: float) -> None:
    s = game.state
    moved = Obstacle(obstacle.id, Pose(obstacle.pose.x + distance, obstacle.pose.y,
                                       obstacle.pose.heading), obstacle.outline_id)
    if any(x > PLAY_AREA_SIDE + EPS for piece in moved.range_pieces for x, _ in piece):
        s.obstacles = [o for o in s.obstacles if o.id != obstacle.id]
        s.scenario_marks.pop(SHOWER + obstacle.id, None)
        s.moved()
        game.event("environment", f"{obstacle.id} drifts out of the play area (Asteroid "
                   "Shower)")
        return
    blocked = [o.id for o in s.obstacles if o.id != obstacle.id and
               pieces_distance(moved.overlap_pieces, o.overlap_pieces) <= EPS]
    blocked += [f.id for f in s.features if f.x is not None and f.y is not None and
                disk_distance(f.x, f.y, SCENARIO_MARKER_RADIUS, moved.overlap_pieces) <= EPS]
    if blocked:
        game.event("environment", f"{obstacle.id} stays: drifting would overlap "
                   f"{', '.join(blocked)} (Asteroid Shower)")
        return
    s.obstacles = [moved if o.id == obstacle.id else o for o in s.obstacles]
    s.moved()
    game.event("environment", f"{obstacle.id} drifts 40 mm to ({moved.pose.x:.0f}, "
               f"{moved.pose.y:.0f}) (Asteroid Shower)")
    under = ships_overlapped(s.table(), moved)
    game.push(*(ObstacleEffect(ship_id, moved.id, moved.type.value, moved=False)
                for ship_id in player_ordered(game, under)))
