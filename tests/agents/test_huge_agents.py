"""The built-in agents fly huge ships (RR: APPENDIX: HUGE SHIPS) from their views: whole
epic games of two C-ROC squads (tests/lists/epic), a huge ship's dial chosen with the huge
ship maneuver tool (never fleeing when it need not), picked-up ships placed and turned,
the GR-75's Resupply Craft, and a huge ship deployed facing the enemy."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tallon.agents import agent_answer, draw_chance
from tallon.agents.huge import flight_cost, fly
from tallon.agents.levels import make_agent
from tallon.cards import CARDS
from tallon.engine import Game, GameSetup
from tallon.engine.decisions import Decision, Option
from tallon.geometry import Arc, execute_huge_maneuver, in_arc
from tallon.squads import read_xws_file
from tests.rules.game_helpers import arrange, at, drive, new_game, squad
from tests.rules.test_huge_ships import croc_game

EPIC = Path(__file__).resolve().parent.parent / "lists" / "epic"


def _epic_game(seed: int) -> Game:
    squads = tuple(read_xws_file(EPIC / name).squad
                   for name in ("croc-scum.json", "croc-seps.json"))
    return Game(GameSetup(squads, seed=seed, rounds=12, cards=CARDS))  # type: ignore[arg-type]


def _play(game: Game, levels: tuple[str, str], seed: int) -> list[tuple[str, bool]]:
    """Play to the end; each answer's kind and whether it was a listed option (else the
    decision took free answers and the engine accepted it: it raises otherwise)."""
    agents = tuple(make_agent(level, seed + i, think="20") for i, level in enumerate(levels))
    rng = random.Random(seed)
    answers = []
    while game.decision is not None:
        decision = game.decision
        if decision.is_chance:
            game.answer(draw_chance(decision, rng))
            continue
        value = agent_answer(agents[decision.player - 1], game)
        listed = value in decision.option_keys()
        assert listed or decision.free, (decision.kind, value)
        answers.append((decision.kind, listed))
        game.answer(value)
    return answers


@pytest.mark.parametrize("level", ["simple", "ace"])
def test_a_whole_epic_game_of_huge_ships_ends_without_error(level):
    """Situation: the C-ROC squads against each other (seed 3), both players the same
    built-in agent. Rule: APPENDIX: HUGE SHIPS - huge ships move with the maneuver tool.
    Expected: the game ends; every answer was an offered option or an accepted free answer;
    both C-ROCs flew with the maneuver tool and neither fled."""
    game = _epic_game(3)
    answers = _play(game, (level, level), 3)
    assert game.over and answers
    texts = [e["text"] for e in game.log]
    for croc in ("(p1.1)", "(p2.1)"):
        assert any(croc in t and "huge ship maneuver tool" in t for t in texts)
        assert not any(croc in t and "(fled)" in t for t in texts)


def test_the_master_plays_a_whole_epic_game():
    """Situation: the C-ROC squads, the master (20 imagined decisions a decision) against
    the ace. Rule: as above. Expected: the game ends without an illegal answer, the C-ROCs flew."""
    game = _epic_game(5)
    _play(game, ("master", "ace"), 5)
    assert game.over
    assert any("huge ship maneuver tool" in e["text"] for e in game.log)


def _edge_croc() -> Game:
    """The C-ROC 60 mm from the far edge's reach: its front at y 872, facing it."""
    return croc_game(croc_at=(457, 775, 0))


@pytest.mark.parametrize("level", ["simple", "ace"])
def test_a_huge_ship_near_the_edge_does_not_flee(level):
    """Situation: the C-ROC (p1.1) faces the far edge with its front 42 mm from it, so its
    straights and banks of speed 1 and more would flee. Rule: APPENDIX: HUGE SHIPS - a
    huge ship that leaves the play area flees. Expected: some of its dial options flee,
    some don't, and the agent chooses one that doesn't."""
    game = _edge_croc()
    decision = drive(game, at("set_dial", "p1.1"))
    table = game.state.table()
    flees = {code: execute_huge_maneuver(table, "p1.1", code).fled
             for code in decision.option_keys()}
    assert any(flees.values()) and not all(flees.values())
    choice = agent_answer(make_agent(level, 0), game)
    assert choice in flees and not flees[choice]


def test_landing_on_an_enemy_is_good_and_on_an_asteroid_costs():
    """Situation: a TIE right in front of the C-ROC; then an asteroid there instead. Rule:
    OVERLAPPING STANDARD SHIPS (the TIE suffers damage equal to the speed, the C-ROC rolls a
    die), OVERLAPPING OBSTACLES (a damage and a stress, paid with energy). Expected: the [2
    straight] onto the TIE is worth more than nothing (negative cost); onto the asteroid it
    costs more than a damage and leaves the ship free to act (its energy pays the stress)."""
    game = croc_game(enemy_at=(457, 370, 180))
    view = game.view(1, log=False)
    me = next(s for s in view["ships"] if s["id"] == "p1.1")
    owners = {s["id"]: s["owner"] for s in view["ships"]}
    sizes = {s["id"]: s["size"] for s in view["ships"]}
    flight = fly(game.state.table(), "p1.1", "2FB")
    assert flight.standard == ("p2.1",)
    assert flight_cost(flight, "2FB", me, owners, sizes)[0] < 0
    rocks = croc_game()
    arrange(rocks, obstacles=[("core2asteroid0", 457, 390, 0)])
    flight = fly(rocks.state.table(), "p1.1", "2FB")
    cost, can_act = flight_cost(flight, "2FB", me, owners, sizes)
    assert flight.obstacles and cost > 1.0 and can_act


@pytest.mark.parametrize("level", ["simple", "ace"])
def test_a_picked_up_ship_is_placed_with_a_shot(level):
    """Situation: the C-ROC's [2 straight] lands on a TIE (p2.2 far away); player 2's agent
    places the TIE. Rule: OVERLAPPING STANDARD SHIPS - placed in the huge ship's full rear
    arc at range 0-1. Expected: a listed place, with the C-ROC (the only enemy in reach)
    in the TIE's front arc."""
    game = croc_game(enemy_at=(457, 370, 180))
    decision = drive(game, at("place_picked_up"), dials={"p1.1": "2FB"})
    assert decision.player == 2 and decision.ship == "p2.1"
    place = agent_answer(make_agent(level, 0), game)
    assert place in decision.option_keys()
    game.answer(place)
    table = game.state.table()
    assert in_arc(table.ship("p2.1"), table.ship("p1.1"), Arc.FRONT)


@pytest.mark.parametrize("level", ["simple", "ace"])
def test_the_opponent_turns_a_placed_ship_away_from_its_huge_ship(level):
    """Situation: as above, the TIE placed 40 mm behind the C-ROC facing it (room to turn);
    player 1's agent may turn it. Rule: OVERLAPPING STANDARD SHIPS - "the opponent may
    rotate it 90 degrees". Expected: a listed turn (not keep) after which the C-ROC is out
    of the TIE's front arc."""
    game = croc_game(enemy_at=(457, 370, 180))
    drive(game, at("place_picked_up"), dials={"p1.1": "2FB"})
    croc = game.state.ships["p1.1"]
    game.answer({"x": croc.pose.x, "y": croc.pose.y - 97.5 - 40 - 20 - 3.3, "heading": 0})
    turn = game.decision
    assert turn is not None and turn.kind == "turn_picked_up" and turn.player == 1
    table = game.state.table()
    assert in_arc(table.ship("p2.1"), table.ship("p1.1"), Arc.FRONT)
    answer = agent_answer(make_agent(level, 1), game)
    assert answer in turn.option_keys() and answer != "keep"
    game.answer(answer)
    table = game.state.table()
    assert not in_arc(table.ship("p2.1"), table.ship("p1.1"), Arc.FRONT)


def _resupply_decision(*keys: str) -> Decision:
    options = tuple(Option(k, k) for k in (*keys, "decline"))
    return Decision(1, "use_ability", "Resupply Craft: spend 1 energy?", options,
                    None, ship="p1.1")  # type: ignore[arg-type]


@pytest.mark.parametrize("level", ["simple", "ace"])
def test_resupply_craft_removes_stress_first_then_recovers_a_shield(level):
    """Situation: the GR-75's Resupply Craft offers a friendly ship's stress, an enemy's
    lock on it and a shield; then only the lock and the shield. Rule: the ship ability
    (spend 1 energy: remove an orange or red token, or recover a shield). Expected: the
    stress token first; then the shield, never declining."""
    agent = make_agent(level, 0)
    view = {"player": 1, "round": 2, "ships": [], "obstacles": []}
    assert agent.choose(view, _resupply_decision("token:stress", "lock:p2.1", "shield")) \
        == "token:stress"
    assert agent.choose(view, _resupply_decision("lock:p2.1", "shield")) == "shield"


@pytest.mark.parametrize("level", ["simple", "ace"])
def test_a_huge_ship_with_a_front_arc_is_deployed_facing_the_enemy(level):
    """Situation: placing the C-ROC (a front arc only) with broadside places offered too.
    Rule: SETUP - huge ships are placed first, within range 1 of the player's edge.
    Expected: the agent picks a place facing the enemy's edge (heading 0 for player 1)."""
    game = new_game(squad("scumandvillainy", "syndicatesmugglers", "binayrepirate"),
                    squad("galacticempire", "blacksquadronace"))
    decision = drive(game, at("place_ship"))
    assert decision.ship == "p1.1"
    headings = {o.info["heading"] for o in decision.options if o.info}
    assert {0.0, 90.0} <= headings
    key = agent_answer(make_agent(level, 0), game)
    assert decision.find(key).info["heading"] == 0.0


def test_cards_read_a_revealed_speed_0_bank_of_a_huge_ship():
    """Situation: the C-ROC has revealed the red [0 bank left], which templates cannot fly
    (the agents now choose it; games crashed when a card read it). Rule: APPENDIX: HUGE
    SHIPS - a huge ship's dial has speed 0 banks; Overdrive Burners reads the revealed
    speed, Damaged Engine makes turns harder. Expected: the revealed speed is 0; Damaged
    Engine makes nothing harder (a huge ship has no turns)."""
    from tallon.cards.common import revealed_speed
    from tallon.cards.damage import _turns_harder

    game = croc_game()
    croc = game.state.ships["p1.1"]
    croc.dial_set, croc.dial_revealed = "0BR", True
    assert revealed_speed(croc) == 0
    assert _turns_harder(game, croc, ship=croc, maneuver="0BR") == 0
