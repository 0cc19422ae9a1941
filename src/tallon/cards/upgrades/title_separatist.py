"""Separatist Alliance titles: Soulless One (Belbullab-22 Starfighter) and Scimitar (Sith
Infiltrator). Their added hull, actions and slots come from the card data (squad
building)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    defending_if,
    dice,
    in_firing_arc,
    is_in_arc,
    is_me,
    ship_options,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, DiceMod, Triggered
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ------------------------------------------------------------------- Soulless One
def _attacker_outside(game: Game, attack: AttackState, owner: ShipState) -> bool:
    # RR: FIRING ARCS - the arcs of its primary weapons (and a turret indicator's)
    return not in_firing_arc(owner, game.state.ships[attack.attacker])


register("upgrade", "soullessone",
         DiceMod("reroll 1 defense die", applies=defending_if(_attacker_outside),
                 dice=dice("soullessone")),
         description="Defending against an attacker outside its firing arc: may reroll 1 "
                     "defense die. Adds 2 hull.")


# ------------------------------------------------------------------------ Scimitar
def _may_cloak(ctx: Ctx) -> bool:
    # RR: CLOAK - a cloaked ship can't gain a second cloak token
    return ctx.ship.in_play and not ctx.ship.cloaked


def _in_bullseye(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play()
            if s.owner != ctx.ship.owner and is_in_arc(ctx.ship, s, Arc.BULLSEYE)]


def _jam(ctx: Ctx, choice: Any) -> None:
    # RR: JAM - the player whose effect gave the jam token chooses what it removes
    gain_token(ctx.game, ctx.other(str(choice)), Token.JAM, applier=ctx.ship.owner)


register("upgrade", "scimitar",
         Triggered("setup: cloak (gain 1 cloak token)", window="after_place_forces",
                   requirement=_may_cloak,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.CLOAK)),
         Triggered("an enemy ship in the bullseye arc gains 1 jam token",
                   window="after_decloak",
                   requirement=lambda ctx: is_me(ctx) and bool(_in_bullseye(ctx)),
                   choices=lambda ctx: ship_options(_in_bullseye(ctx)), effect=_jam),
         description="Setup, after Place Forces: may cloak. After decloaking: may choose an "
                     "enemy ship in its bullseye arc; it gains 1 jam token. Adds a red cloak "
                     "and a jam action.")
