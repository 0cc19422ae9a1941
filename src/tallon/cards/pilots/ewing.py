"""E-wing pilots (Rebel Alliance) and the ship ability Experimental Scanners.

Knave Squadron Escort and Rogue Squadron Escort have no pilot ability: they are playable
once Experimental Scanners is.
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import dice, is_in_arc, recalled, remember
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Triggered
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token
from tallon.geometry import Arc


# ------------------------------------------------------------- ship ability
def _anywhere(game: Any, owner: ShipState, ship: Any = None, **facts: Any) -> bool:
    # RR: LOCK - the range limit of 0-3 no longer binds the owner
    return ship is not None and ship.id == owner.id


def _object(game: Any, object_id: str) -> Any:
    s = game.state
    found = s.ships.get(object_id)
    if found is not None:
        return found if found.in_play and found.body is not None else None
    return next((o for o in s.table().objects() if o.id == object_id), None)


def _not_at_range_1(game: Any, owner: ShipState, ship: Any = None, target: str = "",
                    **facts: Any) -> bool:
    if ship is None or ship.id != owner.id or not owner.in_play or owner.body is None:
        return False
    other = _object(game, target)
    # range 0 is not range 1: a touching object can still be locked
    return other is not None and game.state.in_range(owner, other, 1, 1)


register("ship_ability", "Experimental Scanners",
         Modifier("may acquire locks beyond range 3", hook="lock_ignores_range",
                  value=_anywhere),
         Modifier("cannot acquire locks at range 1", hook="lock_forbidden",
                  value=_not_at_range_1),
         description="Locks may be acquired beyond range 3, but never on an object at "
                     "range 1.")


# --------------------------------------------------------------------- pilots
def _gavin_applies(game: Any, attack: Any, owner: ShipState, user: ShipState) -> bool:
    # RR: FRIENDLY - Gavin is friendly to himself, so his own attacks qualify too
    if user.id != attack.attacker or user.owner != owner.owner or not owner.in_play:
        return False
    defender = game.state.ships[attack.defender]
    return is_in_arc(owner, defender, Arc.FRONT)


register("pilot", "gavindarklighter",
         DiceMod("the attacker may change 1 hit result to a critical hit result",
                 dice=dice("gavindarklighter"), applies=_gavin_applies, for_others=True),
         description="A friendly ship (him too) attacking a defender in his front arc may "
                     "change 1 hit result to a critical hit result.")


# ------------------------------------------------------------------- Corran Horn
CORRAN_ATTACK = "corranhorn:attack"
CORRAN_DISARM = "corranhorn:disarm"
_PRIMARY = ("primary:front",)


def _corran_targets(ctx: Ctx) -> tuple[str, ...]:
    return tuple(s.id for s in ctx.state.in_play() if s.owner != ctx.ship.owner
                 and is_in_arc(ctx.ship, s, Arc.BULLSEYE))


def _corran_can(ctx: Ctx) -> bool:
    targets = _corran_targets(ctx)
    return ctx.ship.in_play and bool(targets) and can_bonus_attack(
        ctx.game, ctx.ship, only=_PRIMARY, defenders=targets)


def _corran_attack(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, CORRAN_ATTACK, ctx.state.round)
    perform_bonus_attack(ctx.game, ctx.ship, only=_PRIMARY, defenders=_corran_targets(ctx))


def _corran_attacked(ctx: Ctx) -> bool:
    # "if you do": the bonus attack was declared (declining it at the declaration is not
    # doing it)
    return (ctx.event["attacker"] == ctx.ship.id and bool(ctx.event["bonus"])
            and recalled(ctx.ship, CORRAN_ATTACK) == ctx.state.round)


def _corran_owes(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, CORRAN_ATTACK, None)
    remember(ctx.ship, CORRAN_DISARM, ctx.state.round + 1)


def _corran_disarm(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, CORRAN_DISARM, None)
    gain_token(ctx.game, ctx.ship, Token.DISARM)


register("pilot", "corranhorn",
         Triggered("bonus primary attack against an enemy ship in the bullseye arc",
                   window="engagement_initiative_0", requirement=_corran_can,
                   effect=_corran_attack),
         Triggered("gain a disarm token at the start of the next Planning Phase",
                   window="after_attack", optional=False, requirement=_corran_attacked,
                   effect=_corran_owes),
         Triggered("gain 1 disarm token", window="start_planning", optional=False,
                   requirement=lambda ctx: ctx.ship.in_play
                   and recalled(ctx.ship, CORRAN_DISARM) == ctx.state.round,
                   effect=_corran_disarm),
         description="At initiative 0 of the Engagement Phase: may attack an enemy ship in his "
                     "bullseye arc with a bonus primary attack; if he does, he gains 1 disarm "
                     "token when the next Planning Phase starts.")
