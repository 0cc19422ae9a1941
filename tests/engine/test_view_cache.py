"""Views built from remembered parts (engine/view_cache.py) are the views built from
scratch: at every decision of whole games, for both players, and after clones were viewed
in between; and a view is fresh data, whatever its caller does to it."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

from tallon.agents import RandomAgent
from tallon.cards import CARDS
from tallon.cards.pool import default_squads, random_squad
from tallon.engine import Game, GameSetup
from tallon.engine.features import Feature
from tallon.engine.state import ConditionCard, DamageCard
from tallon.engine.view import full_snapshot, player_view
from tallon.engine.view_cache import forget
from tallon.geometry import Obstacle, Pose
from tallon.squads import read_xws_file

EPIC = Path(__file__).resolve().parent.parent / "lists" / "epic"


def _rebuilt(game: Game, player: int, log: bool) -> dict:
    forget()
    return player_view(game, player, log)


def _same(a: dict, b: dict) -> bool:
    """Equal, and equal as the JSON text a server sends (keys in the same order)."""
    return a == b and json.dumps(a) == json.dumps(b)


def _play_comparing(squads, seed: int, scenario: str | None = None) -> int:
    """Play a whole game between random agents; at every decision each player's view (and
    the full snapshot) is compared with one rebuilt from scratch; every 25th decision a
    clone is answered and viewed first. Returns the number of views compared."""
    game = Game(GameSetup(squads, seed=seed, cards=CARDS, scenario=scenario))
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    searcher = RandomAgent(seed + 2)
    compared = 0
    while (decision := game.decision) is not None:
        who = 1 if decision.is_chance else decision.player
        if compared % 50 == 0:  # a search's clone, viewed in between, shares the tuples
            other = game.clone()
            other.answer(searcher.choose(other.view(who), other.decision))
            if other.decision is not None:
                player_view(other, 1)
        for player in (1, 2):
            log = compared % 7 == 0
            remembered = player_view(game, player, log)
            assert _same(remembered, _rebuilt(game, player, log)), (seed, len(game.log))
            compared += 1
        snapshot = full_snapshot(game)
        forget()
        assert _same(snapshot, full_snapshot(game))
        game.answer(agents[who - 1].choose(game.view(who), decision))
    return compared


def test_remembered_views_equal_rebuilt_ones_over_random_games():
    """Situation: whole games of random agents - the demo squads, random squads of every
    playable card and two epic lists with huge ships - ships moving, taking damage,
    conditions and tokens, obstacles and devices placed. Rule: a player sees what the
    state holds now (architecture principle 5). Expected: at every decision each player's
    view equals, key order included, the view rebuilt with every remembered part
    forgotten; so does the full snapshot."""
    rng = random.Random(11)
    compared = _play_comparing(default_squads(), 3)
    compared += _play_comparing((random_squad(rng), random_squad(rng)), 4)
    compared += _play_comparing((random_squad(rng), random_squad(rng)), 5, "satellite-array")
    epic = tuple(read_xws_file(EPIC / name).squad
                 for name in ("cr90-rebels.json", "raider-empire.json"))
    compared += _play_comparing(epic, 6)
    assert compared > 1000


def _placed_game() -> Game:
    """The demo squads with every ship placed (the first decision of round 1)."""
    game = Game(GameSetup(default_squads(), seed=2, cards=CARDS))
    agents = (RandomAgent(2), RandomAgent(3))
    while game.state.round < 1:
        decision = game.decision
        who = 1 if decision.is_chance else decision.player
        game.answer(agents[who - 1].choose({}, decision))
    return game


def test_a_changed_view_leaves_the_next_one_alone():
    """Situation: a caller changes the lists and dicts of the view it was given (its
    ship's damage, stats, pose, an obstacle). Rule: each view is the caller's own data.
    Expected: the next view of the same state is as it was."""
    game = _placed_game()
    first = player_view(game, 1)
    kept = json.dumps(first)
    ship = first["ships"][0]
    ship["damage_faceup"].append("x")
    ship["stats"]["actions"].append("x")
    ship["stats"]["attacks"][0].append("x")
    ship["pose"]["x"] = -1
    first["obstacles"][0]["x"] = -1
    assert json.dumps(player_view(game, 1)) == kept


def test_replaced_cards_poses_and_obstacles_show_at_once():
    """Situation: one change at a time, with views in between: a ship's damage tuple is
    replaced by one with a faceup card, player 2 assigns it a secret condition, it moves,
    an obstacle is moved, another taken off the table, an electro-chaff cloud placed and
    given a fuse marker, a satellite placed and marked. Rule: RR: DAMAGE CARDS (a faceup
    card is seen by both players), RR: SECRET CONDITIONS (only its assigner may look at
    it); the view shows the state as it is. Expected: after each change both views equal
    views rebuilt from scratch; at the end they show the faceup card, the condition to
    player 2 and only its count to player 1, the new poses, the cloud with its fuse and
    the marked satellite."""
    game = _placed_game()
    s = game.state
    ship = s.ships_of()[0]
    obstacles = len(s.obstacles)

    def flip() -> None:
        ship.damage = (DamageCard("directhit", True, 1),)

    def assign() -> None:
        ship.conditions = (ConditionCard(_secret_condition(), 2, False),)

    def move() -> None:
        ship.body = replace(ship.body, pose=Pose(100.0, 200.0, 90.0))

    def move_obstacle() -> None:
        s.obstacles[0] = replace(s.obstacles[0], pose=Pose(300.0, 400.0, 45.0))

    def drop_chaff() -> None:  # a device that is an obstacle (RR: ELECTRO-CHAFF CLOUD)
        s.obstacles.append(Obstacle("chaff", Pose(500.0, 500.0, 0.0), "electrochaffcloud"))

    def fuse_chaff() -> None:
        s.fuses["chaff"] = 1

    def add_feature() -> None:
        s.features.append(Feature("satellite-1", "satellite", 450.0, 450.0))

    def mark_feature() -> None:
        s.features[0] = replace(s.features[0], marker=1)

    changes = (flip, assign, move, move_obstacle, s.obstacles.pop, drop_chaff, fuse_chaff,
               add_feature, mark_feature)
    for change in changes:
        for player in (1, 2):
            player_view(game, player)  # remembers the parts as they were
        change()
        seen = {player: player_view(game, player) for player in (1, 2)}
        for player, view in seen.items():
            assert _same(view, _rebuilt(game, player, True)), change
    entries = {player: next(e for e in view["ships"] if e["id"] == ship.id)
               for player, view in seen.items()}
    assert entries[2]["damage_faceup"] == ["directhit"]
    assert entries[2]["secret_conditions_known"] == [_secret_condition()]
    assert entries[1]["secret_conditions"] == 1 and "secret_conditions_known" not in entries[1]
    assert entries[2]["pose"] == {"x": 100.0, "y": 200.0, "heading": 90.0}
    assert len(seen[2]["obstacles"]) == obstacles
    assert (seen[2]["obstacles"][0]["x"], seen[2]["obstacles"][0]["rotation"]) == (300.0, 45.0)
    assert seen[2]["obstacles"][-1]["device"] and seen[2]["obstacles"][-1]["fuses"] == 1
    assert seen[1]["features"] == [{"id": "satellite-1", "kind": "satellite", "x": 450.0,
                                    "y": 450.0, "marker": 1, "carrier": None}]


def _secret_condition() -> str:
    """A condition card that is assigned facedown: one with a marker.

    RR: SECRET CONDITIONS"""
    return min(xws for (kind, xws), spec in CARDS.specs.items()
               if kind == "condition" and spec.marker is not None)
