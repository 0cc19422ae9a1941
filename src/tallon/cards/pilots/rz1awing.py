"""RZ-1 A-wing pilots (Rebel Alliance), with their standard-loadout versions, and the ship
abilities Vectored Thrusters and Vectored Cannons (Battle over Endor).

The generic pilots (Green Squadron Pilot, Phoenix Squadron Pilot) have no ability text and
need no registration.
"""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import (
    bar_actions,
    during_activation,
    grant_action,
    granted,
    let_perform,
    may_perform,
)
from tallon.cards.common import (
    attacking,
    defending,
    defending_if,
    dice,
    is_in_arc,
    is_me,
    primary_in_front_arc,
    range_zero_as_one,
    recalled,
    recover_force,
    remember,
    remove_token_choice,
    ship_options,
    ships_in_range,
    token_choices,
)
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import BOTH_ROLES
from tallon.dice.abilities.effects import AddResults, CardAbility
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.actions import PerformAction
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.queue import fire
from tallon.engine.state import AttackState, ShipState, Token, WeaponSpec
from tallon.geometry import Arc, Bearing, Maneuver

RED_BOOST = granted("boost", "red", "Vectored Thrusters")
FOCUS = granted("focus", "white", "jakefarrell")


# ------------------------------------------------------------- ship abilities
# the ability triggers after any action; it has an effect only if the boost can be done
register("ship_ability", "Vectored Thrusters",
         may_perform("perform a red boost action", "after_action", lambda ctx: (RED_BOOST,),
                     requirement=is_me, label="perform a red boost action", key="boost"),
         description="After performing an action: may perform a red boost action.")

CANNONS_ACTIONS = (granted("boost", "red", "Vectored Cannons"),
                   granted("rotate", "red", "Vectored Cannons"))

register("ship_ability", "Vectored Cannons",
         grant_action("perform a red boost or red rotate action", "system_phase",
                      lambda ctx: list(CANNONS_ACTIONS), requirement=is_me),
         # RR: ROTATE - the indicator may only turn to the front or the rear arc
         Modifier("the turret turns only to the front or rear arc", hook="turret_arcs_allowed",
                  value=lambda game, owner, ship=None, **facts: (Arc.FRONT, Arc.REAR)),
         description="During the System Phase: may perform a red boost or red rotate "
                     "action. Its turret indicator can be rotated only to its front or rear "
                     "arc.")


# --------------------------------------------------------------------- pilots
def _jake_targets(ctx: Ctx) -> list[Any]:
    return ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True)


JAKE = Triggered("a friendly ship at range 0-1 may perform a focus action",
                 window="after_action",
                 requirement=lambda ctx: is_me(ctx) and ctx.event["action"] in (
                     "barrel_roll", "boost"),
                 choices=lambda ctx: ship_options(_jake_targets(ctx)),
                 effect=lambda ctx, choice: let_perform(ctx.game, choice, (FOCUS,),
                                                        during_activation(ctx)))
for _xws in ("jakefarrell", "jakefarrell-swz106"):
    register("pilot", _xws, JAKE,
             description="After a barrel roll or boost action: a friendly ship at range 0-1 "
                         "(him too) may perform a focus action.")


register("pilot", "wedgeantilles-rz1awing",
         Modifier("the defender in the front arc rolls 1 fewer defense die",
                  hook="defense_dice_reduction", value=primary_in_front_arc),
         description="Primary attack against a defender in his front arc: the defender "
                     "rolls 1 fewer defense die.")


def _enemy_of(attack: AttackState, owner: ShipState) -> str:
    return attack.defender if attack.attacker == owner.id else attack.attacker


def _sabine_applies(game: Any, attack: AttackState, owner: ShipState,
                    user: ShipState) -> bool:
    if user.id != owner.id or not (attacking(attack, owner) or defending(attack, owner)):
        return False
    enemy = game.state.ships[_enemy_of(attack, owner)]
    return attack.range == 1 and is_in_arc(enemy, owner, Arc.FRONT)


# the change targets a hit on attack dice and an evade on defense dice: the dice she rolls
register("pilot", "sabinewren-rz1awing",
         DiceMod("change 1 result to a hit or evade result",
                 dice=dice("sabinewren-rz1awing"),
                 applies=_sabine_applies),
         description="Attacking or defending at attack range 1 while in the enemy ship's "
                     "front arc: may change 1 of her results to a hit (attacking) or an "
                     "evade (defending).")


def _shara_applies(game: Any, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    if user.id != owner.id:
        return False
    if attacking(attack, owner):
        return attack.primary and attack.defender in owner.locks
    return defending(attack, owner) and attack.attacker in owner.locks


def _shara_spend_lock(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    enemy = _enemy_of(attack, ctx.ship)
    ctx.ship.locks = [t for t in ctx.ship.locks if t != enemy]
    ctx.game.event("lock", f"{ctx.ship.name} ({ctx.ship.id}) spends its lock on {enemy}",
                   ship=ctx.ship.id)
    fire(ctx.game, "after_spend_lock", ship=ctx.ship.id, target=enemy)


# the dice catalogue's resources know only the attacker's lock on the defender: the card
# checks her lock on the enemy in ``applies`` and spends it once the result is added
SHARA = DiceMod("spend your lock on the enemy ship to add 1 focus result",
                dice=CardAbility("sharabey-rz1awing",
                                 "Shara Bey (spend lock on the enemy: add 1 focus result)",
                                 effect=AddResults(Face.FOCUS), roles=BOTH_ROLES),
                applies=_shara_applies, after=_shara_spend_lock)
for _xws in ("sharabey-rz1awing", "sharabey-swz106"):
    register("pilot", _xws, SHARA,
             description="Defending or performing a primary attack: may spend her lock on "
                         "the enemy ship to add 1 focus result.")


def _after_my_lock(ctx: Ctx) -> bool:
    return is_me(ctx) and bool(token_choices(ctx.game, ctx.ship, ("red",)))


HOBBIE_TITLE = "remove 1 red token"
register("pilot", "derekklivian",
         Triggered(HOBBIE_TITLE, window="after_lock", requirement=_after_my_lock,
                   choices=lambda ctx: token_choices(ctx.game, ctx.ship, ("red",)),
                   effect=lambda ctx, choice: remove_token_choice(ctx.game, ctx.ship, choice)),
         Triggered(HOBBIE_TITLE, window="after_spend_lock", requirement=_after_my_lock,
                   choices=lambda ctx: token_choices(ctx.game, ctx.ship, ("red",)),
                   effect=lambda ctx, choice: remove_token_choice(ctx.game, ctx.ship, choice)),
         description="After acquiring or spending a lock: may remove 1 red token from "
                     "himself.")


def _tycho(game: Any, owner: ShipState, ship: ShipState | None = None, **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and owner.count(Token.STRESS) <= 2


register("pilot", "tychocelchu",
         Modifier("may perform actions while he has 2 or fewer stress tokens",
                  hook="may_act_stressed", value=_tycho),
         description="With 2 or fewer stress tokens: may perform actions even while "
                     "stressed.")


def _ahsoka_targets(ctx: Ctx) -> list[ShipState]:
    # the Force is paid only for a ship that can then perform an action
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 2, friendly=True, other=True)
            if bar_actions(ctx.game, s, False, even_stressed=True)]


def _ahsoka(ctx: Ctx, choice: Any) -> None:
    # the chosen ship acts outside its own activation
    ctx.game.push(PerformAction(choice, during_activation=False, even_stressed=True))


register("pilot", "ahsokatano-rz1awing",
         Triggered("spend 2 Force: a friendly ship at range 1-2 may perform an action, even "
                   "while stressed", window="after_execute", cost=Cost(force=2),
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event["full"]),
                   choices=lambda ctx: ship_options(_ahsoka_targets(ctx)), effect=_ahsoka),
         description="After fully executing a maneuver: may spend 2 Force to let a friendly "
                     "ship at range 1-2 perform an action, even while stressed.")


register("pilot", "arvelcrynyd-battleoverendor",
         DiceMod("gain a strain token to change 1 focus result to an evade result",
                 dice=dice("arvelcrynyd-battleoverendor"),
                 applies=defending_if()),
         description="While defending: may gain a strain token to change 1 focus result to "
                     "an evade result.")

register("pilot", "gemmersojan-battleoverendor",
         DiceMod("gain a strain token to change up to 2 blank results to focus results",
                 dice=dice("gemmersojan-battleoverendor"),
                 applies=defending_if()),
         description="While defending: may gain a strain token to change up to 2 blank "
                     "results to focus results.")


def _missile(weapon: WeaponSpec | None) -> bool:
    return weapon is not None and weapon.card is not None and \
        "missile" in load_cards().upgrade(weapon.card).slots


def _tycho_disarmed_missile(game: Any, owner: ShipState, ship: ShipState | None = None,
                            weapon: WeaponSpec | None = None, **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and _missile(weapon)


def _tycho_max_dice(game: Any, owner: ShipState, attack: AttackState | None = None,
                    **facts: Any) -> int | None:
    if attack is None or attack.attacker != owner.id or not owner.disarmed \
            or not _missile(attack.weapon):
        return None
    return 4


# RR: DISARMED - only his missile weapons stay usable; the maximum applies to those attacks
register("pilot", "tychocelchu-battleoverendor",
         Modifier("may perform missile attacks while disarmed", hook="attack_while_disarmed",
                  value=_tycho_disarmed_missile),
         Modifier("a missile attack while disarmed rolls at most 4 dice",
                  hook="max_attack_dice", value=_tycho_max_dice),
         description="While disarmed: can still perform missile attacks, rolling at most 4 "
                     "attack dice in them.")


KEO = "keovenzee"
SLIPS = (Bearing.BANK_LEFT, Bearing.BANK_RIGHT, Bearing.TURN_LEFT, Bearing.TURN_RIGHT)


def _same_maneuver(a: str, b: str) -> bool:
    x, y = Maneuver.parse(a), Maneuver.parse(b)
    return x.speed == y.speed and x.bearing is y.bearing


def _keo_may(ctx: Ctx) -> bool:
    return (is_me(ctx) and ctx.ship.force == 0
            and Maneuver.parse(ctx.event["maneuver"]).bearing in SLIPS)


def _keo(ctx: Ctx, choice: Any) -> None:
    # RR: DIFFICULTY - the harder maneuver counts when it is executed (a red one stays red)
    ctx.ship.execute_difficulty += 1
    remember(ctx.ship, KEO, [ctx.state.round, ctx.event["maneuver"]])
    recover_force(ctx.ship)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) will execute "
                   f"[{ctx.event['maneuver']}] as a harder sideslip and recovers 1 Force",
                   ship=ctx.ship.id)


def _keo_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    plan = recalled(ctx.ship, KEO)
    # the stress maneuver (a red one while stressed) is not the revealed bank or turn
    return (facts["ship"] == ctx.ship.id and plan is not None
            and plan[0] == ctx.state.round and not facts["ion"] and not facts["slam"]
            and _same_maneuver(facts["maneuver"], plan[1]))


def _keo_replace(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    remember(ctx.ship, KEO, None)
    ctx.game.push(ExecuteManeuver(ctx.ship.id, facts["maneuver"], replaceable=False,
                                  sideslip=True))


register("pilot", KEO,
         Triggered("increase the maneuver's difficulty to execute it as a sideslip and "
                   "recover 1 Force", window="after_reveal", requirement=_keo_may,
                   effect=_keo),
         Replacement("execute the revealed maneuver as a sideslip", point="execute_maneuver",
                     optional=False, applies=_keo_applies, replace=_keo_replace),
         Triggered("the sideslip plan ends", window="after_execute", optional=False,
                   requirement=lambda ctx: is_me(ctx) and recalled(ctx.ship, KEO) is not None,
                   effect=lambda ctx, choice: remember(ctx.ship, KEO, None)),
         description="With no active Force, after revealing a bank or turn: may increase its "
                     "difficulty to execute it as a sideslip and recover 1 Force.")


# --------------------------------------------------------------------- Arvel Crynyd
ARVEL = (
    # RR: BOOST - the boost that would fail by overlapping a ship may be resolved as a
    # partially executed maneuver of its template instead (engine: PartialBoost)
    Modifier("a boost overlapping a ship may be resolved as a partial maneuver",
             hook="boost_partially",
             value=lambda game, owner, ship=None, **facts: ship is not None
             and ship.id == owner.id),
    Modifier("an attack at attack range 0 is treated as at attack range 1",
             hook="treated_attack_range", value=range_zero_as_one))
for _xws in ("arvelcrynyd", "arvelcrynyd-swz106"):
    register("pilot", _xws, *ARVEL,
             description="A boost that would fail by overlapping another ship may be resolved "
                         "as though partially executing a maneuver instead. His attacks at "
                         "attack range 0 are treated as attacks at attack range 1.")
