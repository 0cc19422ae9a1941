"""RR: EVADE - the evade action gives an evade token; while defending, each evade token spent
changes one blank or focus result to an evade."""

from __future__ import annotations

from tallon.engine.state import Token
from tests.rules.attack_helpers import choose, loaded_attack, modified, modify_scene
from tests.rules.game_helpers import EMPIRE, performed, tokens


def test_the_evade_action_gives_an_evade_token():
    """A TIE/ln performs the evade action at its Perform Action step. RR: EVADE -
    performing the action, the ship gains one evade token. It has exactly one evade
    token."""
    game = performed("academypilot", EMPIRE, "evade")
    assert tokens(game, "p1.1") == {"evade": 1}


class TestEvade:
    """RR: EVADE - defending, spend one or more evade tokens to change that many blank or
    focus results to evades. A T-65 attacks a TIE/ln at range 2 with loaded dice."""

    def test_each_evade_token_changes_one_result(self):
        """The defender has two evade tokens; defense dice blank, focus, blank. RR: EVADE.
        Each token spent changes one result: one evade after the first, two after the
        second, and both tokens are gone."""
        sc, a, d = modify_scene(defender_tokens={"evade": 2})
        game = loaded_attack(sc, a, d, ("attack", ["hit", "hit", "hit"]),
                             ("defense", ["blank", "focus", "blank"]))
        choose(game, "evade")
        assert sorted(modified(game)).count("evade") == 1
        assert game.state.ships[d].count(Token.EVADE) == 1
        choose(game, "evade")
        assert sorted(modified(game)).count("evade") == 2
        assert not game.state.ships[d].has(Token.EVADE)

    def test_evade_tokens_need_a_blank_or_focus_result(self):
        """The defender has an evade token; defense dice evade, evade, evade. RR: EVADE -
        the token changes a blank or focus result. Nothing to change: no decision, the token
        stays."""
        sc, a, d = modify_scene(defender_tokens={"evade": 1})
        game = loaded_attack(sc, a, d, ("attack", ["hit", "hit", "hit"]),
                             ("defense", ["evade", "evade", "evade"]))
        assert game.decision is None
        assert game.state.ships[d].count(Token.EVADE) == 1

    def test_evade_tokens_do_not_touch_the_attack_dice(self):
        """The attacker has an evade token; attack dice blank, focus, blank. RR: EVADE -
        evade tokens act only while defending. No decision is offered on its attack dice and
        the token stays."""
        sc, a, d = modify_scene(tokens={"evade": 1})
        game = loaded_attack(sc, a, d, ("attack", ["blank", "focus", "blank"]),
                             ("defense", ["blank"] * 3))
        assert game.decision is None
        assert game.state.ships[a].count(Token.EVADE) == 1
