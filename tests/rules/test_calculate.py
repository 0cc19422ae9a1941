"""RR: CALCULATE - the calculate action gives a calculate token; each calculate token spent
changes one focus result to a hit (attacking) or an evade (defending)."""

from __future__ import annotations

from tallon.engine.state import Token
from tests.rules.attack_helpers import choose, loaded_attack, modified, modify_scene
from tests.rules.game_helpers import SEPARATIST, performed, tokens


def test_the_calculate_action_gives_a_calculate_token():
    """A Belbullab performs the calculate action at its Perform Action step. RR: CALCULATE
    - performing the action, the ship gains one calculate token. It has exactly one
    calculate token."""
    game = performed("feethanottrawautopilot", SEPARATIST, "calculate")
    assert tokens(game, "p1.1") == {"calculate": 1}


class TestCalculate:
    """RR: CALCULATE - spend one or more calculate tokens to change that many focus results
    to hits (attacking) or evades (defending). A T-65 attacks a TIE/ln at range 2 with
    loaded dice."""

    def test_each_calculate_token_changes_one_focus_result(self):
        """The attacker has one calculate token; attack dice focus, focus, blank.
        RR: CALCULATE. Spending it changes one focus result to a hit (the other stays a
        focus), and the token is gone."""
        sc, a, d = modify_scene(tokens={"calculate": 1})
        game = loaded_attack(sc, a, d, ("attack", ["focus", "focus", "blank"]),
                             ("defense", ["blank"] * 3))
        choose(game, "calculate")
        assert modified(game) == ["hit", "focus", "blank"]
        assert not game.state.ships[a].has(Token.CALCULATE)

    def test_calculate_on_defense(self):
        """The defender has two calculate tokens; defense dice focus, focus, blank.
        RR: CALCULATE. Spending both changes both focus results to evades; no token is left."""
        sc, a, d = modify_scene(defender_tokens={"calculate": 2})
        game = loaded_attack(sc, a, d, ("attack", ["hit", "hit", "hit"]),
                             ("defense", ["focus", "focus", "blank"]))
        choose(game, "calculate")
        choose(game, "calculate")
        assert modified(game) == ["evade", "evade", "blank"]
        assert not game.state.ships[d].has(Token.CALCULATE)

    def test_calculate_needs_a_focus_result(self):
        """The attacker has a calculate token; attack dice blank, blank, hit. RR: CALCULATE
        - the token changes a focus result. Nothing to change: no decision, the token stays."""
        sc, a, d = modify_scene(tokens={"calculate": 1})
        game = loaded_attack(sc, a, d, ("attack", ["blank", "blank", "hit"]),
                             ("defense", ["blank"] * 3))
        assert game.decision is None
        assert game.state.ships[a].count(Token.CALCULATE) == 1
