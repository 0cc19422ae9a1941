"""Condition cards (RR: CONDITION CARDS). Each condition's abilities belong to the ship it
is assigned to; the card it comes from is found through the player who assigned it."""

from __future__ import annotations

from typing import Any

from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.conditions import remove_condition
from tallon.engine.state import ShipState

# ------------------------------------------------------------- Suppressive Fire
SUPPRESSIVE_FIRE = "suppressivefire"


def _rexes(game: Any, ship: ShipState) -> list[ShipState]:
    """The Captain Rex ships whose effects assigned Suppressive Fire to ``ship`` (Captain
    Rex is limited, so one per player who assigned it)."""
    players = {c.assigned_by for c in ship.conditions if c.card == SUPPRESSIVE_FIRE}
    return [s for s in game.state.ships.values()
            if s.pilot == "captainrex" and s.owner in players]


def _fewer_dice(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id:
        return 0
    return 0 if attack.defender in {s.id for s in _rexes(game, owner)} else -1


def _rex_event(key: str) -> Any:
    return lambda ctx: ctx.event.get(key) in {s.id for s in _rexes(ctx.game, ctx.ship)}


def _rex_held_fire(ctx: Ctx) -> bool:
    """Captain Rex did not attack in this Engagement Phase (or is gone)."""
    here = (ctx.state.round, "engagement")
    return not any(s.in_play and s.last_attack == here for s in _rexes(ctx.game, ctx.ship))


def _remove(ctx: Ctx, choice: Any) -> None:
    remove_condition(ctx.game, ctx.ship, SUPPRESSIVE_FIRE)


register("condition", SUPPRESSIVE_FIRE,
         Modifier("1 fewer attack die against ships other than Captain Rex",
                  hook="attack_dice", value=_fewer_dice),
         Triggered("Captain Rex defended: remove this card", window="after_defend",
                   requirement=_rex_event("defender"), optional=False, effect=_remove),
         Triggered("Captain Rex did not attack this phase: remove this card",
                   window="end_engagement", requirement=_rex_held_fire, optional=False,
                   effect=_remove),
         Triggered("Captain Rex was destroyed: remove this card", window="after_destroyed",
                   requirement=_rex_event("ship"), optional=False, effect=_remove),
         description="Attacking a ship other than Captain Rex: 1 fewer attack die. Removed "
                     "after Captain Rex defends, after he is destroyed, and at the end of an "
                     "Engagement Phase in which he did not attack.")
