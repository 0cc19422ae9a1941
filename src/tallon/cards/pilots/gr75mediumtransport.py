"""GR-75 Medium Transport (a huge ship: RR: APPENDIX: HUGE SHIPS) - its ship ability
Resupply Craft. Its pilots (Echo Base Evacuees, New Republic Volunteers) have no ability
text."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import (
    event_ship,
    recover_shield,
    remove_token_choice,
    ships_in_range,
    token_choices,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.decisions import Option
from tallon.engine.huge_moves import energy, spend_energy

#: The answer recovering a shield; the others are token_choices' ("token:<kind>",
#: "lock:<ship id>").
SHIELD = "shield"


def _helped(ctx: Ctx) -> Any:
    """The other friendly ship at range 0-1 that just performed an action, or None."""
    ship = event_ship(ctx)
    if ship.id == ctx.ship.id or ship.owner != ctx.ship.owner:
        return None
    near = ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True, other=True)
    return ship if ship in near else None


def _resupplies(ctx: Ctx) -> list[Option]:
    """RR: APPENDIX: HUGE SHIPS - ENERGY: the ways the spent energy may help the ship: an
    orange or red token it removes (a lock on it is its red token: RR: LOCK, its FAQ), or a
    shield it recovers."""
    ship = _helped(ctx)
    if ship is None:
        return []
    found = token_choices(ctx.game, ship, ("orange", "red"))
    if ship.shields < ship.shield_limit:
        found.append(Option(SHIELD, f"{ship.name} ({ship.id}) recovers 1 shield"))
    return found


def _resupply(ctx: Ctx, choice: Any) -> None:
    ship = event_ship(ctx)
    if not spend_energy(ctx.game, ctx.ship, 1):
        return
    if choice == SHIELD:
        recover_shield(ctx.game, ship)
    else:
        remove_token_choice(ctx.game, ship, str(choice))


register("ship_ability", "Resupply Craft",
         Triggered("spend 1 energy: the ship that acted removes 1 orange or red token, or "
                   "recovers 1 shield", window="after_action",
                   requirement=lambda ctx: energy(ctx.ship) >= 1 and bool(_resupplies(ctx)),
                   choices=_resupplies, effect=_resupply),
         description="After another friendly ship at range 0-1 performs an action: may spend "
                     "1 energy for that ship to remove an orange or red token or recover a "
                     "shield.")

# The card data gives New Republic Volunteers an ability that only repeats its flavour
# text (the same words as its caption): the pilot has no ability of its own (ruling).
register("pilot", "newrepublicvolunteers",
         description="No pilot ability: the data's ability text is the card's flavour text.")
