"""Configurations of the Separatist droid fighters: Strut-Lock Override (Siege of Coruscant
standard loadouts of the Vulture and Hyena), Grappling Struts (Vulture) and Landing Struts
(Hyena), which share their text.

RR: MOVE - a ship moves through an obstacle when the template is placed on it; overlapping it
at the end of the move is another thing (RR: OBSTACLES), which Strut-Lock Override does not
ignore.
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, recalled, remember, this_round
from tallon.cards.pilots.asf01bwing import rotate_by
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.activation_steps import skip_execute
from tallon.engine.allegiance import friendly
from tallon.engine.devices import overlapped_before
from tallon.engine.effects import flip_upgrade, remove_token
from tallon.engine.state import ShipState, Token, touching
from tallon.geometry import Bearing, Maneuver, ObstacleType

STRUT_LOCK = "strutlockoverride-siegeofcoruscant"
STRUT_LOCK_ROUND = f"{STRUT_LOCK}:round"


def _strut_lock(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, STRUT_LOCK_ROUND, ctx.state.round)
    ctx.game.event("obstacle", f"{ctx.ship.name} ({ctx.ship.id}) ignores the obstacles it "
                   "moves through this round", ship=ctx.ship.id)


def _moving_through(game: Any, owner: ShipState, ship: ShipState | None = None,
                    obstacle: str | None = None, during: str = "", **facts: Any) -> bool:
    # RR: OBSTACLES - asked once the move is done: an obstacle the ship ends on is
    # overlapped, not only moved through, and keeps its effects
    if ship is None or ship.id != owner.id or during != "move" or ship.body is None:
        return False
    return this_round(game, owner, STRUT_LOCK_ROUND) and \
        obstacle not in overlapped_before(game, ship)


register("upgrade", STRUT_LOCK,
         Triggered("spend 1 charge: ignore the obstacles it moves through this round",
                   window="before_activate", requirement=is_me, cost=Cost(charges=1),
                   effect=_strut_lock),
         Modifier("ignores the obstacles it moves through", hook="ignores_obstacle",
                  value=_moving_through),
         description="At the start of its activation: may spend 1 charge to ignore the "
                     "obstacles it moves through this round (not one it ends on).")


# ---------------------------------------------------- Grappling / Landing Struts
LANDING = (ObstacleType.ASTEROID, ObstacleType.DEBRIS_CLOUD)
CLOSED, OPEN = 0, 1


def _obstacle(game: Any, obstacle_id: str) -> Any:
    return next((o for o in game.state.obstacles if o.id == obstacle_id), None)


def _at_range_0(ship: ShipState, obstacle: Any) -> bool:
    return ship.body is not None and obstacle is not None and touching(ship.body, obstacle)


def _landed_key(card: str) -> str:
    return f"{card}:landed"


def _can_land(ctx: Ctx) -> bool:
    """RR: OBSTACLES - the ship's maneuver ended on an asteroid or debris cloud with at most
    1 other friendly ship at range 0 of it."""
    me = ctx.ship
    obstacle = _obstacle(ctx.game, ctx.event["obstacle"])
    if not (is_me(ctx) and ctx.event["move"] == "maneuver" and obstacle is not None
            and obstacle.type in LANDING and obstacle.id in overlapped_before(ctx.game, me)):
        return False
    others = [s for s in ctx.state.in_play() if friendly(s, me) and s.id != me.id
              and _at_range_0(s, obstacle)]
    return len(others) <= 1


def _land(card: str) -> Any:
    def effect(ctx: Ctx, choice: Any) -> None:
        # the open side's "ignore obstacles at range 0" spares it the overlap's effects
        flip_upgrade(ctx.game, ctx.ship, card, OPEN)
        remember(ctx.ship, _landed_key(card), True)
    return effect


def _grounded(ctx: Ctx) -> bool:
    # not a [2 straight], at range 0 of an asteroid or debris cloud
    move = Maneuver.parse(ctx.event["maneuver"])
    if move.speed == 2 and move.bearing is Bearing.STRAIGHT:
        return False
    return is_me(ctx) and any(o.type in LANDING and _at_range_0(ctx.ship, o)
                              for o in ctx.state.obstacles)


def _stay(ctx: Ctx, choice: Any) -> None:
    # RR: MANEUVER - the Execute Maneuver step is skipped; RR: ROTATE A SHIP
    me = ctx.ship
    skip_execute(me)
    remove_token(ctx.game, me, Token.STRESS)
    turn = Maneuver.parse(ctx.event["maneuver"]).bearing.direction.value
    if turn:
        rotate_by(ctx.game, me, 90.0 * turn)


def _take_off(card: str) -> Any:
    def effect(ctx: Ctx, choice: Any) -> None:
        if recalled(ctx.ship, _landed_key(card)):
            # the maneuver that landed it: the card was flipped after it, not before
            remember(ctx.ship, _landed_key(card), None)
            return
        flip_upgrade(ctx.game, ctx.ship, card, CLOSED)
    return effect


def _ignores_near(game: Any, owner: ShipState, ship: ShipState | None = None,
                  obstacle: str = "", **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and \
        _at_range_0(owner, _obstacle(game, obstacle))


def _no_barrel_roll(game: Any, owner: ShipState, ship: ShipState | None = None,
                    action: str = "", **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and action == "barrel_roll"


def _struts(card: str) -> None:
    register("upgrade", card,
             Modifier("starts with this side faceup", hook="starts_faceup",
                      value=lambda game, owner, card_id=card, **facts:
                      facts.get("card") == card_id),
             Triggered("flip it: no effects of overlapping the asteroid or debris cloud",
                       window="after_obstacle_met", requirement=_can_land,
                       effect=_land(card)),
             back=(Modifier("ignores obstacles at range 0", hook="ignores_obstacle_always",
                            value=_ignores_near),
                   Modifier("can't perform barrel roll actions", hook="action_forbidden",
                            value=_no_barrel_roll),
                   Triggered("stays: skips its Execute Maneuver step, removes 1 stress token "
                             "and turns 90 degrees toward a left or right maneuver",
                             window="after_reveal", optional=False, requirement=_grounded,
                             effect=_stay),
                   Triggered("flip this card", window="after_execute", optional=False,
                             requirement=is_me, effect=_take_off(card))),
             description="Closed (starts faceup): after a maneuver that overlaps an asteroid or "
                         "debris cloud with at most 1 other friendly ship at range 0 of that "
                         "obstacle, may flip to avoid the overlap's effects. Open: ignores "
                         "obstacles at range 0; can't barrel roll; after revealing any maneuver "
                         "but a [2 straight] while touching an asteroid or debris cloud (range 0), "
                         "skips its Execute Maneuver step and removes 1 stress token, turning 90 "
                         "degrees toward the revealed side for a left or right maneuver; after "
                         "executing a maneuver, flips back.")


for _card in ("grapplingstruts", "landingstruts"):
    _struts(_card)
