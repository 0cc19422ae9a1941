"""RR: SETUP - steps 1-6: gather forces (shields, Force, charges, upgrade grants), determine
player order, the play area, place obstacles (alternately, beyond range 2 of the edges and
range 1 of each other), place forces (by initiative, within range 1 of the player's edge;
RR: SHIP SIZES for large ships), and the damage decks. (The first player roll itself:
test_planning_phase; the deficit: test_deficit; squads the engine refuses:
tests/engine/test_game_setup.py.)"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tallon.data import load_cards
from tallon.engine import IllegalChoiceError
from tallon.engine.chance import first_player_from
from tallon.engine.loadout import build_ship
from tallon.engine.state import Charge
from tallon.geometry import Arc, BaseSize, Obstacle, Pose, object_distance
from tallon.geometry.constants import PLAY_AREA_SIDE
from tests.rules.game_helpers import (
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
    """A T-65 and a TIE/ln as the game is set up. RR: SETUP step 1 - each ship starts with
    its shields active and no damage. The T-65 (hull 4, shields 2, agility 2) has 2 active
    shields; the TIE (hull 3, agility 3) none; neither has damage."""
    game = new_game(REBELS, IMPERIALS)
    xwing, tie = game.state.ships["p1.1"], game.state.ships["p2.1"]
    assert (xwing.hull, xwing.shield_limit, xwing.shields, xwing.agility) == (4, 2, 2, 2)
    assert (tie.hull, tie.shields, tie.agility) == (3, 0, 3)
    assert xwing.damage == () and tie.damage == ()


def test_gather_forces_places_force_at_its_capacity():
    """An Inquisitor (TIE Advanced v1: Force 1, recurring) as the game is set up.
    RR: SETUP step 1, RR: FORCE CHARGE. It starts with 1 active Force, capacity 1, recurring
    1."""
    game = new_game(squad(EMPIRE, "inquisitor"), squad(REBEL, "bluesquadronescort"))
    ship = game.state.ships["p1.1"]
    assert (ship.force, ship.force_limit, ship.force_recurring) == (1, 1, 1)


def test_gather_forces_applies_upgrade_stat_grants():
    """T-65s with Hull Upgrade (+1 hull), Shield Upgrade (+1 shield) and Angled Deflectors
    (-1 shield, adds a reinforce action). RR: SETUP step 1, RR: UPGRADE CARDS - the
    upgrades' changes are applied when the forces are gathered. Hull 5; 3 shields (limit 3);
    1 shield and a reinforce action."""
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
    """A T-65 with Proton Torpedoes, and Vult Skerris. RR: SETUP step 1, RR: CHARGES - each
    card with a charge limit starts with that many active charges, kept on that card, with
    its recurring symbol. The torpedoes have 2 of 2 (not recurring); Vult's pilot card 1 of
    1, negative recurring. (Read from build_ship: no card with charges is playable without
    its ability yet.)"""
    db = load_cards()
    rebels = squad(REBEL, ("bluesquadronescort", ["protontorpedoes"]))
    ship = build_ship(1, 1, rebels.ships[0])
    assert ship.charges == {"protontorpedoes": Charge(2, 2, 0)}
    pilot = db.pilot("vultskerris-tieininterceptor")
    vult = build_ship(2, 1, squad(EMPIRE, pilot.xws).ships[0])
    assert vult.charges[pilot.xws] == Charge(1, 1, -1)


# -------------------------------------------------------------- 2. player order
def test_setup_determines_the_first_player_from_the_seed():
    """Games set up with twelve seeds. RR: SETUP step 2 - the players roll for the first
    player. Each game's first player is the roll's result with the game's generator, and
    both players are first for some seeds."""
    seen = set()
    for seed in range(12):
        game = new_game(REBELS, IMPERIALS, seed=seed)
        assert game.state.first_player == first_player_from(random.Random(seed))
        seen.add(game.state.first_player)
    assert seen == {1, 2}


# ------------------------------------------------------------------ 4. obstacles
@pytest.mark.parametrize("first", [1, 2])
def test_obstacles_are_placed_alternately_in_player_order(first):
    """Obstacle placement, player 1 or player 2 first. RR: SETUP step 4 - in player order,
    players take turns placing an obstacle until all six are placed. The placing players
    alternate from the first player, and six obstacles are on the table."""
    game = new_game(REBELS, IMPERIALS, seed=seed_with_first_player(first))
    players = []
    while game.decision.kind == "place_obstacle":
        players.append(game.decision.player)
        game.answer(game.decision.options[0].key)
    assert players == [first, 3 - first] * 3
    assert len(game.state.obstacles) == 6


def test_the_obstacle_pool_is_both_players_obstacles_each_placed_once():
    """The first obstacle is placed, then the same one named again. RR: SETUP step 4 -
    players choose from the six obstacles both squads brought; a placed obstacle is not
    offered again. The offer is the pool minus the placed one, naming it again is refused
    (if it was the only copy), and at the end the table holds exactly the pool."""
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
    """Both players brought core2asteroid0, and each picks it whenever it is offered.
    RR: SETUP step 4 - the six obstacles are the three each player brought; one both brought
    exists twice. After both copies are placed it is not offered again, and all six
    obstacles end up on the table."""
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
    """Setups with three seeds, always taking the last listed placement. RR: SETUP step 4 -
    obstacles are placed beyond range 2 of each edge and beyond range 1 of each other. Every
    obstacle is more than 200 mm from each edge and 100 mm from the others."""
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


@pytest.mark.parametrize("outlines", [
    ("gascloud6", "gascloud4", "core2debris1"),   # the widest: 51.7, 49.9 and 45 mm
    ("vt49decimatordebris0", "gascloud6", "yt2400debris0"),
])
def test_every_listed_placement_of_large_obstacles_is_legal(outlines):
    """Squads bringing the widest obstacles (Gas Cloud 6 reaches 51.7 mm from its centre).
    RR: SETUP step 4 - beyond range 2 of every edge and range 1 of the others. Every
    placement listed, at each step of the setup, passes the rule's own check (the listed
    anchors are 250 mm from the edges, so an obstacle reaching 50 mm or more is offered
    other spots)."""
    from tallon.engine.setup import obstacle_problem

    def with_obstacles(s, names):
        return type(s)(faction=s.faction, ships=s.ships, obstacles=names)

    rebels = with_obstacles(squad(REBEL, "bluesquadronescort"), outlines)
    imperials = with_obstacles(squad(EMPIRE, "academypilot"), outlines)
    for seed in range(2):
        game = new_game(rebels, imperials, seed=seed)
        while game.decision.kind == "place_obstacle":
            for option in game.decision.options:
                if option.key != "none":
                    info = option.info
                    pose = Pose(info["x"], info["y"], info["rotation"])
                    assert obstacle_problem(game, info["obstacle"], pose) is None, option.key
            game.answer(game.decision.options[seed - 1].key)


def _edge_offset(outline: str) -> float:
    """How far left of its centre an obstacle reaches at rotation 0."""
    probe = Obstacle("probe", Pose(457.2, 457.2, 0), outline)
    return 457.2 - min(x for piece in probe.range_pieces for x, _ in piece)


def test_an_obstacle_at_range_2_of_an_edge_is_refused():
    """An obstacle placed with its nearest point exactly 200 mm from the left edge, then
    0.5 mm farther. RR: SETUP step 4 - beyond range 2 of each edge. The first is refused
    (the game unchanged); the second is placed."""
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
    """An obstacle placed near the left, near, right or far edge. RR: SETUP step 4 - beyond
    range 2 of each edge. It is refused, the reason naming the edge rule."""
    game = new_game(REBELS, IMPERIALS)
    outline = game.decision.options[0].info["obstacle"]
    with pytest.raises(IllegalChoiceError, match="range 2 of every edge"):
        game.answer({"obstacle": outline, "x": where[0], "y": where[1], "rotation": 0})


def test_obstacles_within_range_1_of_each_other_are_refused():
    """A second obstacle placed overlapping the first, then at range 1 of it, then just
    beyond. RR: SETUP step 4 - beyond range 1 of the other obstacles. The first two are
    refused (the game unchanged); the third is placed."""
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
    """Obstacle placements without an obstacle, with a word for x, as a bare name, or naming
    an obstacle that doesn't exist. RR: SETUP step 4. Each is refused with a reason."""
    game = new_game(REBELS, IMPERIALS)
    with pytest.raises(IllegalChoiceError, match=": "):
        game.answer(answer)


# --------------------------------------------------------------------- 5. forces
@pytest.mark.parametrize("first", [1, 2])
def test_forces_are_placed_by_ascending_initiative_then_player_order(first):
    """Ship placement, player 1 or player 2 first, three ships a side at initiatives 1-3.
    RR: SETUP step 5 - ships are placed from lowest to highest initiative, player order
    breaking ties. Each owner is asked for their ship, in the order (1, first), (1, second),
    (2, first), ... (3, second)."""
    game = new_game(REBELS, IMPERIALS, seed=seed_with_first_player(first))
    drive(game, at("place_ship"))
    order = []
    while game.decision is not None and game.decision.kind == "place_ship":
        ship = game.state.ships[game.decision.ship]
        assert game.decision.player == ship.owner
        order.append((ship.initiative, ship.owner))
        game.answer(game.decision.options[0].key)
    assert order == [(i, p) for i in (1, 2, 3) for p in (first, 3 - first)]


def _at_place(first_squad=REBELS, second_squad=IMPERIALS, ship="p1.1"):
    game = new_game(first_squad, second_squad)
    drive(game, at("place_ship", ship))
    return game


def test_a_ship_is_placed_within_range_1_of_its_own_edge():
    """Player 1's small ship placed with its far side 100.5 mm from its edge, then exactly
    100 mm. RR: SETUP step 5 - ships are placed within range 1 of the player's edge;
    RR: RANGE - "within" is the whole base. The first is refused (the game unchanged); the
    second is placed there."""
    game = _at_place()
    before = game.state_hash()
    with pytest.raises(IllegalChoiceError, match="within range 1 of their player edge"):
        game.answer({"x": 300, "y": 80.5, "heading": 0})
    assert game.state_hash() == before
    game.answer({"x": 300, "y": 80, "heading": 0})
    assert game.state.ships["p1.1"].pose == Pose(300, 80, 0)


def test_the_second_player_places_near_the_far_edge():
    """Player 2's ship placed near player 1's edge, then near the far edge. RR: SETUP step 5
    - player 2's edge is the opposite one. The first is refused; the second is placed."""
    game = _at_place(ship="p2.1")
    with pytest.raises(IllegalChoiceError, match="within range 1"):
        game.answer({"x": 300, "y": 50, "heading": 180})
    game.answer({"x": 300, "y": PLAY_AREA_SIDE - 50, "heading": 180})
    assert game.state.ships["p2.1"].in_play


def test_a_ship_partly_outside_the_play_area_is_refused():
    """A ship placed with its side over the near edge, then with its rear guides over it,
    then touching it. RR: SETUP step 5, RR: PLAY AREA - no part of the base, guides
    included, may be outside the play area. The first two are refused; touching the edge is
    fine."""
    game = _at_place()
    with pytest.raises(IllegalChoiceError, match="outside the play area"):
        game.answer({"x": 300, "y": 19, "heading": 90})
    with pytest.raises(IllegalChoiceError, match="outside the play area"):
        game.answer({"x": 300, "y": 21, "heading": 0})   # the rear guides stick out
    game.answer({"x": 300, "y": 20, "heading": 90})


def test_a_ship_may_not_overlap_another():
    """A ship placed overlapping one placed earlier, then touching it. RR: SETUP step 5 - a
    ship may not be placed overlapping another. The overlap is refused; touching is placed."""
    game = _at_place(ship="p1.2")                          # initiative 1: placed first
    game.answer({"x": 300, "y": 40, "heading": 0})
    drive(game, at("place_ship", "p1.3"))
    with pytest.raises(IllegalChoiceError, match="overlap another ship"):
        game.answer({"x": 330, "y": 40, "heading": 0})
    game.answer({"x": 340, "y": 40, "heading": 0})     # touching is not overlapping


def test_a_large_ship_may_reach_beyond_range_1_if_it_fills_the_depth():
    """A VT-49 (large) placed turned 45 degrees (113 mm deep) touching its edge, then lifted
    1 mm off it. RR: SHIP SIZES, RR: SETUP step 5 - a large ship's base may extend beyond
    range 1 as long as it fills the depth of that area. Lifted, it is refused; touching the
    edge, it is placed."""
    vt49 = squad(EMPIRE, "patrolleader")
    game = new_game(vt49, squad(REBEL, "bluesquadronescort"))
    drive(game, at("place_ship", "p1.1"))
    half_diagonal = 40 * 2 ** 0.5
    with pytest.raises(IllegalChoiceError, match="within range 1"):
        game.answer({"x": 300, "y": half_diagonal + 1, "heading": 45})
    game.answer({"x": 300, "y": half_diagonal, "heading": 45})
    assert game.state.ships["p1.1"].size is BaseSize.LARGE


def test_listed_ship_placements_are_legal():
    """Every placement the engine lists for each ship, in a setup. RR: SETUP step 5. Each is
    accepted (within range 1 of the owner's edge, overlapping no ship)."""
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
    """An HWK-290 (single turret) and a YT-1300 (double turret) placed with the indicator
    pointing rear, left or front. RR: SETUP step 5 - when a ship with a turret arc indicator
    is placed, the player points it at a standard arc; a double indicator selects that arc
    and the opposite one. The turret selects that arc (and its opposite)."""
    game = new_game(squad(REBEL, pilot), IMPERIALS)
    drive(game, at("place_ship", "p1.1"))
    game.answer({"x": 300, "y": 50, "heading": 0, "turret": turret})
    assert game.state.ships["p1.1"].turret == arcs


def test_a_ship_without_turret_can_not_set_one():
    """A T-65 placed with a turret direction. RR: SETUP step 5 - only a ship with a turret
    arc indicator points one. It is refused."""
    game = _at_place()
    with pytest.raises(IllegalChoiceError, match="no turret arc indicator"):
        game.answer({"x": 300, "y": 50, "heading": 0, "turret": "rear"})


def test_a_turret_placed_without_choosing_points_front():
    """An HWK-290 placed without a turret direction. RR: SETUP step 5 (ruling: the indicator
    then points front). Its turret selects the front arc."""
    game = new_game(squad(REBEL, "rebelscout"), IMPERIALS)
    drive(game, at("place_ship", "p1.1"))
    game.answer({"x": 300, "y": 50, "heading": 0})
    assert game.state.ships["p1.1"].turret == (Arc.FRONT,)


# -------------------------------------------------------------- 6. damage decks
def test_each_player_has_a_shuffled_33_card_damage_deck():
    """A completed setup. RR: SETUP step 6 - each player uses their own damage deck. Each
    has the core deck's 33 cards, shuffled separately (the two orders differ)."""
    game = complete_setup(new_game(REBELS, IMPERIALS, seed=5))
    core = Counter({c.id: c.count for c in load_cards().damage_deck("core").cards})
    decks = [p.deck for p in game.state.players]
    assert [len(d) for d in decks] == [33, 33]
    assert Counter(decks[0]) == core == Counter(decks[1])
    assert decks[0] != decks[1]


def test_setup_ends_with_the_first_round_planning():
    """A completed setup. RR: SETUP - after the last step the first round begins. The game
    is at round 1's Planning Phase, asking for a dial, with every ship in play."""
    game = complete_setup(new_game(REBELS, IMPERIALS))
    assert (game.state.round, game.state.phase) == (1, "planning")
    assert game.decision.kind == "set_dial"
    assert all(s.in_play for s in game.state.ships.values())
