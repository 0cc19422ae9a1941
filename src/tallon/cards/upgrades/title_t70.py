"""The T-70 X-wing's title: Black One (Resistance). It adds a white SLAM to the action bar
(card data)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, remove_token
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game

BLACK_ONE = "blackone"


def _slam_forbidden(game: Game, owner: ShipState, ship: ShipState | None = None,
                    action: str = "", **facts: Any) -> bool:
    # RR: SLAM - any SLAM action, the title's or another card's
    charge = owner.charges.get(BLACK_ONE)
    return (ship is not None and ship.id == owner.id and action == "slam"
            and charge is not None and charge.active < 1)


def _after_slam(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    charge = ship.charges[BLACK_ONE]
    charge.active = max(0, charge.active - 1)
    ctx.game.event("ability", f"{ship.name} ({ship.id}) loses 1 charge of Black One",
                   ship=ship.id)
    if ship.has(Token.DISARM):
        ctx.game.push(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): Black One - "
                          "gain 1 ion token to remove 1 disarm token?",
                          (Option("ion", "gain 1 ion token to remove 1 disarm token"),
                           Option("decline", "keep the disarm token")),
                          "blackone.ion", (ship.id,), ship=ship.id))


@continuation("blackone.ion")
def _black_one_ion(game: Game, answer: str, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if answer != "ion" or not ship.in_play:
        return
    gain_token(game, ship, Token.ION)
    remove_token(game, ship, Token.DISARM)


register("upgrade", BLACK_ONE,
         Modifier("no SLAM action while the charge is inactive", hook="action_forbidden",
                  value=_slam_forbidden),
         Triggered("lose 1 charge, then may trade a disarm token for an ion token",
                   window="after_action", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event.get("action") == "slam",
                   effect=_after_slam),
         description="Grants a white SLAM. After a SLAM action: loses 1 charge (never "
                     "recovered), then may gain 1 ion token to remove 1 disarm token. Without "
                     "an active charge it can't SLAM.")
