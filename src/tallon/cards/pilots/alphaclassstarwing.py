"""Alpha-class Star Wing pilots (Galactic Empire), with the standard-loadout versions of
Lieutenant Karsabi and Major Vynder and their ship ability Prioritized Weapons Systems. Nu
Squadron Pilot and Rho Squadron Pilot have no ability text (and this ship no ship ability
outside the standard loadouts). The configurations are in
cards/upgrades/configuration_alphaclassstarwing.py."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import defending, dice, is_me, recalled, remember
from tallon.cards.registry import register
from tallon.cards.upgrades.configuration_alphaclassstarwing import CANNON, weapon_of_type
from tallon.data import load_cards
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.effects import remove_token
from tallon.engine.state import ShipState, Token

SHIP = "alphaclassstarwing"


def _remove_disarm(ctx: Ctx, choice: Any) -> None:
    remove_token(ctx.game, ctx.ship, Token.DISARM)


# --------------------------------------------------------------- the ship ability
register("ship_ability", "Prioritized Weapons Systems",
         Triggered("gain 1 strain token to remove 1 disarm token", window="before_engage",
                   cost=Cost(gain=(("strain", 1),)),
                   requirement=lambda ctx: is_me(ctx) and ctx.ship.has(Token.DISARM),
                   effect=_remove_disarm),
         description="Before engaging: may gain a strain token to remove a disarm token.")


# ------------------------------------------------------------------- no ability
# Nu Squadron Pilot and Rho Squadron Pilot print flavour text only.


# ----------------------------------------------------------- Lieutenant Karsabi
register("pilot", "lieutenantkarsabi",
         Triggered("gain 1 stress token to remove 1 disarm token", window="after_gain_token",
                   cost=Cost(gain=(("stress", 1),)),
                   requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "disarm"
                   and ctx.ship.has(Token.DISARM) and not ctx.ship.stressed,
                   effect=_remove_disarm),
         description="After gaining a disarm token, if not stressed: may gain a stress token "
                     "to remove a disarm token.")


def _karsabi_reload(game: Any, owner: ShipState, ship: ShipState | None = None,
                    card: str = "", **facts: Any) -> int | None:
    # RR: RELOAD - the hook is asked by the Reload action only ("when you perform a
    # [Reload] action"): 1 charge and 1 more
    return 2 if ship is not None and ship.id == owner.id else None


register("pilot", "lieutenantkarsabi-ssl",
         Modifier("a reload action recovers 1 more charge", hook="reload_charges",
                  value=_karsabi_reload),
         description="Performing a reload action: the chosen upgrade recovers 1 more charge.")


# ----------------------------------------------------------------- Major Vynder
register("pilot", "majorvynder",
         Modifier("1 more defense die while disarmed", hook="defense_dice",
                  value=lambda game, owner, attack=None, **facts: 1
                  if defending(attack, owner) and owner.has(Token.DISARM) else 0),
         description="Defending while disarmed: 1 more defense die.")

VYNDER = "majorvynder-ssl"
VYNDER_BONUS = f"{VYNDER}:bonus"


def _cannon_cards(ship: ShipState) -> tuple[str, ...]:
    db = load_cards()
    return tuple(xws for kind, xws, side in ship.cards
                 if kind == "upgrade" and db.upgrade(xws).sides[side].type == "cannon")


def _vynder_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if not is_me(ctx, "attacker") or attack is None \
            or not weapon_of_type(attack.weapon, ("missile",)):
        return False
    cannons = _cannon_cards(ctx.ship)
    return bool(cannons) and can_bonus_attack(ctx.game, ctx.ship, only=cannons)


def _vynder_attack(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, VYNDER_BONUS, ctx.state.round)
    perform_bonus_attack(ctx.game, ctx.ship, only=_cannon_cards(ctx.ship))


def _vynder_bonus(game: Any, attack: Any, owner: ShipState, user: ShipState) -> bool:
    # RR: BONUS ATTACK - one a round: the bonus cannon attack of this round is his
    return (user.id == owner.id and attack.attacker == owner.id and attack.bonus
            and weapon_of_type(attack.weapon, CANNON)
            and recalled(owner, VYNDER_BONUS) == game.state.round)


register("pilot", VYNDER,
         Triggered("perform a bonus cannon attack", window="after_attack",
                   requirement=_vynder_applies, effect=_vynder_attack, bonus_attack=True),
         DiceMod("change 1 focus result to a hit", dice=dice(VYNDER), applies=_vynder_bonus),
         description="After a missile attack: may perform a bonus cannon attack, during which "
                     "he may change 1 focus result to a hit.")
