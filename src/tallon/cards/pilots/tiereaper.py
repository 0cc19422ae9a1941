"""TIE Reaper pilots (Galactic Empire) and the ship ability Controlled Ailerons, with the
boost it shares with the TIE/sk Striker's Adaptive Ailerons (registered in tieskstriker.py).

Both Ailerons abilities (as the RR errata word them) boost before the dial is revealed,
which is a move and not a boost action (RR: BOOST): the ship may still perform the boost
action later in the round. After that boost the window ``after_ailerons_move`` fires, for
the pilots whose abilities follow it ("Vizier", "Vagabond"). Scarif Base Pilot has no
ability text and needs no registration."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import granted, performable, start_action
from tallon.cards.common import attacking_if, defending_if, dice, green_tokens, is_me
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, DiceMod, Triggered
from tallon.engine.decisions import Option
from tallon.engine.movement import reposition, reposition_fails
from tallon.engine.queue import FireWindow, named
from tallon.engine.state import AttackState, ShipState
from tallon.engine.steps import Then, continuation
from tallon.geometry import boost

if TYPE_CHECKING:
    from tallon.engine.game import Game

_BOOSTS = (("left", "boost left ([1 bank left])"), ("straight", "boost straight ([1 straight])"),
           ("right", "boost right ([1 bank right])"))


# ------------------------------------------------------------------ the Ailerons
def ailerons_options(game: Game, ship: ShipState) -> list[Option]:
    """The boosts the ship could make now with the usual templates: one that would fail
    is not offered (RR: BOOST: a player can't choose to fail a boost that would not fail),
    and with none offered the boost fails and nothing happens."""
    table = game.state.table()
    return [Option(key, label) for key, label in _BOOSTS
            if not reposition_fails(game, ship, boost(table, ship.id, key), "boost")]


def ailerons_may_trigger(ctx: Ctx, even_stressed: bool = False) -> bool:
    """Before the ship reveals its dial, if it is not stressed. An ionized ship skips its
    Reveal Dial step (RR: ION), so there is no "before you reveal your dial" for it
    (ruling, as RR: ACTIVATION PHASE rules for abilities after revealing)."""
    return (is_me(ctx) and ctx.ship.in_play and not ctx.ship.ionized
            and (even_stressed or not ctx.ship.stressed))


def ailerons_boost(ctx: Ctx, choice: Any, ability: str) -> None:
    """Boost (not an action) with the template chosen; then the ``after_ailerons_move``
    window, once the obstacles the boost met have resolved."""
    ship = ctx.ship
    attempt = boost(ctx.state.table(), ship.id, str(choice))
    if reposition_fails(ctx.game, ship, attempt, "boost"):
        return  # RR: FAIL - the ship stays where it was
    if "after_ailerons_move" in named(ctx.game):
        # pushed before the move: the obstacle steps it pushes resolve first
        ctx.game.push(FireWindow.of("after_ailerons_move", ship=ship.id))
    reposition(ctx.game, ship, attempt)
    ctx.game.event("move", f"{ship.name} ({ship.id}) boosts {choice} ({ability}, not an "
                   "action)", ship=ship.id)


def _controlled(ctx: Ctx, choice: Any) -> None:
    ailerons_boost(ctx, choice, "Controlled Ailerons")


register("ship_ability", "Controlled Ailerons",
         Triggered("boost before revealing the dial", window="before_reveal",
                   requirement=ailerons_may_trigger,
                   choices=lambda ctx: ailerons_options(ctx.game, ctx.ship),
                   effect=_controlled),
         description="Before revealing its dial, if not stressed: may boost (not an "
                     "action).")


# ---------------------------------------------------------------------- "Vizier"
def _vizier_coordinate(ctx: Ctx) -> list:
    # RR: FAQ - an action whose difficulty the card does not state is white
    return performable(ctx.game, ctx.ship, [granted("coordinate", "white", "vizier")], True)


def _vizier(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    for spec in _vizier_coordinate(ctx):
        # pushed first, so it resolves once the coordinate action is done
        ctx.game.push(Then("vizier.skip_action", (ship.id,)))
        start_action(ctx.game, ship.id, spec, True)


@continuation("vizier.skip_action")
def _vizier_skip(game: Game, _: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    # RR: FAIL - a coordinate that failed triggers nothing after it: the step is kept
    if not ship.action_failed:
        ship.skip_action = True
        game.event("ability", f"{ship.name} ({ship.id}) skips its Perform Action step "
                   "(\"Vizier\")", ship=ship.id)


register("pilot", "vizier",
         Triggered("perform a coordinate action, then skip the Perform Action step",
                   window="after_ailerons_move",
                   requirement=lambda ctx: is_me(ctx) and bool(_vizier_coordinate(ctx)),
                   choices=lambda ctx: [Option("coordinate", "perform a white coordinate "
                                                             "action (skip the Perform "
                                                             "Action step)")]
                   if _vizier_coordinate(ctx) else [],
                   effect=_vizier),
         description="After boosting with Controlled Ailerons: may perform a white "
                     "coordinate action; if it does, it skips its Perform Action step.")


# ---------------------------------------------------------- Feroph and Vermeil
def _no_green(ship: ShipState) -> bool:
    # RR: TOKENS - focus, evade, calculate and reinforce tokens are green
    return not green_tokens(ship)


def _attacker_plain(game: Game, attack: AttackState, owner: ShipState) -> bool:
    return _no_green(game.state.ships[attack.attacker])


def _defender_plain(game: Game, attack: AttackState, owner: ShipState) -> bool:
    return _no_green(game.state.ships[attack.defender])


register("pilot", "captainferoph",
         DiceMod("change 1 blank or focus result to an evade", dice=dice("captainferoph"),
                 applies=defending_if(_attacker_plain)),
         description="Defending against an attacker with no green tokens: may change 1 "
                     "blank or focus result to an evade.")

register("pilot", "majorvermeil",
         DiceMod("change 1 blank or focus result to a hit", dice=dice("majorvermeil"),
                 applies=attacking_if(_defender_plain)),
         description="Attacking a defender with no green tokens: may change 1 blank or "
                     "focus result to a hit.")
