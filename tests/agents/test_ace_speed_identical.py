"""The ace's speed-ups change no decision: whole ace-against-ace games with fixed seeds
(the demo squads with and without a scenario, squads with turrets, bombers and large
ships) give every answer and the final state hash recorded before the speed-ups
(tests/agents/data/ace_answers.json), and a base right at the edge of a front arc is
judged as the angles judge it.

An intended change of the ace's play, or of the engine's, changes these games: record
them again with ``python -m tests.agents.test_ace_speed_identical`` and say why in the
commit."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest

from tallon.agents import agent_answer, draw_chance
from tallon.agents.ace import AceAgent
from tallon.agents.reading import FOCUSED, HALF_ARC, HALF_BASE, engagement, opponent
from tallon.cards import CARDS
from tallon.cards.pool import default_squads
from tallon.engine import Game, GameSetup
from tallon.geometry import Pose
from tests.agents.test_agent_speed_caches import _piece, _reference
from tests.engine.test_agents import SQUADS

RECORDING = Path(__file__).parent / "data" / "ace_answers.json"

#: (name, squads, seed, scenario, rounds) of the games recorded.
GAMES: list[tuple[str, Any, int, str | None, int]] = [
    ("demo", default_squads(), 7000, None, 12),
    ("demo-2", default_squads(), 7101, None, 12),
    ("demo-satellites", default_squads(), 7002, "satellite-array", 12),
    ("turrets", SQUADS[1], 11, None, 12),
    ("bombers", SQUADS[2], 12, None, 12),
    ("mixed", SQUADS[0], 13, None, 12),
]


def answers_of(squads: Any, seed: int, scenario: str | None, rounds: int
               ) -> dict[str, Any]:
    """Every answer of both aces in one game (as JSON text, with the decision's kind and
    ship) and the game's final state hash."""
    game = Game(GameSetup(squads, seed=seed, cards=CARDS, scenario=scenario, rounds=rounds),
                logging=False)
    agents = (AceAgent(seed), AceAgent(seed + 1))
    chance = random.Random(seed)
    answers = []
    while (decision := game.decision) is not None:
        if decision.is_chance:
            game.answer(draw_chance(decision, chance))
            continue
        value = agent_answer(agents[decision.player - 1], game)
        answers.append(f"{decision.kind} {decision.ship} "
                       f"{json.dumps(value, sort_keys=True, default=repr)}")
        game.answer(value)
    return {"answers": answers, "state_hash": game.state_hash()}


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_the_ace_answers_as_recorded(name):
    """Situation: an ace-against-ace game with a fixed seed, played to its end
    (RR: WINNING THE GAME). Rule: the ace's speed-ups keep every judgement exact.
    Expected: each ace answers every decision as the recording made before the speed-ups
    says, in order, and the game ends in the recorded state (its hash)."""
    recorded = json.loads(RECORDING.read_text())[name]
    _, squads, seed, scenario, rounds = next(g for g in GAMES if g[0] == name)
    found = answers_of(squads, seed, scenario, rounds)
    for i, (now, then) in enumerate(zip(found["answers"], recorded["answers"],
                                        strict=False)):
        assert now == then, f"answer {i} differs"
    assert len(found["answers"]) == len(recorded["answers"])
    assert found["state_hash"] == recorded["state_hash"]


#: Attacks with a front arc: alone (the written-out case), with a rear arc, with a
#: bullseye worth more (both judged arc by arc).
FRONTS = [(("front", 3),), (("front", 3), ("rear", 2)), (("front", 2), ("bullseye", 3))]


def _at_bearing(at: Pose, degrees: float, distance: float) -> tuple[float, float]:
    """The point ``distance`` from ``at`` at ``degrees`` clockwise from its heading."""
    h = math.radians(at.heading + degrees)
    return at.x + distance * math.sin(h), at.y + distance * math.cos(h)


@pytest.mark.parametrize("size", ["small", "medium", "large"])
def test_a_base_at_the_edge_of_a_front_arc_is_judged_as_with_the_angles(size):
    """Situation: an enemy's base centred a hair (0 to a thousandth of a degree) inside
    or outside where its edge would leave our front arc (the half arc plus the margin its
    width gives), at 30 to 400 mm, either side, and turned so that we sit as near the edge
    of its own front arc; front arcs alone, with a rear arc, or with a bullseye. Rule: a
    base is in the arc if any part of it is (RR: ATTACK ARC), as the estimate reads it.
    Expected: exactly (==) the figures of the judgement with the angles worked out, both
    in and out of each arc met."""
    rng = random.Random(size)
    seen = set()
    for _ in range(400):
        ours = _piece("a", 1, size, Pose(457.2, 457.2, 0.0), rng.choice(FRONTS))
        at = Pose(457.2, 457.2, rng.uniform(0, 360))
        other = rng.choice(("small", "medium", "large"))
        distance = rng.uniform(30.0, 400.0)
        hair = rng.choice((0.0, 1e-12, 1e-9, 1e-7, 1e-5, 1e-3)) * rng.choice((-1, 1))
        edge = HALF_ARC[size] + math.degrees(math.atan2(HALF_BASE[other], distance))
        side = rng.choice((-1, 1))
        x, y = _at_bearing(at, side * (edge + hair), distance)
        # the enemy faces back at us with the same hair's breadth off its own edge
        back = HALF_ARC[other] + math.degrees(math.atan2(HALF_BASE[size], distance))
        towards = math.degrees(math.atan2(at.x - x, at.y - y))
        place = Pose(x, y, (towards - side * (back + hair)) % 360)
        enemy = _piece("e", 2, other, place, rng.choice(FRONTS))
        opponents = [opponent(ours, enemy, [(place, 1.0)], FOCUSED, ())]
        found = engagement(size, at, opponents)
        assert found == _reference(size, at, opponents)
        seen.add((found[0] > 0.0, found[1] > 0.0))
    assert seen == {(True, True), (True, False), (False, True), (False, False)}


if __name__ == "__main__":
    RECORDING.parent.mkdir(exist_ok=True)
    RECORDING.write_text(json.dumps(
        {name: answers_of(squads, seed, scenario, rounds)
         for name, squads, seed, scenario, rounds in GAMES}, indent=0) + "\n")
