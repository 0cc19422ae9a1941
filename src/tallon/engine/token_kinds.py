"""Token kinds and their colours (RR: TOKENS, RR: TOKEN COLORS AND SHAPES), apart from the
state that holds them (:mod:`tallon.engine.state` re-exports them)."""

from __future__ import annotations

from enum import Enum


class Token(Enum):
    """Token kinds (RR: TOKENS, RR: TOKEN COLORS AND SHAPES). Locks are kept separately: a lock
    is the locked object's red token, numbered with the locking ship's id."""

    FOCUS = "focus"
    EVADE = "evade"
    CALCULATE = "calculate"
    REINFORCE_FORE = "reinforce_fore"
    REINFORCE_AFT = "reinforce_aft"
    CLOAK = "cloak"
    STRESS = "stress"
    STRAIN = "strain"
    DEPLETE = "deplete"
    ION = "ion"
    TRACTOR = "tractor"
    JAM = "jam"
    DISARM = "disarm"

    __hash__ = object.__hash__  # identity hashing: members are singletons

    @property
    def colour(self) -> str:
        return _COLOUR[self]

    @property
    def circular(self) -> bool:
        """Green and orange tokens are circular and leave in the End Phase."""
        return _COLOUR[self] in ("green", "orange")


_COLOUR = {
    Token.FOCUS: "green", Token.EVADE: "green", Token.CALCULATE: "green",
    Token.REINFORCE_FORE: "green", Token.REINFORCE_AFT: "green",
    Token.CLOAK: "blue",
    Token.STRESS: "red", Token.STRAIN: "red", Token.DEPLETE: "red", Token.ION: "red",
    Token.TRACTOR: "orange", Token.JAM: "orange", Token.DISARM: "orange",
}
GREEN_TOKENS = tuple(t for t in Token if t.colour == "green")
ORANGE_TOKENS = tuple(t for t in Token if t.colour == "orange")
