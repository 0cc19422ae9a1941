"""Game records: a replay rebuilds the game exactly, whatever order the squad listed its
upgrades in (the record keeps squads as XWS, which groups upgrades by slot)."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.engine import Game, GameSetup
from tallon.squads import build_squad


def test_a_replay_keeps_the_upgrade_order_of_the_game():
    rebels = build_squad("rebelalliance", [
        ("redsquadronveteran", ["predator", "protontorpedoes", "marksmanship"]),
        ("bluesquadronescort", []), ("cavernangelszealot", [])])
    empire = build_squad("galacticempire", [("academypilot", []), ("academypilot", []),
                                            ("academypilot", [])])
    game = Game(GameSetup((rebels, empire), seed=1, cards=CARDS))
    again = Game.from_record(game.to_record(), CARDS)
    assert game.state.ships["p1.1"].cards == again.state.ships["p1.1"].cards
    assert game.state_hash() == again.state_hash()
