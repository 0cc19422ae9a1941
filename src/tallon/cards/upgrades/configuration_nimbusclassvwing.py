"""The Nimbus-class V-wing's configurations: Alpha-3B "Besh" and Alpha-3E "Esk".

Esk's text is Ancillary Ion Weapons' (a Siege of Coruscant cannon) word for word: it plays
the same ability objects, paid with its own charges. Besh's added device slot is a squad
building matter (squads/slots.py).
"""

from __future__ import annotations

from tallon.cards.common import attacking_if, dice
from tallon.cards.registry import CARDS, register
from tallon.cards.upgrades.cannon import ANCILLARY
from tallon.engine.abilities import DiceMod

BESH = "alpha3bbesh"
ESK = "alpha3eesk"

# RR: LOCK - the lock spent is the attacker's lock on the defender (the "lock" resource)
register("upgrade", BESH,
         DiceMod("spend your lock on the defender: 1 blank or focus result to a hit",
                 dice=dice(BESH),
                 applies=attacking_if(lambda game, attack, owner: attack.primary)),
         description="Primary attack: may spend its lock on the defender to change 1 blank "
                     "or focus result to a hit. Adds a device slot.")

_ancillary = CARDS.spec("upgrade", ANCILLARY)
assert _ancillary is not None
register("upgrade", ESK, *_ancillary.abilities(),
         description="2 charges (1 recurring). Primary attack, before the attack dice are "
                     "rolled: may spend 2 charges so that each uncanceled critical hit result "
                     "gives the defender an ion token instead of damage.")
