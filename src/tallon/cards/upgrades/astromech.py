"""Astromech upgrades: the standard-loadout droids of the Battle of Yavin and Battle over
Endor X-wings, and the astromechs most often fielded."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import bar_actions, during_activation, granted, may_perform
from tallon.cards.common import (
    attacking_if,
    defending_if,
    dice,
    enemy_in_arc,
    facedown_damage,
    give_token_in_firing_arc,
    in_enemy_firing_arc,
    is_me,
    recover_charge,
    recover_shield,
    remove_token_choice,
    ship_options,
    ships_in_range,
    token_choices,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.crew_c import faceup_ship_damage
from tallon.cards.upgrades.device import payload_options, place_payload
from tallon.dice.abilities.base import DEFENDING
from tallon.dice.abilities.effects import CardAbility, RerollDice
from tallon.engine.abilities import (
    CardAction,
    Cost,
    Ctx,
    DiceMod,
    Modifier,
    Triggered,
)
from tallon.engine.action_bodies import lock_targets
from tallon.engine.chance import PickAtRandom
from tallon.engine.decisions import Option
from tallon.engine.devices import remove_obstacle
from tallon.engine.effects import (
    acquire_lock,
    flip_upgrade,
    gain_token,
    lose_shields,
    remove_ship,
    repair_damage,
)
from tallon.engine.movement import difficulty_of
from tallon.engine.payloads import device as payload_device
from tallon.engine.payloads import remove_device
from tallon.engine.queue import fire
from tallon.engine.rounds import planned_maneuver
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.engine.steps import continuation
from tallon.geometry import Arc, Maneuver, ObstacleType, at_range

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------------------------- helpers
def _stressed_bar_actions(ctx: Ctx) -> list[ActionSpec]:
    """The standard actions the ship could perform now, even while stressed."""
    return bar_actions(ctx.game, ctx.ship, during_activation(ctx), even_stressed=True)


def _lock_options(ctx: Ctx, exclude: tuple[str, ...] = ()) -> list[Option]:
    return [Option(t, _name(ctx, t)) for t in lock_targets(ctx.game, ctx.ship)
            if t not in exclude]


def _name(ctx: Ctx, object_id: str) -> str:
    ship = ctx.state.ships.get(object_id)
    return f"{ship.name} ({object_id})" if ship is not None else object_id


def _after_my(*actions: str) -> Any:
    return lambda ctx: is_me(ctx) and ctx.event["action"] in actions


def _fully_executed_red(ctx: Ctx) -> bool:
    return is_me(ctx) and bool(ctx.event["full"]) and ctx.event["difficulty"] == "red"


# ------------------------------------------------ R2 units: a shield for a disarm
def _recover_shield(ctx: Ctx, choice: Any) -> None:
    recover_shield(ctx.game, ctx.ship)


R2_SHIELD = Triggered("spend 1 charge and gain a disarm token to recover 1 shield",
                      window="after_reveal", cost=Cost(charges=1, gain=(("disarm", 1),)),
                      # paying the cost needs a shield to recover (RR: PAYING COSTS)
                      requirement=lambda ctx: is_me(ctx)
                      and ctx.ship.shields < ctx.ship.shield_limit,
                      effect=_recover_shield)
for _xws in ("r2d2", "r2d2-battleofyavin", "r2a3-battleofyavin", "r2f2-battleofyavin"):
    register("upgrade", _xws, R2_SHIELD,
             description="After revealing the dial: may spend 1 charge and gain a disarm "
                         "token to recover 1 shield.")


# ------------------------------------------------- R5 units: repairing damage
def _repair_facedown(ctx: Ctx, choice: Any) -> None:
    # RR: DAMAGE CARDS - of several facedown cards, the one repaired is chosen at random
    serials = tuple(str(card.serial) for card in facedown_damage(ctx.ship))
    ctx.game.now(PickAtRandom(serials, "astromech.repair_facedown", (ctx.ship.id,),
                              what="a facedown damage card"))


@continuation("astromech.repair_facedown")
def _repair_picked(game: Game, serial: str, ship_id: str) -> None:
    repair_damage(game, game.state.ships[ship_id], int(serial))


R5_ACTIONS = (
    CardAction("spend 1 charge to repair a facedown damage card", key="facedown",
               cost=Cost(charges=1), requirement=lambda ctx: bool(facedown_damage(ctx.ship)),
               effect=_repair_facedown),
    CardAction("repair a faceup Ship damage card", key="faceup",
               requirement=lambda ctx: bool(faceup_ship_damage(ctx.ship)),
               choices=lambda ctx: [Option(str(d.serial), d.card)
                                    for d in faceup_ship_damage(ctx.ship)],
               effect=lambda ctx, choice: repair_damage(ctx.game, ctx.ship, int(choice))),
)
for _xws in ("r5d8", "r5d8-battleofyavin", "r5k6-battleofyavin"):
    register("upgrade", _xws, *R5_ACTIONS,
             description="Action: spend 1 charge to repair a facedown damage card. Action: "
                         "repair a faceup Ship damage card.")


# ------------------------------------------------------- Battle over Endor astromechs
register("upgrade", "r2a3-battleoverendor",
         Triggered("spend 1 charge to acquire a lock", window="after_action",
                   cost=Cost(charges=1), requirement=is_me, choices=_lock_options,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice)),
         description="After performing an action: may spend 1 charge to acquire a lock.")

register("upgrade", "stabilizingastromech-battleoverendor",
         may_perform("spend 1 charge to perform a white action, even while stressed",
                     "after_execute",
                     lambda ctx: [s for s in _stressed_bar_actions(ctx)
                                  if s.difficulty == "white"],
                     requirement=lambda ctx: is_me(ctx) and bool(ctx.event["full"]),
                     label="perform a white action", cost=Cost(charges=1),
                     even_stressed=True),
         description="After fully executing a maneuver: may spend 1 charge to perform a "
                     "white action, even while stressed.")


def _planned(ctx: Ctx) -> Maneuver | None:
    """The maneuver about to be executed, with the difficulty changes so far."""
    if ctx.ship.ionized or ctx.ship.dial_set is None:
        return None  # the ion and stress maneuvers are set by the rules, not the dial
    return Maneuver.parse(planned_maneuver(ctx.game, ctx.ship, False))


def _colour(maneuver: Maneuver) -> str:
    return difficulty_of(maneuver.code)


def _ease(ctx: Ctx, choice: Any) -> None:
    ctx.ship.execute_difficulty -= 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}): the maneuver is 1 "
                   "difficulty easier while it is executed", ship=ctx.ship.id)


def _red_ahead(ctx: Ctx) -> bool:
    maneuver = _planned(ctx)
    return is_me(ctx) and maneuver is not None and _colour(maneuver) == "red"


def _basic_ahead(ctx: Ctx) -> bool:
    # purple never changes difficulty, so the charge could not buy anything there
    maneuver = _planned(ctx)
    return (is_me(ctx) and maneuver is not None and maneuver.bearing.is_basic
            and _colour(maneuver) != "purple")


register("upgrade", "modifiedr4punit-battleoverendor",
         Triggered("spend 1 charge: the red maneuver is 1 difficulty easier",
                   window="before_execute", cost=Cost(charges=1), requirement=_red_ahead,
                   effect=_ease),
         description="Before executing a red maneuver: may spend 1 charge to reduce its "
                     "difficulty while executing it.")

register("upgrade", "r4pastromech",
         Triggered("spend 1 charge: the basic maneuver is 1 difficulty easier",
                   window="before_execute", cost=Cost(charges=1), requirement=_basic_ahead,
                   effect=_ease),
         description="Before executing a basic maneuver: may spend 1 charge to reduce its "
                     "difficulty while executing it.")


# ----------------------------------------------------------------- other astromechs
def _r4(game: Any, owner: ShipState, ship: ShipState | None = None, maneuver: str = "",
        **facts: Any) -> int:
    if ship is None or ship.id != owner.id or not maneuver:
        return 0
    parsed = Maneuver.parse(maneuver)
    return -1 if parsed.bearing.is_basic and parsed.speed in (1, 2) else 0


register("upgrade", "r4astromech",
         Modifier("speed 1-2 basic maneuvers are 1 difficulty easier",
                  hook="maneuver_difficulty", value=_r4),
         description="Speed 1-2 basic maneuvers (turns, banks, straights) are 1 difficulty "
                     "easier.")

register("upgrade", "r3astromech",
         Modifier("maintain up to 2 locks", hook="max_locks",
                  value=lambda game, owner, ship=None, **facts: 2
                  if ship is not None and ship.id == owner.id else None),
         Triggered("acquire a second lock", window="after_action",
                   requirement=_after_my("lock"),
                   choices=lambda ctx: _lock_options(ctx, exclude=tuple(ctx.ship.locks)),
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice)),
         description="Can keep 2 locks, on different objects. After a lock action: may "
                     "acquire a lock.")


register("upgrade", "r7a7",
         DiceMod("spend 1 charge to change 1 hit to a critical hit",
                 dice=dice("r7a7"),
                 applies=attacking_if()),
         description="While attacking: may spend 1 charge to change a hit result to a "
                     "critical hit.")

register("upgrade", "r2c4",
         DiceMod("spend 1 evade token to change 1 focus to a hit",
                 dice=dice("r2c4"),
                 applies=attacking_if()),
         description="While attacking: may spend an evade token to change a focus result to "
                     "a hit.")


def _r2ha_spend_lock(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    ctx.ship.locks = [t for t in ctx.ship.locks if t != attack.attacker]
    ctx.game.event("lock", f"{ctx.ship.name} ({ctx.ship.id}) spends its lock on "
                   f"{attack.attacker}", ship=ctx.ship.id)
    fire(ctx.game, "after_spend_lock", ship=ctx.ship.id, target=attack.attacker)


# the lock is R2-HA's cost; the dice catalogue's resources know only the attacker's lock,
# so the card checks it in ``applies`` and spends it once the dice are rerolled
register("upgrade", "r2ha",
         DiceMod("spend your lock on the attacker to reroll any number of defense dice",
                 dice=CardAbility("r2ha", "R2-HA (spend lock: reroll any defense dice)",
                                  effect=RerollDice(), roles=DEFENDING),
                 applies=defending_if(lambda game, attack, owner:
                                      attack.attacker in owner.locks),
                 after=_r2ha_spend_lock),
         description="Defending: may spend its lock on the attacker and reroll as many of its "
                     "defense dice as it likes.")

register("upgrade", "r4p17",
         may_perform("spend 1 charge to perform an action, even while stressed",
                     "after_execute", _stressed_bar_actions, requirement=_fully_executed_red,
                     label="perform an action", cost=Cost(charges=1), even_stressed=True),
         description="After fully executing a red maneuver: may spend 1 charge to perform "
                     "an action, even while stressed.")


register("upgrade", "r4p44",
         Triggered("gain a calculate token", window="after_execute", optional=False,
                   requirement=lambda ctx: _fully_executed_red(ctx)
                   and enemy_in_arc(ctx.game, ctx.ship, Arc.BULLSEYE),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.CALCULATE)),
         description="After fully executing a red maneuver with an enemy ship in its "
                     "bullseye arc: gain a calculate token.")


# ----------------------------------------------------------------------- "Chopper"
def _non_recurring(ctx: Ctx, xws: str) -> Any:
    charge = ctx.ship.charges.get(xws)
    return charge if charge is not None and charge.recurring == 0 else None


def _chopper_spendable(ctx: Ctx) -> list[str]:
    return [x for x in ctx.ship.upgrades if x != "chopper"
            and (c := _non_recurring(ctx, x)) is not None and c.active > 0]


def _chopper_rechargeable(ctx: Ctx) -> list[str]:
    return [x for x in ctx.ship.upgrades
            if (c := _non_recurring(ctx, x)) is not None and c.active < c.limit]


def _chopper_shield(ctx: Ctx, choice: Any) -> None:
    ctx.ship.charges[choice].active -= 1
    recover_shield(ctx.game, ctx.ship)


def _chopper_charge(ctx: Ctx, choice: Any) -> None:
    lose_shields(ctx.game, ctx.ship, 2)
    recover_charge(ctx.ship, choice)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) spends 2 shields: {choice} "
                   "recovers 1 charge", ship=ctx.ship.id)


register("upgrade", "chopper",
         CardAction("spend a charge of another upgrade to recover 1 shield", key="shield",
                    requirement=lambda ctx: ctx.ship.shields < ctx.ship.shield_limit
                    and bool(_chopper_spendable(ctx)),
                    choices=lambda ctx: [Option(x, f"spend a charge of {x}")
                                         for x in _chopper_spendable(ctx)],
                    effect=_chopper_shield),
         CardAction("spend 2 shields to recover a charge of an upgrade", key="charge",
                    requirement=lambda ctx: ctx.ship.shields >= 2
                    and bool(_chopper_rechargeable(ctx)),
                    choices=lambda ctx: [Option(x, f"recover a charge of {x}")
                                         for x in _chopper_rechargeable(ctx)],
                    effect=_chopper_charge),
         description="Action: spend a non-recurring charge of another upgrade to recover a "
                     "shield. Action: spend 2 shields to recover a non-recurring charge of "
                     "an upgrade.")


# ------------------------------------------------------------------ Resistance droids
def _system_action(xws: str, *kinds: str) -> Triggered:
    specs = tuple(granted(kind, "white", xws) for kind in kinds)
    names = " or ".join(k.replace("_", " ") for k in kinds)
    return may_perform(f"spend 1 charge to perform a {names} action", "system_phase",
                       lambda ctx: specs, requirement=is_me,
                       label=f"perform a {names} action", cost=Cost(charges=1))


register("upgrade", "bbastromech", _system_action("bbastromech", "barrel_roll"),
         description="During the System Phase: may spend 1 charge to perform a barrel roll "
                     "action.")
register("upgrade", "bb8", _system_action("bb8", "barrel_roll", "boost"),
         description="During the System Phase: may spend 1 charge to perform a barrel roll "
                     "or boost action.")


register("upgrade", "l4er5", give_token_in_firing_arc(Token.CALCULATE),
         description="At the start of the Engagement Phase: may give 1 of its calculate "
                     "tokens to a friendly ship in its firing arc (the card also adds rotate "
                     "> calculate to the bar).")


WATCHFUL = granted("calculate", "red", "watchfulastromech")

register("upgrade", "watchfulastromech",
         may_perform("perform a red calculate action", "after_action", lambda ctx: (WATCHFUL,),
                     requirement=lambda ctx: _after_my("reload", "rotate")(ctx)
                     and in_enemy_firing_arc(ctx.game, ctx.ship),
                     label="perform a red calculate action"),
         description="After a reload or rotate action, while in an enemy ship's firing "
                     "arc: may perform a red calculate action.")

PRECISE = granted("lock", "red", "preciseastromech-battleofyavin")

register("upgrade", "preciseastromech-battleofyavin",
         may_perform("spend 1 charge to perform a red lock action", "after_action",
                     lambda ctx: (PRECISE,), requirement=is_me,
                     label="perform a red lock action", cost=Cost(charges=1)),
         description="After performing an action: may spend 1 charge to perform a red lock "
                     "action.")

TARGETING = granted("rotate", "red", "targetingastromech-battleofyavin")

register("upgrade", "targetingastromech-battleofyavin",
         may_perform("perform a red rotate action", "after_action", lambda ctx: (TARGETING,),
                     requirement=_after_my("lock"), label="perform a red rotate action"),
         description="After a lock action: may perform a red rotate action.")


# ------------------------------------------------------------ R2-D2 (Resistance)
def _red_token_options(ctx: Ctx) -> list[Option]:
    return token_choices(ctx.game, ctx.ship, ("red",))


def _r2d2_clean(ctx: Ctx, choice: Any) -> None:
    lose_shields(ctx.game, ctx.ship)  # the shield is spent as part of the cost
    remove_token_choice(ctx.game, ctx.ship, str(choice))
    what = str(choice).partition(":")[2]
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) spends a shield to remove "
                   f"a red token ({what})", ship=ctx.ship.id)


register("upgrade", "r2d2-resistance",
         Triggered("spend 1 charge and 1 shield to remove a red token", window="end_phase",
                   cost=Cost(charges=1),
                   requirement=lambda ctx: ctx.ship.in_play and ctx.ship.shields > 0
                   and bool(_red_token_options(ctx)),
                   choices=_red_token_options, effect=_r2d2_clean),
         Triggered("spend 2 charges to recover 1 shield and gain a deplete token",
                   window="end_phase", cost=Cost(charges=2, gain=(("deplete", 1),)),
                   requirement=lambda ctx: ctx.ship.in_play and ctx.ship.shields == 0
                   and ctx.ship.shield_limit > 0,
                   effect=_recover_shield),
         description="During the End Phase: may spend 1 charge and 1 shield to remove a red "
                     "token; with no active shield, may spend 2 charges to recover a shield "
                     "and gain a deplete token.")


# ---------------------------------------------------------------------- C1-10P
C1_EVADE = granted("evade", "red", "c110p")


def _fully_executed(ctx: Ctx) -> bool:
    return is_me(ctx) and bool(ctx.event["full"])


def _c110p_targets(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 0, 1)


register("upgrade", "c110p",
         may_perform("spend 1 charge to perform a red evade action, even while stressed",
                     "after_execute", lambda ctx: (C1_EVADE,), requirement=_fully_executed,
                     label="perform a red evade action", cost=Cost(charges=1),
                     even_stressed=True),
         Triggered("with no charge left, flip this card", window="end_phase",
                   optional=False,
                   requirement=lambda ctx: ctx.ship.in_play
                   and ctx.ship.charges["c110p"].active == 0,
                   effect=lambda ctx, choice: _flip(ctx, "c110p")),
         back=(Triggered("a ship at range 0-1 gains a jam token", window="after_execute",
                         optional=False, requirement=_fully_executed,
                         choices=lambda ctx: ship_options(_c110p_targets(ctx)),
                         effect=lambda ctx, choice: gain_token(
                             ctx.game, ctx.other(choice), Token.JAM,
                             applier=ctx.ship.owner)),),
         description="After fully executing a maneuver: may spend 1 charge to perform a red "
                     "evade action, even while stressed; out of charges, it flips in the End "
                     "Phase. Erratic side: after fully executing a maneuver, a ship at range "
                     "0-1 (its choice, itself included) gains a jam token.")


def _flip(ctx: Ctx, xws: str) -> None:
    flip_upgrade(ctx.game, ctx.ship, xws)


# ------------------------------------------------------------- astromechs and devices
def _no_device_this_round(ctx: Ctx) -> bool:
    placed = ctx.ship.device_placed
    return placed is None or placed[0] != ctx.state.round


register("upgrade", "genius",
         Triggered("drop 1 bomb", window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event["full"])
                   and _no_device_this_round(ctx),
                   choices=lambda ctx: payload_options(ctx.game, ctx.ship, ("bomb",)),
                   effect=lambda ctx, choice: place_payload(ctx, choice),
                   decision="launch_device"),
         description="After fully executing a maneuver, if it has not dropped or launched a "
                     "device this round: may drop 1 bomb (paying its card's charge, with its "
                     "card's template).")


def _devices_near(ctx: Ctx) -> list[Option]:
    """Devices at range 0-1: bombs, mines, remotes and devices that are obstacles."""
    body = ctx.ship.body
    if body is None:
        return []
    found = [Option(f"remove:{d.id}", f"remove {d.id}") for d in ctx.state.devices
             if at_range(body, d.body, 0, 1)]
    found += [Option(f"remove:{r.id}", f"remove {r.name} ({r.id})")
              for r in ctx.state.remotes_of() if r.in_play and r.body is not None
              and at_range(body, r.body, 0, 1)]
    found += [Option(f"remove:{o.id}", f"remove {o.id}") for o in ctx.state.obstacles
              if o.type is ObstacleType.ELECTRO_CHAFF_CLOUD and at_range(body, o, 0, 1)]
    return found


def _r2_choices(ctx: Ctx) -> list[Option]:
    ship = ctx.ship
    found = [Option(f"repair:{d.serial}", f"repair {d.card} (faceup)")
             for d in ship.damage if d.faceup]
    if facedown_damage(ship):
        found.append(Option("repair:facedown", "repair a facedown damage card (at random)"))
    if ship.shields < ship.shield_limit:
        found.append(Option("shield", "recover 1 shield"))
    return found + _devices_near(ctx)


def _r2(ctx: Ctx, choice: Any) -> None:
    what, _, which = str(choice).partition(":")
    if what == "shield":
        recover_shield(ctx.game, ctx.ship)
    elif which == "facedown":
        _repair_facedown(ctx, choice)
    elif what == "repair":
        repair_damage(ctx.game, ctx.ship, int(which))
    elif which in ctx.state.ships:
        remove_ship(ctx.game, ctx.state.ships[which], f"removed by {ctx.ship.name}")
    elif payload_device(ctx.game, which) is not None:
        remove_device(ctx.game, which, f"removed by {ctx.ship.name}")
    else:
        remove_obstacle(ctx.game, which, f"removed by {ctx.ship.name}")


register("upgrade", "r2d2-republic",
         Triggered("spend 1 charge and gain 1 deplete token: repair, recover a shield or "
                   "remove a device", window="after_activate",
                   cost=Cost(charges=1, gain=(("deplete", 1),)), requirement=is_me,
                   choices=_r2_choices, effect=_r2),
         description="After activating: may spend 1 charge and take 1 deplete token; if so, it "
                     "chooses one: repair a damage card, recover a shield, or remove a device "
                     "within range 0-1.")
