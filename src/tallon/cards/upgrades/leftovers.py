"""Upgrades whose text the engine's general rules mostly carry: the titles B6 Blade Wing
Prototype (A/SF-01 B-wing) and Moldy Crow (HWK-290), and the configurations Intercept
Booster (Droid Tri-fighter, two-sided) and Wartime Loadout (BTA-NR2 Y-wing, standardized),
with the ship ability Wartime Loadout brings, Devastating Barrage.

Slots a card adds come from the card data's grants (B6's Gunner slot) or, where the data
does not record them, from squads/slots.py TEXT_SLOT_GRANTS (Wartime Loadout's torpedo and
missile slots); stat and action grants are the loadout's (engine/loadout.py build_ship),
which also gives a ship a configuration's ship ability instead of its pilot's.
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, weapon_of_type
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import in_arc_of_attacker
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import flip_upgrade, gain_token
from tallon.engine.state import AttackState, ShipState, Token
from tallon.geometry import Arc

B6 = "b6bladewingprototype"
MOLDY_CROW = "moldycrow"
BOOSTER = "interceptbooster"
WARTIME = "wartimeloadout"
ATTACHED, DETACHED = 0, 1
#: Moldy Crow's primary weapon: (arc, attack value)
MOLDY_CROW_WEAPON = ("front", 3)
MOLDY_CROW_KEPT = 2
ORDNANCE = ("torpedo", "missile")


# ------------------------------------------------------ B6 Blade Wing Prototype
# RR: UPGRADE CARDS - the Gunner slot is a grant in the card data (squads/slots.py
# upgrade_bar adds it); nothing is left for the engine to play
register("upgrade", B6,
         description="Adds a Gunner slot to the B-wing's upgrade bar.")


# ---------------------------------------------------------------- Moldy Crow
def _moldy_crow_weapon(game: Any, owner: ShipState, **facts: Any) -> list[tuple[str, int]]:
    # RR: PRIMARY WEAPON - a second primary weapon beside the HWK's turret one
    return [MOLDY_CROW_WEAPON]


def _moldy_crow_keeps(game: Any, owner: ShipState, ship: ShipState | None = None,
                      token: Token | None = None, **facts: Any) -> int:
    # RR: END PHASE - "up to 2": keeping a focus token never costs its owner anything the
    # engine knows of, so it keeps as many as it has, at most 2 (ruling)
    if ship is None or ship.id != owner.id or token is not Token.FOCUS:
        return 0
    return MOLDY_CROW_KEPT


register("upgrade", MOLDY_CROW,
         Modifier("a front-arc primary weapon of value 3", hook="primary_weapons",
                  value=_moldy_crow_weapon),
         Modifier("up to 2 focus tokens stay in the End Phase",
                  hook="end_phase_kept_tokens", value=_moldy_crow_keeps),
         description="Gives the HWK-290 a primary weapon in its front arc with 3 attack dice; "
                     "in the End Phase it keeps up to 2 of its focus tokens.")


# ---------------------------------------------------------- Intercept Booster
def _booster_choices(ctx: Ctx) -> list[Option]:
    # keeping the booster (and its SLAM) is listed first: agents answering with the first
    # option stay attached while they can
    return [Option("disarm", "keep the booster attached: gain 1 disarm token"),
            Option("flip", "flip Intercept Booster (Detached)")]


def _booster_system(ctx: Ctx, choice: Any) -> None:
    # RR: DISARMED - the disarm token leaves in the End Phase like any orange token
    if choice == "flip":
        flip_upgrade(ctx.game, ctx.ship, BOOSTER, DETACHED)
    else:
        gain_token(ctx.game, ctx.ship, Token.DISARM)


def _booster_spent(ctx: Ctx) -> bool:
    # RR: NEGATIVE RECURRING CHARGES - lost in the End Phase, before its end
    charge = ctx.ship.charges.get(BOOSTER)
    return ctx.ship.in_play and (charge is None or charge.active == 0)


register("upgrade", BOOSTER,
         Modifier("starts with the Attached side faceup", hook="starts_faceup",
                  value=lambda game, owner, **facts: facts.get("card") == BOOSTER),
         # RR: SYSTEM PHASE
         Triggered("gain 1 disarm token unless you flip this card", window="system_phase",
                   optional=False, requirement=is_me, choices=_booster_choices,
                   effect=_booster_system),
         Triggered("no active charge: flip this card", window="end_phase_end",
                   optional=False, requirement=_booster_spent,
                   effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship, BOOSTER,
                                                           DETACHED)),
         back=(),
         description="Attached (equipped faceup at setup; 3 charges, one lost each End "
                     "Phase; adds a SLAM linked to a red lock): in the System Phase the ship "
                     "gains a disarm token unless it flips the card; at the end of the End "
                     "Phase with no active charge left, the card flips. Detached: nothing.")


# ------------------------------------------------------------ Wartime Loadout
# RR: STANDARDIZED is a squad-building rule (squads/legality.py); the slots, the lock and
# reload actions and the 2 shields are the engine's, and the loadout swaps Intuitive
# Interface for Devastating Barrage
register("upgrade", WARTIME,
         description="Adds a torpedo and a missile slot, a lock and a reload action and 2 "
                     "shields; the ship ability becomes Devastating Barrage.")


def _barrage(game: Any, owner: ShipState, attack: AttackState | None = None,
             **facts: Any) -> bool:
    if attack is None or attack.attacker != owner.id or \
            not weapon_of_type(attack.weapon, ORDNANCE):
        return False
    # RR: BULLSEYE ARC - read when the results are neutralized
    return in_arc_of_attacker(game, attack, Arc.BULLSEYE)


register("ship_ability", "Devastating Barrage",
         Modifier("torpedo and missile attacks at a defender in the bullseye arc: evades "
                  "don't cancel critical hits", hook="evades_ignore_crits", value=_barrage),
         description="Attacking with a torpedo or missile at a defender in its bullseye arc: "
                     "evade results cancel none of its critical hit results.")
