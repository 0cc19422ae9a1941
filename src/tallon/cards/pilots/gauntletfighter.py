"""Gauntlet Fighter pilots (Rebel Alliance); the ship has no ship ability.

Both pilots have the same text as another printing of theirs (Chopper's VCX-100, Ezra
Bridger's TIE/ln), so they share its ability objects."""

from __future__ import annotations

import tallon.cards.pilots.tielnfighter  # registers Ezra's TIE/ln printing
import tallon.cards.pilots.vcx100lightfreighter  # noqa: F401  (registers Chopper's)
from tallon.cards.registry import CARDS, register
from tallon.engine.abilities import Ability


def _same_as(xws: str) -> tuple[Ability, ...]:
    spec = CARDS.spec("pilot", xws)
    assert spec is not None, f"{xws} is registered before its other printings"
    return spec.sides[0]


register("pilot", "chopper-gauntletfighter", *_same_as("chopper"),
         description="At the start of the Engagement Phase: each enemy ship at range 0 gains "
                     "2 jam tokens.")

register("pilot", "ezrabridger-gauntletfighter", *_same_as("ezrabridger-tielnfighter"),
         description="Attacking or defending while stressed: may spend 1 Force to change up "
                     "to 2 focus results to hits (attacking) or evades (defending).")
