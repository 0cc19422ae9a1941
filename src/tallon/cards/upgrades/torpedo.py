"""Torpedo upgrades: special weapons with charges (RR: SPECIAL WEAPON, RR: CHARGES)."""

from __future__ import annotations

from tallon.cards.common import dice
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import (
    homing,
    ion_results,
    loses_shield_on_hit,
    replaces_damage,
    while_attacking_with,
    with_weapon,
)
from tallon.engine.abilities import Cost, DiceMod, Modifier, Weapon

register("upgrade", "protontorpedoes",
         Weapon("Proton Torpedoes", requires="lock", cost=Cost(charges=1)),
         DiceMod("change 1 hit to a critical hit", dice=dice("protontorpedoes"),
                 applies=with_weapon("protontorpedoes")),
         description="Attack (lock), 1 charge: 4 dice at range 2-3; 1 hit becomes a critical "
                     "hit.")

# the same mandatory change as Proton Torpedoes, under this card's own key
ADV_PROTON = dice("advprotontorpedoes")

register("upgrade", "advprotontorpedoes",
         Weapon("Adv. Proton Torpedoes", requires="lock", cost=Cost(charges=1)),
         DiceMod("change 1 hit to a critical hit", dice=ADV_PROTON,
                 applies=with_weapon("advprotontorpedoes")),
         description="Attack (lock), 1 charge: 5 dice at range 1; 1 hit becomes a critical "
                     "hit.")


register("upgrade", "homingtorpedoes",
         Weapon("Homing Torpedoes", requires="lock", cost=Cost(charges=1)),
         homing("homingtorpedoes", crit=True),
         description="Attack (lock), 1 charge: 4 dice at range 1-2; once the defender is "
                     "declared it may take 1 critical damage to skip both dice steps, the "
                     "attack then counting as a hit.")


register("upgrade", "iontorpedoes",
         Weapon("Ion Torpedoes", requires="lock", cost=Cost(charges=1)),
         replaces_damage("iontorpedoes", "the results give ion tokens instead of damage"),
         ion_results("iontorpedoes"),
         description="Attack (lock), 1 charge: 4 dice at range 2-3; on a hit, one hit or "
                     "critical result deals 1 regular damage and each other one gives the "
                     "defender an ion token instead of damage.")


# ---------------------------------------------------------------- plasma weapons
register("upgrade", "plasmatorpedoes",
         Weapon("Plasma Torpedoes", requires="lock", cost=Cost(charges=1)),
         Modifier("critical hits are canceled before hits", hook="crits_first",
                  value=while_attacking_with("plasmatorpedoes")),
         loses_shield_on_hit("plasmatorpedoes"),
         description="Attack (lock), 1 charge: 3 dice at range 2-3; evade results cancel "
                     "critical hits before hits; when it hits, the defender loses 1 shield "
                     "before damage is dealt.")
