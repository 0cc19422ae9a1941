"""Whether a ship may acquire a lock on a friendly ship: RR: LOCK (2.5) allows any object;
the first edition's rulebook (Acquire a Target Lock) only enemy ships
(``Ruleset.locks_on_friendly``), unless a card says the ship can lock friendly ships
(hook ``lock_friendly``: 1e M9-G8). Asked by ``effects.can_lock``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tallon.engine.queue import any_true

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState


def friendly_lock_allowed(game: Game, ship: ShipState, target_id: str) -> bool:
    """Whether ``ship`` may lock ``target_id``, a ship of its own player."""
    return game.rules.locks_on_friendly or any_true(game, "lock_friendly", ship=ship,
                                                    target=target_id)
