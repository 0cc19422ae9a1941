"""Helpers for the scenario tests (rulebook: SCENARIOS): games played in a scenario, set
up by answering its real decisions, then arranged by hand.

The play area is 914.4 mm square; player 1's edge is y = 0, player 2's y = 914.4. Scenario
markers are 40 mm across (radius 20): a small ship (40 mm) centred 90 mm below a marker's
centre has its front edge 50 mm from the marker's edge (range 1).
"""

from __future__ import annotations

from typing import Any

from tallon.cards import CARDS
from tallon.engine import Game, GameSetup
from tallon.engine.features import Feature
from tallon.engine.scenarios import CENTRE
from tallon.squads import Squad
from tests.rules.game_helpers import REBEL, Policy, arrange, complete_setup, drive, squad

#: Two small ships each side (5 + 5 and 2 + 2 squad points: deficits of 10 and 16).
XWINGS = ("redsquadronveteran", "redsquadronveteran")
TIES = ("blacksquadronace", "blacksquadronace")

#: The centre of the play area, where every scenario's first feature goes.
CX, CY = CENTRE


def two_squads() -> tuple[Squad, Squad]:
    return squad(REBEL, *XWINGS), squad("galacticempire", *TIES)


def scenario_game(name: str | None, squads: tuple[Squad, Squad] | None = None, seed: int = 0,
                  rounds: int = 12) -> Game:
    """A new game of the scenario ``name``, waiting for its first decision."""
    first, second = squads or two_squads()
    return Game(GameSetup((first, second), seed=seed, rounds=rounds, cards=CARDS,
                          scenario=name))


def set_up(game: Game, features: list[tuple[float, float]] | None = None,
           placements: dict[str, tuple[float, float, float]] | None = None) -> Game:
    """Answer the scenario's feature placements (``features`` as free answers in turn,
    else the first offered spot), then the rest of the setup (tests/rules/game_helpers)."""
    features = list(features or [])
    while game.decision is not None and game.decision.kind == "place_feature":
        if features:
            x, y = features.pop(0)
            game.answer({"x": x, "y": y})
        else:
            game.answer(game.decision.options[0].key)
    return complete_setup(game, placements)


def scenario_start(name: str, poses: dict[str, tuple[float, float, float]] | None = None,
                   features: list[Feature] | None = None, squads: tuple[Squad, Squad] | None
                   = None, seed: int = 0) -> Game:
    """A game of ``name`` after setup (round 1's first dial), with no obstacles, the ships at
    ``poses`` and, given ``features``, exactly those features on the table."""
    game = set_up(scenario_game(name, squads, seed))
    arrange(game, poses, [])
    if features is not None:
        game.state.features = list(features)
    return game


def to_round(game: Game, number: int, dials: dict[str, str] | None = None,
             answers: dict[Any, Any] | None = None) -> Game:
    """Play on (by ``Policy``) to round ``number``'s first dial."""
    drive(game, lambda d: game.state.round == number and d.kind == "set_dial", dials, answers)
    return game


def play_end_phase(game: Game, answers: dict[Any, Any] | None = None) -> Game:
    """Play the current round on to its end (the next round's first dial, or the end)."""
    number = game.state.round
    drive(game, lambda d: game.state.round > number, None, answers)
    return game


def satellite(number: int, x: float, y: float, marker: int | None = None) -> Feature:
    return Feature(f"satellite-{number}", "satellite", x, y, marker)


def cache(number: int, x: float | None, y: float | None, carrier: str | None = None
          ) -> Feature:
    return Feature(f"supply_cache-{number}", "supply_cache", x, y, None, carrier)


def points(game: Game) -> tuple[int, int]:
    mp = game.state.mission_points
    return mp[1], mp[2]


def scores(game: Game) -> list[str]:
    """The texts of the log's mission point events."""
    return [e["text"] for e in game.log if e["kind"] == "score"]


__all__ = ["CX", "CY", "Policy", "cache", "play_end_phase", "points", "satellite",
           "scenario_game", "scenario_start", "scores", "set_up", "to_round", "two_squads"]
