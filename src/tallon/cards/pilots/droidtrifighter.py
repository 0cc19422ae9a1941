"""Droid Tri-Fighter pilots (Separatist Alliance), with their Siege of Coruscant
standard-loadout versions. Their ship abilities, Networked Calculations and (Volan Das)
Modified for Organics, are registered in ``cards/pilots/vultureclassdroidfighter.py``.

The generic pilots (Separatist Interceptor, Colicoid Interceptor) have no ability text and
need no registration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    enemy_in_arc,
    in_firing_arc,
    is_me,
    ship_options,
    ships_in_range,
)
from tallon.cards.pilots.vultureclassdroidfighter import friendly_calculate, lends_calculate
from tallon.cards.registry import register
from tallon.dice import BOTH_ROLES
from tallon.dice.abilities.effects import CardAbility, RerollDice
from tallon.engine.abilities import Ctx, DiceMod, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token, remove_token
from tallon.engine.knowledge import look_at_dial
from tallon.engine.queue import fire
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# -------------------------------------------------------------------- DIS-T81
def _in_enemys_arc(game: Game, attack: AttackState, user: ShipState) -> list[ShipState]:
    """Other friendly ships with a calculate token in the firing arc of the enemy ship of
    the attack (the ship's own token is spent through the rules' calculate effect)."""
    enemy = game.state.ships[attack.defender if attack.attacker == user.id
                             else attack.attacker]
    return [s for s in game.state.in_play() if friendly(s, user) and s.id != user.id
            and lends_calculate(game, s) and in_firing_arc(enemy, s)]


register("pilot", "dist81",
         friendly_calculate("spend a calculate token of a friendly ship in the enemy ship's "
                            "firing arc: change 1 focus result to a hit or evade result",
                            "dist81", _in_enemys_arc, "DIS-T81"),
         description="While it defends or attacks: may spend 1 calculate token belonging to a "
                     "friendly ship inside the enemy ship's firing arc to turn 1 focus result into "
                     "a hit (attacking) or an evade (defending).")

DIST81_SOC = "dist81-siegeofcoruscant"


def _dist81_tokens(ctx: Ctx, option: Any) -> None:
    # RR: TOKENS - one token per die rerolled: strain defending, deplete attacking
    attack = ctx.attack
    assert attack is not None
    count = len(ctx.event["rerolled"])
    if count:
        token = Token.STRAIN if attack.defender == ctx.ship.id else Token.DEPLETE
        gain_token(ctx.game, ctx.ship, token, count)


register("pilot", DIST81_SOC,
         DiceMod("reroll any number of dice: 1 strain (defending) or deplete (attacking) "
                 "token per die", dice=CardAbility(
                     DIST81_SOC, "DIS-T81 (reroll any number of dice, a token per die)",
                     effect=RerollDice(), roles=BOTH_ROLES),
                 after=_dist81_tokens),
         description="Attacking or defending: may reroll any number of its dice, then gains "
                     "1 strain token (defending) or 1 deplete token (attacking) per die "
                     "rerolled.")


# ---------------------------------------------------- Phlac-Arphocc Prototype
def _locked_ships(ctx: Ctx) -> list[ShipState]:
    ships = ctx.state.ships
    return [ships[t] for t in ctx.ship.locks if t in ships and not ships[t].remote
            and ships[t].in_play]


def _phlac(ctx: Ctx, choice: Any) -> None:
    me, ship = ctx.ship, ctx.other(str(choice))
    # RR: LOCK - spending a lock removes it
    me.locks = [t for t in me.locks if t != ship.id]
    ctx.game.event("lock", f"{me.name} ({me.id}) spends its lock on {ship.name} ({ship.id}) "
                   "to look at its dial", ship=me.id, target=ship.id)
    fire(ctx.game, "after_spend_lock", ship=me.id, target=ship.id)
    look_at_dial(ctx.game, me.owner, ship, "phlacarphoccprototype")


register("pilot", "phlacarphoccprototype",
         Triggered("spend the lock on a ship to look at its dial", window="system_phase",
                   requirement=lambda ctx: is_me(ctx) and bool(_locked_ships(ctx)),
                   choices=lambda ctx: ship_options(_locked_ships(ctx)), effect=_phlac),
         description="System Phase: may spend one of its locks to look at the dial of the locked "
                     "ship.")

register("pilot", "phlacarphoccprototype-siegeofcoruscant",
         Triggered("an enemy ship in the bullseye arc: gain 1 calculate token",
                   window="start_engagement", optional=False,
                   requirement=lambda ctx: enemy_in_arc(ctx.game, ctx.ship, Arc.BULLSEYE),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.CALCULATE)),
         description="At the start of the Engagement Phase: if an enemy ship is in its "
                     "bullseye arc, gains 1 calculate token.")


# ---------------------------------------------------------- Fearsome Predator
def _enemies(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner]


register("pilot", "fearsomepredator",
         Triggered("assign Fearful Prey to 1 enemy ship", window="after_place_forces",
                   optional=False, requirement=lambda ctx: bool(_enemies(ctx)),
                   choices=lambda ctx: ship_options(_enemies(ctx)),
                   effect=lambda ctx, choice: assign_condition(
                       ctx.game, ctx.other(str(choice)), "fearfulprey", ctx.ship.owner)),
         description="Setup, after placing forces: assigns the Fearful Prey condition to 1 "
                     "enemy ship.")


# -------------------------------------------------------------------- DIS-347
def _dis347_objects(ctx: Ctx) -> list[str]:
    """Objects at range 1-3 that a friendly ship has locked, and this one can lock."""
    me, s = ctx.ship, ctx.state
    if me.body is None:
        return []
    locked = {t for f in s.ships.values() if friendly(f, me) and not f.removed
              for t in f.locks}
    return [o.id for o in s.table().objects() if o.id != me.id and o.id in locked
            and o.id not in me.locks and s.in_range(me, s.ships.get(o.id, o), 1, 3)
            and can_lock(ctx.game, me, o.id) is None]


DIS347 = Triggered("lock an object at range 1-3 that has a friendly lock",
                   window="start_engagement",
                   requirement=lambda ctx: bool(_dis347_objects(ctx)),
                   choices=lambda ctx: [Option(o, f"lock {o}") for o in _dis347_objects(ctx)],
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, str(choice)))
for _xws in ("dis347", "dis347-siegeofcoruscant"):
    register("pilot", _xws, DIS347,
             description="At the start of the Engagement Phase: may acquire a lock on any object "
                         "within range 1-3 that a friendly ship already has locked.")


# ------------------------------------------------------------------ Volan Das
def _volan_red(ctx: Ctx) -> bool:
    return (is_me(ctx) and bool(ctx.event["full"]) and ctx.event["difficulty"] == "red"
            and bool(_volan_enemies(ctx)))


def _volan_enemies(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 1, 1, friendly=False)


def _volan(ctx: Ctx, choice: Any) -> None:
    me = ctx.ship
    gain_token(ctx.game, ctx.other(str(choice)), Token.STRAIN)
    if me.stressed:
        ctx.game.now(Ask(me.owner, "use_ability", f"{me.name} ({me.id}): Volan Das - remove "
                         "1 stress token?", (Option("remove", "remove 1 stress token"),
                                             Option("keep", "keep it")),
                         "volandas.stress", (me.id,), ship=me.id))


@continuation("volandas.stress")
def _volan_stress(game: Game, answer: str, ship_id: str) -> None:
    if answer == "remove":
        remove_token(game, game.state.ships[ship_id], Token.STRESS)


register("pilot", "volandas",
         Triggered("an enemy ship at range 1 gains 1 strain token; may remove 1 stress token",
                   window="after_execute", requirement=_volan_red,
                   choices=lambda ctx: ship_options(_volan_enemies(ctx)), effect=_volan),
         description="After fully executing a red maneuver: may choose an enemy ship at range "
                     "1; it gains 1 strain token, and Volan Das may remove 1 stress token.")
