"""RR: FOCUS - the focus action gives a focus token; spent while attacking it changes every
focus result to a hit, while defending every focus result to an evade."""

from __future__ import annotations

from tallon.engine.state import Token
from tests.rules.attack_helpers import choose, loaded_attack, modified, modify_scene
from tests.rules.game_helpers import REBEL, performed, tokens


def test_the_focus_action_gives_a_focus_token():
    """A T-65 performs the focus action at its Perform Action step. RR: FOCUS - performing
    the action, the ship gains one focus token. It has exactly one focus token."""
    game = performed("cavernangelszealot", REBEL, "focus")
    assert tokens(game, "p1.1") == {"focus": 1}


class TestFocus:
    """RR: FOCUS - attacking, spend a focus token to change all focus results to hits;
    defending, all focus results to evades; not without a focus result. A T-65 attacks a
    TIE/ln at range 2 with loaded dice."""

    def test_attacking_all_focus_results_become_hits(self):
        """The attacker has a focus token; attack dice focus, focus, blank. RR: FOCUS. It
        spends the token: both focus results become hits, and the token is gone."""
        sc, a, d = modify_scene(tokens={"focus": 1})
        game = loaded_attack(sc, a, d, ("attack", ["focus", "focus", "blank"]),
                             ("defense", ["blank"] * 3))
        choose(game, "focus")
        assert modified(game) == ["hit", "hit", "blank"]
        assert not game.state.ships[a].has(Token.FOCUS)

    def test_defending_all_focus_results_become_evades(self):
        """The defender has a focus token; defense dice focus, focus, blank. RR: FOCUS. The
        defender spends it: both focus results become evades, and the token is gone."""
        sc, a, d = modify_scene(defender_tokens={"focus": 1})
        game = loaded_attack(sc, a, d, ("attack", ["hit", "hit", "hit"]),
                             ("defense", ["focus", "focus", "blank"]))
        assert game.decision.ship == d
        choose(game, "focus")
        assert modified(game) == ["evade", "evade", "blank"]
        assert not game.state.ships[d].has(Token.FOCUS)

    def test_no_focus_result_no_focus_spent(self):
        """The attacker has a focus token; attack dice hit, blank, blank. RR: FOCUS ("A ship
        cannot spend a focus token ... if it does not have any focus results"). No decision
        is offered and the token stays."""
        sc, a, d = modify_scene(tokens={"focus": 1})
        game = loaded_attack(sc, a, d, ("attack", ["hit", "blank", "blank"]),
                             ("defense", ["blank"] * 3))
        assert game.decision is None
        assert game.state.ships[a].count(Token.FOCUS) == 1
