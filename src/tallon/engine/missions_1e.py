"""The first edition core set's three missions (rulebook (1e): MISSIONS, PLAYING A MISSION,
SQUAD BUILDING IN MISSIONS and the three mission overviews): Political Escort, Asteroid Run
and Dark Whispers.

A mission is chosen with ``GameSetup(..., ruleset="1e", scenario=<name>)``. It is read from
``game.setup.scenario`` (:func:`mission_of`), never stored in ``GameState.scenario``, whose
2.5 scenario rules would then run. This module holds the missions as data and the rules
the lower engine modules ask about: which ship is the senator's shuttle or the disabled
ship, what a ship leaving the game means for the objectives (:func:`mission_removed`), and
scanning a satellite instead of attacking (:class:`MissionScan`). Setup is in
:mod:`tallon.engine.mission_setup_1e`, the rounds' steps and the end of the game in
:mod:`tallon.engine.mission_play_1e`.

What a mission remembers lives in ``GameState.scenario_marks`` (keys ``mission:...``),
its satellites in ``GameState.features`` and its marks on ships in their card memory.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.engine.decisions import Decision, Option
from tallon.engine.features import Feature
from tallon.engine.state import ShipState, ship_range
from tallon.engine.steps import ChoiceStep, Step
from tallon.geometry import disk_distance
from tallon.geometry.constants import EPS, PLAY_AREA_SIDE, SCENARIO_MARKER_RADIUS
from tallon.rulesets import ruleset_rules
from tallon.squads import Squad
from tallon.squads.play_1e import squad_for_play
from tallon.squads.xws_1e import read_xws_1e

if TYPE_CHECKING:
    from tallon.engine.game import Game

REBEL = "rebelalliance"
IMPERIAL = "galacticempire"
#: The satellite token's radius: the 2.5 scenario marker's (docs: first-edition missions).
R = SCENARIO_MARKER_RADIUS


@dataclass(frozen=True)
class Mission:
    """A first-edition mission: its name (the ``scenario`` of a GameSetup), title, a
    one-line summary and ``sides``: the Rebel and the Imperial objective, in Tallon's
    words. ``reinforcing``: the faction that calls reinforcements in the End Phase, the
    pilot it places and where (``own``: within range 1 of its edge; ``either``: of either
    player's edge)."""

    name: str
    title: str
    summary: str
    sides: tuple[str, str]
    reinforcing: str
    reinforcement: str
    reinforcement_edges: str = "own"


MISSIONS_1E: dict[str, Mission] = {m.name: m for m in (
    Mission("political-escort", "Political Escort",
            "The Rebel escort shields the senator's crippled shuttle as it crosses the play "
            "area towards the Imperial edge.",
            ("the senator's shuttle flees off the Imperial player's edge",
             "destroy the senator's shuttle"),
            IMPERIAL, "1e-tiefighter-academypilot"),
    Mission("asteroid-run", "Asteroid Run",
            "A disabled Rebel ship hides in an asteroid field until its systems are repaired "
            "in round 5, then runs for an edge.",
            ("the disabled ship flees off the Rebel or the Imperial edge in round 5 or later",
             "destroy the disabled ship"),
            IMPERIAL, "1e-tiefighter-academypilot", "either"),
    Mission("dark-whispers", "Dark Whispers",
            "Imperial fighters scan the Rebel holonet satellites and carry the data off "
            "their own edge.",
            ("destroy every Imperial ship, or return every satellite to the supply",
             "scan every satellite, then a ship that scanned one flees off the Imperial "
             "edge"),
            REBEL, "1e-xwing-rookiepilot"),
)}

#: The pre-determined ships of each mission's Mission Setup, as XWS 1.0 (Rebel, Imperial).
_SQUADS: dict[str, tuple[list[dict[str, Any]], list[dict[str, Any]]]] = {
    "political-escort": (
        [{"name": "redsquadronpilot", "ship": "xwing"}],
        [{"name": "academypilot", "ship": "tiefighter"},
         {"name": "academypilot", "ship": "tiefighter"}]),
    "asteroid-run": (
        [{"name": "lukeskywalker", "ship": "xwing", "upgrades": {"ept": ["determination"]}}],
        [{"name": "nightbeast", "ship": "tiefighter"},
         {"name": "maulermithel", "ship": "tiefighter",
          "upgrades": {"ept": ["marksmanship"]}}]),
    "dark-whispers": (
        [{"name": "redsquadronpilot", "ship": "xwing",
          "upgrades": {"torpedo": ["protontorpedoes"], "amd": ["r2f2"]}}],
        [{"name": "blacksquadronpilot", "ship": "tiefighter",
          "upgrades": {"ept": ["determination"]}},
         {"name": "obsidiansquadronpilot", "ship": "tiefighter"}]),
}


def mission_problem(name: object, ruleset: str) -> str | None:
    """Why ``name`` is not a mission a game of ``ruleset`` can play, or None."""
    if not ruleset_rules(ruleset).missions:
        return f"the {ruleset} ruleset plays no first-edition missions"
    if name not in MISSIONS_1E:
        return (f"unknown first-edition mission {name!r}; the missions are "
                f"{', '.join(MISSIONS_1E)}")
    return None


def mission_squads(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The mission's pre-determined ships (its Mission Setup) as XWS 1.0 squads: (Rebel,
    Imperial)."""
    rebel, imperial = _SQUADS[name]
    title = MISSIONS_1E[name].title
    return ({"version": "1.0.0", "faction": "rebel", "name": f"{title}: Rebels",
             "pilots": [dict(p) for p in rebel]},
            {"version": "1.0.0", "faction": "imperial", "name": f"{title}: Imperials",
             "pilots": [dict(p) for p in imperial]})


def squads_problem(name: str, squads: tuple[Squad, ...] | list[Squad]) -> str | None:
    """Why these squads can't play the mission ``name`` (a Rebel and an Imperial squad,
    in either order), or None."""
    factions = sorted(squad.faction or "" for squad in squads)
    if factions != sorted((REBEL, IMPERIAL)):
        return (f"{MISSIONS_1E[name].title} is played by a Rebel and an Imperial squad, not "
                f"{' and '.join(f or 'none' for f in factions)}")
    return None


def predetermined(name: str, squads: tuple[Squad, ...] | list[Squad]) -> bool:
    """Whether the squads are exactly the mission's pre-determined ships (rulebook (1e),
    Squad Building in Missions: then the Imperial player has initiative)."""
    def cards(squad: Squad) -> list[tuple[str, tuple[str, ...]]]:
        return sorted((s.pilot.xws, tuple(sorted(u.upgrade.xws for u in s.upgrades)))
                      for s in squad.ships)

    wanted = []
    for raw in mission_squads(name):
        read = read_xws_1e(raw)
        if read.errors:
            return False
        wanted.append(squad_for_play(read.squad))
    by_faction = {squad.faction: cards(squad) for squad in wanted}
    return all(by_faction.get(squad.faction) == cards(squad) for squad in squads)


def mission_of(game: Game) -> Mission | None:
    """The first-edition mission the game plays, or None."""
    name = game.setup.scenario
    if name is None or not game.rules.missions:
        return None
    return MISSIONS_1E.get(name)


def faction_player(game: Game, faction: str) -> int:
    """The player whose squad fights for ``faction`` (REBEL or IMPERIAL)."""
    return next(p.number for p in game.state.players if p.faction == faction)


def hundred_points(game: Game) -> bool:
    """Rulebook (1e): "if playing with 100-point squads" - Tallon's reading: a squad costs
    more than 50 points (halfway between the core set's 31 and 100: docs, rulings)."""
    return max(p.squad_points for p in game.state.players) > 50


# ----------------------------------------------------------------- the board edges
def edge_gap(player: int, y: float) -> float:
    """The distance from a point at height ``y`` to ``player``'s edge (player 1's is y = 0)."""
    return y if player == 1 else PLAY_AREA_SIDE - y


def side_gap(x: float) -> float:
    """The distance from a point to the nearer side edge (x = 0 or the far side)."""
    return min(x, PLAY_AREA_SIDE - x)


def fled_edges(ship: ShipState) -> frozenset[str]:
    """The edges a ship's base crosses (``"1"``, ``"2"``: the players' edges; ``"side"``:
    a side edge): the edges it fled off."""
    assert ship.body is not None
    found = set()
    for piece in ship.body.overlap_pieces:
        for x, y in piece:
            if y < -EPS:
                found.add("1")
            if y > PLAY_AREA_SIDE + EPS:
                found.add("2")
            if x < -EPS or x > PLAY_AREA_SIDE + EPS:
                found.add("side")
    return frozenset(found)


# ------------------------------------------------------------ marks on ships
#: Card memory: the ship is the senator's shuttle (Political Escort).
SHUTTLE = "mission:shuttle"
#: Card memory: the ship is the disabled ship (Asteroid Run).
DISABLED = "mission:disabled"
#: Card memory of the disabled ship until it is repaired: its whole dial (its ``dial``
#: holds only its speed 1 and 2 maneuvers meanwhile).
FULL_DIAL = "mission:full dial"
#: The shuttle's ship type and its three maneuvers (rulebook (1e), Shuttle Movement).
SHUTTLE_TYPE = "senatorsshuttle"
SHUTTLE_MANEUVERS = ("2F", "1B", "1N")


def is_shuttle(ship: ShipState) -> bool:
    """Whether the ship is the senator's shuttle: no dial, activation or engagement, and
    its critical damage is suffered as regular damage (rulebook (1e), Shuttle Damage)."""
    return bool(ship.card_memory) and ship.recalled(SHUTTLE) is not None


def is_disabled_ship(ship: ShipState) -> bool:
    return bool(ship.card_memory) and ship.recalled(DISABLED) is not None


# ---------------------------------------------------------------- objectives
#: Why a mission ended, by the code kept in ``scenario_marks["mission:how"]``.
REASONS = ("the senator's shuttle fled off the Imperial edge",
           "the senator's shuttle was destroyed",
           "the disabled ship fled off a player's edge in round 5 or later",
           "the disabled ship was destroyed",
           "every Imperial ship was destroyed",
           "every satellite was returned to the supply",
           "an Imperial ship fled off the Imperial edge with the scanned data")
WINNER = "mission:winner"
HOW = "mission:how"


def fulfil(game: Game, player: int, reason: int) -> None:
    """A player has fulfilled their objective (the first to do so wins: the game ends at
    the end of the round, mission_play_1e.mission_end)."""
    marks = game.state.scenario_marks
    if WINNER in marks:
        return
    marks[WINNER] = player
    marks[HOW] = reason
    game.event("mission", f"Player {player} fulfils their objective: {REASONS[reason]}")


def lost_key(player: int) -> str:
    """The mark counting ``player``'s ships destroyed this round (reinforcements)."""
    return f"mission:lost:{player}"


def satellites(game: Game) -> list[Feature]:
    return [f for f in game.state.features if f.kind == "satellite"]


def carried(game: Game, ship_id: str) -> list[Feature]:
    """The satellites on a ship's card (scanned by it)."""
    return [f for f in satellites(game) if f.carrier == ship_id]


def _replace_feature(game: Game, new: Feature) -> None:
    features = game.state.features
    features[:] = [new if f.id == new.id else f for f in features]


def _escapes(game: Game, mission: Mission, ship: ShipState, edges: frozenset[str]
             ) -> int | None:
    """The objective a ship's flight fulfils (a REASONS code), or None: it is destroyed as
    any ship that flees (rulebook (1e), Fleeing the Battlefield). FAQ (1e), Missions: a
    ship fleeing off one indicated edge must cross that edge only."""
    if len(edges) != 1:
        return None
    edge = int(next(iter(edges))) if "side" not in edges else 0
    imperial = faction_player(game, IMPERIAL)
    if mission.name == "political-escort" and is_shuttle(ship) and edge == imperial:
        return 0
    if mission.name == "asteroid-run" and is_disabled_ship(ship) and edge in (1, 2) and \
            game.state.round >= 5:
        return 2
    if mission.name == "dark-whispers" and ship.owner == imperial and edge == imperial and \
            carried(game, ship.id) and not any(f.in_play_area for f in satellites(game)):
        return 6
    return None


def mission_removed(game: Game, ship: ShipState, reason: str) -> None:
    """A ship leaves the game (effects.remove_ship): what it means for the mission - an
    objective's flight, a ship destroyed (fleeing otherwise destroys it), reinforcements
    owed, satellites returned to the supply, an objective fulfilled."""
    mission = mission_of(game)
    if mission is None or ship.remote:
        return
    s = game.state
    if reason == "fled":
        escaped = _escapes(game, mission, ship, fled_edges(ship))
        if escaped is not None:
            game.event("mission", f"{ship.name} ({ship.id}) flees the battlefield; it is "
                       "not destroyed", ship=ship.id)
            fulfil(game, ship.owner, escaped)
            return
        ship.destroyed = True  # rulebook (1e): a ship that flees is destroyed
    elif reason != "destroyed":
        return
    if not is_shuttle(ship):
        s.scenario_marks[lost_key(ship.owner)] = s.scenario_marks.get(lost_key(ship.owner),
                                                                      0) + 1
    imperial = faction_player(game, IMPERIAL)
    rebel = faction_player(game, REBEL)
    if is_shuttle(ship):
        fulfil(game, imperial, 1)
    if is_disabled_ship(ship):
        fulfil(game, imperial, 3)
    returned = carried(game, ship.id)
    for feature in returned:
        _replace_feature(game, feature.jettisoned())  # to the supply
    if returned:
        game.event("mission", f"{len(returned)} satellite(s) on {ship.name}'s card return "
                   "to the supply", ship=ship.id)
    if mission.name == "dark-whispers":
        if all(f.x is None and f.carrier is None for f in satellites(game)):
            fulfil(game, rebel, 5)
        if all(x.removed and x.destroyed for x in s.ships_of(imperial)):
            fulfil(game, rebel, 4)


# ------------------------------------------------------------------- scanning
def _overlaps(feature: Feature, ship: ShipState) -> bool:
    """Whether the ship's base overlaps the satellite token (touching is not overlapping)."""
    assert feature.x is not None and feature.y is not None and ship.body is not None
    return disk_distance(feature.x, feature.y, 0.0, ship.body.overlap_pieces) < R - EPS


def scannable(game: Game, ship: ShipState) -> list[Feature]:
    """Rulebook (1e), Dark Whispers, Scanning: the satellites an Imperial ship may scan -
    those it overlaps, and those overlapped by a Rebel ship it touches."""
    mission = mission_of(game)
    if mission is None or mission.name != "dark-whispers" or not ship.in_play or \
            game.state.player(ship.owner).faction != IMPERIAL:
        return []
    touching = [other for other in game.state.in_play() if other.owner != ship.owner
                and ship_range(ship, other) == 0]
    return [f for f in satellites(game) if f.in_play_area and (
        _overlaps(f, ship) or any(_overlaps(f, other) for other in touching))]


def scan_or(game: Game, ship: ShipState, attack: Step) -> Step:
    """The step of the ship's engagement: its attack, or the choice to scan instead."""
    return MissionScan(ship.id, attack) if scannable(game, ship) else attack


@dataclass(frozen=True)
class MissionScan(ChoiceStep):
    """Rulebook (1e), Dark Whispers: "instead of performing an attack", an Imperial ship
    may scan a satellite (answers ``scan:<satellite id>``, or ``attack`` to go on to its
    attack). Tallon's reading: one satellite a Combat phase, whether or not the ship could
    attack."""

    ship_id: str
    attack: Step

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        found = scannable(game, ship)
        if not found:
            game.push(self.attack)
            return None
        options = [Option(f"scan:{f.id}", f"scan {f.label} instead of attacking")
                   for f in found]
        options.append(Option("attack", "attack instead (or not)"))
        return self.ask(ship.owner, "mission_scan", f"{ship.name} ({ship.id}): scan a "
                        "satellite instead of attacking?", options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "attack":
            game.push(self.attack)
            return
        ship = game.state.ships[self.ship_id]
        feature = next(f for f in satellites(game) if f.id == answer.removeprefix("scan:"))
        _replace_feature(game, feature.carried_by(ship.id))
        game.event("mission", f"{ship.name} ({ship.id}) scans {feature.label}: the token "
                   "goes on its ship card", ship=ship.id)


def mission_view(game: Game) -> dict[str, Any]:
    """What every player sees of the mission (the views' ``mission``; empty without one):
    its name, the Rebel and Imperial players, the shuttle, the disabled ship and whether it
    is repaired, and the objective fulfilled so far."""
    mission = mission_of(game)
    if mission is None:
        return {}
    ships = game.state.ships_of()
    marks = game.state.scenario_marks
    return {"mission": {
        "name": mission.name, "title": mission.title,
        "rebel": faction_player(game, REBEL), "imperial": faction_player(game, IMPERIAL),
        "shuttle": next((s.id for s in ships if is_shuttle(s)), None),
        "disabled": next((s.id for s in ships if is_disabled_ship(s)), None),
        "repaired": not any(s.recalled(FULL_DIAL) is not None for s in ships
                            if is_disabled_ship(s)),
        "winner": marks.get(WINNER)}}
