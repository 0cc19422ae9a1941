"""Resistance Transport pilots (Resistance). The ship has no ship ability; the generic
Logistics Division Pilot has no ability text."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, range_of, ship_options
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.actions import PerformAction, bar_actions
from tallon.engine.effects import gain_token
from tallon.engine.movement import difficulty_of
from tallon.engine.state import AttackState, ShipState, Token


# --------------------------------------------------------------------- Cova Nell
def _red_revealed(ship: ShipState) -> bool:
    # RR: FAQ - a revealed maneuver's difficulty is its printed colour
    return (ship.dial_revealed and ship.dial_set is not None
            and difficulty_of(ship.dial_set) == "red")


def _cova_attack(game: Any, owner: ShipState, attack: AttackState | None = None,
                 **facts: Any) -> int:
    return 1 if (attack is not None and attack.attacker == owner.id and attack.primary
                 and _red_revealed(owner)) else 0


def _cova_defense(game: Any, owner: ShipState, attack: AttackState | None = None,
                  **facts: Any) -> int:
    return 1 if attack is not None and attack.defender == owner.id \
        and _red_revealed(owner) else 0


register("pilot", "covanell",
         Modifier("1 more attack die with a red revealed maneuver", hook="attack_dice",
                  value=_cova_attack),
         Modifier("1 more defense die with a red revealed maneuver", hook="defense_dice",
                  value=_cova_defense),
         description="Defending or performing a primary attack while her revealed maneuver "
                     "is red: 1 more die.")


# -------------------------------------------------------------- Pammich Nerro Goode
def _pammich(game: Any, owner: ShipState, ship: ShipState | None = None, **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and owner.count(Token.STRESS) <= 2


register("pilot", "pammichnerrogoode",
         Modifier("may execute red maneuvers while stressed", hook="may_execute_red_stressed",
                  value=_pammich),
         description="With 2 or fewer stress tokens: may execute red maneuvers while "
                     "stressed.")


# ----------------------------------------------------------------- Nodin Chavdri
def _nodin_kinds(ctx: Ctx) -> tuple[str, ...]:
    return tuple(spec.kind for spec in bar_actions(ctx.game, ctx.ship))


def _nodin_applies(ctx: Ctx) -> bool:
    involved = ctx.ship.id in (ctx.event["ship"], ctx.event["target"])
    return involved and ctx.ship.in_play and ctx.ship.count(Token.STRESS) <= 2


def _nodin(ctx: Ctx, choice: Any) -> None:
    # ruling: coordinating in the Activation Phase after his dial is revealed, his action
    # is part of his activation; coordinated, it is not
    during = (ctx.event["ship"] == ctx.ship.id and ctx.state.phase == "activation"
              and ctx.ship.dial_revealed)
    ctx.game.push(PerformAction(ctx.ship.id, during_activation=during, treat_as="red",
                                only=_nodin_kinds(ctx), even_stressed=True))


register("pilot", "nodinchavdri",
         Triggered("perform an action of your bar as a red action, even stressed",
                   window="after_coordinate", requirement=_nodin_applies, effect=_nodin),
         description="After coordinating or being coordinated, with 2 or fewer stress "
                     "tokens: may perform an action of his action bar as a red action, even "
                     "while stressed.")


# -------------------------------------------------------------- Taka Jamoreesa
def _taka_targets(ctx: Ctx) -> list[ShipState]:
    jammed = ctx.other(ctx.event["target"])
    # "another ship": neither Taka nor the ship she jammed (ruling)
    return [s for s in ctx.state.in_play() if not s.remote
            and s.id not in (ctx.ship.id, jammed.id)
            and (near := range_of(jammed, s)) is not None and near <= 1]


def _taka_applies(ctx: Ctx) -> bool:
    target = ctx.event.get("target")
    return (is_me(ctx) and ctx.event["action"] == "jam" and target is not None
            and target in ctx.state.ships)


register("pilot", "takajamoreesa",
         Triggered("assign 1 jam token to another ship at range 0-1 of the jammed ship",
                   window="after_action", optional=False, requirement=_taka_applies,
                   choices=lambda ctx: ship_options(_taka_targets(ctx)),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.other(choice),
                                                         Token.JAM,
                                                         applier=ctx.ship.owner)),
         description="After jamming: if another ship is within range 0-1 of the jammed ship, must "
                     "assign 1 jam token to one such ship.")
