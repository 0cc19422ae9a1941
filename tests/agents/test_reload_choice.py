"""Which card the built-in agents reload (RR: RELOAD: a torpedo, missile or device card
below its charge limit recovers one charge): an empty card first, then the weapon with the
most attack dice. The scene is tests/rules/test_reload.py's star wing at its Perform
Action step, its charges arranged as the cards would place them."""

from __future__ import annotations

import pytest

from tallon.agents import SimpleAgent
from tallon.agents.ace import AceAgent
from tallon.engine.state import Charge
from tests.rules.test_reload import reload_scene


def reload_decision(charges: dict):
    game, _ = reload_scene(charges=charges)
    game.answer("reload")
    decision = game.decision
    assert decision.kind == "reload_card"
    return game.view(decision.player), decision


@pytest.mark.parametrize("agent", [SimpleAgent(1), AceAgent(1)], ids=["simple", "ace"])
def test_an_empty_card_is_reloaded_before_one_still_holding_a_charge(agent):
    """Proton Torpedoes (4 dice) at 1 of 2, Concussion Missiles (3 dice) and Proton Bombs
    at 0. The empty ones cannot be used at all; of them the missiles attack. Expected:
    the missiles (the engine lists the torpedoes first: the first option is wrong)."""
    view, decision = reload_decision({"protontorpedoes": Charge(1, 2, 0),
                                      "concussionmissiles": Charge(0, 3, 0),
                                      "protonbombs": Charge(0, 2, 0)})
    assert decision.option_keys()[0] != "concussionmissiles"
    assert agent.choose(view, decision) == "concussionmissiles"


@pytest.mark.parametrize("agent", [SimpleAgent(1), AceAgent(1)], ids=["simple", "ace"])
def test_of_cards_alike_the_weapon_with_more_dice_is_reloaded(agent):
    """Proton Bombs at 1 of 2, Concussion Missiles (3 dice) at 1 of 3, Proton Torpedoes (4
    dice) at 1 of 2: none is empty. Expected: the torpedoes."""
    view, decision = reload_decision({"protonbombs": Charge(1, 2, 0),
                                      "concussionmissiles": Charge(1, 3, 0),
                                      "protontorpedoes": Charge(1, 2, 0)})
    assert decision.option_keys()[0] != "protontorpedoes"
    assert agent.choose(view, decision) == "protontorpedoes"
