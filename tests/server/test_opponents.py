"""The ready-made opponents (``tallon.server.opponents``): each a legal squad the engine
plays, and enough of them for every faction (docs/server.md, "Ready-made opponents")."""

from __future__ import annotations

import random

import pytest

from tallon.agents import SimpleAgent
from tallon.cards import CARDS
from tallon.cards.pool import playable_pilots
from tallon.data import load_cards
from tallon.engine import Game, GameSetup
from tallon.engine.loadout import unplayable_cards
from tallon.server.opponents import OPPONENTS, opponent, random_opponent
from tallon.squads import check_squad

#: Every faction with a pilot in the card data.
FACTIONS = sorted({pilot.faction for pilot in load_cards().pilots})


#: Opponents in pairs, each pair playing one game (the last one meets the first if odd).
PAIRS = [(OPPONENTS[k], OPPONENTS[(k + 1) % len(OPPONENTS)])
         for k in range(0, len(OPPONENTS), 2)]


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: f"{pair[0].name} v {pair[1].name}")
def test_every_opponent_is_legal_and_the_engine_plays_it_to_the_end(pair):
    """Situation: two ready-made opponents playing each other, each seat played by the
    simple agent. Rule: a standard squad of 3 to 8 ships and at most 20 squad points
    (RR: SQUAD BUILDING, RR: SQUAD POINTS, as `check_squad` enforces), of cards the engine
    plays. Expected: both squads are legal, no card of them is refused by the engine, and
    a game with them is set up and played to its end."""
    squads = []
    for chosen in pair:
        squad = chosen.squad()
        report = check_squad(squad)
        assert report.legal, (chosen.name, [problem.message for problem in report.errors])
        assert report.points <= report.points_limit == 20
        assert squad.faction == chosen.faction
        assert unplayable_cards(squad, CARDS) == []
        squads.append(squad)
    game = Game(GameSetup((squads[0], squads[1]), 3, "2.5", cards=CARDS))
    agents = {player: SimpleAgent(player) for player in (1, 2)}
    for _ in range(3000):
        decision = game.decision
        if decision is None:
            break
        game.answer(agents[decision.player].choose(game.view(decision.player, log=False),
                                                   decision))
    assert game.state.over


def test_every_faction_has_at_least_two_different_opponents():
    """Situation: the seven factions of the card data. Rule: the issue asks for at least
    two ready-made opponents per faction, from the cards the engine plays. Expected: each
    faction has two or more, with different squads, and enough playable pilots for two
    different squads."""
    assert len(FACTIONS) == 7
    for faction in FACTIONS:
        pilots = playable_pilots(faction)
        assert len(pilots) >= 2, f"{faction}: too few playable pilots for two squads"
        squads = {o.ships for o in OPPONENTS if o.faction == faction}
        assert len(squads) >= 2, faction


def test_opponents_are_found_by_name_and_at_random():
    """Situation: looking opponents up by name, and drawing at random with and without a
    faction. Rule: names are unique keys; a random draw is among the faction's opponents
    when one is given. Expected: each name finds its opponent; draws stay within the
    faction; an unknown faction draws nothing."""
    assert len({o.name for o in OPPONENTS}) == len(OPPONENTS)
    assert all(opponent(o.name) is o for o in OPPONENTS)
    assert opponent("nobody") is None
    rng = random.Random(1)
    assert {random_opponent(rng, "firstorder").faction for _ in range(20)} == {"firstorder"}
    assert len({random_opponent(rng).name for _ in range(200)}) > 5
    assert random_opponent(rng, "mandalorians") is None
