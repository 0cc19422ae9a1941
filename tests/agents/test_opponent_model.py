"""The master's opponent model: the enemy's dials predicted as an ace in its seat would
set them, from the view alone, and trusted as far as revealed dials bear it out."""

from __future__ import annotations

from tallon.agents import RandomAgent
from tallon.agents.ace import AceAgent
from tallon.agents.opponent import MOST_TRUST, OpponentModel
from tests.agents.test_ace import hidden_dials_game
from tests.engine.test_agents import SQUADS
from tests.rules.game_helpers import new_game


def _play_rounds(modelled: AceAgent, other, rounds: int, seed: int = 4):
    """Play ``rounds`` rounds, ``modelled`` as player 1; at each Activation Phase's start,
    the predictions of player 2's dials against the dials set: (right, compared)."""
    game = new_game(*SQUADS[0], seed=seed)
    agents = (modelled, other)
    right = compared = 0
    checked = set()
    while game.decision is not None and game.state.round <= rounds:
        d = game.decision
        model = modelled.opponent
        if game.state.phase == "activation" and game.state.round not in checked:
            checked.add(game.state.round)
            for ship in game.state.ships_of(2):
                if ship.id in model.predicted and ship.dial_set is not None:
                    compared += 1
                    right += model.predicted[ship.id][0] == ship.dial_set
        game.answer(agents[d.player - 1].choose(game.view(d.player, log=False), d))
    return right, compared


def test_an_ace_opponents_dials_are_predicted():
    """Situation: an ace that models its opponent plays three rounds against an ace.
    Expected: at least four in five of the enemy's dials are predicted (the enemy plans as
    the model does, from the same view), and the revealed dials make the model trust
    its prediction well beyond its even start."""
    modelled = AceAgent(1, model_opponent=True)
    right, compared = _play_rounds(modelled, AceAgent(2), 3)
    assert compared >= 6
    assert right >= 0.8 * compared
    assert modelled.opponent.seen >= 6
    assert modelled.opponent.trust > 0.75


def test_trust_falls_against_an_opponent_who_flies_otherwise():
    """Situation: the same, against an opponent dialling at random. Expected: the model
    sees its predictions fail and trusts them less than at the start (one half), so the
    ace's own foresight keeps most of the weight."""
    modelled = AceAgent(1, model_opponent=True)
    _play_rounds(modelled, RandomAgent(2), 3)
    assert modelled.opponent.seen >= 6
    assert modelled.opponent.trust < 0.4


def test_the_planner_weighs_the_prediction_by_trust():
    """Situation: a modelling ace's planner at its first dial. Expected: each enemy yet
    to move is foreseen first at its predicted end, with the model's trust as weight
    (one half before any dial is revealed), the planner's other places sharing the rest."""
    game, player = hidden_dials_game()
    agent = AceAgent(1, model_opponent=True)
    planner = agent.planner(game.view(player, log=False))
    predicted = agent.opponent.predicted
    assert predicted
    for enemy_id, (_, end) in predicted.items():
        places = planner.foresight[enemy_id]
        assert places[0] == (end, 0.5)
        assert abs(sum(w for _, w in places) - 1.0) < 1e-9


def test_the_prediction_reads_no_hidden_dial():
    """Situation: the opponent's dials are set facedown; the same game with those dials
    changed. Expected: the same prediction (it is made from the view alone)."""
    game, player = hidden_dials_game()
    other = game.clone()
    for ship in other.state.ships_of(3 - player):
        if ship.dial_set is not None:
            ship.dial_set = next(c for c in ship.dial if c != ship.dial_set)
    found = [OpponentModel(3).predict(g.view(player, log=False)) for g in (game, other)]
    assert found[0] == found[1] and found[0]


def test_a_search_copy_learns_nothing():
    """Situation: the master's imagined games show the model revealed dials. Expected:
    the copy they use keeps the predictions and trust and counts nothing, and trust
    never passes its ceiling."""
    game, player = hidden_dials_game()
    model = OpponentModel(3)
    model.predict(game.view(player, log=False))
    model.seen, model.right = 100, 100
    twin = model.copy_for_search()
    view = game.view(player, log=False)
    for ship in view["ships"]:
        if ship["owner"] != player:
            ship["dial"] = "1FW"  # as if revealed
    twin.observe(view)
    assert (twin.seen, twin.right) == (100, 100)
    assert twin.predicted == model.predicted
    assert model.trust == MOST_TRUST
