"""TIE/ba Interceptor pilots (First Order) and the ship ability Fine-Tuned Thrusters. First
Order Provocateur has no ability text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import (
    action_options,
    during_activation,
    granted,
    performable,
    start_action,
)
from tallon.cards.common import is_in_arc, is_me, ship_options, ships_in_range
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, lock_blockers, transfer_token
from tallon.engine.queue import any_true
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game

SHIP = "tiebainterceptor"
THRUSTERS = "Fine-Tuned Thrusters"
#: the tokens the ship ability and Major Vonreg offer, in the order offered
DEPLETE_OR_STRAIN = (Token.DEPLETE, Token.STRAIN)


# --------------------------------------------------------------- the ship ability
def _thruster_specs(game: Game, ship: ShipState, during: bool) -> list[ActionSpec]:
    return performable(game, ship, (granted("lock", "white", THRUSTERS),
                                    granted("barrel_roll", "white", THRUSTERS)), during)


def _thrusters_apply(ctx: Ctx) -> bool:
    # RR: FULLY EXECUTE - a partial maneuver (a bump) does not trigger it
    return (is_me(ctx) and bool(ctx.event.get("full"))
            and not ctx.ship.has(Token.DEPLETE) and not ctx.ship.has(Token.STRAIN))


def _thrusters(ctx: Ctx, choice: Any) -> None:
    # RR: PAYING COSTS - the action is chosen with the ability (only one the ship can
    # perform now), then the token is paid for it
    ship = ctx.ship
    ctx.game.push(Ask(ship.owner, "jingoist_token", f"{ship.name} ({ship.id}): {THRUSTERS} - "
                      "gain which token?",
                      tuple(Option(t.value, f"gain 1 {t.value} token") for t in DEPLETE_OR_STRAIN),
                      "finetunedthrusters.token", (ship.id, str(choice), during_activation(ctx)),
                      ship=ship.id))


@continuation("finetunedthrusters.token")
def _thrusters_token(game: Game, token: str, ship_id: str, kind: str, during: bool) -> None:
    ship = game.state.ships[ship_id]
    spec = next((s for s in _thruster_specs(game, ship, during) if s.kind == kind), None)
    if spec is None:
        return
    gain_token(game, ship, Token(token))
    start_action(game, ship_id, spec, during)


register("ship_ability", THRUSTERS,
         Triggered("gain 1 deplete or strain token to perform a lock or barrel roll action",
                   window="after_execute", requirement=_thrusters_apply,
                   choices=lambda ctx: action_options(_thruster_specs(
                       ctx.game, ctx.ship, during_activation(ctx))), effect=_thrusters),
         description="After fully executing a maneuver, if neither depleted nor strained: may "
                     "gain a deplete or a strain token to perform a lock or a barrel roll "
                     "action.")


# ------------------------------------------------------------------- no ability
# First Order Provocateur prints flavour text only: the ship ability is all it needs.


# ---------------------------------------------------------------- Major Vonreg
def _vonreg_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner
            and is_in_arc(ctx.ship, s, Arc.BULLSEYE)]


def _vonreg(ctx: Ctx, choice: Any) -> None:
    enemy = ctx.other(choice)
    ctx.game.push(Ask(ctx.ship.owner, "jingoist_token",
                      f"{enemy.name} ({enemy.id}) gains which token?",
                      tuple(Option(t.value, f"a {t.value} token") for t in DEPLETE_OR_STRAIN),
                      "majorvonreg.token_chosen", (enemy.id, ctx.ship.owner),
                      ship=ctx.ship.id))


@continuation("majorvonreg.token_chosen")
def _vonreg_token(game: Game, token: str, enemy_id: str, player: int) -> None:
    gain_token(game, game.state.ships[enemy_id], Token(token), applier=player)


register("pilot", "majorvonreg",
         Triggered("an enemy ship in your bullseye arc gains a deplete or strain token",
                   window="system_phase",
                   requirement=lambda ctx: is_me(ctx) and bool(_vonreg_targets(ctx)),
                   choices=lambda ctx: ship_options(_vonreg_targets(ctx)), effect=_vonreg),
         description="During the System Phase: may choose an enemy ship in his bullseye arc; "
                     "it gains a deplete or a strain token, as he chooses.")


# ----------------------------------------------------------------------- "Holo"
def _lock_can_move(game: Game, locker: ShipState, taker: ShipState) -> bool:
    # RR: TOKENS - a transfer needs the receiving ship able to have the lock
    return (not taker.ionized and not lock_blockers(game, taker)
            and not any_true(game, "lock_forbidden", ship=locker, target=taker.id))


def _holo_choices(ctx: Ctx) -> list[Option]:
    holo = ctx.ship
    friends = ships_in_range(ctx.game, holo, 0, 2, friendly=True, other=True)
    found = []
    for friend in friends:
        for token in Token:
            if holo.has(token) and not (token is Token.CLOAK and friend.cloaked):
                found.append(Option(f"{token.value}@{friend.id}",
                                    f"transfer 1 {token.value} token to {friend.name} "
                                    f"({friend.id})"))
        # FAQ (Holo): a lock on him is his red token, his own lock is not
        for locker in ctx.state.ships.values():
            if holo.id in locker.locks and _lock_can_move(ctx.game, locker, friend):
                found.append(Option(f"lock:{locker.id}@{friend.id}",
                                    f"transfer the lock of {locker.name} ({locker.id}) to "
                                    f"{friend.name} ({friend.id})"))
    return found


def _holo(ctx: Ctx, choice: Any) -> None:
    what, _, friend_id = str(choice).rpartition("@")
    friend = ctx.other(friend_id)
    kind, _, locker_id = what.partition(":")
    if kind != "lock":
        transfer_token(ctx.game, ctx.ship, friend, Token(kind))
        return
    locker = ctx.other(locker_id)
    # two locks of one ship on one object merge; a lock moved onto its own ship breaks
    # (RR: FAQ, locking)
    moved = [friend_id if t == ctx.ship.id else t for t in locker.locks]
    locker.locks = [t for t in dict.fromkeys(moved) if t != locker.id]
    ctx.game.event("lock", f"{ctx.ship.name} ({ctx.ship.id}) transfers the lock of "
                   f"{locker.name} to {friend.name} ({friend_id})", ship=ctx.ship.id,
                   target=friend_id)


register("pilot", "holo",
         Triggered("transfer 1 of your tokens to another friendly ship at range 0-2",
                   window="start_engagement", optional=False,
                   requirement=lambda ctx: bool(_holo_choices(ctx)),
                   choices=_holo_choices, effect=_holo),
         description="At the start of the Engagement Phase he must give one of his tokens "
                     "(a lock on him included) to another friendly ship at range 0-2.")


# ---------------------------------------------------------------------- "Ember"
def _ember_forbids(game: Any, owner: ShipState, ship: ShipState | None = None,
                   token: Token | None = None, **facts: Any) -> bool:
    attack = game.state.attack
    if attack is None or ship is None or attack.attacker != owner.id \
            or attack.defender != ship.id or token not in (Token.FOCUS, Token.CALCULATE):
        return False
    # RR: FRIENDLY - the defender is friendly to itself: its own damage counts (ruling)
    return any(s.damage for s in ships_in_range(game, ship, 0, 1, friendly=True))


register("pilot", "ember",
         Modifier("the defender can't spend focus or calculate tokens",
                  hook="token_spend_forbidden", value=_ember_forbids),
         description="Attacking, with a damaged ship friendly to the defender (the defender "
                     "too) at range 0-1 of it: the defender can't spend focus or calculate "
                     "tokens.")
