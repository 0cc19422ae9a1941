"""Configurations of the Jedi starfighters: Calibrated Laser Targeting (Delta-7
Aethersprite). The Delta-7B configuration is not a standard or extended card (the Delta-7B
Aethersprite pilots have the ship's own stats)."""

from __future__ import annotations

from tallon.cards.common import attack_ships, attacking_if, dice, is_in_arc
from tallon.cards.registry import register
from tallon.engine.abilities import DiceMod
from tallon.geometry import Arc

CALIBRATED = "calibratedlasertargeting"

# "add" with no "may": a mandatory dice modification (RR: DICE MODIFICATION, add)
CALIBRATED_DICE = dice(CALIBRATED)

register("upgrade", CALIBRATED,
         DiceMod("primary attack, the defender in the bullseye arc: add 1 focus result",
                 dice=CALIBRATED_DICE,
                 applies=attacking_if(lambda game, attack, owner: attack.primary
                                      and is_in_arc(*attack_ships(game, attack), Arc.BULLSEYE))),
         description="Primary attack against a defender in the bullseye arc: adds 1 focus "
                     "result.")
