"""RR: SETUP steps 1-6 (gather forces, player order, play area, obstacles, forces, damage
decks), RR: DEFICIT, and the refusal of cards the engine can't play."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tallon.cards import CARDS
from tallon.data import load_cards
from tallon.engine import Game, GameSetup, IllegalChoiceError, SetupError
from tallon.engine.chance import first_player_from
from tallon.engine.loadout import build_ship
from tallon.engine.state import Charge
from tallon.geometry import Arc, BaseSize, Obstacle, Pose, object_distance
from tallon.geometry.constants import PLAY_AREA_SIDE
from tests.engine.conftest import (
    EMPIRE,
    REBEL,
    at,
    complete_setup,
    drive,
    new_game,
    seed_with_first_player,
    squad,
)

REBELS = squad(REBEL, "redsquadronveteran", "cavernangelszealot", "bluesquadronescort")
IMPERIALS = squad(EMPIRE, "blacksquadronace", "academypilot", "obsidiansquadronpilot")


# -------------------------------------------------------------- 1. gather forces
def test_gather_forces_places_shields_at_their_value():
    """Step 1: a T-65 (hull 4, shields 2, agility 2) starts with 2 active shields and no
    damage; a TIE/ln (3 hull, no shields, 3 agility) with none."""
    game = new_game(REBELS, IMPERIALS)
    xwing, tie = game.state.ships["p1.1"], game.state.ships["p2.1"]
    assert (xwing.hull, xwing.shield_limit, xwing.shields, xwing.agility) == (4, 2, 2, 2)
    assert (tie.hull, tie.shields, tie.agility) == (3, 0, 3)
    assert xwing.damage == [] and tie.damage == []


def test_gather_forces_places_force_at_its_capacity():
    """Step 1: a pilot with a Force capacity (Inquisitor, TIE Advanced v1: 1, recurring)
    starts with that many active Force."""
    game = new_game(squad(EMPIRE, "inquisitor"), squad(REBEL, "bluesquadronescort"))
    ship = game.state.ships["p1.1"]
    assert (ship.force, ship.force_limit, ship.force_recurring) == (1, 1, 1)


def test_gather_forces_applies_upgrade_stat_grants():
    """Upgrades that change stats (Hull Upgrade +1 hull, Shield Upgrade +1 shield, Angled
    Deflectors -1 shield and a reinforce action) are applied when forces are gathered."""
    game = new_game(squad(REBEL, ("bluesquadronescort", ["hullupgrade"]),
                          ("redsquadronveteran", ["shieldupgrade"]),
                          ("cavernangelszealot", ["angleddeflectors"])),
                    IMPERIALS)
    s = game.state.ships
    assert (s["p1.1"].hull, s["p1.1"].shields) == (5, 2)
    assert (s["p1.2"].hull, s["p1.2"].shields, s["p1.2"].shield_limit) == (4, 3, 3)
    assert s["p1.3"].shields == 1
    assert "reinforce" in {a.kind for a in s["p1.3"].actions}


def test_gather_forces_places_charges_on_their_cards():
    """Step 1: each card with a charge limit starts with that many active charges, kept
    on that card (pilot and upgrade separately), with its recurring symbol. (Read from
    build_ship: no card with charges is playable without its ability yet.)"""
    db = load_cards()
    rebels = squad(REBEL, ("bluesquadronescort", ["protontorpedoes"]))
    ship = build_ship(0, 1, rebels.ships[0])
    assert ship.charges == {"protontorpedoes": Charge(2, 2, 0)}
    pilot = db.pilot("vultskerris-tieininterceptor")
    vult = build_ship(1, 1, squad(EMPIRE, pilot.xws).ships[0])
    assert vult.charges[pilot.xws] == Charge(1, 1, -1)


def test_force_capacities_add_up_but_recurring_symbols_do_not_stack():
    """FORCE CHARGE: an upgrade with a Force capacity adds to the ship's; with several
    recurring sources the ship recovers the highest number of recurring symbols, not
    their sum (Inquisitor 1 + Darth Vader crew 1: capacity 2, recovers 1). (Read from
    build_ship: Darth Vader's ability isn't implemented yet.)"""
    entry = squad(EMPIRE, ("inquisitor", ["darthvader"])).ships[0]
    ship = build_ship(0, 1, entry)
    assert (ship.force, ship.force_limit, ship.force_recurring) == (2, 2, 1)


# -------------------------------------------------------------- 2. player order
class ScriptedDice(random.Random):
    """A generator whose ``randrange(8)`` returns scripted die indexes (0-1 blank, 2-3
    focus, 4-6 hit, 7 crit)."""

    def __init__(self, indexes: list[int]) -> None:
        super().__init__(0)
        self.indexes = list(indexes)

    def randrange(self, *args, **kwargs):
        return self.indexes.pop(0)


@pytest.mark.parametrize(("dice", "first"), [
    ([7, 0, 0, 4, 4, 4], 0),      # a crit beats three hits
    ([4, 4, 4, 7, 0, 0], 1),
    ([7, 2, 0, 7, 4, 4], 0),      # crits tie: most focus
    ([7, 4, 4, 7, 2, 0], 1),
    ([2, 4, 0, 2, 0, 0], 0),      # crits and focus tie: most hits
    ([2, 0, 0, 2, 4, 0], 1),
    ([7, 2, 4, 7, 2, 5, 0, 0, 0, 4, 0, 0], 1),  # full tie: reroll
])
def test_first_player_from(dice, first):
    """Step 2 / PLANNING PHASE: each player rolls three attack dice; most crits, then most
    focus, then most hits is the first player; a full tie is rerolled."""
    rng = ScriptedDice(dice)
    assert first_player_from(rng) == first
    assert rng.indexes == []


def test_setup_determines_the_first_player_from_the_seed():
    """The first player of setup is the result of the roll with the game's generator;
    both players are first for some seeds."""
    seen = set()
    for seed in range(12):
        game = new_game(REBELS, IMPERIALS, seed=seed)
        assert game.state.first_player == first_player_from(random.Random(seed))
        seen.add(game.state.first_player)
    assert seen == {0, 1}


# ------------------------------------------------------------------ 4. obstacles
@pytest.mark.parametrize("first", [0, 1])
def test_obstacles_are_placed_alternately_in_player_order(first):
    """Step 4: in player order, players take turns placing an obstacle until all six are
    placed."""
    game = new_game(REBELS, IMPERIALS, seed=seed_with_first_player(first))
    players = []
    while game.decision.kind == "place_obstacle":
        players.append(game.decision.player)
        game.answer(game.decision.options[0].key)
    assert players == [first, 1 - first] * 3
    assert len(game.state.obstacles) == 6


def test_the_obstacle_pool_is_both_players_obstacles_each_placed_once():
    """Players choose from the six obstacles brought by both squads; a placed obstacle is
    not offered again and is refused if named again."""
    game = new_game(REBELS, IMPERIALS)
    pool = Counter(game.state.players[0].obstacles + game.state.players[1].obstacles)
    first = game.decision.options[0].info
    game.answer(game.decision.options[0].key)
    offered = {o.info["obstacle"] for o in game.decision.options}
    remaining = pool - Counter([first["obstacle"]])
    assert offered == set(remaining)
    if pool[first["obstacle"]] == 1:
        with pytest.raises(IllegalChoiceError, match="not among the obstacles left"):
            game.answer({**first, "x": 457.2, "y": 650.0})
    complete_setup(game)
    assert Counter(o.outline_id for o in game.state.obstacles) == pool


def test_an_obstacle_both_players_brought_is_placed_twice_at_most():
    """SETUP step 4: the six obstacles are the three each player brought; an obstacle both
    brought exists twice: after both copies are placed it is not offered again, and all
    six obstacles end up on the table."""
    def with_obstacles(s, names):
        return type(s)(faction=s.faction, ships=s.ships, obstacles=names)

    rebels = with_obstacles(squad(REBEL, "bluesquadronescort"),
                            ("core2asteroid0", "core2asteroid1", "core2debris0"))
    imperials = with_obstacles(squad(EMPIRE, "academypilot"),
                               ("core2asteroid0", "core2asteroid2", "gascloud1"))
    game = new_game(rebels, imperials, seed=1)
    while game.decision.kind == "place_obstacle":
        options = game.decision.options
        wanted = [o for o in options if o.info["obstacle"] == "core2asteroid0"]
        game.answer((wanted or options)[0].key)
    assert Counter(o.outline_id for o in game.state.obstacles) == Counter(
        ["core2asteroid0", "core2asteroid0", "core2asteroid1", "core2debris0",
         "core2asteroid2", "gascloud1"])


def test_listed_obstacle_placements_keep_their_distances():
    """Every placement the engine lists is beyond range 1 of the placed obstacles and
    beyond range 2 of each edge."""
    for seed in range(3):
        game = new_game(REBELS, IMPERIALS, seed=seed)
        while game.decision.kind == "place_obstacle":
            value = game.decision.options[-1].key
            game.answer(value)
        obstacles = game.state.obstacles
        for k, a in enumerate(obstacles):
            for piece in a.range_pieces:
                for x, y in piece:
                    assert 200 < x < PLAY_AREA_SIDE - 200 and 200 < y < PLAY_AREA_SIDE - 200
            for b in obstacles[k + 1:]:
                assert object_distance(a, b) > 100


def _edge_offset(outline: str) -> float:
    """How far left of its centre an obstacle reaches at rotation 0."""
    probe = Obstacle("probe", Pose(457.2, 457.2, 0), outline)
    return 457.2 - min(x for piece in probe.range_pieces for x, _ in piece)


def test_an_obstacle_at_range_2_of_an_edge_is_refused():
    """Step 4: beyond range 2 of each edge: an obstacle whose nearest point is exactly
    200 mm from the left edge (range 2) is refused; 0.5 mm farther it is accepted."""
    game = new_game(REBELS, IMPERIALS)
    outline = game.decision.options[0].info["obstacle"]
    reach = _edge_offset(outline)
    before = game.state_hash()
    with pytest.raises(IllegalChoiceError, match="beyond range 2 of every edge"):
        game.answer({"obstacle": outline, "x": 200 + reach, "y": 457.2, "rotation": 0})
    assert game.state_hash() == before
    game.answer({"obstacle": outline, "x": 200.5 + reach, "y": 457.2, "rotation": 0})
    assert len(game.state.obstacles) == 1


@pytest.mark.parametrize("where", [(150, 457.2), (457.2, 100), (800, 457.2), (457.2, 760)])
def test_an_obstacle_near_any_edge_is_refused(where):
    game = new_game(REBELS, IMPERIALS)
    outline = game.decision.options[0].info["obstacle"]
    with pytest.raises(IllegalChoiceError, match="range 2 of every edge"):
        game.answer({"obstacle": outline, "x": where[0], "y": where[1], "rotation": 0})


def test_obstacles_within_range_1_of_each_other_are_refused():
    """Step 4: beyond range 1 of each other: a second obstacle whose closest point is at
    range 1 of the first (or overlapping it) is refused; beyond range 1 it is accepted."""
    game = new_game(REBELS, IMPERIALS)
    first = game.decision.options[0].info["obstacle"]
    game.answer({"obstacle": first, "x": 330.0, "y": 457.2, "rotation": 0})
    placed = game.state.obstacles[0]
    second = game.decision.options[0].info["obstacle"]

    def gap(x: float) -> float:
        return object_distance(placed, Obstacle("probe", Pose(x, 457.2, 0), second))

    low, high = 330.0, 700.0     # bisect for the x where the gap is exactly 100 mm
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if gap(mid) < 100 else (low, mid)
    before = game.state_hash()
    for x in (330.0, low - 0.5):
        with pytest.raises(IllegalChoiceError, match="beyond range 1 of the other obstacles"):
            game.answer({"obstacle": second, "x": x, "y": 457.2, "rotation": 0})
    assert game.state_hash() == before
    game.answer({"obstacle": second, "x": high + 0.5, "y": 457.2, "rotation": 0})
    assert len(game.state.obstacles) == 2


@pytest.mark.parametrize("answer", [
    {"x": 457.2, "y": 457.2},
    {"obstacle": "core2asteroid0", "x": "left", "y": 457.2},
    "core2asteroid0",
    {"obstacle": "nosuchrock", "x": 457.2, "y": 457.2},
])
def test_malformed_obstacle_placements_are_refused_with_a_reason(answer):
    game = new_game(REBELS, IMPERIALS)
    with pytest.raises(IllegalChoiceError, match=": "):
        game.answer(answer)


# --------------------------------------------------------------------- 5. forces
@pytest.mark.parametrize("first", [0, 1])
def test_forces_are_placed_by_ascending_initiative_then_player_order(first):
    """Step 5: ships are placed from lowest to highest initiative, player order breaking
    ties: initiative 1 (first player's, then the other's), 2, then 3."""
    game = new_game(REBELS, IMPERIALS, seed=seed_with_first_player(first))
    drive(game, at("place_ship"))
    order = []
    while game.decision is not None and game.decision.kind == "place_ship":
        ship = game.state.ships[game.decision.ship]
        assert game.decision.player == ship.owner
        order.append((ship.initiative, ship.owner))
        game.answer(game.decision.options[0].key)
    assert order == [(i, p) for i in (1, 2, 3) for p in (first, 1 - first)]


def _at_place(first_squad=REBELS, second_squad=IMPERIALS, ship="p1.1"):
    game = new_game(first_squad, second_squad)
    drive(game, at("place_ship", ship))
    return game


def test_a_ship_is_placed_within_range_1_of_its_own_edge():
    """Step 5 / RANGE 'within': the whole base within range 1 of the player edge. A small
    ship of player 1 with its far side exactly 100 mm from its edge is accepted; 0.5 mm
    farther is refused."""
    game = _at_place()
    before = game.state_hash()
    with pytest.raises(IllegalChoiceError, match="within range 1 of their player edge"):
        game.answer({"x": 300, "y": 80.5, "heading": 0})
    assert game.state_hash() == before
    game.answer({"x": 300, "y": 80, "heading": 0})
    assert game.state.ships["p1.1"].pose == Pose(300, 80, 0)


def test_the_second_player_places_near_the_far_edge():
    """Player 2's edge is the opposite one: near it accepted, near player 1's refused."""
    game = _at_place(ship="p2.1")
    with pytest.raises(IllegalChoiceError, match="within range 1"):
        game.answer({"x": 300, "y": 50, "heading": 180})
    game.answer({"x": 300, "y": PLAY_AREA_SIDE - 50, "heading": 180})
    assert game.state.ships["p2.1"].in_play


def test_a_ship_partly_outside_the_play_area_is_refused():
    """A ship can't be placed with any part of its base (guides included) outside the play
    area; touching the edge is fine."""
    game = _at_place()
    with pytest.raises(IllegalChoiceError, match="outside the play area"):
        game.answer({"x": 300, "y": 19, "heading": 90})
    with pytest.raises(IllegalChoiceError, match="outside the play area"):
        game.answer({"x": 300, "y": 21, "heading": 0})   # the rear guides stick out
    game.answer({"x": 300, "y": 20, "heading": 90})


def test_a_ship_may_not_overlap_another():
    game = _at_place(ship="p1.2")                          # initiative 1: placed first
    game.answer({"x": 300, "y": 40, "heading": 0})
    drive(game, at("place_ship", "p1.3"))
    with pytest.raises(IllegalChoiceError, match="overlap another ship"):
        game.answer({"x": 330, "y": 40, "heading": 0})
    game.answer({"x": 340, "y": 40, "heading": 0})     # touching is not overlapping


def test_a_large_ship_may_reach_beyond_range_1_if_it_fills_the_depth():
    """SHIP SIZES: a large ship's base may extend outside range 1 as long as it fills the
    length of that area: turned 45 degrees (113 mm deep) touching the edge it is accepted;
    lifted 1 mm off the edge it is refused."""
    vt49 = squad(EMPIRE, "patrolleader")
    game = new_game(vt49, squad(REBEL, "bluesquadronescort"))
    drive(game, at("place_ship", "p1.1"))
    half_diagonal = 40 * 2 ** 0.5
    with pytest.raises(IllegalChoiceError, match="within range 1"):
        game.answer({"x": 300, "y": half_diagonal + 1, "heading": 45})
    game.answer({"x": 300, "y": half_diagonal, "heading": 45})
    assert game.state.ships["p1.1"].size is BaseSize.LARGE


def test_listed_ship_placements_are_legal():
    """Every listed placement is within range 1 of the owner's edge, overlapping no ship."""
    game = new_game(REBELS, IMPERIALS, seed=4)
    drive(game, at("place_ship"))
    while game.decision.kind == "place_ship":
        d = game.decision
        for value in d.option_keys():
            probe = game.clone()
            probe.answer(value)
        game.answer(d.options[-1].key)


@pytest.mark.parametrize(("pilot", "turret", "arcs"), [
    ("rebelscout", "rear", (Arc.REAR,)),
    ("rebelscout", "left", (Arc.LEFT,)),
    ("outerrimsmuggler", "left", (Arc.LEFT, Arc.RIGHT)),
    ("outerrimsmuggler", "front", (Arc.FRONT, Arc.REAR)),
])
def test_a_turret_indicator_is_set_when_the_ship_is_placed(pilot, turret, arcs):
    """Step 5: when a ship with a turret arc indicator is placed, the player points it at a
    standard arc; a double indicator selects that arc and the opposite one."""
    game = new_game(squad(REBEL, pilot), IMPERIALS)
    drive(game, at("place_ship", "p1.1"))
    game.answer({"x": 300, "y": 50, "heading": 0, "turret": turret})
    assert game.state.ships["p1.1"].turret == arcs


def test_a_ship_without_turret_can_not_set_one():
    game = _at_place()
    with pytest.raises(IllegalChoiceError, match="no turret arc indicator"):
        game.answer({"x": 300, "y": 50, "heading": 0, "turret": "rear"})


# -------------------------------------------------------------- 6. damage decks
def test_each_player_has_a_shuffled_33_card_damage_deck():
    """Step 6: each player uses their own damage deck: 33 cards each, the core deck's
    composition, shuffled separately."""
    game = complete_setup(new_game(REBELS, IMPERIALS, seed=5))
    core = Counter({c.id: c.count for c in load_cards().damage_deck("core").cards})
    decks = [p.deck for p in game.state.players]
    assert [len(d) for d in decks] == [33, 33]
    assert Counter(decks[0]) == core == Counter(decks[1])
    assert decks[0] != decks[1]


def test_setup_ends_with_the_first_round_planning():
    game = complete_setup(new_game(REBELS, IMPERIALS))
    assert (game.state.round, game.state.phase) == (1, "planning")
    assert game.decision.kind == "set_dial"
    assert all(s.in_play for s in game.state.ships.values())


# ------------------------------------------------------------------------ deficit
def test_each_player_earns_the_opponents_deficit():
    """DEFICIT: at the start of the game each player earns mission points equal to the
    opponent's deficit (20 minus their squad points): rebels 15, imperials 6."""
    game = new_game(REBELS, IMPERIALS)
    assert [p.squad_points for p in game.state.players] == [15, 6]
    assert [p.mission_points for p in game.state.players] == [14, 5]


# ---------------------------------------------------------------- refused squads
def test_a_pilot_whose_ability_is_not_implemented_is_refused():
    with pytest.raises(SetupError, match="kananjarrus"):
        Game(GameSetup((squad(REBEL, "kananjarrus"), IMPERIALS), cards=CARDS))


def test_a_ship_ability_not_implemented_is_refused():
    with pytest.raises(SetupError, match="ship ability"):
        Game(GameSetup((squad(EMPIRE, "sigmasquadronace"), REBELS), cards=CARDS))


def test_an_empty_squad_is_refused():
    with pytest.raises(SetupError, match="no ships"):
        Game(GameSetup((squad(REBEL), IMPERIALS), cards=CARDS))


def test_a_game_lasts_at_least_one_round():
    with pytest.raises(SetupError):
        GameSetup((REBELS, IMPERIALS), rounds=0, cards=CARDS)


def test_an_unknown_obstacle_in_a_squad_is_refused():
    rebels = squad(REBEL, "bluesquadronescort")
    rebels = type(rebels)(faction=rebels.faction, ships=rebels.ships,
                          obstacles=("core2asteroid0", "nosuchrock", "core2debris0"))
    with pytest.raises(SetupError, match="squad 1"):
        Game(GameSetup((rebels, IMPERIALS), cards=CARDS))


def test_a_game_needs_two_squads_and_a_known_ruleset():
    with pytest.raises(SetupError, match="ruleset"):
        GameSetup((REBELS, IMPERIALS), ruleset="1e", cards=CARDS)
    with pytest.raises(SetupError, match="two squads"):
        GameSetup((REBELS,), cards=CARDS)  # type: ignore[arg-type]


def test_a_turret_placed_without_choosing_points_front():
    game = new_game(squad(REBEL, "rebelscout"), IMPERIALS)
    drive(game, at("place_ship", "p1.1"))
    game.answer({"x": 300, "y": 50, "heading": 0})
    assert game.state.ships["p1.1"].turret == (Arc.FRONT,)
