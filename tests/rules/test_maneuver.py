"""RR: MANEUVER - executing a maneuver: the ship moves along its template (Maneuver Ship),
then its difficulty is checked (Check Difficulty: a blue maneuver removes one stress, one
strain and one deplete token).

The ship under test activates between two TIEs of player 2 (``between_ties``): the
initiative 1 TIE's action decision is the moment before, the initiative 3 TIE's the moment
after."""

from __future__ import annotations

import pytest

from tallon.engine.state import Token
from tests.rules.game_helpers import (
    after_p1_activates,
    between_ties,
    give,
    moved,
    plan,
    tokens,
)


@pytest.mark.parametrize(("code", "expected"), [
    ("2FB", (0.0, 120.0, 0.0)),       # base 40 + template 80
    ("4FW", (0.0, 200.0, 0.0)),
    ("1NB", None),
    ("2TW", None),
])
def test_a_maneuver_moves_the_ship_along_its_template(code, expected):
    """A T-65 flies a [2 straight], a [4 straight], a [1 bank right] or a [2 turn left].
    RR: MANEUVER - the template between the front guides, the ship placed at its far end. A
    straight moves it forward by its base plus the template (120, 200 mm); the bank turns it
    45 degrees right, the turn 90 degrees left."""
    game = between_ties("bluesquadronescort")
    plan(game, {"p1.1": code})
    after_p1_activates(game)
    right, forward, rotation = moved(game, "p1.1", (400, 200, 0))
    if expected is not None:
        assert (right, forward, rotation) == expected
    elif code == "1NB":
        assert right > 0 and forward > 40 and rotation == 45
    else:
        assert right < 0 and forward > 40 and rotation == -90


def test_a_blue_maneuver_removes_one_stress_one_strain_and_one_deplete():
    """A T-65 with two stress, two strain and two deplete tokens flies a blue [2 straight].
    RR: MANEUVER step 2 (Check Difficulty) - a blue maneuver removes one stress token, one
    strain token and one deplete token. One of each is left."""
    game = between_ties("bluesquadronescort")
    for token in (Token.STRESS, Token.STRAIN, Token.DEPLETE):
        give(game, "p1.1", token, 2)
    plan(game, {"p1.1": "2FB"})
    after_p1_activates(game)
    assert tokens(game, "p1.1") == {"stress": 1, "strain": 1, "deplete": 1}


def test_a_white_maneuver_keeps_stress():
    """A stressed T-65 flies a white [3 straight]. RR: MANEUVER step 2 - only a blue
    maneuver removes stress. It keeps its stress token."""
    game = between_ties("bluesquadronescort")
    give(game, "p1.1", Token.STRESS)
    plan(game, {"p1.1": "3FW"})
    after_p1_activates(game)
    assert tokens(game, "p1.1") == {"stress": 1}
