"""Scum and Villainy titles of the Aggressor assault fighter and the Customized YT-1300:
IG-2000 and Lando's Millennium Falcon."""

from __future__ import annotations

from typing import Any

from tallon.cards.registry import register
from tallon.cards.upgrades.crew_g import _ig88d_copy, _ig2000_friends
from tallon.cards.upgrades.title import carries
from tallon.engine.abilities import Modifier, Triggered
from tallon.engine.state import AttackState, ShipState

# ---------------------------------------------------------------------- IG-2000
# RR: ABILITIES - the copies are made as the game begins, while every ship of the squad is
# there; a ship leaving the game takes its pilot ability with it (engine/effects.py)
register("upgrade", "ig2000",
         Triggered("has the pilot ability of each other friendly ship with IG-2000",
                   window="gather_forces", optional=False,
                   requirement=lambda ctx: bool(_ig2000_friends(ctx)), effect=_ig88d_copy),
         description="Gains every pilot ability of the other friendly ships equipped with IG-2000 "
                     "(for as long as each stays in the game).")


# ------------------------------------------------------- Lando's Millennium Falcon
LANDOS_FALCON = "landosmillenniumfalcon"
ESCAPE_CRAFT = "escapecraft"


def _escape_crafts(game: Any, owner: ShipState, **facts: Any) -> tuple[str, ...]:
    # RR: SHIELDS - only a docked Escape Craft lends its shields, not another docked ship
    ships = game.state.ships
    return tuple(i for i in owner.docked if ships[i].ship_type == ESCAPE_CRAFT)


def _against_stressed(game: Any, owner: ShipState, attack: AttackState | None = None,
                      **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id or not attack.primary:
        return 0
    return 1 if game.state.ships[attack.defender].stressed else 0


# Which shields go first, when the carrier is asked and what else counts them: the
# rulings in engine/lent_shields.py (docs/rulings.md).
register("upgrade", LANDOS_FALCON,
         carries((ESCAPE_CRAFT,)),
         Modifier("treat a docked Escape Craft's shields as on its own ship card",
                  hook="lent_shields", value=_escape_crafts),
         Modifier("primary attack against a stressed ship: 1 more attack die",
                  hook="attack_dice", value=_against_stressed),
         description="Carrier: 1 Escape Craft can dock. While one is docked, its active "
                     "shields may serve as the carrier's own (lost to damage or spent). "
                     "Primary attacks against a stressed ship roll 1 additional die.")
