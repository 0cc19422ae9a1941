"""RR: ENVIRONMENT CARDS (and its appendix) - one card dealt at Gather Forces adds obstacles
and devices to the setup and rules during play. The texts of the cards are in neither the
seeds nor the data: Tallon plays two with house rules (tallon.engine.environments,
docs/rulings.md "Environment cards"): Minefield and Asteroid Shower."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.engine import Game, GameSetup, IllegalChoiceError, SetupError
from tallon.engine.environments import SHOWER, EnvironmentEndPhase, place_mine
from tallon.geometry import Obstacle, Pose
from tests.rules.game_helpers import arrange, complete_setup, drive, events, inject
from tests.rules.scenario_helpers import two_squads


def env_game(name: str | None, seed: int = 0, scenario: str | None = None) -> Game:
    return Game(GameSetup(two_squads(), seed=seed, cards=CARDS, environment=name,
                          scenario=scenario))


def test_an_unknown_environment_card_is_refused_naming_those_played():
    """Situation: a game dealt "Comet Tail" (a card whose text Tallon does not have).
    Rule: the appendix lists the cards; Tallon plays two with house rules. Expected:
    SetupError naming the two."""
    with pytest.raises(SetupError, match="minefield, asteroid-shower"):
        env_game("comet-tail")


def test_minefield_places_four_obstacles_then_two_mines_each():
    """Situation: setup with Minefield. Rule (house rule): each player places two
    obstacles, then two proximity mines each, in player order. Expected: 4 obstacle
    placements, then 4 mine placements alternating from the first player; the mines are
    in the play area, each controlled by the player who placed it."""
    game = env_game("minefield")
    obstacles, mines = [], []
    while game.decision.kind in ("place_obstacle", "place_mine"):
        d = game.decision
        (obstacles if d.kind == "place_obstacle" else mines).append(d.player)
        game.answer(d.options[0].key)
    first = game.state.first_player
    assert obstacles == [first, 3 - first] * 2
    assert mines == [first, 3 - first] * 2
    assert sorted(d.owner for d in game.state.devices) == [1, 1, 2, 2]
    assert {d.kind for d in game.state.devices} == {"proximitymine"}


def test_a_mine_too_close_to_an_obstacle_or_an_edge_is_refused():
    """Situation: Minefield, the first mine placed 50 mm from an obstacle, then 150 mm from
    an edge. Rule (house rule): beyond range 1 of every other object and beyond range 2 of
    the edges. Expected: both refused with the limit broken."""
    game = env_game("minefield")
    while game.decision.kind == "place_obstacle":
        game.answer(game.decision.options[0].key)
    rock = game.state.obstacles[0]
    with pytest.raises(IllegalChoiceError, match="range 1 of every other object"):
        game.answer({"x": rock.pose.x + 60, "y": rock.pose.y})
    with pytest.raises(IllegalChoiceError, match="range 2 of every board edge"):
        game.answer({"x": 457, "y": 150})


def test_a_ship_moving_onto_an_environment_mine_detonates_it():
    """Situation: a T-65 about to fly [1 straight] onto a Minefield mine of player 2.
    Rule: RR: MINE - a ship that overlaps or moves through a mine detonates it (the
    Proximity Mine's effect). Expected: the mine detonates and is removed; the ship
    suffered damage from it."""
    game = complete_setup(env_game("minefield"))
    arrange(game, {"p1.1": (457, 300, 0), "p1.2": (60, 60, 0), "p2.1": (60, 850, 180),
                   "p2.2": (860, 850, 180)}, [])
    game.state.devices = []
    inject(game, lambda g: place_mine(g, 2, Pose(457, 390, 0)))
    drive(game, lambda d: game.state.round == 2)
    assert any("detonates" in e["text"] for e in events(game, "device"))
    assert game.state.devices == []
    ship = game.state.ships["p1.1"]
    assert ship.removed or ship.shields < ship.shield_limit or ship.damage


def test_asteroid_shower_places_nine_obstacles_three_of_them_drifting():
    """Situation: setup with Asteroid Shower. Rule (house rule): three more asteroids are
    placed with the six obstacles. Expected: 9 obstacle placements; the three extra
    asteroids are remembered as the shower's."""
    game = env_game("asteroid-shower")
    placed = 0
    while game.decision.kind == "place_obstacle":
        game.answer(game.decision.options[0].key)
        placed += 1
    assert placed == 9 and len(game.state.obstacles) == 9
    shower = [k for k in game.state.scenario_marks if k.startswith(SHOWER)]
    assert len(shower) == 3


def _shower_table(rocks):
    game = complete_setup(env_game("asteroid-shower"))
    arrange(game, {"p1.1": (100, 60, 0), "p1.2": (200, 60, 0), "p2.1": (100, 850, 180),
                   "p2.2": (200, 850, 180)}, [])
    game.state.obstacles = [Obstacle(f"obstacle-{k + 1}", Pose(x, y, 0), outline)
                            for k, (outline, x, y) in enumerate(rocks)]
    game.state.scenario_marks = {SHOWER + "obstacle-1": 1}
    game.state.moved()
    return game


def test_a_shower_asteroid_drifts_40mm_right_at_the_start_of_the_end_phase():
    """Situation: a shower asteroid at (400, 450); a player's own obstacle elsewhere.
    Rule (house rule): each drifts 40 mm towards the right-hand edge. Expected: at x 440;
    the other obstacle has not moved."""
    game = _shower_table([("core2asteroid1", 400, 450), ("core2asteroid0", 250, 250)])
    inject(game, lambda g: g.push(EnvironmentEndPhase()))
    poses = {o.id: (o.pose.x, o.pose.y) for o in game.state.obstacles}
    assert poses == {"obstacle-1": (440, 450), "obstacle-2": (250, 250)}


def test_a_shower_asteroid_stops_at_another_obstacle_and_leaves_at_the_edge():
    """Situation: a shower asteroid right beside another obstacle; another at the right
    edge. Rule (house rule): it stays rather than overlap an obstacle; one that would
    leave the play area is removed. Expected: the first stays, the second is gone."""
    game = _shower_table([("core2asteroid1", 400, 450), ("core2asteroid0", 470, 450),
                          ("core2asteroid3", 890, 250)])
    game.state.scenario_marks[SHOWER + "obstacle-3"] = 1
    inject(game, lambda g: g.push(EnvironmentEndPhase()))
    ids = {o.id: o.pose.x for o in game.state.obstacles}
    assert ids == {"obstacle-1": 400, "obstacle-2": 470}
    assert any("drifts out of the play area" in e["text"] for e in events(game, "environment"))


def test_a_ship_a_shower_asteroid_drifts_onto_resolves_overlapping_it():
    """Situation: a T-65 just right of a shower asteroid. Rule (house rule): a ship it ends
    on resolves the effect of overlapping it, as under an obstacle a card places
    (RR: OBSTACLES - Asteroid: one damage, then a die). Expected: the ship loses a shield."""
    game = _shower_table([("core2asteroid1", 400, 450)])
    arrange(game, {"p1.1": (470, 450, 0)})
    ship = game.state.ships["p1.1"]
    shields = ship.shields
    inject(game, lambda g: g.push(EnvironmentEndPhase()))
    assert ship.shields < shields or ship.damage


def test_an_environment_game_replays_and_names_its_card():
    """Situation: a Minefield game in the Salvage Mission scenario played for two rounds.
    Rule: architecture (records hold the setup). Expected: the setup's JSON names the
    environment; the record replays; the view says which card was dealt."""
    game = complete_setup(env_game("minefield", scenario="salvage-mission"))
    drive(game, lambda d: game.state.round == 3)
    record = game.to_record()
    assert record["setup"]["environment"] == "minefield"
    assert Game.from_record(record, CARDS).reproduces(record)
    assert game.view(1)["environment"] == "minefield"
