"""An attack a card makes obligatory is made by the built-in agents, whatever they think
of it: Bossk (gunner) - after a primary attack that misses, the unstressed ship gains a
stress token and must perform a bonus primary attack against the same target ("no
attack" is not offered). The scene is tests/cards/test_gunner.py's: a JumpMaster 5000
with Bossk attacks an Academy Pilot at range 2 and misses. Found by tools/ace_tuning.py:
the ace answered "none" when it judged the attack worth nothing, an illegal answer that
ended a simulation of 1,000 games."""

from __future__ import annotations

import pytest

from tallon.agents import SimpleAgent
from tallon.agents.ace import AceAgent
from tests.cards import test_gunner


def bonus_attack():
    game, _ = test_gunner.TestBossk()._scene(["blank", "blank"])
    while game.decision.kind != "bonus_attack":
        game.answer("done")
    decision = game.decision
    assert decision.option_keys() == ["primary:single_turret@p2.1"]
    return game.view(decision.player), decision


def test_the_ace_makes_an_obligatory_attack_it_judges_worth_nothing(monkeypatch):
    """Situation: Bossk's bonus attack, which the ace values at nothing (its target
    judgement held at 0). Expected: the ace answers the only attack offered, not "none"."""
    monkeypatch.setattr("tallon.agents.fighting.target_value", lambda *args: 0.0)
    view, decision = bonus_attack()
    assert AceAgent(1).choose(view, decision) == "primary:single_turret@p2.1"


def test_the_simple_agent_makes_an_obligatory_attack_at_a_target_it_would_leave():
    """Situation: Bossk's bonus attack against a target the view shows destroyed (not yet
    removed: the simple agent leaves such targets alone). Expected: the only attack
    offered, not "none"."""
    view, decision = bonus_attack()
    for ship in view["ships"]:
        if ship["id"] == "p2.1":
            ship["destroyed"] = True
    assert SimpleAgent(1).choose(view, decision) == "primary:single_turret@p2.1"


@pytest.mark.parametrize("agent", [SimpleAgent(1), AceAgent(1)], ids=["simple", "ace"])
def test_an_obligatory_attack_worth_making_is_made(agent):
    """Situation: Bossk's bonus attack as it comes. Expected: made."""
    view, decision = bonus_attack()
    assert agent.choose(view, decision) == "primary:single_turret@p2.1"
