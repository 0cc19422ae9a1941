"""First-edition upgrades of the Most Wanted expansion pack, continued
(:mod:`upgrades_w5a` has the crew and talents, :mod:`upgrades_w5a_2` the weapons, titles
and modifications): the salvaged astromechs and the scum crew droids.

A first-edition green maneuver is the engine's blue. Descriptions are Tallon's own words.
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.cards.first_edition.pilots_wave1 import lock_options
from tallon.cards.first_edition.upgrades_wave1 import damage_trait_1e
from tallon.cards.registry import register
from tallon.cards.upgrades.modification_2 import discard_instead
from tallon.dice.abilities.base import ATTACKING, Window
from tallon.dice.abilities.effects import CardAbility, RerollDice
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.action_bodies import spend_lock_on
from tallon.engine.effects import acquire_lock, gain_token
from tallon.engine.state import ShipState, Token


# --------------------------------------------------------------- Unhinged Astromech
def _unhinged(game: Any, owner: ShipState, ship: ShipState | None = None,
              maneuver: str = "", **facts: Any) -> int:
    # "treat as green": as many steps easier as it takes (an increase still wins: FAQ
    # (1e), Movement)
    if ship is None or ship.id != owner.id or maneuver[:1] != "3":
        return 0
    return {"W": -1, "R": -2}.get(maneuver[-1:], 0)


register("upgrade", "1e-unhingedastromech",
         Modifier("3-speed maneuvers are green", hook="maneuver_difficulty", value=_unhinged),
         description="Treats every 3-speed maneuver as green.")


def _ship_card(ctx: Ctx, facts: dict[str, Any]) -> bool:
    return facts["ship"] == ctx.ship.id and damage_trait_1e(str(facts["card"])) == "ship"


def _salvaged(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    discard_instead(ctx.game, facts)
    discard_upgrade(ctx.game, ctx.ship, ctx.card)


register("upgrade", "1e-salvagedastromech",
         Replacement("discard the Ship damage card unresolved, then this card",
                     point="deal_faceup_card", applies=_ship_card, replace=_salvaged),
         description="When a faceup Ship-trait damage card is dealt to it: may discard that card "
                     "without resolving it, then discard this one.")


R4_AGROMECH = "1e-r4agromech"


def _agromech_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    # FAQ (1e): a focus token spent as a weapon's cost is spent before the target is the
    # defender: only a focus spent while the attack dice are modified counts
    return (is_me(ctx) and ctx.event.get("token") == "focus" and attack is not None
            and attack.attacker == ctx.ship.id and attack.step == "modify attack dice"
            and attack.defender not in ctx.ship.locks
            and attack.defender in [o.key for o in lock_options(ctx.game, ctx.ship)])


register("upgrade", R4_AGROMECH,
         # FAQ (1e): the lock may be spent in the same attack
         Triggered("lock the defender", window="after_spend_token",
                   requirement=_agromech_applies,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                           ctx.attack.defender)),
         description="Attacking, once it spends a focus token: may lock the defender.")


R4B11 = "1e-r4b11"
R4B11_DICE = CardAbility(R4B11, "R4-B11 (spend the lock: the defender rerolls the dice you "
                         "choose)", effect=RerollDice(None), window=Window.OPPONENT_DICE,
                         roles=ATTACKING)


def _r4b11_after(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    spend_lock_on(ctx.game, ctx.ship, attack.defender)


register("upgrade", R4B11,
         DiceMod("spend the target lock on the defender: it rerolls any defense dice you "
                 "choose", dice=R4B11_DICE,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id and attack.defender in owner.locks,
                 after=_r4b11_after),
         description="Attacking: may spend its lock on the defender to make the defender reroll "
                     "any defense dice it picks.")


# ------------------------------------------------------------- scum crew droids
register("upgrade", "1e-outlawtech",
         Triggered("gain a focus token", window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and ctx.event.get("difficulty") == "red"
                   and ctx.ship.in_play,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="After a red maneuver: may gain a focus token.")


register("upgrade", "1e-k4securitydroid",
         # a first-edition green maneuver is the engine's blue
         Triggered("acquire a target lock", window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and ctx.event.get("difficulty") == "blue"
                   and ctx.ship.in_play and bool(lock_options(ctx.game, ctx.ship)),
                   choices=lambda ctx: lock_options(ctx.game, ctx.ship),
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, str(choice))),
         description="After executing a green maneuver: may acquire a target lock.")


__all__ = ["R4B11", "R4_AGROMECH"]
