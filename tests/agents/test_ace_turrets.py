"""Where the ace points a turret arc indicator when a card turns it (RR: ROTATE): toward
the nearest enemy, declined when it points there already (src/tallon/agents/turrets.py).
It took the first arc offered before: the rear, often away from every enemy."""

from __future__ import annotations

import pytest

from tallon.agents.ace import AceAgent
from tallon.engine.queue import FireWindow
from tallon.scene import Scene


@pytest.mark.parametrize(("enemy_at", "expected"), [((400, 800, 180), "decline"),
                                                    ((150, 300, 90), "rotate:left"),
                                                    ((400, 60, 0), "rotate:rear")])
def test_agile_gunner_turns_the_turret_toward_the_nearest_enemy(enemy_at, expected):
    """Situation: End Phase; a JumpMaster 5000 (a single turret indicator, pointing to its
    front arc) with Agile Gunner (may rotate the indicator). An enemy TIE is ahead of it,
    to its left, or behind it. Expected: declined with the enemy ahead (the indicator
    points there); turned left, or to the rear, toward it."""
    sc = Scene()
    sc.ship("contractedscout", at=(400, 300, 0), upgrades=["agilegunner"])
    sc.ship("academypilot", player=2, at=enemy_at)
    game = sc.at(FireWindow.of("end_phase"), phase="end")
    decision = game.decision
    assert decision.option_keys() == ["rotate:rear", "rotate:left", "rotate:right",
                                      "decline"]
    assert AceAgent(1).choose(game.view(1), decision) == expected
