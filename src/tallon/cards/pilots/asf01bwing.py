"""A/SF-01 B-wing pilots (Rebel Alliance). The ship has no ship ability in its standard
printing; Blade Squadron Veteran and Blue Squadron Pilot have no pilot ability.

Not registered (see the report): Hera Syndulla (a token transfer during another ship's
Modify Dice step, which no window offers), and the Battle over Endor printings (their
ship ability Gyro-Cockpit drops devices from the side hashmarks, a placement the engine
lacks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import dice, is_me, ship_options, ships_in_range
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, DiceMod, Triggered
from tallon.engine.effects import gain_token, transfer_token
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Then, continuation
from tallon.geometry import rotate_ship

if TYPE_CHECKING:
    from tallon.engine.game import Game


def rotate_by(game: Game, ship: ShipState, degrees: float) -> bool:
    """RR: ROTATE A SHIP - turn the ship in place (not a move); it can't turn onto another
    ship's base, and then the effect does not resolve. Returns whether it turned."""
    if not ship.in_play or ship.body is None:
        return False
    rotation = rotate_ship(game.state.table(), ship.id, degrees)
    if not rotation.possible:
        game.event("ability", f"{ship.name} ({ship.id}) can't rotate {degrees:g} degrees: "
                   "it would overlap a ship", ship=ship.id)
        return False
    game.state.set_pose(ship, rotation.final)
    game.event("move", f"{ship.name} ({ship.id}) rotates {degrees:g} degrees", ship=ship.id)
    return True


def can_rotate(game: Game, ship: ShipState, degrees: float) -> bool:
    return (ship.in_play and ship.body is not None
            and rotate_ship(game.state.table(), ship.id, degrees).possible)


# --------------------------------------------------------------- Braylen Stramm
register("pilot", "braylenstramm",
         DiceMod("stressed: reroll up to 2 dice", dice=dice("braylenstramm"),
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and owner.stressed),
         description="Attacking or defending while stressed: may reroll up to 2 of his "
                     "dice.")


# --------------------------------------------------------------------- Ten Numb
register("pilot", "tennumb",
         DiceMod("spend 1 stress token: change all focus results", dice=dice("tennumb"),
                 applies=lambda game, attack, owner, user: user.id == owner.id),
         description="Attacking or defending: may spend 1 stress token to change all focus "
                     "results to hits (attacking) or evades (defending).")


# ---------------------------------------------------------------- Gina Moonsong
def _gina_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=True, other=True)
            if not s.remote]


# RR: TOKENS - "must": when she is stressed and a ship can take it, she picks one
register("pilot", "ginamoonsong",
         Triggered("transfer 1 stress token to another friendly ship at range 0-2",
                   window="start_engagement", optional=False,
                   requirement=lambda ctx: ctx.ship.in_play and ctx.ship.stressed
                   and bool(_gina_targets(ctx)),
                   choices=lambda ctx: ship_options(_gina_targets(ctx)),
                   effect=lambda ctx, choice: transfer_token(ctx.game, ctx.ship,
                                                             ctx.other(choice), Token.STRESS)),
         description="At the start of the Engagement Phase: must transfer 1 of her stress "
                     "tokens to another friendly ship at range 0-2.")


# --------------------------------------------------------------- Netrem Pollard
def _netrem_targets(ctx: Ctx) -> list[ShipState]:
    # RR: FRIENDLY - he may choose himself
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True)
            if not s.remote and not s.stressed]


def _netrem(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.other(choice), Token.STRESS, applier=ctx.ship.owner)
    # "then": the stress (and whatever it sets off) first
    ctx.game.push(Then("netrempollard.rotate", (ctx.ship.id,)))


@continuation("netrempollard.rotate")
def _netrem_rotate(game: Game, _: Any, ship_id: str) -> None:
    rotate_by(game, game.state.ships[ship_id], 180.0)


register("pilot", "netrempollard",
         Triggered("a friendly unstressed ship at range 0-1 gains 1 stress token, then he "
                   "rotates 180 degrees", window="after_action",
                   requirement=lambda ctx: is_me(ctx)
                   and ctx.event["action"] == "barrel_roll",
                   choices=lambda ctx: ship_options(_netrem_targets(ctx)), effect=_netrem),
         description="After a barrel roll: may choose an unstressed friendly ship at range "
                     "0-1 (him too); it gains 1 stress token, then he rotates 180 degrees.")
