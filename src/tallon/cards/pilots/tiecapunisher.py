"""TIE/ca Punisher pilots (Galactic Empire): "Deathrain" and "Redline". The ship has no
ship ability; Cutlass Squadron Pilot has no ability text."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import bar_actions, during_activation, grant_action
from tallon.cards.common import is_me, new_lock_options
from tallon.cards.registry import register
from tallon.engine.abilities import Modifier, Triggered
from tallon.engine.effects import acquire_lock
from tallon.engine.state import ShipState

# ----------------------------------------------------------------- "Deathrain"
# RR: DEVICE - dropping or launching; FAQ: once per device placed
register("pilot", "deathrain",
         grant_action("perform an action", "after_device_placed",
                      lambda ctx: bar_actions(ctx.game, ctx.ship, during_activation(ctx)),
                      requirement=is_me),
         description="After dropping or launching a device: may perform an action.")


# ------------------------------------------------------------------- "Redline"
def _redline_locks(game: Any, owner: ShipState, ship: ShipState | None = None,
                   **facts: Any) -> int | None:
    return 2 if ship is not None and ship.id == owner.id else None


register("pilot", "redline",
         Modifier("maintain up to 2 locks", hook="max_locks", value=_redline_locks),
         Triggered("acquire a lock", window="after_action",
                   requirement=lambda ctx: is_me(ctx) and bool(new_lock_options(ctx)),
                   choices=new_lock_options,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice)),
         description="Can keep 2 locks. After performing an action: may acquire a lock.")
