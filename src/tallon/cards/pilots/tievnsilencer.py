"""TIE/vn Silencer pilots (First Order). Their ship ability, Autothrusters, is registered with
the TIE/in Interceptor (cards/pilots/tieininterceptor.py). First Order Test Pilot and
Sienar-Jaemus Engineer have no ability text."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import bar_actions, grant_action
from tallon.cards.common import (
    BULLSEYE_TREATED,
    is_in_arc,
    is_me,
    obstruction_ignored,
    range_of,
    recalled,
    remember,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition
from tallon.engine.state import ShipState, WeaponSpec
from tallon.geometry import Arc

SHIP = "tievnsilencer"


# ------------------------------------------------------------------- no ability
# First Order Test Pilot and Sienar-Jaemus Engineer print flavour text only: Autothrusters
# is all they need.


# ------------------------------------------------------------------- "Blackout"
def _blackout(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    # RR: OBSTRUCTED - attack.obstructed is set only by obstacles (ships and devices
    # obstruct with no effect); an obstacle the attacker ignores does not obstruct for it
    if attack is None or attack.attacker != owner.id or not attack.obstructed:
        return 0
    return 0 if obstruction_ignored(game, owner, attack=attack) else 2


register("pilot", "blackout",
         Modifier("the defender rolls 2 fewer defense dice through an obstacle",
                  hook="defense_dice_reduction", value=_blackout),
         description="Attacking through an obstacle (the attack is obstructed): the defender "
                     "rolls 2 fewer defense dice.")


# ------------------------------------------------------------------- Kylo Ren
def _kylo_applies(ctx: Ctx) -> bool:
    if not is_me(ctx, "defender"):
        return False
    attacker = ctx.other(ctx.event["attacker"])
    # RR: CONDITION CARDS - conditions are assigned to ships: not to a remote
    return attacker.in_play and not attacker.remote


register("pilot", "kyloren",
         Triggered("spend 1 Force: assign I'll Show You the Dark Side to the attacker",
                   window="after_defend", cost=Cost(force=1), requirement=_kylo_applies,
                   effect=lambda ctx, choice: assign_condition(
                       ctx.game, ctx.other(ctx.event["attacker"]), "illshowyouthedarkside",
                       ctx.ship.owner)),
         description="After he defends: may spend 1 Force; the attacker is then assigned the "
                     "condition I'll Show You the Dark Side.")


# ------------------------------------------------------------------- "Avenger"
def _avenger_applies(ctx: Ctx) -> bool:
    lost = ctx.other(ctx.event["ship"])
    return (lost.id != ctx.ship.id and friendly(lost, ctx.ship) and not lost.remote
            and ctx.ship.in_play)


register("pilot", "avenger",
         grant_action("perform an action, even while stressed", "after_destroyed",
                      lambda ctx: bar_actions(ctx.game, ctx.ship, False, even_stressed=True),
                      requirement=_avenger_applies, even_stressed=True),
         description="After another friendly ship is destroyed: may perform an action, even "
                     "while stressed.")


# ---------------------------------------------------------------------- "Rush"
RUSH = "rush:initiative"
RUSH_INITIATIVE = 6


def _rush_applies(ctx: Ctx) -> bool:
    # the ability starts when the ship becomes damaged; a second damage card changes nothing
    # (RR: INITIATIVE - the most recent initiative effect applies)
    return is_me(ctx) and bool(ctx.ship.damage) and not recalled(ctx.ship, RUSH)


def _rush_on(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    remember(ship, RUSH, True)
    ship.round_initiative = RUSH_INITIATIVE
    ctx.game.event("ability", f"{ship.name} ({ship.id}) is damaged: initiative "
                   f"{RUSH_INITIATIVE}", ship=ship.id)


def _rush_new_round(ctx: Ctx) -> bool:
    # a new round clears every "until the end of the round" initiative: still damaged, the
    # ship treats its initiative as 6 again
    return bool(ctx.ship.damage) and ctx.ship.in_play


def _rush_off(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    remember(ship, RUSH, None)
    # RR: INITIATIVE - once the effect ends the initiative returns to the printed one,
    # unless a later effect replaced this one
    if ship.round_initiative == RUSH_INITIATIVE:
        ship.round_initiative = None
    ctx.game.event("ability", f"{ship.name} ({ship.id}) is no longer damaged: initiative "
                   f"{ship.current_initiative}", ship=ship.id)


register("pilot", "rush",
         Triggered("damaged: your initiative is 6", window="damage_card_dealt",
                   optional=False, requirement=_rush_applies, effect=_rush_on),
         Triggered("damaged at the start of the round: your initiative is 6",
                   window="start_round", optional=False, requirement=_rush_new_round,
                   effect=_rush_on),
         Triggered("no longer damaged: your initiative is printed one", window="after_repair",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx) and not ctx.ship.damage
                   and bool(recalled(ctx.ship, RUSH)),
                   effect=_rush_off),
         description="While damaged (at least one damage card): his initiative is treated as "
                     "6.")


# ------------------------------------------------------------------- "Recoil"
RECOIL = "recoil"


def recoil_treats(ship: ShipState, target: ShipState) -> bool:
    """While stressed, an enemy ship in his front arc at range 0-1 counts as in his
    bullseye arc. "You may": his player always takes it (ruling: the engine cannot tell who
    profits from an arc test; being in his bullseye arc helps him in nearly every case)."""
    if not ship.stressed or target.owner == ship.owner or target.remote:
        return False
    near = range_of(ship, target)
    return near is not None and near <= 1 and is_in_arc(ship, target, Arc.FRONT)


def _recoil_weapons(game: Any, owner: ShipState, weapon: WeaponSpec | None = None,
                    **facts: Any) -> tuple[tuple[str, int, int], ...]:
    # RR: BULLSEYE ARC - a weapon needing the bullseye arc may reach enemies in the front
    # arc at the part of its range that lies within range 0-1
    if weapon is None or weapon.arc != "bullseye" or not owner.stressed \
            or weapon.min_range > 1:
        return ()
    return (("front", weapon.min_range, min(weapon.max_range, 1)),)


BULLSEYE_TREATED[("pilot", RECOIL)] = recoil_treats
register("pilot", RECOIL,
         Modifier("stressed: bullseye weapons reach enemies in the front arc at range 0-1",
                  hook="weapon_arc_alternatives", value=_recoil_weapons),
         description="While stressed: enemy ships in his front arc at range 0-1 count as "
                     "in his bullseye arc (his abilities' arc tests and his bullseye "
                     "weapons).")
