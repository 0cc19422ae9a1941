"""Upsilon-class command shuttle pilots (First Order) and the ship ability Linked Battery.

Starkiller Base Pilot has no pilot ability. Major Stridan's treated ranges are read by
the building blocks ships_in_range and range_of (cards/common.py RANGES_TREATED).
"""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import bar_actions, during_activation, grant_action
from tallon.cards.common import (
    RANGES_TREATED,
    dice,
    event_ship,
    is_in_arc,
    is_me,
    range_of,
)
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.effects import gain_token
from tallon.engine.state import AttackState, ShipState, Token
from tallon.geometry import Arc


# ------------------------------------------------------------------ the ship ability
def cannon_attack(attack: AttackState | None) -> bool:
    """RR: SPECIAL WEAPON - a [Cannon] attack: one with a cannon upgrade's weapon."""
    card = attack.weapon.card if attack is not None else None
    return card is not None and any(side.type == "cannon"
                                    for side in load_cards().upgrade(card).sides)


def _linked_battery(game: Any, owner: ShipState, attack: AttackState | None = None,
                    **facts: Any) -> int:
    return 1 if attack is not None and attack.attacker == owner.id \
        and cannon_attack(attack) else 0


register("ship_ability", "Linked Battery",
         Modifier("roll 1 additional die with a cannon", hook="attack_dice",
                  value=_linked_battery),
         description="While performing a cannon attack: rolls 1 additional attack die.")


# ---------------------------------------------------------- Petty Officer Thanisson
def _thanisson_applies(ctx: Ctx) -> bool:
    if ctx.event["token"] != "stress" or ctx.state.phase not in ("activation", "engagement"):
        return False
    ship = event_ship(ctx)
    near = range_of(ctx.ship, ship)
    return (ship.id != ctx.ship.id and ship.in_play and near is not None and near <= 2
            and is_in_arc(ctx.ship, ship, Arc.FRONT))


register("pilot", "pettyofficerthanisson",
         Triggered("spend 1 charge: that ship gains 1 tractor token", window="after_gain_token",
                   cost=Cost(charges=1), requirement=_thanisson_applies,
                   effect=lambda ctx, choice: gain_token(ctx.game, event_ship(ctx),
                                                         Token.TRACTOR,
                                                         applier=ctx.ship.owner)),
         description="In the Activation or Engagement Phase, after a stress token is gained by a "
                     "ship within range 0-2 in his front arc: may spend 1 charge; that ship then "
                     "gains 1 tractor token.")


# --------------------------------------------------------------- Lieutenant Tavson
register("pilot", "lieutenanttavson",
         # the action is chosen with the ability, so the charge is never spent for nothing
         grant_action("spend 1 charge to perform an action", "after_suffer_damage",
                      lambda ctx: bar_actions(ctx.game, ctx.ship, during_activation(ctx)),
                      requirement=is_me, cost=Cost(charges=1)),
         description="After suffering damage: may spend 1 charge to perform an action.")


# ----------------------------------------------------------------- Captain Cardinal
CARDINAL = "captaincardinal"


def _cardinal_applies(game: Any, attack: AttackState, owner: ShipState, user: ShipState
                      ) -> bool:
    charge = owner.charges.get(CARDINAL)
    near = range_of(owner, user)
    return (user.id in (attack.attacker, attack.defender) and friendly(user, owner)
            and not user.remote and near is not None and 1 <= near <= 2
            and user.current_initiative < owner.current_initiative
            and charge is not None and charge.active >= 1)


def _cardinal_loses(ctx: Ctx) -> bool:
    lost = event_ship(ctx)
    near = range_of(ctx.ship, lost)
    charge = ctx.ship.charges.get(CARDINAL)
    return (lost.owner != ctx.ship.owner and not lost.remote and near is not None
            and near <= 3 and charge is not None and charge.active > 0)


def _lose_charge(ctx: Ctx, choice: Any) -> None:
    ctx.ship.charges[CARDINAL].active -= 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) loses 1 charge",
                   ship=ctx.ship.id, card=CARDINAL)


register("pilot", CARDINAL,
         DiceMod("reroll 1 focus result",
                 dice=dice(CARDINAL),
                 applies=_cardinal_applies, for_others=True),
         Triggered("lose 1 charge", window="after_destroyed", optional=False,
                   requirement=_cardinal_loses, effect=_lose_charge),
         description="While he has 1 or more charges, a friendly ship within range 1-2 whose "
                     "initiative is lower than his may reroll 1 focus result while it attacks or "
                     "defends. He loses 1 charge after any enemy ship within range 0-3 is "
                     "destroyed.")


# --------------------------------------------------------------- Lieutenant Dormitz
def dormitz(game: Any, owner: ShipState, ship: ShipState | None = None,
             **facts: Any) -> tuple[tuple[str, ...], ...] | None:
    # RR: SETUP - the rule holds only once he is placed (engine/placement.py "near:")
    if ship is None or ship.id == owner.id or ship.owner != owner.owner or ship.remote:
        return None
    return (("anywhere", f"near:{owner.id}:2"),)


register("pilot", "lieutenantdormitz",
         Modifier("other friendly ships may be placed at range 0-2 of him",
                  hook="setup_placement_beside", value=dormitz),
         description="Setup: after he is placed, other friendly ships may be placed at any point "
                     "of the play area within range 0-2 of him (or in their deployment area).")


# ------------------------------------------------------------------- Major Stridan
STRIDAN = "majorstridan"


def stridan_ranges(ship: ShipState, other: ShipState, measured: int) -> tuple[int, ...]:
    """Friendly ships at range 2-3 may be treated as at range 0 or 1 when his cards
    measure to them (ruling: his upgrades measure through ships_in_range and range_of;
    his other cards do not measure friendly ranges). Remotes are not ships."""
    if ship.remote or other.remote or measured not in (2, 3):
        return ()
    return (0, 1)


def stridan_coordinates(game: Any, owner: ShipState, ship: ShipState | None = None,
                         **facts: Any) -> bool:
    # RR: COORDINATE - range 1-2; a friendly ship at range 3 is treated as at range 1
    return ship is not None and not ship.remote and ship.id != owner.id \
        and friendly(owner, ship) and game.state.in_range(owner, ship, 3, 3)


RANGES_TREATED[("pilot", STRIDAN)] = stridan_ranges
register("pilot", STRIDAN,
         Modifier("coordinate friendly ships at range 3", hook="coordinate_beyond_range",
                  value=stridan_coordinates),
         description="While he coordinates or resolves the effect of one of his upgrades: friendly "
                     "ships within range 2-3 may count as being at range 0 or 1 for him.")
