"""Agents: the random agent answers only with listed legal options; the simple agent plays
whole games to their end from its player's view."""

from __future__ import annotations

import json

import pytest

from tallon.agents import RandomAgent, SimpleAgent, play
from tallon.cards import CARDS
from tests.rules.game_helpers import EMPIRE, REBEL, SCUM, new_game, squad

SQUADS = [
    (squad(REBEL, "bluesquadronescort", "redsquadronveteran"),
     squad(EMPIRE, "academypilot", "obsidiansquadronpilot", "blacksquadronace")),
    (squad(REBEL, "bluesquadronpilot", "rebelscout", "bluesquadronscout"),
     squad(SCUM, "gandfindsman", "bountyhunter")),
    (squad(EMPIRE, "omicrongrouppilot", "nusquadronpilot"),
     squad(REBEL, "wardensquadronpilot", "banditsquadronpilot", "graysquadronbomber")),
]


class CheckingRandom(RandomAgent):
    """A random agent that records whether each answer was a listed option."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.answers = 0

    def choose(self, view, decision):
        value = super().choose(view, decision)
        listed = [json.dumps(v, sort_keys=True) for v in decision.option_keys()]
        assert json.dumps(value, sort_keys=True) in listed
        self.answers += 1
        return value


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
    assert s.round == 12 or not all(any(x.in_play for x in s.ships_of(p)) for p in (0, 1))


def test_a_game_played_by_agents_replays_from_its_record():
    from tallon.engine import Game

    game = new_game(*SQUADS[1], seed=9)
    play(game, (SimpleAgent(3), RandomAgent(4)))
    assert Game.from_record(json.loads(json.dumps(game.to_record())), CARDS).state_hash() == \
        game.state_hash()
