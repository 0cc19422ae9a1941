"""The initiative step at which a ship acts in a phase's sweep (RR: INITIATIVE): its
initiative, or the step a card makes it act at (hooks ``engage_initiative``,
``activate_initiative``); a huge ship engages at its engagement value."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tallon.engine.queue import modifiers
from tallon.engine.state import ShipState

if TYPE_CHECKING:
    from tallon.engine.game import Game


def step_of(game: Game, ship: ShipState, phase: str) -> int:
    """The initiative step at which the ship acts in this phase's sweep: its initiative,
    or in the Engagement Phase the step a card makes it engage at instead ("engage at
    initiative 7": hook ``engage_initiative``, the highest applies), in the Activation
    Phase the step a card makes it activate at (hook ``activate_initiative``); its
    initiative itself is unchanged."""
    return steps_of(game, [ship], phase)[ship.id]


def steps_of(game: Game, ships: list[ShipState], phase: str) -> dict[str, int]:
    """:func:`step_of` of each ship, the hook asked once (a sweep asks it of every ship
    waiting, at every step)."""
    if phase not in ("engagement", "activation"):
        return {ship.id: ship.current_initiative for ship in ships}
    if phase == "engagement":
        held = modifiers(game, "engage_initiative")
    else:  # "you activate at that initiative this phase"
        held = modifiers(game, "activate_initiative")
    found = {}
    for ship in ships:
        if phase == "engagement" and ship.engagement is not None:
            # RR: APPENDIX: HUGE SHIPS - a huge ship engages at its engagement value, which
            # nothing changes
            found[ship.id] = ship.engagement
            continue
        steps = [step for owner, _, h in held
                 if (step := h.value(game, owner, ship=ship)) is not None]
        found[ship.id] = max(steps) if steps else ship.current_initiative
    return found
