"""The four standard scenarios (rulebook: SCENARIOS, DEFICIT, MISSION POINTS, SCENARIO
FEATURE, and its Standard Scenarios): what each places, how it scores, how it is won.

A scenario is data (:class:`Scenario`); the rules every scenario shares are here as
functions the engine calls: mission points at the start of the End Phase from the second
round (:class:`ScoreScenario`), the points a removed ship gives (:func:`removal_points`),
Chance Engagement's half-health points (:func:`check_half_health`) and the 20-point victory
(:func:`points_victory`). Setup placement and the scenario actions (tow, scramble) are in
:mod:`tallon.engine.scenario_play`. A game without a scenario (``GameSetup(scenario=None)``)
scores as Tallon did before (docs/rulings.md #8) and ends only by destruction or after its
last round.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.engine.decisions import Decision, Option, Value
from tallon.engine.features import TOWING, Feature, towed_cache
from tallon.engine.state import PLAYERS, ShipState, opponent
from tallon.engine.steps import ChoiceStep, Step
from tallon.geometry import BaseSize, Pose, Ship, band, disk_distance
from tallon.geometry.constants import EPS, PLAY_AREA_SIDE, SCENARIO_MARKER_RADIUS

if TYPE_CHECKING:
    from tallon.engine.game import Game

R = SCENARIO_MARKER_RADIUS


@dataclass(frozen=True)
class Scenario:
    """A standard scenario as data.

    ``feature``: the kind of scenario feature it places (one in the centre first);
    ``edges``: for each feature a player places after the centre one, in the order they
    place them, the board edge it must be at range 2-4 of (``"own"`` or ``"opponent"``);
    ``scoring``: how features score at the start of the End Phase (``control``: more ships
    at range 0-1, medium and large ships counting two; ``contest``: any ship at range 0-2,
    one more point when alone; ``towed``: caches on friendly ships' cards; ``marked``:
    satellites bearing the player's marker); ``action``: the scenario action every ship
    has in its Perform Action step from the second round; ``colours``: the first player
    becomes the red player; ``half_health``: Chance Engagement's damage scoring."""

    name: str
    title: str
    objective: str
    feature: str
    edges: tuple[str, ...]
    scoring: str
    action: str | None = None
    colours: bool = False
    half_health: bool = False

    @property
    def features(self) -> int:
        """How many features the scenario places (the centre one and the players')."""
        return 1 + 2 * len(self.edges)


SCENARIOS: dict[str, Scenario] = {s.name: s for s in (
    Scenario("satellite-array", "Assault at the Satellite Array",
             "Take control of the Satellite Array before enemy forces do.", "satellite",
             ("own", "opponent"), "control"),
    Scenario("chance-engagement", "Chance Engagement",
             "Defeat enemy forces to force a retreat from the sector.", "satellite", (),
             "contest", half_health=True),
    Scenario("salvage-mission", "Salvage Mission",
             "Retrieve as many supply caches as possible before the enemy.", "supply_cache",
             ("own", "opponent"), "towed", action="tow", colours=True),
    Scenario("scramble-transmissions", "Scramble the Transmissions",
             "Scramble the transmissions from the satellites to deny enemy forces valuable "
             "information.", "satellite", ("opponent",), "marked", action="scramble",
             colours=True),
)}

#: The scenario names a command line accepts: each standard scenario, or one at random.
SCENARIO_CHOICES = (*SCENARIOS, "random")

#: The centre of the play area: "centered at range 4.5 of all board edges".
CENTRE = (PLAY_AREA_SIDE / 2, PLAY_AREA_SIDE / 2)

#: Mission points that end the game at the end of an End Phase, when ahead.
WINNING_POINTS = 20


def scenario_of(game: Game) -> Scenario | None:
    """The scenario the game plays, or None."""
    name = game.state.scenario
    return None if name is None else SCENARIOS[name]


def scenario_problem(name: str | None) -> str | None:
    """Why ``name`` is not a scenario a game can be set up with, or None."""
    if name is None or name in SCENARIOS:
        return None
    return f"unknown scenario {name!r}; the standard scenarios: {', '.join(SCENARIOS)}"


def chosen_scenario(choice: str | None, seed: int) -> str | None:
    """The scenario a game plays when a user chose ``choice`` (what a command line or the
    server accepts): a standard scenario's name as it is; ``"random"`` one drawn from the
    game's ``seed`` (the same seed draws the same scenario); None or ``"none"`` no scenario,
    a practice game. Other names are returned as they are, for ``GameSetup`` to refuse."""
    return chosen_by_seed(choice, seed, tuple(SCENARIOS), "scenario")


def chosen_by_seed(choice: str | None, seed: int, names: tuple[str, ...], what: str
                   ) -> str | None:
    """A user's ``choice`` among ``names``: a name as it is, ``"random"`` one drawn from the
    game's ``seed`` by a hash of its own (not the game's first random number, nor Python's
    salted hash(): the game's dice are not shifted, the same seed draws the same), None or
    ``"none"`` none. ``what`` salts the hash (scenarios and environments draw apart)."""
    if choice is None or choice == "none":
        return None
    if choice != "random":
        return choice
    digest = hashlib.sha256(f"tallon-{what}/{seed}".encode()).digest()
    return names[int.from_bytes(digest[:8], "big") % len(names)]


# ------------------------------------------------------------------ measuring
def feature_distance(feature: Feature, ship: ShipState) -> float:
    """The range ruler's distance between a feature and a ship in play (mm)."""
    assert feature.x is not None and feature.y is not None and ship.body is not None
    return disk_distance(feature.x, feature.y, R, ship.body.range_pieces)


def feature_range(feature: Feature, ship: ShipState) -> int:
    """The range band between a feature in the play area and a ship in play."""
    return band(feature_distance(feature, ship))


def ships_near(game: Game, feature: Feature, high: int, player: int | None = None
               ) -> list[ShipState]:
    """The ships in play (remotes are not ships) at range 0-``high`` of the feature."""
    if not feature.in_play_area:
        return []
    return [s for s in game.state.in_play() if (player is None or s.owner == player)
            and feature_range(feature, s) <= high]


def features_near(game: Game, ship: ShipState, high: int, kind: str | None = None
                  ) -> list[Feature]:
    """The features in the play area at range 0-``high`` of the ship."""
    return [f for f in game.state.features if f.in_play_area
            and (kind is None or f.kind == kind) and feature_range(f, ship) <= high]


def control_weight(ship: ShipState) -> int:
    """How many ships a ship counts as when control is determined: "medium and large ships
    each count as two ships" (a huge ship too: ruling)."""
    return 1 if ship.size is BaseSize.SMALL else 2


def controller(game: Game, feature: Feature) -> int | None:
    """Assault at the Satellite Array: the player with more ships at range 0-1 of the
    satellite, or None when tied."""
    count = {p: sum(control_weight(s) for s in ships_near(game, feature, 1, p))
             for p in PLAYERS}
    if count[1] == count[2]:
        return None
    return 1 if count[1] > count[2] else 2


def contesting(game: Game, feature: Feature) -> tuple[int, ...]:
    """Chance Engagement: the players with one or more ships at range 0-2 of the
    satellite."""
    return tuple(p for p in PLAYERS if ships_near(game, feature, 2, p))


# ------------------------------------------------------------------ scoring
def score(game: Game, player: int, points: int, why: str) -> None:
    """``player`` earns ``points`` mission points; the log says why."""
    if points <= 0:
        return
    game.state.player(player).mission_points += points
    game.event("score", f"Player {player} scores {points} mission point"
               f"{'s' if points > 1 else ''}: {why}", player=player, points=points)


def end_phase_points(game: Game) -> list[tuple[int, int, str]]:
    """What each player earns at the start of this End Phase: (player, points, why)."""
    scenario = scenario_of(game)
    if scenario is None:
        return []
    found: list[tuple[int, int, str]] = []
    features = game.state.features
    if scenario.scoring == "control":
        for feature in features:
            held = controller(game, feature)
            if held is not None:
                found.append((held, 1, f"controls {feature.label}"))
    elif scenario.scoring == "contest":
        for feature in features:
            players = contesting(game, feature)
            for player in players:
                found.append((player, 1, f"contests {feature.label}"))
            if len(players) == 1:
                found.append((players[0], 1, f"is the only player contesting {feature.label}"))
    elif scenario.scoring == "towed":
        for feature in features:
            carrier = game.state.ships.get(feature.carrier or "")
            if carrier is not None and not carrier.removed:
                found.append((carrier.owner, 1, f"{feature.label} is on {carrier.name}'s "
                              f"card ({carrier.id})"))
    elif scenario.scoring == "marked":
        for feature in features:
            if feature.marker is not None:
                found.append((feature.marker, 1, f"controls {feature.label} (its marker)"))
    return found


@dataclass(frozen=True)
class ScoreScenario(Step):
    """"Starting on the second round, at the start of the End Phase": the scenario's
    points (player order), after Chance Engagement's half-health check."""

    def run(self, game: Game) -> Decision | None:
        scenario = scenario_of(game)
        if scenario is None:
            return None
        if scenario.half_health:
            for ship in game.state.ships_of():
                check_half_health(game, ship)
        if game.state.round < 2:
            return None
        order = game.state.player_order()
        for player, points, why in sorted(end_phase_points(game),
                                          key=lambda item: order.index(item[0])):
            score(game, player, points, why)
        return None


def health(ship: ShipState) -> tuple[int, int]:
    """(what is left, the whole): hull and shields, with the cards that modify them."""
    return (max(0, ship.hull_remaining) + ship.shields, ship.hull + ship.shield_limit)


#: Chance Engagement's memory: ships whose half health has scored, by id.
HALF_SCORED = "half-health:"


def check_half_health(game: Game, ship: ShipState) -> None:
    """Chance Engagement: "when a ship is reduced to half its health" (what is left at most
    half the whole), the opposing player gains half its squad point value, rounded down -
    once per ship (ruling)."""
    if not half_health_due(game, ship):
        return
    left, whole = health(ship)
    game.state.scenario_marks[HALF_SCORED + ship.id] = ship.cost // 2
    score(game, opponent(ship.owner), ship.cost // 2,
          f"{ship.name} ({ship.id}) is reduced to half its health ({left} of {whole})")


def half_health_due(game: Game, ship: ShipState) -> bool:
    """Whether Chance Engagement's half-health points are due for the ship now: at most
    half its health left, not scored before."""
    scenario = scenario_of(game)
    if scenario is None or not scenario.half_health or ship.remote or ship.removed or \
            HALF_SCORED + ship.id in game.state.scenario_marks:
        return False
    left, whole = health(ship)
    return 2 * left <= whole


def removal_points(game: Game, ship: ShipState) -> int:
    """What the opposing player earns when ``ship`` is destroyed or removed from the game:
    its squad point value; in Chance Engagement half of it rounded up, or all of it when
    its half health scored nothing earlier."""
    scenario = scenario_of(game)
    if scenario is None or not scenario.half_health:
        return ship.cost
    if HALF_SCORED + ship.id in game.state.scenario_marks:
        return -(-ship.cost // 2)
    return ship.cost


def points_victory(game: Game) -> tuple[int, str] | None:
    """"At the end of the End Phase, if one player has 20 or more mission points and has
    more mission points than their opponent, the game ends": (that player, why)."""
    if scenario_of(game) is None:
        return None
    points = game.state.mission_points
    for player in PLAYERS:
        other = points[opponent(player)]
        if points[player] >= WINNING_POINTS and points[player] > other:
            return player, f"{points[player]}-{other} mission points at the end of the End Phase"
    return None


def change_feature(game: Game, feature_id: str, change: Callable[[Feature], Feature]
                   ) -> None:
    """Replace the feature ``feature_id`` by ``change(feature)`` (features are immutable)."""
    game.state.features = [change(f) if f.id == feature_id else f
                           for f in game.state.features]


def carrier_of_cache(game: Game, ship: ShipState) -> Feature | None:
    """The supply cache the ship tows, if any."""
    cache_id = towed_cache(ship)
    return next((f for f in game.state.features if f.id == cache_id), None)


# ---------------------------------------------------------------------- jettison
def outside(x: float, y: float) -> bool:
    """Whether part of a marker centred here would lie outside the play area."""
    return not (R - EPS <= x <= PLAY_AREA_SIDE - R + EPS and
                R - EPS <= y <= PLAY_AREA_SIDE - R + EPS)


def marker_point(value: Any) -> tuple[float, float] | str:
    if isinstance(value, str):
        try:
            x, y = (float(v) for v in value.split(","))
        except ValueError:
            return "expected \"x,y\" or {x, y}"
        return x, y
    if not isinstance(value, dict) or "x" not in value or "y" not in value:
        return "expected an object with x and y"
    try:
        x, y = float(value["x"]), float(value["y"])
    except (TypeError, ValueError):
        return "x and y must be numbers"
    if not (math.isfinite(x) and math.isfinite(y)):
        return "x and y must be finite"
    return x, y


def jettison(game: Game, ship: ShipState, why: str) -> None:
    """The ship's supply cache leaves its card; the opposing player places it at range 1
    of the ship where it is now (a fleeing ship has not moved yet)."""
    cache = carrier_of_cache(game, ship)
    ship.remember(TOWING, None)
    if cache is None:
        return
    change_feature(game, cache.id, Feature.jettisoned)
    if ship.body is None:
        return
    pose = ship.body.pose
    game.event("scenario", f"{ship.name} ({ship.id}) jettisons {cache.label} ({why})",
               ship=ship.id)
    # after the step that jettisons (it may be asking something itself)
    game.push(PlaceJettisoned(opponent(ship.owner), cache.id, pose.x, pose.y, pose.heading,
                             ship.size.value))


@dataclass(frozen=True)
class PlaceJettisoned(ChoiceStep):
    """The opposing player places a jettisoned supply cache at range 1 of the ship (its
    base where it jettisoned). Answers: an offered spot (``"x,y"``) or any legal ``{x, y}``."""

    player: int
    cache: str
    x: float
    y: float
    heading: float
    size: str

    def _base(self) -> Ship:
        return Ship("jettisoning", Pose(self.x, self.y, self.heading), BaseSize(self.size))

    def problem(self, x: float, y: float) -> str | None:
        if outside(x, y):
            return "a supply cache must lie wholly inside the play area"
        if band(disk_distance(x, y, R, self._base().range_pieces)) != 1:
            return "a jettisoned supply cache is placed at range 1 of the ship"
        return None

    def spots(self) -> list[tuple[float, float]]:
        reach = self._base().circle[2]
        found = []
        for step in range(16):
            turn = math.radians(22.5 * step)
            for gap in (50.0, 20.0, 80.0):
                x = round(self.x + (reach + R + gap) * math.sin(turn), 1)
                y = round(self.y + (reach + R + gap) * math.cos(turn), 1)
                if self.problem(x, y) is None:
                    found.append((x, y))
                    break
        return found

    def choice(self, game: Game) -> Decision | None:
        spots = self.spots()
        if not spots:
            return None  # nowhere at range 1 inside the play area (ruling: it stays off)
        label = self.cache.replace("-", " ")
        return self.ask(self.player, "place_feature", f"Player {self.player}: place the "
                        f"jettisoned {label} at range 1 of the ship",
                        [Option(f"{x:g},{y:g}", f"{label} at ({x:.0f}, {y:.0f})",
                                {"x": x, "y": y}) for x, y in spots],
                        free="{x, y}: at range 1 of the ship, inside the play area")

    def check_free(self, game: Game, value: Value) -> str | None:
        point = marker_point(value)
        return point if isinstance(point, str) else self.problem(*point)

    def apply(self, game: Game, answer: Any) -> None:
        point = marker_point(answer)
        assert not isinstance(point, str), "answers are checked before they arrive"
        change_feature(game, self.cache, lambda f: f.placed(*point))
        game.event("scenario", f"Player {self.player} places {self.cache.replace('-', ' ')} "
                   f"at ({point[0]:.0f}, {point[1]:.0f})", player=self.player)


