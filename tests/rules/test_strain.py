"""RR: STRAIN - while a strained ship defends it rolls one fewer defense die, then removes a
strain token. (A blue maneuver removing strain: test_maneuver; a gas cloud giving it:
test_obstacles.)

Each test runs one attack with every die blank and counts the dice rolled: a T-65 (attack
3) at (400, 300) facing +y against a TIE/ln (agility 3) at range 2, unless said
otherwise."""

from __future__ import annotations

from tallon.engine.state import Token
from tests.rules.attack_helpers import VCX, XWING, blank_attack, dice_counts


class TestStrain:
    """RR: STRAIN - while a strained ship defends, it rolls 1 fewer defense die; after
    applying it, it removes 1 strain token."""

    def test_a_strained_defender_rolls_one_fewer_and_removes_one_strain(self):
        """The TIE defends with two strain tokens. RR: STRAIN. It rolls 2 defense dice, not
        3, and one strain token is left."""
        game, a, d = blank_attack(defender_tokens={"strain": 2})
        assert dice_counts(game, a, d) == (3, 2)
        assert game.state.ships[d].count(Token.STRAIN) == 1

    def test_strain_does_not_affect_attacking(self):
        """A strained attacker. RR: STRAIN - strain acts only while the ship defends. 3
        attack dice, and the strain token stays."""
        game, a, d = blank_attack(tokens={"strain": 1})
        assert dice_counts(game, a, d) == (3, 3)
        assert game.state.ships[a].count(Token.STRAIN) == 1

    def test_strain_is_removed_even_when_no_die_is_left_to_lose(self):
        """A strained agility-0 ship (VCX-100) defends at attack range 1. RR: STRAIN,
        RR: FAQ. It rolls 0 dice and still removes the strain token."""
        game, a, d = blank_attack(XWING, VCX, to=(400, 400, 180), defender_tokens={"strain": 1})
        assert dice_counts(game, a, d) == (4, 0)
        assert not game.state.ships[d].has(Token.STRAIN)
