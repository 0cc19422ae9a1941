"""Hardpoint upgrades of huge ships (RR: APPENDIX: HUGE SHIPS): special weapons whose
"BONUS ATTACK:" headers the huge ship uses while it engages, each once per round, paying
energy from the ship card (``Weapon.bonus``: engine/attack.py HugeAttacks). "Setup: Equip
this side faceup" is the engine's default (the front side). An offline side either flips
back for 2 energy after the ship engages or repairs itself with an action for 1 energy.
Ordnance Tubes' headers fire the ship's torpedo and missile upgrades instead (hook
``bonus_attack_headers``), as does the C-ROC's configuration Corsair Refit's for its cannon,
turret and missile weapons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import (
    GainTokens,
    after_attack_with,
    attacking_with,
    replaces_damage,
    with_weapon,
)
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import CardAbility, ChangeResults, change_one
from tallon.engine.abilities import (
    FREE,
    CardAction,
    Cost,
    Ctx,
    DiceMod,
    Modifier,
    Triggered,
    Weapon,
)
from tallon.engine.action_bodies import lock_targets
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, flip_upgrade, suffer_damage
from tallon.engine.movement import ExecuteManeuver

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState, WeaponSpec

#: a "BONUS ATTACK: Spend 1 energy." header
ONE_ENERGY = Cost(energy=1)


# -------------------------------------------------------------- the offline sides
def online_after_engage(card: str) -> Triggered:
    """"Offline: After you engage, you may spend 2 energy to flip this card." """
    return Triggered("spend 2 energy to flip this card faceup", window="after_engage",
                     cost=Cost(energy=2), requirement=lambda ctx: is_me(ctx),
                     effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship, card, 0))


def repair_action(card: str) -> CardAction:
    """"Action: Spend 1 energy to repair this card." (ruling: the offline side flips back
    to its faceup side)."""
    return CardAction("spend 1 energy to repair this card", key="repair", cost=ONE_ENERGY,
                      effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship, card, 0))


# --------------------------------------------------------- Point-Defense Battery
register("upgrade", "pointdefensebattery",
         Weapon("Point-Defense Battery", bonus=(ONE_ENERGY,) * 4),
         back=(online_after_engage("pointdefensebattery"),),
         description="Four bonus attacks a round, each for 1 energy: 2 dice at range 1-2 in "
                     "the double turret arc. Offline: after engaging, 2 energy flip it "
                     "back.")


# ------------------------------------------------------------- Targeting Battery
def _lock_after(ctx: Ctx) -> bool:
    defender = ctx.event.get("defender")
    return after_attack_with(ctx, "targetingbattery") and \
        defender in lock_targets(ctx.game, ctx.ship)


register("upgrade", "targetingbattery",
         Weapon("Targeting Battery", bonus=(ONE_ENERGY,)),
          # RR: FAQ (huge ships) - the lock obeys the usual lock range
          Triggered("acquire a lock on the defender", window="after_attack",
                    requirement=_lock_after,
                    effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                            ctx.event["defender"])),
         back=(online_after_engage("targetingbattery"),),
         description="Bonus attack for 1 energy: 3 dice at range 2-5 in the single turret arc; "
                     "afterwards it may lock the defender (within its lock range). Offline: "
                     "after engaging, 2 energy flip it back.")


# ------------------------------------------------------------ Turbolaser Battery
def _add_three_hits(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.hits += 3
    ctx.game.event("neutralize", f"{ctx.ship.name} ({ctx.ship.id}): Turbolaser Battery adds "
                   f"3 hit results: {attack.hits} hit(s), {attack.crits} critical hit(s)",
                   ship=ctx.ship.id, hits=attack.hits, crits=attack.crits)


register("upgrade", "turbolaserbattery",
         Weapon("Turbolaser Battery", requires="lock", bonus=(Cost(energy=3),)),
          # the results are neutralized: the added hits can't be canceled (ruling)
          Triggered("the attack hits: add 3 hit results", window="after_neutralize",
                    optional=False, effect=_add_three_hits,
                    requirement=lambda ctx: attacking_with(ctx, "turbolaserbattery")
                    and ctx.attack is not None and ctx.attack.hit),
         back=(online_after_engage("turbolaserbattery"),),
         description="Bonus attack (lock) for 3 energy: 3 dice at range 3-5 in the single "
                     "turret arc; if it hits, 3 hit results are added. Offline: after "
                     "engaging, 2 energy flip it back.")


# ------------------------------------------------------------ Ion Cannon Battery
def _ion_battery(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    defender = ctx.other(attack.defender)
    ions = attack.hits + attack.crits
    suffer_damage(ctx.game, defender, crits=1, cause="ioncannonbattery")
    # after the damage: scheduled behind it
    ctx.game.now(GainTokens(defender.id, "ion", ions, ctx.ship.owner))


register("upgrade", "ioncannonbattery",
         Weapon("Ion Cannon Battery", bonus=(ONE_ENERGY,)),
          replaces_damage("ioncannonbattery", "the results give ion tokens instead of damage"),
          Triggered("1 critical damage, and every result gives an ion token",
                    window="attack_hit", optional=False, effect=_ion_battery,
                    requirement=lambda ctx: attacking_with(ctx, "ioncannonbattery")),
         back=(online_after_engage("ioncannonbattery"),),
         description="Bonus attack for 1 energy: 4 dice at range 2-4 in the single turret arc; "
                     "on a hit the defender suffers 1 critical damage and gains 1 ion token "
                     "per hit or critical result instead of their damage. Offline: after "
                     "engaging, 2 energy flip it back.")


# ---------------------------------------------------------------------- Drill Beak
DRILL_BEAK = CardAbility("drillbeak", "Drill Beak (range 0: every hit to a crit)",
                         effect=ChangeResults(None, (Face.HIT,), (Face.CRIT,)),
                         roles=ATTACKING, mandatory=True)
_with_beak = with_weapon("drillbeak")

register("upgrade", "drillbeak",
         Weapon("Drill Beak", bonus=(ONE_ENERGY,)),
          DiceMod("at range 0: change every hit result to a critical hit", dice=DRILL_BEAK,
                  applies=lambda game, attack, owner, user: _with_beak(game, attack, owner, user)
                  and attack.range == 0),
         back=(repair_action("drillbeak"),),
         description="Bonus attack for 1 energy: 3 ordnance dice at range 0-1 in the rear arc; "
                     "at range 0 every hit result becomes a critical hit. Offline: an action "
                     "for 1 energy repairs it.")


# -------------------------------------------------------------- Tractor Tentacles
register("upgrade", "tractortentacles",
         Weapon("Tractor Tentacles", bonus=(FREE,) + (ONE_ENERGY,) * 4),
         back=(repair_action("tractortentacles"),),
         description="Five bonus attacks a round, the first free, the others for 1 energy "
                     "each: 2 ordnance dice at range 1-2 in the rear arc. Offline: an action "
                     "for 1 energy repairs it.")


# ---------------------------------------------------------- Proton Cannon Battery
PROTON_BATTERY = change_one("protoncannonbattery", "Proton Cannon Battery (1 hit to crit)",
                            Face.HIT, Face.CRIT, ATTACKING, mandatory=True)

register("upgrade", "protoncannonbattery",
         Weapon("Proton Cannon Battery", bonus=(FREE, ONE_ENERGY)),
          DiceMod("change 1 hit result to a critical hit", dice=PROTON_BATTERY,
                  applies=with_weapon("protoncannonbattery")),
         back=(repair_action("protoncannonbattery"),),
         description="Two bonus attacks a round, the first free, the second for 1 energy: 4 "
                     "dice at range 2-5 in the bullseye arc; 1 hit result becomes a critical "
                     "hit. Offline: an action for 1 energy repairs it.")


# ------------------------------------------------------------- Enhanced Propulsion
#: the maneuvers it may execute, as dial codes (all white)
PROPULSION = {"2FW": "a white [2 straight]", "1BW": "a white [1 bank left]",
              "1NW": "a white [1 bank right]"}


register("upgrade", "enhancedpropulsion",
         Triggered("spend 2 energy to execute a white [2 straight] or [1 bank]",
                   window="start_end_phase", cost=Cost(energy=2),
                   requirement=lambda ctx: ctx.ship.in_play,
                   choices=lambda ctx: [Option(code, label)
                                        for code, label in PROPULSION.items()],
                   # with the huge ship maneuver tool (RR: APPENDIX: HUGE SHIPS - MOVEMENT)
                   effect=lambda ctx, choice: ctx.game.push(
                       ExecuteManeuver(ctx.ship.id, str(choice), replaceable=False))),
         back=(repair_action("enhancedpropulsion"),),
         description="At the start of the End Phase: may spend 2 energy to execute a white "
                     "[2 straight], [1 bank left] or [1 bank right]. Offline: an action for 1 "
                     "energy repairs it.")


# ------------------------------------------------------------------ Ordnance Tubes
#: its headers by the slot of the weapon they fire: "Bonus Attack: Perform a [Torpedo]
#: attack. Bonus Attack: Perform a [Missile] attack."
TUBE_HEADERS = {"torpedo": 0, "missile": 1}


def _ordnance_slot(card: str | None) -> str | None:
    if card is None:
        return None
    slot = load_cards().upgrade(card).slot
    return slot if slot in TUBE_HEADERS else None


def _tube_arc(instead: str) -> Any:
    def value(game: Game, owner: ShipState, card: str = "", arc: str = "",
              **facts: Any) -> str | None:
        # RR: SPECIAL WEAPON - only the [Front Arc] requirement changes
        return instead if arc == "front" and _ordnance_slot(card) else None

    return value


def _tube_headers(game: Game, owner: ShipState, weapon: WeaponSpec | None = None,
                  **facts: Any) -> tuple[tuple[int, Cost], ...]:
    slot = _ordnance_slot(weapon.card if weapon is not None else None)
    return ((TUBE_HEADERS[slot], FREE),) if slot else ()


def _tube_only(game: Game, owner: ShipState, weapon: WeaponSpec | None = None,
               **facts: Any) -> bool:
    return weapon is not None and _ordnance_slot(weapon.card) is not None


register("upgrade", "ordnancetubes",
         Modifier("torpedo and missile attacks only as bonus attacks",
                  hook="bonus_attack_only", value=_tube_only),
         Modifier("torpedoes' and missiles' front arc requirement: the full front arc",
                  hook="special_weapon_arc", value=_tube_arc("full_front")),
         Modifier("a bonus torpedo attack and a bonus missile attack",
                  hook="bonus_attack_headers", value=_tube_headers),
         back=(Modifier("torpedoes' and missiles' front arc requirement: the bullseye arc",
                        hook="special_weapon_arc", value=_tube_arc("bullseye")),
               CardAction("spend 2 energy to flip this card", key="flip",
                          cost=Cost(energy=2),
                          effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship,
                                                                  "ordnancetubes", 0))),
         description="Torpedo and missile attacks only as bonus attacks (a torpedo one and a "
                     "missile one a round), their front arc requirement the full front arc. "
                     "Offline: the bullseye arc instead; an action for 2 energy flips it "
                     "back.")


# ------------------------------------------------------------------ Corsair Refit
#: the slots whose weapons its header fires: "Bonus Attack: Spend 1 [Energy] to perform a
#: [Cannon], [Turret], or [Missile] attack."
REFIT_SLOTS = ("cannon", "turret", "missile")


def _refit_headers(game: Game, owner: ShipState, weapon: WeaponSpec | None = None,
                   **facts: Any) -> tuple[tuple[int, Cost], ...]:
    card = weapon.card if weapon is not None else None
    slot = load_cards().upgrade(card).slot if card else None
    return ((0, ONE_ENERGY),) if slot in REFIT_SLOTS else ()


register("upgrade", "corsairrefit",
         Modifier("a bonus cannon, turret or missile attack for 1 energy",
                  hook="bonus_attack_headers", value=_refit_headers),
         description="A C-ROC configuration (its slots, hull, shields and energy are "
                     "grants): once a round, a bonus cannon, turret or missile attack for "
                     "1 energy.")
