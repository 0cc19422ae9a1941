"""A/SF-01 B-wing pilots (Rebel Alliance). The ship has no ship ability in its standard
printing; Blade Squadron Veteran and Blue Squadron Pilot have no pilot ability. The
Battle over Endor printings have the ship ability Gyro-Cockpit, paid with the pilot card's
charges.

Not registered (see the report): Hera Syndulla (a token transfer during another ship's
Modify Dice step, which no window offers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import dice, is_me, new_lock_options, ship_options, ships_in_range
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Triggered
from tallon.engine.effects import acquire_lock, gain_token, transfer_token
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
         DiceMod("spend 1 stress token: change all focus results", dice=dice("tennumb")),
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
         description="At the start of the Engagement Phase: she must transfer 1 stress token of "
                     "hers to another friendly ship within range 0-2.")


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


# ------------------------------------------------------------------ Gyro-Cockpit
def _pilot_charges(ship: ShipState) -> int:
    # the charges are the pilot card's (the ship ability has none of its own)
    charge = ship.charges.get(ship.pilot)
    return charge.active if charge is not None else 0


def _gyro_evade(ctx: Ctx, choice: Any) -> None:
    # RR: PAYING COSTS - the 2 charges, then the evade token
    ship = ctx.ship
    ship.charges[ship.pilot].active -= 2
    ctx.game.event("ability", f"{ship.name} ({ship.id}) spends 2 charges (Gyro-Cockpit)",
                   ship=ship.id)
    gain_token(ctx.game, ship, Token.EVADE, applier=ship.owner)


def _gyro_sides(game: Game, owner: ShipState, card: str = "", launch: bool = False,
                **facts: Any) -> list[tuple[str, tuple[tuple[str, int], ...]]]:
    # RR: DEVICE - only a drop (rear guides) is set at a side hashmark instead; the engine
    # offers each drop template at either side while the charge can be paid
    if launch:
        return []
    cost = ((owner.pilot, 1),)
    return [("left", cost), ("right", cost)]


GYRO_COCKPIT = (
    Triggered("spend 2 charges to gain an evade token", window="after_gain_token",
              requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "stress"
              and ctx.ship.in_play and _pilot_charges(ctx.ship) >= 2,
              effect=_gyro_evade),
    Modifier("spend 1 charge: drop a device from the left or right side hashmark",
             hook="device_alignments", value=_gyro_sides),
)
register("ship_ability", "Gyro-Cockpit", *GYRO_COCKPIT,
         description="After gaining a stress token: may spend 2 of the pilot's charges to "
                     "gain an evade token. Dropping a device: may spend 1 of them to set the "
                     "template's middle line at the hashmark of its left or right side "
                     "instead of its rear guides.")


# -------------------------------------------------- Adon Fox (Battle over Endor)
def _adon(game: Game, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    return 1 if attack is not None and attack.defender == owner.id and owner.stressed else 0


register("pilot", "adonfox-battleoverendor",
         Modifier("stressed: 1 more defense die", hook="defense_dice", value=_adon),
         description="Defending while stressed: rolls 1 more defense die.")


# ------------------------------------- Braylen Stramm and Gina Moonsong (Endor)
def _partner_stressed(ctx: Ctx, name: str) -> bool:
    """A friendly ship of the pilot ``name`` at range 0-2 is stressed."""
    return ctx.ship.in_play and any(
        s.name == name and s.stressed and not s.remote
        for s in ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=True, other=True))


register("pilot", "braylenstramm-battleoverendor",
         Triggered("gain a focus token", window="start_engagement",
                   requirement=lambda ctx: _partner_stressed(ctx, "Gina Moonsong"),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS,
                                                         applier=ctx.ship.owner)),
         description="At the start of the Engagement Phase: may gain a focus token if a friendly "
                     "Gina Moonsong ship within range 0-2 is stressed.")


register("pilot", "ginamoonsong-battleoverendor",
         Triggered("acquire a lock", window="start_engagement",
                   requirement=lambda ctx: _partner_stressed(ctx, "Braylen Stramm"),
                   choices=new_lock_options,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice)),
         description="At the start of the Engagement Phase: may acquire a lock if a friendly "
                     "Braylen Stramm ship within range 0-2 is stressed.")
