"""Building blocks for cards that grant actions ("you may perform a [boost] action", "you
may spend 1 [Charge] to perform an action, even while stressed").

Two ways to grant an action, both offering the ability only while the ship can perform one
of the actions, so a cost is never paid for nothing (RR: PAYING COSTS):

- :func:`grant_action`: the action is offered as the ability's own choices, so the player
  picks it while deciding whether to use the ability and "decline" is the only way not to
  act;
- :func:`may_perform`: the ability is a single choice and the action is picked afterwards
  in a Perform Action step (:func:`let_perform`), where the player may still pass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me
from tallon.engine.abilities import FREE, Cost, Ctx, Modifier, Requirement, Triggered
from tallon.engine.actions import PerformAction, StartAction, available_actions, can_perform
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, remove_token
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.engine.steps import Ask, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game

#: windows that happen inside the ship's own activation (the action is "during
#: activation", which matters to SLAM)
_ACTIVATION_WINDOWS = ("after_reveal", "after_execute", "before_check_difficulty")


def granted(kind: str, difficulty: str, card: str) -> ActionSpec:
    """An action a card grants ("perform a red [boost] action"), even if it is not on the
    ship's action bar."""
    return ActionSpec(kind, difficulty, None, card)


def performable(game: Game, ship: ShipState, specs: Iterable[ActionSpec],
                during_activation: bool, even_stressed: bool = False) -> list[ActionSpec]:
    """The specs the ship could perform now, one per action kind (the first offered)."""
    found: dict[str, ActionSpec] = {}
    for spec in specs:
        if spec.kind not in found and can_perform(game, ship, spec, during_activation,
                                                  even_stressed) is None:
            found[spec.kind] = spec
    return list(found.values())


def bar_actions(game: Game, ship: ShipState, during_activation: bool,
                even_stressed: bool = False) -> list[ActionSpec]:
    """"Perform an action": any standard action the ship could perform now."""
    return available_actions(game, ship, during_activation, even_stressed)


def during_activation(ctx: Ctx) -> bool:
    """Whether an action granted now is performed during the ship's activation."""
    if ctx.event.get("during_activation") is not None:
        return bool(ctx.event.get("during_activation"))
    return ctx.event.window in _ACTIVATION_WINDOWS and ctx.state.phase == "activation"


def action_options(specs: Iterable[ActionSpec]) -> list[Option]:
    return [Option(spec.kind, f"perform a {spec.label} action") for spec in specs]


def white_kinds_as_red(game: Game, ship: ShipState, during: bool) -> tuple[str, ...]:
    """The kinds of the white actions the ship could perform now if treated as red ("perform
    1 white action, treating it as red"; RR: ACTIONS: then it gives a stress token)."""
    white = [ActionSpec(s.kind, "red", s.linked, s.source)
             for s in available_actions(game, ship, during) if s.difficulty == "white"]
    return tuple(s.kind for s in performable(game, ship, white, during))


def let_perform(game: Game, ship_id: str, specs: Iterable[ActionSpec], during: bool,
                even_stressed: bool = False) -> None:
    """The ship may perform one of ``specs`` next, on its bar or not: a Perform Action step
    offering exactly those it can perform then, and "no action"."""
    game.push(PerformAction(ship_id, during, grant=tuple(specs), even_stressed=even_stressed))


def start_action(game: Game, ship_id: str, spec: ActionSpec, during: bool) -> None:
    """The ship performs ``spec`` now (its cost to attempt, effect, then "after you perform
    an action" abilities and the linked action)."""
    game.push(StartAction(ship_id, spec, during))


def grant_action(title: str, window: str, specs: Callable[[Ctx], list[ActionSpec]], *,
                 requirement: Requirement, cost: Cost = FREE,
                 actor: Callable[[Ctx], ShipState] | None = None,
                 even_stressed: bool = False) -> Triggered:
    """A triggered ability whose effect is "(the actor) may perform one of these actions".

    ``specs(ctx)`` gives the candidate actions; only those the actor can perform now are
    offered, and with none the ability has nothing to do (it resolves without effect and
    its cost is not paid). ``actor`` defaults to the card's ship."""

    def who(ctx: Ctx) -> ShipState:
        return actor(ctx) if actor is not None else ctx.ship

    def offered(ctx: Ctx, paid: bool = False) -> list[ActionSpec]:
        ship = who(ctx)
        found = performable(ctx.game, ship, specs(ctx), during_activation(ctx), even_stressed)
        if cost.force and not paid and ship.id == ctx.ship.id:
            # the Force paid for the ability can't also pay for a purple action
            found = [s for s in found if s.difficulty != "purple"
                     or ship.force - cost.force >= 1]
        return found

    def effect(ctx: Ctx, choice: Any) -> None:
        for spec in offered(ctx, paid=True):
            if spec.kind == choice:
                start_action(ctx.game, who(ctx).id, spec, during_activation(ctx))
                return

    return Triggered(title, window=window, requirement=requirement, cost=cost,
                     choices=lambda ctx: action_options(offered(ctx)), effect=effect)


def may_perform(title: str, window: str, specs: Callable[[Ctx], Iterable[ActionSpec]], *,
                requirement: Requirement, label: str, key: str = "act", cost: Cost = FREE,
                even_stressed: bool = False) -> Triggered:
    """A triggered ability whose effect is "you may perform one of these actions", the
    action picked afterwards (:func:`let_perform`). Its one choice, ``key`` ("``label``"),
    is offered only while the ship can perform one of ``specs(ctx)`` now."""

    def choices(ctx: Ctx) -> list[Option]:
        found = performable(ctx.game, ctx.ship, specs(ctx), during_activation(ctx),
                            even_stressed)
        return [Option(key, label)] if found else []

    def effect(ctx: Ctx, choice: Any) -> None:
        let_perform(ctx.game, ctx.ship.id, specs(ctx), during_activation(ctx), even_stressed)

    return Triggered(title, window=window, requirement=requirement, cost=cost,
                     choices=choices, effect=effect)


# ----------------------------------------------------- a SLAM that spends a charge
def charged_slam(card: str, name: str, token: Token, description: str
                 ) -> tuple[Modifier, Triggered]:
    """A card that grants a SLAM paid for with its charge (Burnout Thrusters, Black One):
    no SLAM action while the charge is inactive; after a SLAM action the card loses 1
    charge, then the ship may gain 1 ``token`` to remove 1 disarm token."""

    def forbidden(game: Game, owner: ShipState, ship: ShipState | None = None,
                  action: str = "", **facts: Any) -> bool:
        # RR: SLAM - any SLAM action, the card's or another card's
        charge = owner.charges.get(card)
        return (ship is not None and ship.id == owner.id and action == "slam"
                and charge is not None and charge.active < 1)

    def after_slam(ctx: Ctx, choice: Any) -> None:
        ship = ctx.ship
        charge = ship.charges[card]
        charge.active = max(0, charge.active - 1)
        ctx.game.event("ability", f"{ship.name} ({ship.id}) loses 1 charge of {name}",
                       ship=ship.id)
        if ship.has(Token.DISARM):
            ctx.game.push(Ask(ship.owner, "use_ability",
                              f"{ship.name} ({ship.id}): {name} - gain 1 {token.value} token "
                              "to remove 1 disarm token?",
                              (Option(token.value, f"gain 1 {token.value} token to remove 1 "
                                                   "disarm token"),
                               Option("decline", "keep the disarm token")),
                              "acting.trade_disarm", (ship.id, token.value), ship=ship.id))

    return (Modifier("no SLAM action while the charge is inactive", hook="action_forbidden",
                     value=forbidden),
            Triggered(description, window="after_action", optional=False,
                      requirement=lambda ctx: is_me(ctx) and ctx.event.get("action") == "slam",
                      effect=after_slam))


@continuation("acting.trade_disarm")
def _trade_disarm(game: Game, answer: str, ship_id: str, token: str) -> None:
    ship = game.state.ships[ship_id]
    if answer != token or not ship.in_play:
        return
    gain_token(game, ship, Token(token))
    remove_token(game, ship, Token.DISARM)
