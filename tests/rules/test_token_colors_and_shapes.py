"""RR: TOKEN COLORS AND SHAPES - green and orange tokens are circular, removed in the End
Phase; blue and red tokens are diamond shaped. (The End Phase removing them:
test_end_phase.)"""

from __future__ import annotations

import pytest

from tallon.engine.state import Token


@pytest.mark.parametrize(("token", "colour"), [
    (Token.FOCUS, "green"), (Token.EVADE, "green"), (Token.CALCULATE, "green"),
    (Token.REINFORCE_FORE, "green"), (Token.REINFORCE_AFT, "green"),
    (Token.CLOAK, "blue"),
    (Token.STRESS, "red"), (Token.STRAIN, "red"), (Token.DEPLETE, "red"), (Token.ION, "red"),
    (Token.TRACTOR, "orange"), (Token.JAM, "orange"), (Token.DISARM, "orange"),
])
def test_token_colours(token, colour):
    """Each kind of token. RR: TOKEN COLORS AND SHAPES - focus, evade, calculate and
    reinforce are green; cloak blue; stress, strain, deplete and ion red; tractor, jam and
    disarm orange; the green and orange ones are circular. Each token has its colour, and is
    circular exactly when green or orange."""
    assert token.colour == colour
    assert token.circular == (colour in ("green", "orange"))
