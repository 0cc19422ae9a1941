"""Talents that change how the ship moves: boosts with other templates (RR: BOOST)."""

from __future__ import annotations

from typing import Any

from tallon.cards.registry import register
from tallon.engine.abilities import Modifier
from tallon.engine.state import ShipState


def _daredevil(game: Any, owner: ShipState, colour: str = "", **facts: Any
               ) -> tuple[tuple[str, str], ...]:
    # only a boost action that is white so far: one already treated as red or purple
    # can't take the turn templates (RR: ACTIONS, the most restrictive colour)
    if colour != "white":
        return ()
    return (("turn_left", "red"), ("turn_right", "red"))


register("upgrade", "daredevil",
         Modifier("a white boost may use a [1 turn] template, treated as red",
                  hook="boost_templates", value=_daredevil),
         description="Performing a white boost action: may boost with the [1 turn left] or "
                     "[1 turn right] template instead, the action then being red.")
