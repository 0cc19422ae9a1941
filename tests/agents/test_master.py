"""The master: searches from its player's information set only, plays whole games, and
judges a finished rollout by what is left on the table."""

from __future__ import annotations

from tallon.agents import InformationSet, play
from tallon.agents.ace import AceAgent
from tallon.agents.master import MasterAgent, material
from tallon.engine import Game, GameSetup
from tests.agents.test_ace import hidden_dials_game
from tests.engine.test_agents import SQUADS
from tests.rules.game_helpers import new_game


def test_the_master_plays_the_same_whatever_the_hidden_dials_say():
    """Situation: the opponent's dials are set facedown when the master sets a dial; the
    same game with those dials changed. Expected: the same answer with the same seed and a
    fixed number of rollouts (its search samples only the information set)."""
    game, player = hidden_dials_game()
    other = game.clone()
    for ship in other.state.ships_of(3 - player):
        if ship.dial_set is not None:
            ship.dial_set = next(c for c in ship.dial if c != ship.dial_set)
    answers = []
    for g in (game, other):
        agent = MasterAgent(5, rollouts=2)
        answers.append(agent.choose(g.view(player), g.decision, InformationSet(g, player)))
    assert answers[0] == answers[1]
    assert answers[0] in game.decision.option_keys()


def test_the_master_completes_a_game_against_the_ace():
    """Situation: a two-round game, the master (one rollout per candidate) against the
    ace. Expected: it ends after round 2 with every answer accepted by the engine."""
    game = Game(GameSetup(SQUADS[0], seed=3, rounds=2, cards=new_game(*SQUADS[0]).cards))
    play(game, (MasterAgent(1, rollouts=1), AceAgent(2)))
    assert game.over and game.state.round == 2


def test_material_counts_ships_and_shields_left():
    """Situation: a fresh game, then one of player 2's ships destroyed. Expected: player
    1's standing rises by that ship's cost, and each player's standing is the other's
    negative."""
    game = new_game(*SQUADS[0], seed=1)
    before = material(game, 1)
    assert material(game, 2) == -before
    ship = game.state.ships_of(2)[0]
    ship.destroyed = True
    assert material(game, 1) - before == ship.cost
    assert material(game, 2) == -material(game, 1)


def test_standing_is_the_same_judgement_from_either_side():
    """Situation: a game in round 3 between two aces. Expected: how the ships stand for
    player 1 is the negative of how they stand for player 2, and it is not zero (the
    squads differ and stand apart)."""
    from tallon.agents.master import standing

    game = new_game(*SQUADS[0], seed=2)
    agents = (AceAgent(1), AceAgent(2))
    while not (game.state.round == 3 and game.decision.kind == "set_dial"):
        d = game.decision
        game.answer(agents[d.player - 1].choose(game.view(d.player, log=False), d))
    one, two = standing(game, 1), standing(game, 2)
    assert one == -two and one != 0
