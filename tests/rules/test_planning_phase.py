"""RR: PLANNING PHASE - each player sets a dial for each of their ships; then the players
roll for the first player (most crits, then focus, then hits; a tie is rerolled), every
round; a ship left without a dial gains a stress token and performs the stress maneuver.
(Ionized ships get no dial: test_ion.)"""

from __future__ import annotations

import random

import pytest

from tallon.engine.chance import first_player_from
from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    after_p1_activates,
    before_p1_activates,
    between_ties,
    drive,
    events,
    moved,
    plan,
    spread,
    squad,
    start,
    tokens,
)


def test_planning_asks_one_dial_per_ship_of_its_owner():
    """Two T-65s and a TIE at the start of the Planning Phase. RR: PLANNING PHASE - each
    player sets a dial for each of their ships. Each ship is asked for once, of its owner:
    the T-65s of player 1, the TIE of player 2."""
    game = start(squad(REBEL, "bluesquadronescort", "redsquadronveteran"),
                 squad(EMPIRE, "academypilot"), poses=spread(["p1.1", "p1.2", "p2.1"]))
    asked = []
    while game.decision.kind == "set_dial":
        d = game.decision
        asked.append((d.ship, d.player))
        game.answer("2FB")
    assert sorted(asked) == [("p1.1", 1), ("p1.2", 1), ("p2.1", 2)]


def test_first_player_is_rolled_each_round_after_the_dials():
    """A T-65 and a TIE circling for six rounds. RR: PLANNING PHASE - after all ships have
    dials, the players roll for the first player. Each round has one roll, after the last
    dial; over the six rounds each player is first at least once."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 seed=3, poses={"p1.1": (300, 300, 90), "p2.1": (600, 600, 270)})
    firsts = []
    for _ in range(6):
        round_ = game.state.round
        drive(game, lambda d, r=round_: game.state.round > r,
              dials={"p1.1": "1BB", "p2.1": "1TW"})
        log = [e for e in game.log if e["round"] == round_]
        kinds = [e["kind"] for e in log]
        assert kinds.count("planning") == 1
        assert kinds.index("planning") > max(k for k, x in enumerate(kinds) if x == "dial")
        firsts.append(next(e for e in log if e["kind"] == "planning")["text"])
    assert set(firsts) == {"Player 1 is the first player this round",
                           "Player 2 is the first player this round"}


class ScriptedDice(random.Random):
    """A generator whose ``randrange(8)`` returns scripted die indexes (0-1 blank, 2-3
    focus, 4-6 hit, 7 crit)."""

    def __init__(self, indexes: list[int]) -> None:
        super().__init__(0)
        self.indexes = list(indexes)

    def randrange(self, *args, **kwargs):
        return self.indexes.pop(0)


@pytest.mark.parametrize(("dice", "first"), [
    ([7, 0, 0, 4, 4, 4], 1),      # a crit beats three hits
    ([4, 4, 4, 7, 0, 0], 2),
    ([7, 2, 0, 7, 4, 4], 1),      # crits tie: most focus
    ([7, 4, 4, 7, 2, 0], 2),
    ([2, 4, 0, 2, 0, 0], 1),      # crits and focus tie: most hits
    ([2, 0, 0, 2, 4, 0], 2),
    ([7, 2, 4, 7, 2, 5, 0, 0, 0, 4, 0, 0], 2),  # full tie: reroll
])
def test_first_player_from(dice, first):
    """Scripted rolls of three attack dice each. RR: PLANNING PHASE (the roll for the first
    player; RR: SETUP step 2 uses the same roll) - most crits, then most focus, then most
    hits; a full tie is rerolled. Each script gives the expected first player and uses all
    its dice."""
    rng = ScriptedDice(dice)
    assert first_player_from(rng) == first
    assert rng.indexes == []


def test_a_ship_without_a_dial_gains_stress_and_executes_the_stress_maneuver():
    """A T-65's dial is taken away (arranged: its player forgot it) before it activates.
    RR: PLANNING PHASE - a ship without a dial gains a stress token at its activation, then
    performs the stress maneuver (a white [2 straight]). It moves 120 mm ahead with one
    stress token, reveals nothing and, stressed, performs no action."""
    game = between_ties("bluesquadronescort")
    plan(game)
    before_p1_activates(game)
    game.state.ships["p1.1"].dial_set = None     # arranged: its player forgot the dial
    after_p1_activates(game)
    assert moved(game, "p1.1", (400, 200, 0)) == (0.0, 120.0, 0.0)
    assert tokens(game, "p1.1") == {"stress": 1}
    assert not events(game, "reveal", "p1.1")
    assert not events(game, "action", "p1.1")
