"""The scenarios in play: placing their features at setup, the scenario actions (tow,
scramble), supply caches jettisoned, and the rules' own abilities that score Chance
Engagement's half health (:mod:`tallon.engine.scenarios` holds the scenarios as data and
their scoring).

Placing a feature and a jettisoned cache are decisions with offered spots that also accept
any legal ``{x, y}``; a refused one says which limit it breaks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.engine.abilities import RULES, Ctx, Triggered
from tallon.engine.action_bodies import ActionBody, fail
from tallon.engine.actions import ACTION_BODIES
from tallon.engine.decisions import Decision, Option, Value
from tallon.engine.effects import remove_token
from tallon.engine.features import TOWING, Feature, towed_cache
from tallon.engine.mission_play_1e import mission_actions
from tallon.engine.scenarios import (
    CENTRE,
    change_feature,
    check_half_health,
    features_near,
    half_health_due,
    jettison,
    marker_point,
    outside,
    scenario_of,
)
from tallon.engine.state import ActionSpec, ShipState, Token, opponent
from tallon.engine.steps import ChoiceStep, Step
from tallon.geometry import Obstacle, band, disk_distance
from tallon.geometry.constants import EPS, PLAY_AREA_SIDE, SCENARIO_MARKER_RADIUS

if TYPE_CHECKING:
    from tallon.engine.game import Game

R = SCENARIO_MARKER_RADIUS


# ------------------------------------------------------------------------- setup
def marker_gap(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The range ruler's distance between two markers centred at ``a`` and ``b``."""
    return max(0.0, math.hypot(a[0] - b[0], a[1] - b[1]) - 2 * R)


def edge_gap(player: int, x: float, y: float) -> float:
    """The distance from a marker to ``player``'s board edge (player 1's is y = 0)."""
    return max(0.0, (y if player == 1 else PLAY_AREA_SIDE - y) - R)


def feature_placement_problem(game: Game, player: int, x: float, y: float) -> str | None:
    """Why ``player`` can't place their next feature here, or None: "at range 3 of the
    center [feature] and beyond range 2 of each other [feature]", at range 2-4 of the
    board edge this placement names."""
    scenario = scenario_of(game)
    assert scenario is not None
    if not all(math.isfinite(v) for v in (x, y)) or outside(x, y):
        return "a scenario feature must lie wholly inside the play area"
    centre, *others = game.state.features
    assert centre.x is not None and centre.y is not None
    if band(marker_gap((x, y), (centre.x, centre.y))) != 3:
        return f"it must be at range 3 of the centre {scenario.feature.replace('_', ' ')}"
    for other in others:
        assert other.x is not None and other.y is not None
        if band(marker_gap((x, y), (other.x, other.y))) <= 2:
            return f"it must be beyond range 2 of each other feature ({other.id})"
    whose = next_edge(game, player)
    edge_player = player if whose == "own" else opponent(player)
    if not 2 <= band(edge_gap(edge_player, x, y)) <= 4:
        return (f"this {scenario.feature.replace('_', ' ')} must be at range 2-4 of "
                f"{'your' if whose == 'own' else 'your opponent' + chr(39) + 's'} board edge")
    return None


def next_edge(game: Game, player: int) -> str:
    """The board edge (``own`` or ``opponent``) ``player``'s next feature goes near."""
    scenario = scenario_of(game)
    assert scenario is not None
    placed = game.state.scenario_marks.get(f"placed:{player}", 0)
    return scenario.edges[min(placed, len(scenario.edges) - 1)]


def feature_spots(game: Game, player: int) -> list[tuple[float, float]]:
    """Spots to offer: round the centre feature at range 3, every 10 degrees, that pass."""
    cx, cy = CENTRE
    spots = []
    for gap in (250.0, 290.0, 210.0):
        for step in range(36):
            turn = math.radians(10 * step)
            x = round(cx + (gap + 2 * R) * math.sin(turn), 1)
            y = round(cy + (gap + 2 * R) * math.cos(turn), 1)
            if feature_placement_problem(game, player, x, y) is None:
                spots.append((x, y))
        if spots:
            break
    return spots


@dataclass(frozen=True)
class PlaceFeatures(Step):
    """"At the start of the Place Obstacles step": the centre feature, then the players'
    features in turn, starting with the first player."""

    def run(self, game: Game) -> Decision | None:
        scenario = scenario_of(game)
        if scenario is None:
            return None
        s = game.state
        s.features.append(Feature(f"{scenario.feature}-1", scenario.feature, *CENTRE))
        game.event("setup", f"{scenario.title}: {s.features[0].label} is placed in the "
                   "centre of the play area")
        order = s.player_order()
        game.push(*(PlaceFeature(order[k % 2]) for k in range(2 * len(scenario.edges))))
        return None


@dataclass(frozen=True)
class PlaceFeature(ChoiceStep):
    """A player places a scenario feature. Answers: an offered spot's key (``"x,y"``) or
    any legal ``{x, y}``."""

    player: int

    def choice(self, game: Game) -> Decision | None:
        scenario = scenario_of(game)
        assert scenario is not None
        edge = "your" if next_edge(game, self.player) == "own" else "your opponent's"
        kind = scenario.feature.replace("_", " ")
        options = [Option(f"{x:g},{y:g}", f"{kind} at ({x:.0f}, {y:.0f})", {"x": x, "y": y})
                   for x, y in feature_spots(game, self.player)]
        return self.ask(self.player, "place_feature", f"Player {self.player}: place a {kind} "
                        f"at range 3 of the centre one and range 2-4 of {edge} board edge",
                        options, free="{x, y}: at range 3 of the centre feature, beyond "
                        "range 2 of the others, at range 2-4 of the board edge named")

    def check_free(self, game: Game, value: Value) -> str | None:
        point = marker_point(value)
        if isinstance(point, str):
            return point
        return feature_placement_problem(game, self.player, *point)

    def apply(self, game: Game, answer: Any) -> None:
        point = marker_point(answer)
        assert not isinstance(point, str), "answers are checked before they arrive"
        scenario = scenario_of(game)
        assert scenario is not None
        s = game.state
        number = len(s.features) + 1
        s.features.append(Feature(f"{scenario.feature}-{number}", scenario.feature, *point))
        key = f"placed:{self.player}"
        s.scenario_marks[key] = s.scenario_marks.get(key, 0) + 1
        game.event("setup", f"Player {self.player} places {s.features[-1].label} at "
                   f"({point[0]:.0f}, {point[1]:.0f})", player=self.player)


def overlapped_feature(game: Game, obstacle: Obstacle) -> Feature | None:
    """"Obstacles cannot be placed overlapping a [feature]": the feature it would overlap."""
    pose, reach = obstacle.pose, obstacle.outline.outer_radius
    for feature in game.state.features:
        if feature.x is None or feature.y is None:
            continue
        # every point of the obstacle lies within its outer radius of its centre: a marker
        # farther than that plus R can't overlap it (setup tries many spots; this skips
        # measuring the pieces for almost all of them)
        if math.hypot(feature.x - pose.x, feature.y - pose.y) - reach > R:
            continue
        if disk_distance(feature.x, feature.y, 0.0, obstacle.overlap_pieces) < R - EPS:
            return feature
    return None


# ----------------------------------------------------------------------- actions
def scenario_actions(game: Game, ship: ShipState) -> tuple[ActionSpec, ...]:
    """The scenario action every ship has in its Perform Action step, "starting on the
    second round" (a white action, never granted at other times)."""
    scenario = scenario_of(game)
    if scenario is None:
        return mission_actions(game, ship)  # a first-edition mission's (PROTECT)
    if scenario.action is None or game.state.round < 2:
        return ()
    return (ActionSpec(scenario.action, "white", None, "scenario"),)


@dataclass(frozen=True)
class ScenarioActionBody(ActionBody, ChoiceStep):
    """A scenario action: choose a feature of ``kind`` at range 0-1 (the action fails with
    none in range), then :meth:`apply` it."""

    kind: ClassVar[str] = ""
    question: ClassVar[str] = ""

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        found = features_near(game, ship, 1, self.kind) if ship.in_play else []
        if not found:
            fail(game, ship)
            return None
        return self.ask(ship.owner, "scenario_target", f"{ship.name} ({ship.id}): "
                        f"{self.question}", [Option(f.id, f.label + (
                            "" if f.marker is None else f" (player {f.marker}'s marker)"))
                            for f in found], ship=ship.id)


@dataclass(frozen=True)
class TowAction(ScenarioActionBody):
    """Tow: choose a supply cache at range 0-1 and put it on the ship's card; the ship
    then removes its cloak tokens."""

    kind: ClassVar[str] = "supply_cache"
    question: ClassVar[str] = "tow which supply cache?"

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        change_feature(game, answer, lambda f: f.carried_by(ship.id))
        ship.remember(TOWING, answer)
        game.event("scenario", f"{ship.name} ({ship.id}) tows {answer.replace('-', ' ')}",
                   ship=ship.id)
        if ship.count(Token.CLOAK):
            remove_token(game, ship, Token.CLOAK, ship.count(Token.CLOAK))


@dataclass(frozen=True)
class ScrambleAction(ScenarioActionBody):
    """Scramble: choose a satellite at range 0-1 and put the player's marker on it (the
    other player's marker leaves)."""

    kind: ClassVar[str] = "satellite"
    question: ClassVar[str] = "scramble which satellite?"

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        change_feature(game, answer, lambda f: f.marked(ship.owner))
        game.event("scenario", f"{ship.name} ({ship.id}) scrambles {answer.replace('-', ' ')}"
                   f": player {ship.owner}'s marker is on it", ship=ship.id)


ACTION_BODIES["tow"] = TowAction
ACTION_BODIES["scramble"] = ScrambleAction


# ---------------------------------------------------------------------- jettison
@dataclass(frozen=True)
class JettisonChoice(ChoiceStep):
    """"At the end of a ship's activation, a ship may choose to jettison its supply cache"
    (answers ``keep`` or ``jettison``)."""

    ship_id: str

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play or towed_cache(ship) is None:
            return None
        return self.ask(ship.owner, "jettison", f"{ship.name} ({ship.id}): jettison its "
                        "supply cache?", [Option("keep", "keep towing it"),
                                          Option("jettison", "jettison it")], ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "jettison":
            jettison(game, game.state.ships[self.ship_id], "its choice")


def end_activation_steps(game: Game, ship: ShipState) -> tuple[Step, ...]:
    """The scenario's steps at the end of the ship's activation."""
    return (JettisonChoice(ship.id),) if towed_cache(ship) is not None else ()


# ------------------------------------------------- the rules' own abilities
def _towing(ctx: Ctx) -> bool:
    return towed_cache(ctx.ship) is not None


def _crit_jettisons(ctx: Ctx, _: Any) -> None:
    jettison(ctx.game, ctx.ship, "it suffered critical damage")


def _half_health_open(ctx: Ctx) -> bool:
    return half_health_due(ctx.game, ctx.ship)


def _check_half(ctx: Ctx, _: Any) -> None:
    check_half_health(ctx.game, ctx.ship)


RULES.register("rule", "supply cache jettisoned",
               Triggered("a ship towing a supply cache suffers critical damage",
                         window="after_suffer_crit", optional=False, requirement=_towing,
                         effect=_crit_jettisons),
               description="Salvage Mission: a ship towing a supply cache that suffers "
                           "critical damage jettisons it.")
_HALF_HEALTH = "Chance Engagement: a ship reduced to half its health gives its opponent " \
    "half its squad points."
RULES.register("rule", "half health after damage",
               Triggered("a ship reduced to half its health", window="after_suffer_damage",
                         optional=False, requirement=_half_health_open, effect=_check_half),
               description=_HALF_HEALTH)
RULES.register("rule", "half health after a shield is lost",
               Triggered("a ship reduced to half its health", window="after_lose_shield",
                         optional=False, requirement=_half_health_open, effect=_check_half),
               description=_HALF_HEALTH)
