"""Syliure-31 Hyperdrive, the Hyperdrive upgrade of the Syliure-class hyperspace ring (its
ship ability is in ``cards/pilots/syliureclasshyperspacering.py``).

RR: SETUP - in Place Forces the ring may be placed in its deployment area as usual, or
anywhere in the play area that meets all three conditions of the card (placement rules of
``tallon.engine.placement``: ``far`` for the enemy ships placed so far, ``clear:1`` for the
obstacles, ``enemy_edge:3`` for the opposing player's edge)."""

from __future__ import annotations

from tallon.cards.registry import register
from tallon.engine.abilities import Modifier

#: anywhere, beyond range 3 of enemy ships, beyond range 1 of obstacles, beyond range 3 of
#: the enemy edge: one rule, every condition met at once
HYPERDRIVE_RULE = ("anywhere", "far", "clear:1", "enemy_edge:3")

register("upgrade", "syliure31hyperdrive",
         Modifier("may be placed anywhere far from obstacles, enemy ships and their edge",
                  hook="setup_placement_rules",
                  value=lambda game, owner, **facts: (HYPERDRIVE_RULE,)),
         description="Setup: besides its usual deployment area, it may be set up at any spot "
                     "beyond range 1 of all obstacles and beyond range 3 of every enemy ship and "
                     "of the enemy's edge.")
