"""Turret upgrades: special weapons in the single turret arc (RR: SPECIAL WEAPON,
RR: TURRET ARCS, RR: ROTATE). The engine gives a ship with a turret weapon its turret arc
indicator at setup (``tallon.engine.loadout.has_turret_indicator``) and the cards' rotate
action joins the action bar from the card data, so the weapons here need only their own
text."""

from __future__ import annotations

from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import ion_results, replaces_damage
from tallon.engine.abilities import Weapon

register("upgrade", "dorsalturret",
         Weapon("Dorsal Turret"),
         description="Attack: 2 dice at range 1-2 in the single turret arc. Adds the turret "
                     "arc indicator and a white rotate action.")

register("upgrade", "ioncannonturret",
         Weapon("Ion Cannon Turret"),
         replaces_damage("ioncannonturret", "the results give ion tokens instead of damage"),
         ion_results("ioncannonturret"),
         description="Attack: 3 dice at range 1-2 in the single turret arc; on a hit, one hit "
                     "or critical result deals 1 regular damage and each other one gives the "
                     "defender an ion token instead of damage. Adds the turret arc indicator "
                     "and a white rotate action.")
