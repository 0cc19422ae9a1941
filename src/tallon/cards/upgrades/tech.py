"""Tech upgrades."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import bar_actions, during_activation, grant_action
from tallon.cards.common import is_in_arc, is_me, range_of, recover_shield
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import CardAbility, ChangeResults
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token
from tallon.geometry import Arc

register("upgrade", "advancedoptics",
         DiceMod("spend 1 focus token: change 1 blank to a hit",
                 dice=CardAbility("advancedoptics", "Advanced Optics (focus: 1 blank to hit)",
                                  effect=ChangeResults(1, (Face.BLANK,), (Face.HIT,)),
                                  roles=ATTACKING, cost=(("focus", 1),))),
         description="Attacking: may spend 1 focus token to change 1 blank result to a hit.")


def _primed(game: Any, owner: ShipState, ship: ShipState | None = None, spec: Any = None,
            **facts: Any) -> bool:
    return (ship is not None and ship.id == owner.id and spec is not None
            and spec.kind in ("barrel_roll", "boost") and owner.count(Token.STRESS) <= 2)


register("upgrade", "primedthrusters",
         Modifier("barrel roll and boost while at most 2 stress", hook="may_act_stressed",
                  value=_primed),
         description="With 2 or fewer stress tokens: can perform barrel roll and boost "
                     "actions while stressed.")


def _cells_recharge(ctx: Ctx) -> bool:
    return ctx.event.get("ship") == ctx.ship.id and ctx.ship.shields < ctx.ship.shield_limit


def _cells_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    # stress for stress would change nothing: only other tokens are offered
    return (facts["ship"] == ctx.ship.id and facts["token"] != "stress"
            and not ctx.ship.stressed)


def _cells_replace(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token.STRESS, 1, facts["applier"])
    if facts["count"] > 1:  # one token is replaced; the rest come as they would
        gain_token(ctx.game, ctx.ship, Token(facts["token"]), facts["count"] - 1,
                   facts["applier"])


register("upgrade", "deuteriumpowercells",
         Triggered("spend 1 charge and gain 1 disarm token to recover 1 shield",
                   window="system_phase", requirement=_cells_recharge,
                   cost=Cost(charges=1, gain=(("disarm", 1),)),
                   effect=lambda ctx, choice: recover_shield(ctx.game, ctx.ship)),
         Replacement("spend 1 charge: gain a stress token instead", point="gain_token",
                     applies=_cells_applies, replace=_cells_replace, cost=Cost(charges=1)),
         description="System Phase: may spend 1 charge and gain a disarm token to recover 1 "
                     "shield. Unstressed, about to gain a token other than a lock: may spend "
                     "1 charge to gain a stress token instead.")


# ------------------------------------------------------------------ Pattern Analyzer
register("upgrade", "patternanalyzer",
         grant_action("perform 1 action before checking the red maneuver's difficulty",
                      "before_check_difficulty",
                      lambda ctx: bar_actions(ctx.game, ctx.ship, during_activation(ctx)),
                      requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full"))
                      and ctx.event.get("difficulty") == "red"),
         description="Fully executing a red maneuver, before the Check Difficulty step: may "
                     "perform 1 action (before the stress token arrives).")


# ------------------------------------------------------------- Targeting Synchronizer
def _synchronized(game: Any, owner: ShipState, ship: ShipState | None = None,
                  defender: ShipState | None = None, **facts: Any) -> bool:
    if ship is None or defender is None or ship.owner != owner.owner:
        return False
    near = range_of(owner, ship)
    return near is not None and 1 <= near <= 2 and defender.id in owner.locks


register("upgrade", "targetingsynchronizer",
         Modifier("friends at range 1-2 ignore the lock requirement against its targets",
                  hook="ignore_lock_requirement", value=_synchronized),
         description="A friendly ship at range 1-2 attacking a ship it has locked ignores the "
                     "[lock] attack requirement.")


# ---------------------------------------------------------------- Ferrosphere Paint
def _painted_by(ctx: Ctx) -> ShipState | None:
    """The enemy ship that just locked this ship from outside its bullseye arc."""
    if ctx.event.get("target") != ctx.ship.id:
        return None
    locker = ctx.state.ships.get(ctx.event["ship"])
    if locker is None or locker.owner == ctx.ship.owner or ctx.ship.id not in locker.locks:
        return None
    return None if is_in_arc(locker, ctx.ship, Arc.BULLSEYE) else locker


def _paint(ctx: Ctx, choice: Any) -> None:
    locker = _painted_by(ctx)
    assert locker is not None
    if choice == "break":
        locker.locks = [t for t in locker.locks if t != ctx.ship.id]
        ctx.game.event("lock", f"{locker.name} ({locker.id}) breaks its lock on "
                       f"{ctx.ship.id}", ship=locker.id)
    else:
        gain_token(ctx.game, locker, Token.STRESS)


register("upgrade", "ferrospherepaint",
         Triggered("the enemy that locked you gains a stress token or breaks its lock",
                   window="after_lock", optional=False,
                   requirement=lambda ctx: _painted_by(ctx) is not None,
                   # the locking ship's player chooses (RR: ERRATA AND CONFLICTS, Ferrosphere Paint)
                   player=lambda ctx: ctx.state.ships[ctx.event["ship"]].owner,
                   choices=lambda ctx: [Option("stress", "gain 1 stress token"),
                                        Option("break", "break the lock")],
                   effect=_paint),
         description="After an enemy ship locks it from outside that ship's bullseye arc: "
                     "that ship gains a stress token unless its player breaks the lock.")
