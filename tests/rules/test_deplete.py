"""RR: DEPLETE - while a depleted ship attacks it rolls one fewer attack die, then removes a
deplete token; this applies at attack range 0 too. (A blue maneuver removing deplete:
test_maneuver.)

Each test runs one attack with every die blank and counts the dice rolled: a T-65 (attack
3) at (400, 300) facing +y against a TIE/ln (agility 3) at range 2, unless said
otherwise."""

from __future__ import annotations

from tallon.engine.state import Token
from tests.rules.attack_helpers import R0, blank_attack, dice_counts


class TestDeplete:
    """RR: DEPLETE - while a depleted ship performs an attack, it rolls 1 fewer attack die;
    after applying it, it removes 1 deplete token."""

    def test_a_depleted_attacker_rolls_one_fewer_and_removes_one_deplete(self):
        """The T-65 attacks with two deplete tokens. RR: DEPLETE. It rolls 2 attack dice,
        not 3, and one deplete token is left."""
        game, a, d = blank_attack(tokens={"deplete": 2})
        assert dice_counts(game, a, d) == (2, 3)
        assert game.state.ships[a].count(Token.DEPLETE) == 1

    def test_deplete_does_not_affect_defending(self):
        """A depleted defender. RR: DEPLETE - deplete acts only while the ship attacks. It
        rolls its agility, 3, and keeps the token."""
        game, a, d = blank_attack(defender_tokens={"deplete": 1})
        assert dice_counts(game, a, d) == (3, 3)
        assert game.state.ships[d].count(Token.DEPLETE) == 1

    def test_deplete_applies_at_attack_range_0(self):
        """A depleted T-65 attacks a touching TIE. RR: DEPLETE, RR: ATTACK step 2a (it
        forbids adding dice at range 0, not removing them; ruling: decreases still apply). 2
        dice, and the token is removed."""
        game, a, d = blank_attack(to=R0, tokens={"deplete": 1})
        assert dice_counts(game, a, d) == (2, 3)
        assert not game.state.ships[a].has(Token.DEPLETE)
