"""The title restricted to the Lambda-class T-4a Shuttle: ST-321."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, ship_options, ships_in_range
from tallon.cards.pilots.lambdaclasst4ashuttle import coordinating
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.effects import acquire_lock, can_lock
from tallon.engine.state import ShipState


def _st321_enemies(ctx: Ctx) -> list[ShipState]:
    coordinated = ctx.other(ctx.event["target"])
    if not coordinated.in_play:
        return []
    # RR: LOCK - ignoring range restrictions: only the lock's other limits remain
    return [s for s in ships_in_range(ctx.game, coordinated, 0, 3, friendly=False)
            if s.owner != ctx.ship.owner and can_lock(ctx.game, ctx.ship, s.id) is None]


def _st321_applies(ctx: Ctx) -> bool:
    # only the ship's own Coordinate action (RR: COORDINATE), not a card's "coordinate"
    return (is_me(ctx) and coordinating(ctx.game, ctx.ship.id)
            and bool(_st321_enemies(ctx)))


def _st321(ctx: Ctx, choice: Any) -> None:
    acquire_lock(ctx.game, ctx.ship, str(choice))


register("upgrade", "st321",
         Triggered("lock an enemy ship at range 0-3 of the ship you coordinated",
                   window="after_coordinate", requirement=_st321_applies,
                   choices=lambda ctx: ship_options(_st321_enemies(ctx)), effect=_st321),
         description="After a coordinate action: may lock an enemy ship within range 0-3 of the "
                     "ship it coordinated, ignoring range restrictions.")
