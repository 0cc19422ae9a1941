"""The Alpha-class Star Wing's configurations: Os-1 Arsenal Loadout and Xg-1 Assault
Configuration (the slots they add come from the card data's grants)."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import weapon_of_type
from tallon.cards.registry import register
from tallon.engine.abilities import Modifier
from tallon.engine.state import AttackState, ShipState, Token, WeaponSpec

OS1 = "os1arsenalloadout"
XG1 = "xg1assaultconfiguration"
ORDNANCE = ("torpedo", "missile")
CANNON = ("cannon",)


def _one_disarm(ship: ShipState) -> bool:
    return ship.count(Token.DISARM) == 1


# ---------------------------------------------------------- Os-1 Arsenal Loadout
def _os1_allows(game: Any, owner: ShipState, ship: ShipState | None = None,
                weapon: WeaponSpec | None = None, defender: ShipState | None = None,
                **facts: Any) -> bool:
    # RR: DISARMED - only torpedo and missile attacks, only against locked targets
    if ship is None or ship.id != owner.id or not _one_disarm(owner) \
            or not weapon_of_type(weapon, ORDNANCE):
        return False
    return bool(owner.locks) if defender is None else defender.id in owner.locks


def _os1_lock_kept(game: Any, owner: ShipState, attack: AttackState | None = None,
                   user: ShipState | None = None, spend: Any = (), **facts: Any) -> bool:
    # "if you do": the ordnance attack was declared while disarmed, so Os-1 allowed it
    if attack is None or user is None or user.id != owner.id or attack.attacker != owner.id \
            or not owner.has(Token.DISARM) or not weapon_of_type(attack.weapon, ORDNANCE):
        return True
    return not any(name == "lock" for name, _ in spend)


register("upgrade", OS1,
         Modifier("with exactly 1 disarm token: torpedo and missile attacks at locked "
                  "targets", hook="attack_while_disarmed", value=_os1_allows),
         Modifier("such an attack can't spend your lock", hook="dice_option_allowed",
                  value=_os1_lock_kept),
         description="With exactly 1 disarm token: can still perform torpedo and missile "
                     "attacks against ships it has locked, without spending the lock during "
                     "them. Adds a torpedo and a missile slot.")


# --------------------------------------------------- Xg-1 Assault Configuration
def _xg1_allows(game: Any, owner: ShipState, ship: ShipState | None = None,
                weapon: WeaponSpec | None = None, **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and _one_disarm(owner) \
        and weapon_of_type(weapon, CANNON)


def _xg1_max(game: Any, owner: ShipState, attack: AttackState | None = None,
             **facts: Any) -> int | None:
    if attack is None or attack.attacker != owner.id or not owner.has(Token.DISARM) \
            or not weapon_of_type(attack.weapon, CANNON):
        return None
    return 3


register("upgrade", XG1,
         Modifier("with exactly 1 disarm token: cannon attacks", hook="attack_while_disarmed",
                  value=_xg1_allows),
         Modifier("a cannon attack while disarmed rolls at most 3 dice",
                  hook="max_attack_dice", value=_xg1_max),
         description="With exactly 1 disarm token: can still perform cannon attacks; a cannon "
                     "attack while disarmed rolls at most 3 attack dice. Adds a cannon slot.")
