"""Astromech upgrades: the standard-loadout droids of the Battle of Yavin and Battle over
Endor X-wings, and the astromechs most often fielded."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import firing_arcs, is_in_arc, is_me, ship_options
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, DEFENDING
from tallon.dice.abilities.effects import CardAbility, ChangeResults, RerollDice
from tallon.engine.abilities import (
    CardAction,
    Cost,
    Ctx,
    DiceMod,
    Modifier,
    Triggered,
    register,
)
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, gain_token, repair_damage, transfer_token
from tallon.engine.state import ActionSpec, DamageCard, ShipState, Token
from tallon.geometry import Arc, Maneuver


# ------------------------------------------------------------------- helpers
def _can(ctx: Ctx, ship: ShipState, spec: ActionSpec, even_stressed: bool = False) -> bool:
    from tallon.engine.actions import can_perform

    return can_perform(ctx.game, ship, spec, _during(ctx), even_stressed) is None


def _during(ctx: Ctx) -> bool:
    """Whether the ship is being activated (abilities after an action say so; after a
    maneuver it is the Activation Phase)."""
    during = ctx.event.get("during_activation")
    return bool(during) if during is not None else ctx.state.phase == "activation"


def _grant(ctx: Ctx, *specs: ActionSpec, even_stressed: bool = False) -> None:
    from tallon.engine.actions import PerformAction

    ctx.game.push(PerformAction(ctx.ship.id, _during(ctx), grant=specs,
                                even_stressed=even_stressed))


def _offer(*specs: ActionSpec, label: str, even_stressed: bool = False) -> Any:
    """``choices`` for "you may perform <action>": nothing to do if none can be done."""
    return lambda ctx: [Option("act", label)] if any(
        _can(ctx, ctx.ship, s, even_stressed) for s in specs) else []


def _bar_actions(ctx: Ctx, colour: str | None = None) -> list[ActionSpec]:
    """The ship's standard actions (action bar and "Action:" cards), one per kind, of
    ``colour`` if given."""
    from tallon.engine.actions import card_actions

    found: dict[str, ActionSpec] = {}
    for spec in (*ctx.ship.actions, *card_actions(ctx.ship)):
        if (colour is None or spec.difficulty == colour) and spec.kind not in found:
            found[spec.kind] = spec
    return list(found.values())


def _lock_options(ctx: Ctx, exclude: tuple[str, ...] = ()) -> list[Option]:
    from tallon.engine.actions import lock_targets

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
    ctx.ship.shields += 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) recovers 1 shield",
                   ship=ctx.ship.id)


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
def _damage_type(card: str) -> str:
    from tallon.data import load_cards

    for entry in load_cards().damage_deck("core").cards:
        if entry.id == card:
            return entry.type
    return ""


def _facedown(ship: ShipState) -> list[DamageCard]:
    return [d for d in ship.damage if not d.faceup]


def _faceup_ship_cards(ship: ShipState) -> list[DamageCard]:
    return [d for d in ship.damage if d.faceup and _damage_type(d.card) == "ship"]


def _repair_facedown(ctx: Ctx, choice: Any) -> None:
    # RR: DAMAGE CARDS - of several facedown cards, the one repaired is chosen at random
    card = ctx.state.rng.choice(_facedown(ctx.ship))
    repair_damage(ctx.game, ctx.ship, card.serial)


R5_ACTIONS = (
    CardAction("spend 1 charge to repair a facedown damage card", key="facedown",
               cost=Cost(charges=1), requirement=lambda ctx: bool(_facedown(ctx.ship)),
               effect=_repair_facedown),
    CardAction("repair a faceup Ship damage card", key="faceup",
               requirement=lambda ctx: bool(_faceup_ship_cards(ctx.ship)),
               choices=lambda ctx: [Option(d.serial, d.card)
                                    for d in _faceup_ship_cards(ctx.ship)],
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
         Triggered("spend 1 charge to perform a white action, even while stressed",
                   window="after_execute", cost=Cost(charges=1),
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event["full"]),
                   choices=lambda ctx: [Option("act", "perform a white action")] if any(
                       _can(ctx, ctx.ship, s, True) for s in _bar_actions(ctx, "white"))
                   else [],
                   effect=lambda ctx, choice: _grant(ctx, *_bar_actions(ctx, "white"),
                                                     even_stressed=True)),
         description="After fully executing a maneuver: may spend 1 charge to perform a "
                     "white action, even while stressed.")


def _planned(ctx: Ctx) -> Maneuver | None:
    """The maneuver about to be executed, with the difficulty changes so far."""
    from tallon.engine.rounds import planned_maneuver

    if ctx.ship.ionized or ctx.ship.dial_set is None:
        return None  # the ion and stress maneuvers are set by the rules, not the dial
    return Maneuver.parse(planned_maneuver(ctx.game, ctx.ship, False))


def _colour(maneuver: Maneuver) -> str:
    from tallon.engine.movement import difficulty_of

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


def _attacking(game: Any, attack: Any, owner: ShipState, user: ShipState) -> bool:
    return user.id == owner.id and attack.attacker == owner.id


register("upgrade", "r7a7",
         DiceMod("spend 1 charge to change 1 hit to a critical hit",
                 dice=CardAbility("r7a7", "R7-A7 (1 charge: 1 hit to crit)",
                                  effect=ChangeResults(1, (Face.HIT,), (Face.CRIT,)),
                                  roles=ATTACKING, cost=(("r7a7", 1),)),
                 applies=_attacking),
         description="While attacking: may spend 1 charge to change a hit result to a "
                     "critical hit.")

register("upgrade", "r2c4",
         DiceMod("spend 1 evade token to change 1 focus to a hit",
                 dice=CardAbility("r2c4", "R2-C4 (1 evade token: 1 focus to hit)",
                                  effect=ChangeResults(1, (Face.FOCUS,), (Face.HIT,)),
                                  roles=ATTACKING, cost=(("evade", 1),)),
                 applies=_attacking),
         description="While attacking: may spend an evade token to change a focus result to "
                     "a hit.")


def _r2ha_applies(game: Any, attack: Any, owner: ShipState, user: ShipState) -> bool:
    return user.id == owner.id and attack.defender == owner.id and \
        attack.attacker in owner.locks


def _r2ha_spend_lock(ctx: Ctx, option: Any) -> None:
    from tallon.engine.queue import fire

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
                 applies=_r2ha_applies, after=_r2ha_spend_lock),
         description="While defending: may spend its lock on the attacker to reroll any "
                     "number of defense dice.")

register("upgrade", "r4p17",
         Triggered("spend 1 charge to perform an action, even while stressed",
                   window="after_execute", cost=Cost(charges=1),
                   requirement=_fully_executed_red,
                   choices=lambda ctx: [Option("act", "perform an action")] if any(
                       _can(ctx, ctx.ship, s, True) for s in _bar_actions(ctx)) else [],
                   effect=lambda ctx, choice: _grant(ctx, *_bar_actions(ctx),
                                                     even_stressed=True)),
         description="After fully executing a red maneuver: may spend 1 charge to perform "
                     "an action, even while stressed.")


def _bullseye_enemy(ctx: Ctx) -> bool:
    return any(s.owner != ctx.ship.owner and is_in_arc(ctx.ship, s, Arc.BULLSEYE)
               for s in ctx.state.in_play())


register("upgrade", "r4p44",
         Triggered("gain a calculate token", window="after_execute", optional=False,
                   requirement=lambda ctx: _fully_executed_red(ctx) and _bullseye_enemy(ctx),
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
    _recover_shield(ctx, choice)


def _chopper_charge(ctx: Ctx, choice: Any) -> None:
    ctx.ship.shields -= 2
    ctx.ship.charges[choice].active += 1
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
    specs = tuple(ActionSpec(kind, "white", None, xws) for kind in kinds)
    names = " or ".join(k.replace("_", " ") for k in kinds)
    return Triggered(f"spend 1 charge to perform a {names} action", window="system_phase",
                     cost=Cost(charges=1), requirement=is_me,
                     choices=_offer(*specs, label=f"perform a {names} action"),
                     effect=lambda ctx, choice: _grant(ctx, *specs))


register("upgrade", "bbastromech", _system_action("bbastromech", "barrel_roll"),
         description="During the System Phase: may spend 1 charge to perform a barrel roll "
                     "action.")
register("upgrade", "bb8", _system_action("bb8", "barrel_roll", "boost"),
         description="During the System Phase: may spend 1 charge to perform a barrel roll "
                     "or boost action.")


def _l4er5_targets(ctx: Ctx) -> list[ShipState]:
    from tallon.cards.common import in_firing_arc

    return [s for s in ctx.state.in_play() if s.owner == ctx.ship.owner
            and in_firing_arc(ctx.ship, s)]


register("upgrade", "l4er5",
         Triggered("transfer 1 calculate token to a friendly ship in your firing arc",
                   window="start_engagement",
                   requirement=lambda ctx: ctx.ship.has(Token.CALCULATE)
                   and bool(_l4er5_targets(ctx)),
                   choices=lambda ctx: ship_options(_l4er5_targets(ctx)),
                   effect=lambda ctx, choice: transfer_token(
                       ctx.game, ctx.ship, ctx.other(choice), Token.CALCULATE)),
         description="At the start of the Engagement Phase: may give 1 of its calculate "
                     "tokens to a friendly ship in its firing arc (the card also adds rotate "
                     "> calculate to the bar).")


def _in_enemy_arc(ctx: Ctx) -> bool:
    return any(s.owner != ctx.ship.owner and firing_arcs(s)
               and any(is_in_arc(s, ctx.ship, arc) for arc in firing_arcs(s))
               for s in ctx.state.in_play())


WATCHFUL = ActionSpec("calculate", "red", None, "watchfulastromech")

register("upgrade", "watchfulastromech",
         Triggered("perform a red calculate action", window="after_action",
                   requirement=lambda ctx: _after_my("reload", "rotate")(ctx)
                   and _in_enemy_arc(ctx),
                   choices=_offer(WATCHFUL, label="perform a red calculate action"),
                   effect=lambda ctx, choice: _grant(ctx, WATCHFUL)),
         description="After a reload or rotate action, while in an enemy ship's firing "
                     "arc: may perform a red calculate action.")

PRECISE = ActionSpec("lock", "red", None, "preciseastromech-battleofyavin")

register("upgrade", "preciseastromech-battleofyavin",
         Triggered("spend 1 charge to perform a red lock action", window="after_action",
                   cost=Cost(charges=1), requirement=is_me,
                   choices=_offer(PRECISE, label="perform a red lock action"),
                   effect=lambda ctx, choice: _grant(ctx, PRECISE)),
         description="After performing an action: may spend 1 charge to perform a red lock "
                     "action.")

TARGETING = ActionSpec("rotate", "red", None, "targetingastromech-battleofyavin")

register("upgrade", "targetingastromech-battleofyavin",
         Triggered("perform a red rotate action", window="after_action",
                   requirement=_after_my("lock"),
                   choices=_offer(TARGETING, label="perform a red rotate action"),
                   effect=lambda ctx, choice: _grant(ctx, TARGETING)),
         description="After a lock action: may perform a red rotate action.")


# ------------------------------------------------------------ R2-D2 (Resistance)
def _red_token_options(ctx: Ctx) -> list[Option]:
    """The ship's red tokens: stress, strain, deplete, ion, and the lock tokens other
    ships have assigned to it (a lock is the locked ship's red token, RR FAQ)."""
    found = [Option(f"token:{t.value}", f"remove a {t.value} token")
             for t in (Token.STRESS, Token.STRAIN, Token.DEPLETE, Token.ION)
             if ctx.ship.has(t)]
    found += [Option(f"lock:{s.id}", f"remove {s.name}'s lock ({s.id})")
              for s in ctx.state.ships.values() if ctx.ship.id in s.locks]
    return found


def _r2d2_clean(ctx: Ctx, choice: Any) -> None:
    from tallon.engine.effects import remove_token

    ctx.ship.shields -= 1  # the shield is spent as part of the cost
    kind, _, what = str(choice).partition(":")
    if kind == "token":
        remove_token(ctx.game, ctx.ship, Token(what))
    else:
        locker = ctx.other(what)
        locker.locks = [t for t in locker.locks if t != ctx.ship.id]
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
C1_EVADE = ActionSpec("evade", "red", None, "c110p")


def _fully_executed(ctx: Ctx) -> bool:
    return is_me(ctx) and bool(ctx.event["full"])


def _c110p_targets(ctx: Ctx) -> list[ShipState]:
    from tallon.cards.common import ships_in_range

    return ships_in_range(ctx.game, ctx.ship, 0, 1)


register("upgrade", "c110p",
         Triggered("spend 1 charge to perform a red evade action, even while stressed",
                   window="after_execute", cost=Cost(charges=1), requirement=_fully_executed,
                   choices=_offer(C1_EVADE, label="perform a red evade action",
                                  even_stressed=True),
                   effect=lambda ctx, choice: _grant(ctx, C1_EVADE, even_stressed=True)),
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
    from tallon.engine.effects import flip_upgrade

    flip_upgrade(ctx.game, ctx.ship, xws)
