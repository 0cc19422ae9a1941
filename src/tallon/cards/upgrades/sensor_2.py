"""Sensor upgrades, continued from :mod:`tallon.cards.upgrades.sensor`: Trajectory
Simulator, which changes how the ship places bombs (RR: DEVICE)."""

from __future__ import annotations

from typing import Any

from tallon.cards.registry import register
from tallon.engine.abilities import Modifier
from tallon.engine.payloads import device_of
from tallon.engine.state import ShipState

TRAJECTORY = "trajectorysimulator"


def _launch_bombs(game: Any, owner: ShipState, card: str = "", templates: Any = (),
                  launch: bool = False, **facts: Any) -> list[tuple[str, bool]]:
    """During the System Phase a bomb may be launched with the [5 straight] instead."""
    if game.state.phase != "system":
        return []
    try:
        _, category = device_of(card)
    except ValueError:
        return []  # a remote or an obstacle: not a bomb
    return [("5F", True)] if category == "bomb" else []


register("upgrade", TRAJECTORY,
         Modifier("bombs may be launched with the [5 straight] template instead",
                  hook="device_templates", value=_launch_bombs),
         description="During the System Phase, when dropping or launching a bomb: may "
                     "launch it with the [5 straight] template instead.")
