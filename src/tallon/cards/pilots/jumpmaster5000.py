"""JumpMaster 5000 pilots (Scum and Villainy). The ship has no ship ability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    green_tokens,
    is_in_arc,
    recalled,
    remember,
    ship_options,
    ships_in_range,
)
from tallon.cards.pilots.mg100starfortress import in_turret_arc
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Replacement, Triggered
from tallon.engine.action_bodies import rotatable_arcs, turret_arcs_for
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import break_locks_on, suffer_damage, transfer_token
from tallon.engine.placement import DEPLOYMENT, PlaceByCard, pick_up
from tallon.engine.reserve import in_reserve, mark_reserve, usable_in_reserve
from tallon.engine.state import ShipState
from tallon.engine.steps import Then, continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------------------------------- Dengar
def _dengar_applies(ctx: Ctx) -> bool:
    if ctx.event["defender"] != ctx.ship.id:
        return False
    attacker = ctx.other(ctx.event["attacker"])
    return (attacker.in_play and is_in_arc(ctx.ship, attacker, Arc.FRONT)
            and can_bonus_attack(ctx.game, ctx.ship, defenders=(attacker.id,)))


# RR: BONUS ATTACK
register("pilot", "dengar",
         Triggered("spend 1 charge: bonus attack against the attacker", window="after_defend",
                   bonus_attack=True, cost=Cost(charges=1), requirement=_dengar_applies,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, defenders=(ctx.event["attacker"],))),
         description="After defending, if the attacker is in his front arc: may spend 1 "
                     "charge to perform a bonus attack against it.")


# ------------------------------------------------------------------------ Manaroo
def _manaroo_friends(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True, other=True)


def _manaroo(ctx: Ctx, choice: Any) -> None:
    friend = ctx.other(choice)
    moved = 0
    for token in green_tokens(ctx.ship):
        while ctx.ship.has(token) and transfer_token(ctx.game, ctx.ship, friend, token):
            moved += 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) transfers {moved} green "
                   f"token(s) to {friend.name} ({friend.id})", ship=ctx.ship.id)


register("pilot", "manaroo",
         Triggered("transfer all your green tokens to a friendly ship at range 0-1",
                   window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play and bool(green_tokens(ctx.ship)),
                   choices=lambda ctx: ship_options(_manaroo_friends(ctx)), effect=_manaroo),
         description="At the start of the Engagement Phase: may choose another friendly ship "
                     "at range 0-1 and transfer all her green tokens to it.")


# ------------------------------------------------------------------------ Nom Lumb
def _nom_arcs(ctx: Ctx) -> list[Arc]:
    attacker = ctx.other(ctx.event["attacker"])
    return [a for a in rotatable_arcs(ctx.game, ctx.ship) if is_in_arc(ctx.ship, attacker, a)]


def _nom_applies(ctx: Ctx) -> bool:
    if ctx.event["defender"] != ctx.ship.id or not ctx.ship.turret:
        return False
    attacker = ctx.other(ctx.event["attacker"])
    return not in_turret_arc(ctx.ship, attacker) and bool(_nom_arcs(ctx))


def _nom(ctx: Ctx, choice: Any) -> None:
    # RR: ROTATE - turning the indicator by an ability, not a rotate action
    ctx.ship.turret = turret_arcs_for(ctx.ship, Arc(choice))
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) rotates its turret to its "
                   f"{choice} arc", ship=ctx.ship.id)


register("pilot", "nomlumb",
         Triggered("rotate the turret arc indicator toward the attacker",
                   window="defender_declared", optional=False, requirement=_nom_applies,
                   choices=lambda ctx: [Option(a.value, f"rotate the turret to the {a.value} "
                                               "arc") for a in _nom_arcs(ctx)],
                   effect=_nom),
         description="After he becomes the defender, if the attacker is outside his single turret "
                     "arc: he must rotate that indicator to a standard arc containing the "
                     "attacker.")


# -------------------------------------------------------------------- Tel Trevura
TEL = "teltrevura"
#: (round, phase) he went into reserve by his ability
TEL_RESERVE = "teltrevura:reserve"


def _tel_escape(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship = ctx.ship
    # RR: DAMAGE CARDS - discarded damage cards go to their owner's discard pile
    ctx.state.player(ship.owner).discard.extend(card.card for card in ship.damage)
    ship.damage = ()
    ctx.game.event("damage", f"{ship.name} ({ship.id}) discards all of its damage cards",
                   ship=ship.id)
    suffer_damage(ctx.game, ship, hits=5, cause="Tel Trevura")
    ctx.game.push(Then(f"{TEL}.reserve", (ship.id,)))


@continuation(f"{TEL}.reserve")
def _tel_to_reserve(game: Game, _: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if not ship.in_play or ship.destroyed:
        return  # the 5 damage destroyed him after all
    # RR: RESERVE - off the table on his ship card, not removed; no dial, no attack
    pick_up(game, ship)
    ship.activated = True
    ship.dial_set = None
    break_locks_on(game, ship.id)
    mark_reserve(ship, DEPLOYMENT)
    remember(ship, TEL_RESERVE, (game.state.round, game.state.phase))
    game.event("reserve", f"{ship.name} ({ship.id}) is placed in reserve", ship=ship.id)


def _tel_due(ctx: Ctx) -> bool:
    went = recalled(ctx.ship, TEL_RESERVE)
    # "the next Planning Phase": not one whose start he went into reserve during
    return (went is not None and in_reserve(ctx.game, ctx.ship)
            and tuple(went) != (ctx.state.round, "planning"))


def _tel_place(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, TEL_RESERVE, None)
    # RR: RESERVE - the deployment area: within range 1 of his player edge
    ctx.game.push(PlaceByCard(ctx.ship.id, DEPLOYMENT))


usable_in_reserve(register(
    "pilot", TEL,
    Replacement("spend 1 charge: discard your damage cards, suffer 5 damage and go into "
                "reserve", point="destroy_ship", cost=Cost(charges=1),
                applies=lambda ctx, facts: facts["ship"] == ctx.ship.id and ctx.ship.in_play,
                replace=_tel_escape),
    Triggered("placed within range 1 of your player edge", window="start_planning",
              optional=False, requirement=_tel_due, effect=_tel_place),
    description="If he would be destroyed: may spend 1 charge; if he does, instead he discards all "
                "his damage cards, suffers 5 hit damage and is placed in reserve, to be placed "
                "within range 1 of his player edge when the next Planning Phase starts."))
