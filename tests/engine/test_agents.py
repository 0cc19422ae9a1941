"""Agents: the random agent answers only with listed legal options; the simple agent plays
whole games to their end from its player's view."""

from __future__ import annotations

import json

import pytest

from tallon.agents import RandomAgent, SimpleAgent, play
from tallon.cards import CARDS
from tallon.engine.attack import Engage
from tallon.engine.decisions import Decision, Option
from tallon.geometry import Pose
from tallon.scene import Scene
from tests.rules.game_helpers import EMPIRE, REBEL, SCUM, new_game, squad

SQUADS = [
    (squad(REBEL, "bluesquadronescort", "redsquadronveteran"),
     squad(EMPIRE, "academypilot", "obsidiansquadronpilot", "blacksquadronace")),
    (squad(REBEL, "bluesquadronpilot", "rebelscout", "bluesquadronscout"),
     squad(SCUM, "gandfindsman", "bountyhunter")),
    (squad(EMPIRE, "omicrongrouppilot", "nusquadronpilot"),
     squad(REBEL, "wardensquadronpilot", "banditsquadronpilot", "graysquadronbomber")),
]


class ListedAnswers:
    """Mixed into an agent: asserts each answer is a listed option, and counts them."""

    answers = 0

    def choose(self, view, decision):
        value = super().choose(view, decision)  # type: ignore[misc]
        listed = [json.dumps(v, sort_keys=True) for v in decision.option_keys()]
        assert json.dumps(value, sort_keys=True) in listed, (decision.kind, value)
        self.answers += 1
        return value


class CheckingRandom(ListedAnswers, RandomAgent):
    """A random agent that records whether each answer was a listed option."""


@pytest.mark.parametrize("pair", range(len(SQUADS)))
@pytest.mark.parametrize("seed", [1, 2])
def test_the_random_agent_only_picks_listed_options_and_games_end(pair, seed):
    game = new_game(*SQUADS[pair], seed=seed)
    agents = (CheckingRandom(seed), CheckingRandom(seed + 100))
    play(game, agents)
    assert game.over and game.decision is None
    assert agents[0].answers > 0 and agents[1].answers > 0
    assert game.state.round <= 12


@pytest.mark.parametrize("pair", range(len(SQUADS)))
def test_the_simple_agent_completes_games(pair):
    """The simple agent answers every decision from its player's view and plays the game to
    its end (12 rounds or a player without ships)."""
    game = new_game(*SQUADS[pair], seed=pair + 5)
    play(game, (SimpleAgent(1), SimpleAgent(2)))
    s = game.state
    assert s.over and s.phase == "over"
    assert s.round == 12 or not all(any(x.in_play for x in s.ships_of(p)) for p in (1, 2))


def test_a_game_played_by_agents_replays_from_its_record():
    from tallon.engine import Game

    game = new_game(*SQUADS[1], seed=9)
    play(game, (SimpleAgent(3), RandomAgent(4)))
    assert Game.from_record(json.loads(json.dumps(game.to_record())), CARDS).state_hash() == \
        game.state_hash()


# ------------------------------------------------------ the simple agent's judgement
def _offer(ship: str, *keys: str) -> Decision:
    """An ability's offer as the engine asks it (the agent reads only keys and labels)."""
    options = tuple(Option(k, "don't use it" if k == "decline" else f"perform a {k} action")
                    for k in keys)
    return Decision(2, "use_ability", "use darthvader?", options, None, ship=ship)  # type: ignore[arg-type]


def test_the_simple_agent_leaves_a_destroyed_ship_alone():
    """Situation: a T-65 engages with one TIE in arc that is destroyed but not yet removed
    (simultaneous fire) and one alive. Expected: it attacks the live TIE; with only the
    destroyed one in arc it does not attack."""
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
    dead = sc.ship("academypilot", player=2, at=(400, 420, 180))
    alive = sc.ship("academypilot", player=2, at=(470, 520, 180))
    game = sc.at(Engage(xwing))
    game.state.ships[dead].destroyed = True
    d = game.decision
    assert d.kind == "declare_attack" and any(k.endswith(dead) for k in d.option_keys())
    assert SimpleAgent(1).choose(game.view(1), d).endswith(alive)
    game.state.ships[alive].destroyed = True
    assert SimpleAgent(1).choose(game.view(1), d) == "none"


def test_the_simple_agent_spends_no_force_to_lock_nothing():
    """Situation: Darth Vader may spend 1 Force to perform a lock or barrel roll, with no
    enemy ahead within range 3 (it once locked an asteroid). Expected: he declines; with
    an enemy ahead he takes the lock."""
    sc = Scene()
    sc.ship("redsquadronveteran", at=(150, 100, 0))
    vader = sc.ship("darthvader", player=2, at=(700, 800, 180))
    game = sc.at(Engage(vader))
    offer = _offer(vader, "lock", "barrel_roll", "decline")
    assert SimpleAgent(1).choose(game.view(2), offer) == "decline"
    game.state.set_pose(game.state.ships[vader], Pose(150, 300, 180))
    assert SimpleAgent(1).choose(game.view(2), offer) == "lock"


def test_the_simple_agent_aims_an_object_ability_only_at_an_enemy():
    """Situation: an ability offering objects to aim at (R3 Astromech's second lock), with
    only obstacles and a friendly ship among them. Expected: it declines; offered an enemy
    too, it picks the enemy."""
    sc = Scene()
    biggs = sc.ship("biggsdarklighter", at=(400, 300, 0))
    friend = sc.ship("redsquadronveteran", at=(200, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    rock = sc.obstacle("core2asteroid3", 600, 400)
    game = sc.at(Engage(biggs))
    objects = Decision(1, "use_ability", "use r3astromech?",
                       tuple(Option(k, k) for k in (rock, friend, "decline")), None,  # type: ignore[arg-type]
                       ship=biggs)
    assert SimpleAgent(1).choose(game.view(1), objects) == "decline"
    with_enemy = Decision(1, "use_ability", "use r3astromech?",
                          tuple(Option(k, k) for k in (rock, enemy, "decline")), None,  # type: ignore[arg-type]
                          ship=biggs)
    assert SimpleAgent(1).choose(game.view(1), with_enemy) == enemy


def test_the_simple_agent_uses_an_ability_that_helps_a_friend():
    """Situation: DFS-311 at the start of the Engagement Phase may pass its calculate token
    to a friendly droid at range 2 (its only choices: that friend, or decline). Expected:
    the simple agent passes it (an ability aimed only at friends helps them); one whose
    prompt says the friend suffers damage is declined."""
    from tallon.engine.queue import FireWindow

    sc = Scene()
    dfs = sc.ship("dfs311", at=(400, 300, 0), calculate=1)
    friend = sc.ship("tradefederationdrone", at=(600, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.at(FireWindow.of("start_engagement"), phase="engagement")
    d = game.decision
    assert d is not None and d.kind == "use_ability" and set(d.option_keys()) == {
        friend, "decline"}
    assert SimpleAgent(1).choose(game.view(1), d) == friend
    harm = Decision(1, "use_ability", "a friendly ship suffers 1 damage to cancel 1 result",
                    d.options, None, ship=dfs)  # type: ignore[arg-type]
    assert SimpleAgent(1).choose(game.view(1), harm) == "decline"


def test_play_draws_explicit_chance_outside_the_game_so_its_record_replays():
    """Situation: a game with explicit chance played to its end by ``play``. Expected:
    its record replays to the recorded state (drawing the outcomes from the game's own
    generator would change its state outside any answer), and outcomes were drawn."""
    from tallon.cards.pool import default_squads
    from tallon.engine import Game, GameSetup

    game = Game(GameSetup(default_squads(), seed=2, rounds=2, cards=CARDS), chance="explicit")
    play(game, (RandomAgent(1), RandomAgent(2)))
    record = game.to_record()
    assert record["chance"] == "explicit"
    assert Game.from_record(record, CARDS, logging=False).reproduces(record)
