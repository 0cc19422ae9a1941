"""Titles of the Firespray-class patrol craft (Slave I, both printings; Andrasta; Marauder),
of the G-1A starfighter (Mist Hunter) and of the Gauntlet Fighter (Gauntlet)."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import attacking_if, dice, is_in_arc, is_me
from tallon.cards.registry import register
from tallon.cards.shared_rules import set_dial
from tallon.cards.upgrades.crew_c import damage_options, faceup_ship_damage
from tallon.engine.abilities import Cost, Ctx, DiceMod, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import repair_damage
from tallon.geometry import Arc
from tallon.geometry.maneuvers import Bearing, Maneuver

# ------------------------------------------------------------------------ Slave I
#: RR: BEARING - a turn or bank and the same one in the other direction
_MIRROR = {Bearing.TURN_LEFT: Bearing.TURN_RIGHT, Bearing.TURN_RIGHT: Bearing.TURN_LEFT,
           Bearing.BANK_LEFT: Bearing.BANK_RIGHT, Bearing.BANK_RIGHT: Bearing.BANK_LEFT}


def _mirrored(ctx: Ctx) -> list[Option]:
    ship = ctx.ship
    if ship.dial_set is None:
        return []
    revealed = Maneuver.parse(ship.dial_set)
    other = _MIRROR.get(revealed.bearing)
    if other is None:
        return []
    # the dial's own maneuver of that speed and bearing, with its printed difficulty
    return [Option(code, f"set the dial to [{code}]") for code in ship.dial
            if Maneuver.parse(code).speed == revealed.speed
            and Maneuver.parse(code).bearing is other]


register("upgrade", "slavei",
         Triggered("set the dial to the same turn or bank in the other direction",
                   window="after_reveal", requirement=is_me, choices=_mirrored,
                   effect=set_dial),
         description="After revealing a bank or turn: may switch the dial to the mirror-image "
                     "maneuver (same speed and bearing, opposite direction). Adds a torpedo slot.")


def _behind_defender(game: Any, attack: Any, owner: Any) -> bool:
    defender = game.state.ships[attack.defender]
    # RR: ARC - a [Front Arc] attack, the attacker in the defender's full rear arc
    return (attack.arc is Arc.FRONT and not defender.remote
            and is_in_arc(defender, owner, Arc.FULL_REAR))


register("upgrade", "slavei-swz82",
         DiceMod("change 1 hit result to a critical hit", dice=dice("slavei-swz82"),
                 applies=attacking_if(_behind_defender)),
         description="[Front Arc] attack from the defender's full rear arc: may change 1 hit "
                     "result to a critical hit. Adds a gunner slot.")

# ------------------------------------------------------------- Andrasta, Mist Hunter
# their text is their grants (slots and actions), which the engine's loadout applies
register("upgrade", "andrasta", description="Adds a device slot and a white reload action.")
register("upgrade", "misthunter",
         description="Adds a cannon slot and a white barrel roll action.")

# ----------------------------------------------------------------------- Marauder
register("upgrade", "marauder",
         DiceMod("reroll 1 attack die", dice=dice("marauder"),
                 applies=attacking_if(lambda game, attack, owner: attack.primary
                                      and attack.arc is Arc.REAR)),
         description="Primary [Rear Arc] attack: may reroll 1 attack die. Adds a gunner slot.")

# ----------------------------------------------------------------------- Gauntlet
register("upgrade", "gauntlet",
         Triggered("spend 1 charge: repair 1 faceup Ship damage card", window="system_phase",
                   cost=Cost(charges=1),
                   requirement=lambda ctx: is_me(ctx) and bool(faceup_ship_damage(ctx.ship)),
                   choices=lambda ctx: damage_options(faceup_ship_damage(ctx.ship)),
                   effect=lambda ctx, choice: repair_damage(ctx.game, ctx.ship, int(choice))),
         description="System Phase: may spend 1 charge to repair 1 faceup damage card with "
                     "the Ship trait. (Its crew slot grant is applied by the loadout.)")
