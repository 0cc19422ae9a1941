"""A Scum and Villainy title: Havoc (Scurrg H-6 bomber). Its text changes the upgrade bar
only (the squad builder applies the slot grants: squads/slots.py), so it registers with no
abilities."""

from __future__ import annotations

from tallon.cards.registry import register

register("upgrade", "havoc",
         description="Squad building: removes a crew slot and adds a sensor and an astromech "
                     "slot (the squad rules apply it).")
