"""What a card's option costs in Force and charges (a boost or barrel roll template, a way
to set a device): whether the ship can pay it now, and paying it (RR: PAYING COSTS)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tallon.engine.effects import gain_token, spend_force, spendable_force
from tallon.engine.state import ShipState, Token

if TYPE_CHECKING:
    from tallon.engine.game import Game

#: (resource, amount) pairs, the resource ``"force"`` or the id of a card of the ship (its
#: charges), or ``"stress"``: stress tokens the ship receives as the cost (1e Lieutenant
#: Lorrir's "you may receive 1 stress token to use ...")
ResourceCost = tuple[tuple[str, int], ...]


def can_pay_resources(game: Game, ship: ShipState, cost: ResourceCost) -> bool:
    """Whether the ship can pay ``cost`` now (a card may forbid spending Force)."""
    return all(what == "stress" or
               (spendable_force(game, ship) if what == "force" else
                ship.charges[what].active if what in ship.charges else 0) >= n
               for what, n in cost)


def pay_resources(game: Game, ship: ShipState, cost: ResourceCost, purpose: str) -> None:
    """Spend ``cost``; the log says what for (``purpose``)."""
    for what, n in cost:
        if what == "stress":
            game.event("ability", f"{ship.name} ({ship.id}) receives {n} stress token(s) "
                       f"{purpose}", ship=ship.id)
            gain_token(game, ship, Token.STRESS, n, cost=True)
            continue
        if what == "force":
            spend_force(game, ship, n)
        else:
            ship.charges[what].active -= n
        game.event("ability", f"{ship.name} ({ship.id}) spends {n} "
                   f"{'Force' if what == 'force' else what + ' charge'} {purpose}",
                   ship=ship.id)


__all__ = ["ResourceCost", "can_pay_resources", "pay_resources"]
