"""Nantex-class Starfighter pilots (Separatist Alliance) and the ship ability Pinpoint
Tractor Array.

The generic pilots (Stalgasin Hive Guard, Petranaki Arena Ace) have no ability text: the
ship ability is all they need.

A tractor token a card gives as part of a larger effect ("gain 1 tractor token to perform
a rotate action"; Gorgol's "it gains 1 tractor token, then repairs ...") makes its ship
tractored only once that effect has fully resolved (RR: FAQ, the Nantex question): the
move the tractor calls for then waits for it (:func:`gain_tractor_first`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import during_activation, granted, performable
from tallon.cards.common import (
    attacking,
    attacking_if,
    dice,
    is_me,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.modification_2 import damage_trait
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import PerformAction, StartAction, bar_actions
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, repair_damage
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, Step, Then, continuation
from tallon.engine.tokens import TractorMove
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

PINPOINT = "Pinpoint Tractor Array"
ROTATE = granted("rotate", "white", PINPOINT)


# ------------------------------------------------------------------ tractor tokens
def gain_tractor_first(game: Game, ship: ShipState, applier: int, *rest: Step) -> bool:
    """The ship gains 1 tractor token from ``applier``'s effect, the steps ``rest`` (the
    rest of that effect) resolve, and only then does the ship become tractored (the first
    time each round, the applier may move it: RR: TRACTOR). False: the token was not
    gained (a card replaced the gain)."""
    fresh = not ship.tractored and not ship.tractored_this_round
    if fresh:
        # the tractor move waits: nothing may start it while the effect resolves
        ship.tractored_this_round = True
    kept = gain_token(game, ship, Token.TRACTOR, applier=applier)
    if not kept:
        if fresh:
            ship.tractored_this_round = False
        return False
    game.push(*rest, Then("nantex.tractored", (ship.id, applier, fresh)))
    return True


@continuation("nantex.tractored")
def _tractored_now(game: Game, _: Any, ship_id: str, applier: int, fresh: bool) -> None:
    ship = game.state.ships[ship_id]
    if not fresh:
        return
    if ship.in_play and ship.tractored:
        # RR: TRACTOR - the first time it becomes tractored this round
        game.now(TractorMove(ship.id, applier))
    else:
        ship.tractored_this_round = False


# ------------------------------------------------------------------ ship ability
def _not_rear(game: Any, owner: ShipState, ship: ShipState | None = None,
              **facts: Any) -> tuple[Arc, ...] | None:
    if ship is None or ship.id != owner.id:
        return None
    return (Arc.FRONT, Arc.LEFT, Arc.RIGHT)


def _may_rotate(ctx: Ctx) -> bool:
    return (is_me(ctx) and bool(ctx.event.get("full")) and not ctx.ship.remote
            and bool(performable(ctx.game, ctx.ship, (ROTATE,), during_activation(ctx))))


def _pinpoint(ctx: Ctx, choice: Any) -> None:
    # RR: PAYING COSTS - the tractor token is the cost, gained before the rotate action
    gain_tractor_first(ctx.game, ctx.ship, ctx.ship.owner,
                       StartAction(ctx.ship.id, ROTATE, during_activation(ctx)))


register("ship_ability", PINPOINT,
         Modifier("the turret can't be rotated to the rear arc", hook="turret_arcs_allowed",
                  value=_not_rear),
         Triggered("gain 1 tractor token to perform a rotate action", window="after_execute",
                   requirement=_may_rotate, effect=_pinpoint),
         description="Its turret indicator can't point to the rear arc. After fully executing "
                     "a maneuver: may gain 1 tractor token to perform a rotate action.")


# ------------------------------------------------------------------------ Sun Fac
def _defender_tractored(game: Game, attack: AttackState, owner: ShipState) -> bool:
    return attack.primary and game.state.ships[attack.defender].tractored


def _sun_fac(game: Game, owner: ShipState, attack: AttackState | None = None,
             **facts: Any) -> int:
    if not attacking(attack, owner):
        return 0
    assert attack is not None
    return 1 if _defender_tractored(game, attack, owner) else 0


register("pilot", "sunfac",
         Modifier("1 more attack die against a tractored defender", hook="attack_dice",
                  value=_sun_fac),
         description="Primary attack against a tractored defender: rolls 1 additional attack "
                     "die.")


# ------------------------------------------------------------------------ Chertek
register("pilot", "chertek",
         DiceMod("reroll up to 2 attack dice", dice=dice("chertek"),
                 applies=attacking_if(_defender_tractored)),
         description="Primary attack against a tractored defender: may reroll up to 2 "
                     "attack dice.")


# ---------------------------------------------------------------------- Berwer Kret
BERWER = "berwerkret"
RED_CALCULATE = granted("calculate", "red", BERWER)


def calculate_on_bar(game: Game, ship: ShipState) -> bool:
    """RR: LINKED ACTION - a linked action is on the linked action bar, not the action bar:
    only the action bar's own actions count (ruling)."""
    return any(spec.kind == "calculate" for spec in bar_actions(game, ship))


def _berwer_ships(ctx: Ctx) -> list[ShipState]:
    defender = ctx.event["defender"]
    return [s for s in ctx.state.in_play() if friendly(s, ctx.ship) and not s.remote
            and defender in s.locks and calculate_on_bar(ctx.game, s)
            and performable(ctx.game, s, (RED_CALCULATE,), False)]


def _berwer_applies(ctx: Ctx) -> bool:
    return (is_me(ctx, "attacker") and bool(ctx.event.get("hit"))
            and bool(_berwer_ships(ctx)))


def _berwer(ctx: Ctx, choice: Any) -> None:
    # each ship in turn may perform it or pass (the same player: RR: ABILITY QUEUE)
    ctx.game.push(*(PerformAction(s.id, False, grant=(RED_CALCULATE,))
                    for s in _berwer_ships(ctx)))


register("pilot", BERWER,
         Triggered("each friendly ship with calculate on its bar and a lock on the defender "
                   "may perform a red calculate action", window="after_attack",
                   optional=False, requirement=_berwer_applies, effect=_berwer),
         description="After his attack hits: every friendly ship that has the defender locked and "
                     "a calculate action on its action bar may perform a red calculate action.")


# -------------------------------------------------------------------------- Gorgol
GORGOL = "gorgol"


def _gorgol_friends(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 2, friendly=True, other=True)]


def faceup_ship_damage(ship: ShipState) -> list[Option]:
    """The ship's faceup damage cards of the Ship trait, as choices (their serials)."""
    return [Option(str(d.serial), f"repair {d.card} (#{d.serial})") for d in ship.damage
            if d.faceup and damage_trait(d.card) == "ship"]


def _gorgol(ctx: Ctx, choice: Any) -> None:
    friend = ctx.other(str(choice))
    repair = Ask(friend.owner, "use_ability",
                 f"{friend.name} ({friend.id}): Gorgol - repair which faceup Ship damage card?",
                 tuple(faceup_ship_damage(friend)), "gorgol.repair", (friend.id,),
                 ship=friend.id)
    gain_tractor_first(ctx.game, friend, ctx.ship.owner, repair)


@continuation("gorgol.repair")
def _gorgol_repair(game: Game, answer: str, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if any(d.serial == int(answer) for d in ship.damage):
        repair_damage(game, ship, int(answer))


register("pilot", GORGOL,
         Triggered("gain 1 disarm token: a friendly ship at range 1-2 gains 1 tractor token "
                   "and repairs 1 faceup Ship damage card", window="system_phase",
                   cost=Cost(gain=(("disarm", 1),)),
                   requirement=lambda ctx: is_me(ctx) and bool(_gorgol_friends(ctx)),
                   choices=lambda ctx: ship_options(_gorgol_friends(ctx)), effect=_gorgol),
         description="During the System Phase: may gain 1 disarm token and pick a friendly ship "
                     "within range 1-2; that ship gains 1 tractor token and then repairs 1 of its "
                     "faceup damage cards with the Ship trait.")
