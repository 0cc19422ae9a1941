"""TIE/ca Punisher pilots (Galactic Empire): "Deathrain" and "Redline". The ship has no
ship ability; Cutlass Squadron Pilot has no ability text."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import bar_actions, during_activation, grant_action
from tallon.cards.common import is_me
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.action_bodies import lock_targets
from tallon.engine.decisions import Option
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


def _redline_options(ctx: Ctx) -> list[Option]:
    # RR: LOCK - acquired by an ability: an object at range 0-3; one he has locked already
    # would gain nothing
    found = []
    for target in lock_targets(ctx.game, ctx.ship):
        if target in ctx.ship.locks:
            continue
        ship = ctx.state.ships.get(target)
        found.append(Option(target, f"lock {ship.name} ({target})" if ship else
                            f"lock {target}"))
    return found


register("pilot", "redline",
         Modifier("maintain up to 2 locks", hook="max_locks", value=_redline_locks),
         Triggered("acquire a lock", window="after_action",
                   requirement=lambda ctx: is_me(ctx) and bool(_redline_options(ctx)),
                   choices=_redline_options,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice)),
         description="Can keep 2 locks. After performing an action: may acquire a lock.")
