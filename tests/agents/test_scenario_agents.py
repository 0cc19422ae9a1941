"""The built-in agents in the standard scenarios: they place features, tow supply caches
and scramble satellites when one worth it is at range 0-1 (never when none is: the action
would fail), pick the right feature, keep their caches, fly towards the objectives, and
score mission points in whole games - all from their player's view."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from tallon.agents import agent_answer, draw_chance
from tallon.agents.ace import AceAgent
from tallon.agents.objectives import within
from tallon.agents.planning import Planner
from tallon.agents.simple import SimpleAgent
from tallon.cards import CARDS
from tallon.cards.pool import default_squads
from tallon.engine import Game, GameSetup
from tallon.engine.actions import PerformAction
from tallon.engine.features import TOWING, Feature
from tallon.engine.scenario_play import JettisonChoice, scenario_actions
from tallon.engine.scenarios import PlaceJettisoned, features_near
from tallon.geometry import Pose
from tallon.scene import Scene, start_at
from tests.engine.test_agents import ListedAnswers

SCENARIOS = ("satellite-array", "chance-engagement", "salvage-mission",
             "scramble-transmissions")
ACTION = {"salvage-mission": ("tow", "supply_cache"),
          "scramble-transmissions": ("scramble", "satellite")}


class CheckingSimple(ListedAnswers, SimpleAgent):
    """A simple agent that asserts each answer is one of the listed options."""


class CheckingAce(ListedAnswers, AceAgent):
    """An ace that asserts each answer is one of the listed options."""


def _scene_game(scenario: str, features: list[Feature], round_: int = 2) -> Game:
    """An X-wing (p1.1) at (400, 300) facing player 2's edge, a TIE (p2.1) far off at
    (700, 800) facing back, in round ``round_`` of ``scenario`` with ``features``."""
    sc = Scene(round=round_)
    sc.ship("redsquadronveteran", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(700, 800, 180))
    game = sc.game()
    game.state.scenario = scenario
    game.state.features = features
    return game


def _action_offer(game: Game, ship: str = "p1.1") -> Game:
    step = PerformAction(ship, during_activation=True,
                         extra=scenario_actions(game, game.state.ships[ship]))
    start_at(game, step, phase="activation")
    return game


def _cache(x: float, y: float, number: int = 1) -> Feature:
    return Feature(f"supply_cache-{number}", "supply_cache", x, y)


def _satellite(x: float, y: float, number: int = 1, marker: int | None = None) -> Feature:
    return Feature(f"satellite-{number}", "satellite", x, y, marker)


@pytest.mark.parametrize("agent", [SimpleAgent, AceAgent])
def test_a_ship_at_range_1_of_a_free_cache_tows_it(agent):
    """Situation: round 2 of Salvage Mission; an X-wing's Perform Action step offers tow,
    with a free supply cache 40 mm ahead of its base (range 1). Rule: tow takes a supply
    cache at range 0-1, and each cache on a friendly card scores a point every round.
    Expected: the simple agent and the ace answer "tow", then name the cache; the X-wing
    then tows it."""
    game = _action_offer(_scene_game("salvage-mission", [_cache(400, 380)]))
    decision = game.decision
    assert decision.kind == "perform_action" and "tow" in decision.option_keys()
    player = agent(1)
    assert player.choose(game.view(1), decision) == "tow"
    game.answer("tow")
    assert game.decision.kind == "scenario_target"
    game.answer(player.choose(game.view(1), game.decision))
    assert game.state.features[0].carrier == "p1.1"


@pytest.mark.parametrize("agent", [SimpleAgent, AceAgent])
def test_no_cache_in_range_no_tow(agent):
    """Situation: as above, but the only free cache is 300 mm ahead (range 3) and the
    other is on the enemy TIE's card. Rule: with no supply cache at range 0-1 the tow
    action fails. Expected: tow is offered, yet neither agent answers it."""
    towed = Feature("supply_cache-2", "supply_cache", None, None, carrier="p2.1")
    game = _action_offer(_scene_game("salvage-mission", [_cache(400, 640), towed]))
    decision = game.decision
    assert "tow" in decision.option_keys()
    assert agent(1).choose(game.view(1), decision) != "tow"


@pytest.mark.parametrize("agent", [SimpleAgent, AceAgent])
def test_scramble_only_a_satellite_not_yet_ours(agent):
    """Situation: round 2 of Scramble the Transmissions; a satellite bearing our own
    marker lies at range 1 of the X-wing. Rule: scrambling a satellite that has our
    marker changes nothing. Expected: no scramble; once the satellite bears the enemy's
    marker, the agent scrambles it."""
    game = _action_offer(_scene_game("scramble-transmissions",
                                     [_satellite(400, 380, marker=1)]))
    assert "scramble" in game.decision.option_keys()
    assert agent(1).choose(game.view(1), game.decision) != "scramble"
    game = _action_offer(_scene_game("scramble-transmissions",
                                     [_satellite(400, 380, marker=2)]))
    assert agent(1).choose(game.view(1), game.decision) == "scramble"


@pytest.mark.parametrize("agent", [SimpleAgent, AceAgent])
def test_scramble_target_is_the_enemy_marked_satellite(agent):
    """Situation: two satellites at range 0-1 of the X-wing, the first unmarked, the
    second bearing the enemy's marker. Rule: scrambling the enemy's satellite takes a
    point a round from them as well as giving one. Expected: the agent names the second;
    after the scramble it bears player 1's marker."""
    features = [_satellite(370, 370, 1), _satellite(430, 370, 2, marker=2)]
    game = _action_offer(_scene_game("scramble-transmissions", features))
    game.answer("scramble")
    decision = game.decision
    assert decision.kind == "scenario_target" and len(decision.options) == 2
    choice = agent(1).choose(game.view(1), decision)
    assert choice == "satellite-2"
    game.answer(choice)
    assert game.state.features[1].marker == 1


def test_the_agents_keep_their_cache():
    """Situation: at the end of its activation the X-wing, towing a supply cache, may
    jettison it. Rule: a cache on the card scores every round. Expected: both agents
    answer "keep"."""
    game = _scene_game("salvage-mission",
                       [Feature("supply_cache-1", "supply_cache", None, None,
                                carrier="p1.1")])
    game.state.ships["p1.1"].remember(TOWING, "supply_cache-1")
    start_at(game, JettisonChoice("p1.1"), phase="activation")
    decision = game.decision
    assert decision.kind == "jettison"
    for agent in (SimpleAgent(1), AceAgent(1)):
        assert agent.choose(game.view(1), decision) == "keep"


def test_a_jettisoned_cache_goes_next_to_our_ship():
    """Situation: the enemy TIE at (520, 420) jettisons its supply cache; player 1, whose
    X-wing is at (400, 300), places it at range 1 of the TIE. Expected: of the offered
    spots, the ace and the simple agent take the one nearest the X-wing (all are about
    as near the TIE), and it is a legal spot."""
    game = _scene_game("salvage-mission", [_cache(100, 100)])
    game.state.set_pose(game.state.ships["p2.1"], Pose(520, 420, 180))
    start_at(game, PlaceJettisoned(1, "supply_cache-1", 520, 420, 180, "small"),
             phase="activation")
    decision = game.decision
    assert decision.kind == "place_feature" and len(decision.options) > 4

    def to_xwing(option):
        return math.hypot(option.info["x"] - 400, option.info["y"] - 300)

    nearest = min(decision.options, key=to_xwing)
    for agent in (SimpleAgent(1), AceAgent(1)):
        assert agent.choose(game.view(1), decision) == nearest.key


@pytest.mark.parametrize("agent", [SimpleAgent, AceAgent])
def test_setup_features_go_near_our_own_edge(agent):
    """Situation: Salvage Mission's setup, each player placing their supply caches.
    Expected: each of the player's placements is an offered spot as near their own board
    edge as any offered (their ships reach it first)."""
    game = Game(GameSetup(default_squads(), seed=3, cards=CARDS, scenario="salvage-mission"))
    agents = (agent(1), agent(2))
    placed = 0
    while game.decision is not None and game.state.phase == "setup":
        decision = game.decision
        value = agents[decision.player - 1].choose(game.view(decision.player), decision)
        if decision.kind == "place_feature":
            edge = {o.key: o.info["y"] if decision.player == 1 else 914.4 - o.info["y"]
                    for o in decision.options}
            assert edge[value] <= min(edge.values()) + 1e-6
            placed += 1
        game.answer(value)
    assert placed == 4


def test_the_ace_flies_to_a_free_cache():
    """Situation: round 2 of Salvage Mission; the X-wing's dial is to be set, a free
    supply cache ahead and to its right at (520, 440), the only enemy far off to the
    left. Expected: the ace's dial ends the X-wing at range 0-1 of the cache (where it
    can tow), which it does not without the cache; the planner adds more to a position
    there than to one just out of reach."""
    game = _scene_game("salvage-mission", [_cache(520, 440)])
    game.state.set_pose(game.state.ships["p2.1"], Pose(100, 800, 180))
    decision = game.decision
    assert decision.kind == "set_dial" and decision.ship == "p1.1"
    view = game.view(1)
    planner = Planner(view, 1)
    ship = planner.by_id["p1.1"]

    def end(chosen):
        return planner.maneuver_value(ship, chosen, True)[1]

    assert within(520, 440, end(AceAgent(1).choose(view, decision)), "small", 1)
    game.state.features = []
    assert not within(520, 440, end(AceAgent(1).choose(game.view(1), decision)), "small", 1)
    blind = Planner(game.view(1), 1)

    def added(pose):
        return planner.position_value(ship, pose, True) - blind.position_value(ship, pose,
                                                                               True)

    assert added(Pose(490, 400, 0)) > added(Pose(490, 250, 0)) + 0.5


def _play(game: Game, agents, rounds: int = 12) -> None:
    """Play to the end or past ``rounds``; every tow or scramble answered has a feature
    worth it at range 0-1 of the ship (it can't fail)."""
    chance = random.Random(game.setup.seed)
    while game.decision is not None and game.state.round <= rounds:
        decision = game.decision
        if decision.is_chance:
            game.answer(draw_chance(decision, chance))
            continue
        value = agent_answer(agents[decision.player - 1], game)
        if decision.kind == "perform_action" and value in ("tow", "scramble"):
            kind = "supply_cache" if value == "tow" else "satellite"
            ship = game.state.ships[decision.ship]
            assert [f for f in features_near(game, ship, 1, kind)
                    if f.marker != ship.owner], (value, decision.ship)
        game.answer(value)


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("level", ["simple", "ace"])
def test_whole_scenario_games_score(scenario, level):
    """Situation: a whole game of each scenario between two simple agents and between two
    aces (the demo squads). Expected: every answer is a listed option (the new decision
    kinds included: place_feature, scenario_target, jettison), mission points are scored
    in End Phases (log events of kind "score"), and in the scenarios with an action both
    players perform it (log events of kind "scenario") - never without a feature in
    reach."""
    cls = CheckingSimple if level == "simple" else CheckingAce
    game = Game(GameSetup(default_squads(), seed=1, cards=CARDS, scenario=scenario))
    _play(game, (cls(1), cls(2)))
    assert game.over
    kinds = Counter(e["kind"] for e in game.log)
    assert kinds["score"] >= 3
    if scenario in ACTION:
        verb = ACTION[scenario][0] + "s"
        doers = {e["ship"][:2] for e in game.log if e["kind"] == "scenario"
                 and verb in e["text"].split()}
        assert doers == {"p1", "p2"}


@pytest.mark.parametrize("level", [SimpleAgent, AceAgent])
def test_both_sides_tow_in_salvage_missions(level):
    """Situation: the first six rounds of three seeded Salvage Missions. Expected: in each
    game both players' ships tow a supply cache at least once."""
    for seed in (2, 5, 6):
        game = Game(GameSetup(default_squads(), seed=seed, cards=CARDS,
                              scenario="salvage-mission"))
        _play(game, (level(seed), level(seed + 1)), rounds=6)
        towing = {e["ship"][:2] for e in game.log if e["kind"] == "scenario"
                  and " tows " in e["text"]}
        assert towing == {"p1", "p2"}, seed


@pytest.mark.parametrize("towing, expected", [(("p1.2",), "p1.2>p1.1"), (("p1.1",), "decline")])
def test_hondo_moves_a_cache_only_to_a_sturdier_ship(towing, expected):
    """Situation: Salvage Mission's System Phase; the Trident (p1.1, 13 hull) carries Hondo
    Ohnaka (Command) and a Cartel Spacer (p1.2, 4 hull and 1 shield... far fewer) is at
    range 1; one of them tows a supply cache. Rule: Hondo may move the cache between their
    cards; a cache scores while it is carried and is lost with its carrier. Expected: the
    ace moves the Spacer's cache onto the Trident's card, and never the Trident's onto the
    Spacer's (it declines), so a cache is not passed back and forth."""
    from tests.cards.test_epic_hondo_command import _system_phase

    game = _system_phase(towing)
    decision = game.decision
    assert decision.kind == "use_ability" and "decline" in decision.option_keys()
    assert AceAgent(1).choose(game.view(1), decision) == expected
