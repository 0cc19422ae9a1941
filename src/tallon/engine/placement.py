"""Placing a ship by a card's rule: from reserve (RR: RESERVE) or again (a card that lets
a player pick ships up during setup and place them elsewhere).

A **placement rule** is a tuple of rule names, all of which the place must meet, besides
the rules of every placement (the whole base inside the play area, overlapping no other
ship):

- ``deployment`` - within range 1 of the player's edge (RR: SETUP step 5, as Place Forces);
- ``obstacle`` - at range 0 of an obstacle (physically on it: RR: RANGE);
- ``edge`` - within range 1 of any one edge of the play area (the whole base);
- ``edge:<side>`` - within range 1 of that edge (``south``: y = 0, player 1's; ``north``,
  ``west``: x = 0, ``east``);
- ``far`` - beyond range 3 of every enemy ship (RR: RANGE: "beyond");
- ``clear:<range>`` - beyond that range of every obstacle;
- ``enemy_edge:<range>`` - beyond that range of the enemy player's edge (the whole base);
- ``friend:<range>`` - at range 0-<range> of another friendly ship in the play area;
- ``anywhere`` - anywhere in the play area (no other condition: the spots offered are a
  grid over the whole area).

The decision (``card_placement``) works as Place Forces' does (:class:`PlaceShip`, whose
answers, checks and effect it shares): it offers places found on a grid of candidate spots
and accepts any other legal place as a free ``{x, y, heading[, turret]}``. When no spot
of the grid meets the rule, the ship is placed within range 1 of its player's edge instead
(the FAQ on Boba Fett's crew card, applied to every such rule: ruling).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.deployment import (
    deployment_spots,
    outside_problem,
    overlap_problem,
    placing,
    shape_of,
    ship_placement_problem,
    spot_option,
)
from tallon.engine.loadout import has_turret_indicator
from tallon.engine.queue import FireWindow
from tallon.engine.reserve import in_reserve, mark_reserve, reserve_rule
from tallon.engine.scenarios import jettison, towed_cache
from tallon.engine.setup import PlaceShip
from tallon.engine.steps import Step, Then
from tallon.geometry import Pose, Ship, at_range, base_shape, beyond_range
from tallon.geometry.constants import EPS, PLAY_AREA_SIDE, RANGE_BAND_LENGTH

if TYPE_CHECKING:
    from tallon.engine.decisions import Decision
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState

DEPLOYMENT = ("deployment",)
#: The most places a decision offers (spread over the spots found).
MAX_OFFERS = 24
_HEADINGS = (0.0, 90.0, 180.0, 270.0)
_EDGE_STEP = 60.0


# ------------------------------------------------------------------------- rules
def _on_obstacle(game: Game, body: Ship) -> bool:
    return any(at_range(body, obstacle, 0) for obstacle in game.state.obstacles)


def _near_an_edge(body: Ship) -> bool:
    points = [p for piece in body.range_pieces for p in piece]
    limit = RANGE_BAND_LENGTH + EPS
    return (max(x for x, _ in points) <= limit or max(y for _, y in points) <= limit
            or max(PLAY_AREA_SIDE - x for x, _ in points) <= limit
            or max(PLAY_AREA_SIDE - y for _, y in points) <= limit)


#: the edges by side: (coordinate index, whether at the far end of the play area)
EDGES = {"south": (1, False), "north": (1, True), "west": (0, False), "east": (0, True)}


def _near_edge(body: Ship, side: str) -> bool:
    """Rule ``edge:<side>``: the whole base within range 1 of that edge."""
    axis, far = EDGES[side]
    points = [p[axis] for piece in body.range_pieces for p in piece]
    limit = RANGE_BAND_LENGTH + EPS
    return max(PLAY_AREA_SIDE - v for v in points) <= limit if far else max(points) <= limit


def _far_from_enemies(game: Game, ship: ShipState, body: Ship) -> bool:
    return all(beyond_range(body, enemy.body, 3) for enemy in game.state.in_play()
               if enemy.owner != ship.owner and enemy.body is not None)


def _clear_of_obstacles(game: Game, body: Ship, name: str) -> bool:
    """Rule ``clear:<range>``: beyond that range of every obstacle."""
    reach = int(name.partition(":")[2])
    return all(beyond_range(body, obstacle, reach) for obstacle in game.state.obstacles)


def _far_from_enemy_edge(ship: ShipState, body: Ship, name: str) -> bool:
    """Rule ``enemy_edge:<range>``: no point of the base within that range of the edge
    of the other player (player 1's is the south edge, y = 0)."""
    limit = RANGE_BAND_LENGTH * int(name.partition(":")[2]) + EPS
    ys = [p[1] for piece in body.range_pieces for p in piece]
    return (min(ys) if ship.owner == 2 else min(PLAY_AREA_SIDE - y for y in ys)) > limit


def _near(game: Game, body: Ship, name: str) -> bool:
    """Rule ``near:<ship id>:<range>``: at range 0-<range> of that ship, which must be in
    the play area ("after you are placed, other friendly ships can be placed ... at range
    0-2 of you": Lieutenant Dormitz)."""
    _, ship_id, high = name.split(":")
    other = game.state.ships.get(ship_id)
    return other is not None and other.body is not None and \
        at_range(body, other.body, 0, int(high))


def _near_a_friend(game: Game, ship: ShipState, body: Ship, name: str) -> bool:
    """Rule ``friend:<range>``: at range 0-<range> of another friendly ship in the play
    area ("you are placed in the play area at range 0-2 of a friendly ship": Luminous)."""
    high = int(name.partition(":")[2])
    return any(other.body is not None and friendly(other, ship)
               and at_range(body, other.body, 0, high)
               for other in game.state.in_play() if other.id != ship.id)


_RULE_PROBLEMS = {
    "obstacle": "it must be at range 0 of an obstacle",
    "edge": "it must be within range 1 of an edge of the play area",
    "far": "it must be beyond range 3 of every enemy ship",
}


def placement_problem(game: Game, ship: ShipState, pose: Pose, rule: tuple[str, ...]
                      ) -> str | None:
    """Why the ship can't be placed here by ``rule``, or None."""
    if "deployment" in rule:
        problem = ship_placement_problem(game, ship, pose)
    else:
        problem = outside_problem(shape_of(ship), pose) or overlap_problem(game, ship, pose)
    if problem is not None:
        return problem
    body = placing(shape_of(ship), pose, ship.id)  # a huge ship's base too
    for name in rule:
        if name == "deployment":
            continue
        if name == "anywhere":
            continue
        if name.startswith("near:"):
            if not _near(game, body, name):
                return f"it must be {_words(name)}"
            continue
        if name.startswith("friend:"):
            if not _near_a_friend(game, ship, body, name):
                return f"it must be {_words(name)}"
            continue
        if name.startswith("edge:"):
            if not _near_edge(body, name.partition(":")[2]):
                return f"it must be {_words(name)}"
            continue
        if name.startswith(("clear:", "enemy_edge:")):
            if not (_clear_of_obstacles(game, body, name) if name.startswith("clear:")
                    else _far_from_enemy_edge(ship, body, name)):
                return f"it must be {_words(name)}"
            continue
        met = (_on_obstacle(game, body) if name == "obstacle" else
               _near_an_edge(body) if name == "edge" else
               _far_from_enemies(game, ship, body) if name == "far" else None)
        if met is None:
            raise ValueError(f"unknown placement rule {name!r}")
        if not met:
            return _RULE_PROBLEMS[name]
    return None


# ------------------------------------------------------------------------- spots
def _obstacle_spots(game: Game, ship: ShipState) -> list[Pose]:
    """On each obstacle and around it: its centre and eight points around it, at two
    distances, each in four headings."""
    spots = []
    for obstacle in game.state.obstacles:
        x, y = obstacle.pose.x, obstacle.pose.y
        inner = obstacle.outline.inner_radius
        centres = [(x, y)]
        for reach in (inner, inner + base_shape(ship.size).half):
            centres += [(x + reach * math.sin(math.radians(a)),
                         y + reach * math.cos(math.radians(a))) for a in range(0, 360, 45)]
        spots += [Pose(round(cx, 1), round(cy, 1), h) for cx, cy in centres
                  for h in _HEADINGS]
    return spots


def _edge_spots(ship: ShipState) -> list[Pose]:
    """Along each edge, the base just inside it, facing the middle of the play area."""
    depth = base_shape(ship.size).half + 3.5
    far = PLAY_AREA_SIDE - depth
    steps = [depth + _EDGE_STEP * k for k in range(int((far - depth) // _EDGE_STEP) + 1)]
    spots = []
    for t in steps:
        spots += [Pose(t, depth, 0.0), Pose(t, far, 180.0), Pose(depth, t, 90.0),
                  Pose(far, t, 270.0)]
    return spots


def _area_spots(ship: ShipState) -> list[Pose]:
    """A grid over the whole play area, each spot facing the enemy's edge."""
    depth = base_shape(ship.size).half + 3.5
    steps = [depth + _EDGE_STEP * k
             for k in range(int((PLAY_AREA_SIDE - 2 * depth) // _EDGE_STEP) + 1)]
    heading = 0.0 if ship.owner == 1 else 180.0
    return [Pose(x, y, heading) for y in steps for x in steps]


def placement_spots(game: Game, ship: ShipState, rule: tuple[str, ...]) -> list[Pose]:
    """The candidate spots that meet ``rule`` now."""
    if "deployment" in rule:
        candidates = deployment_spots(game, ship)
    elif "obstacle" in rule:
        candidates = _obstacle_spots(game, ship)
    elif "edge" in rule or any(name.startswith("edge:") for name in rule):
        candidates = _edge_spots(ship)
    elif "anywhere" in rule:
        candidates = _area_spots(ship)
    else:
        raise ValueError(f"placement rule {rule!r} names no kind of place")
    return [pose for pose in candidates
            if placement_problem(game, ship, pose, rule) is None]


def effective_rule(game: Game, ship: ShipState, rule: tuple[str, ...]) -> tuple[str, ...]:
    """``rule``, or the deployment area when no spot meets it (ruling: the FAQ on Boba
    Fett's crew card)."""
    if rule == DEPLOYMENT or placement_spots(game, ship, rule):
        return rule
    return DEPLOYMENT


def _spread(spots: list[Pose], wanted: int) -> list[Pose]:
    if len(spots) <= wanted:
        return spots
    return [spots[k * len(spots) // wanted] for k in range(wanted)]


def _offer(pose: Pose, turret: str | None) -> Option:
    return spot_option(pose, turret, f"at ({pose.x:.0f}, {pose.y:.0f}) facing "
                       f"{pose.heading:.0f}°")


_RULE_WORDS = {"deployment": "within range 1 of your edge", "obstacle": "at range 0 of an "
               "obstacle", "edge": "within range 1 of an edge", "far": "beyond range 3 of "
               "every enemy ship", "anywhere": "anywhere in the play area"}


def _words(name: str) -> str:
    """What a placement rule name asks, in words."""
    if name.startswith("near:"):
        _, ship_id, high = name.split(":")
        return f"at range 0-{high} of {ship_id}"
    if name.startswith("friend:"):
        return f"at range 0-{name.partition(':')[2]} of a friendly ship"
    if name.startswith("edge:"):
        return f"within range 1 of the {name.partition(':')[2]} edge"
    if name.startswith("clear:"):
        return f"beyond range {name.partition(':')[2]} of every obstacle"
    if name.startswith("enemy_edge:"):
        return f"beyond range {name.partition(':')[2]} of the enemy edge"
    return _RULE_WORDS[name]


# ------------------------------------------------------------------------- steps
@dataclass(frozen=True)
class PlaceByCard(PlaceShip):
    """A card places a ship that is off the table (from reserve, or picked up) by its
    placement rule. Answers as Place Forces': an offered key (``"60,23.5,0"``, with
    ``",front"`` for a turret) or a free ``{x, y, heading[, turret]}``."""

    rule: tuple[str, ...] = DEPLOYMENT
    auto_single: ClassVar[bool] = False

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if ship.body is not None or ship.removed:
            return None  # placed already, or gone
        rule = effective_rule(game, ship, self.rule)
        turret = "front" if has_turret_indicator(ship) else None
        options = [_offer(pose, turret)
                   for pose in _spread(placement_spots(game, ship, rule), MAX_OFFERS)]
        words = ", ".join(_words(name) for name in rule)
        fallback = " (no place meets the card's rule)" if rule != self.rule else ""
        return self.ask(ship.owner, "card_placement",
                        f"Player {ship.owner}: place {ship.name} ({ship.id}) {words}"
                        f"{fallback}", options, ship=ship.id,
                        free=f"{{x, y, heading[, turret]}}: {words}, overlapping no ship")

    def problem(self, game: Game, ship: ShipState, pose: Pose) -> str | None:
        return placement_problem(game, ship, pose, effective_rule(game, ship, self.rule))

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        from_reserve = reserve_rule(ship) is not None
        super().apply(game, answer)
        mark_reserve(ship, None)
        phase = game.state.phase
        if from_reserve and phase == "setup":
            # placed for the first time: "after you are placed" setup abilities
            game.push(FireWindow.of("after_placed", ship=ship.id))
        elif from_reserve and phase in ("system", "activation"):
            # ruling: it was assigned no dial this round (RR: RESERVE), so it does not
            # activate this round (as a ship that deploys: RR: DOCK)
            ship.activated = True


@dataclass(frozen=True)
class PlaceWithChoice(PlaceShip):
    """Place Forces for a ship whose card lets it be placed by another rule too ("Setup:
    you can be placed anywhere ... beyond range 3 of enemy ships"): a place in its
    deployment area or one meeting any of ``rules``. Answers as Place Forces'."""

    rules: tuple[tuple[str, ...], ...] = ()

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        turret = "front" if has_turret_indicator(ship) else None
        spots = list(deployment_spots(game, ship))
        for rule in self.rules:
            spots += _spread(placement_spots(game, ship, rule), MAX_OFFERS)
        words = " or ".join(", ".join(_words(name) for name in rule)
                            for rule in (DEPLOYMENT, *self.rules))
        return self.ask(ship.owner, "place_ship",
                        f"Player {ship.owner}: place {ship.name} ({ship.id}) {words}",
                        [_offer(pose, turret) for pose in dict.fromkeys(spots)],
                        ship=ship.id,
                        free=f"{{x, y, heading[, turret]}}: {words}, overlapping no ship")

    def problem(self, game: Game, ship: ShipState, pose: Pose) -> str | None:
        problems = [placement_problem(game, ship, pose, rule)
                    for rule in (DEPLOYMENT, *self.rules)]
        return None if None in problems else problems[-1]


def deploy(game: Game, ship: ShipState, then: str | None = None,
           args: tuple[Any, ...] = ()) -> None:
    """A card places the ship from reserve by the rule it was put in reserve with; then
    the continuation ``then`` (if any) with ``args``."""
    assert in_reserve(game, ship), f"{ship.id} is not in reserve"
    rule = reserve_rule(ship) or DEPLOYMENT
    steps: list[Step] = [PlaceByCard(ship.id, rule)]
    if then is not None:
        steps.append(Then(then, args))
    game.push(*steps)


def pick_up(game: Game, ship: ShipState) -> None:
    """Pick the ship up (to place it again, or into reserve): it leaves its contacts."""
    if towed_cache(ship) is not None:  # Salvage Mission: jettisoned before it goes
        jettison(game, ship, "placed in reserve")
    for other in ship.contacts:
        mate = game.state.ships[other]
        mate.contacts = tuple(c for c in mate.contacts if c != ship.id)
    ship.contacts = ()
    ship.body = None
    game.state.moved()
    game.event("place", f"{ship.name} ({ship.id}) is picked up", ship=ship.id)


__all__ = ["DEPLOYMENT", "PlaceByCard", "PlaceWithChoice", "deploy", "effective_rule", "pick_up",
           "placement_problem", "placement_spots"]


def reserved_until_setup_ends(place: tuple[str, ...], placed_where: str
                              ) -> tuple[Modifier, Triggered]:
    """"Setup: you are placed in reserve. At the end of Setup, you are placed ..." (Boba
    Fett, Luminous): the ship starts in reserve under the placement rule ``place`` and is
    placed by it at the end of Setup (RR: SETUP, RR: RESERVE); ``placed_where`` words the
    rule for the ability's title."""
    def starts(game: Game, owner: ShipState, ship: ShipState | None = None,
               **facts: Any) -> tuple[str, ...] | None:
        return place if ship is not None and ship.id == owner.id else None

    def waiting(ctx: Ctx) -> bool:
        # still in reserve by this rule (a ship docked instead is not)
        return in_reserve(ctx.game, ctx.ship) and reserve_rule(ctx.ship) == place

    return (Modifier("setup: start in reserve", hook="starts_in_reserve", value=starts),
            Triggered(f"end of Setup: place the ship {placed_where}", window="end_setup",
                      optional=False, requirement=waiting,
                      effect=lambda ctx, choice: deploy(ctx.game, ctx.ship)))
