"""RR: END PHASE - the circular (green and orange) tokens are removed; red and blue tokens and
locks stay (RR: TOKEN COLORS AND SHAPES). (Recovering charges and Force at the End Phase:
test_charges.)"""

from __future__ import annotations

from tallon.engine.state import Token
from tests.rules.game_helpers import at, drive, give, pacer_game, tokens


def test_end_phase_removes_circular_tokens_and_keeps_red_and_blue():
    """A T-65 with one token of every kind, a lock on a TIE and locked by it, reaches the
    End Phase. RR: END PHASE, RR: TOKEN COLORS AND SHAPES - green (focus, evade, calculate,
    reinforce) and orange (tractor, jam, disarm) tokens are removed; red and blue ones and
    locks stay. In round 2 it has its stress, strain, deplete, ion and cloak tokens, and
    both locks are still there."""
    game = pacer_game()
    drive(game, at("perform_action", "p2.2"))
    for token in Token:
        give(game, "p1.1", token)
    game.state.ships["p1.1"].locks = ["p2.1"]
    game.state.ships["p2.1"].locks = ["p1.1"]
    drive(game, lambda d: game.state.round == 2)
    assert tokens(game, "p1.1") == {"stress": 1, "strain": 1, "deplete": 1, "ion": 1,
                                    "cloak": 1}
    assert game.state.ships["p1.1"].locks == ["p2.1"]
    assert game.state.ships["p2.1"].locks == ["p1.1"]
