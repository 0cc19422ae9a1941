"""Torpedo upgrades: special weapons with charges."""

from __future__ import annotations

from tallon.cards.common import dice
from tallon.engine.abilities import Cost, DiceMod, Weapon, register

register("upgrade", "protontorpedoes",
         Weapon("Proton Torpedoes", requires="lock", cost=Cost(charges=1)),
         DiceMod("change 1 hit to a critical hit", dice=dice("protontorpedoes"),
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.weapon.card == "protontorpedoes"),
         description="Attack (lock), 1 charge: 4 dice at range 2-3; 1 hit becomes a critical "
                     "hit.")
