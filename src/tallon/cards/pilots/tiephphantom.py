"""TIE/ph Phantom pilots (Galactic Empire) and the ship ability Stygium Array. Imdaar Test
Pilot and Sigma Squadron Ace have no pilot ability; the standard loadouts of "Whisper"
(Unseen Assailant) and "Echo" (Copycat) are played by their upgrade modules."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import grant_action, granted, start_action
from tallon.cards.common import is_me, range_of
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.actions import bar_actions as action_bar
from tallon.engine.actions import can_perform
from tallon.engine.effects import gain_token
from tallon.engine.state import ActionSpec, ShipState, Token

STYGIUM = "Stygium Array"


def bar_or_granted(game: Any, ship: ShipState, kind: str, card: str) -> ActionSpec:
    """The ship's own action of this kind ("perform a [cloak] action": the one on its bar,
    with its colour and linked action), or a white one the card grants if none is."""
    for spec in action_bar(game, ship):
        if spec.kind == kind:
            return spec
    return granted(kind, "white", card)


# ------------------------------------------------------------------ Stygium Array
def _stygium_recloak_wanted(ctx: Ctx) -> bool:
    # RR: CLOAK - a cloaked ship can't gain a second cloak token: the evade would be spent
    # for nothing
    return ctx.ship.in_play and ctx.ship.has(Token.EVADE) and not ctx.ship.cloaked


register("ship_ability", STYGIUM,
         grant_action("perform an evade action", "after_decloak",
                      lambda ctx: [bar_or_granted(ctx.game, ctx.ship, "evade", STYGIUM)],
                      requirement=is_me),
         Triggered("spend 1 evade token to gain 1 cloak token", window="start_end_phase",
                   cost=Cost(tokens=(("evade", 1),)), requirement=_stygium_recloak_wanted,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.CLOAK)),
         description="After decloaking: may perform an evade action. At the start of the End "
                     "Phase: may spend 1 evade token to gain 1 cloak token.")


# ---------------------------------------------------------------------- "Whisper"
def _hit(ctx: Ctx) -> bool:
    return is_me(ctx, "attacker") and bool(ctx.event.get("hit")) and ctx.ship.in_play


register("pilot", "whisper",
         Triggered("gain 1 evade token", window="after_attack", optional=False,
                   requirement=_hit,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.EVADE)),
         description="After performing an attack that hits: gains 1 evade token.")


# ----------------------------------------------------- "Whisper" (Unseen Assailant)
WHISPER_SSL = "whisper-ssl"


def _cloak_spec(ctx: Ctx) -> ActionSpec:
    return bar_or_granted(ctx.game, ctx.ship, "cloak", WHISPER_SSL)


def _whisper_can_cloak(ctx: Ctx) -> bool:
    return is_me(ctx, "attacker") and can_perform(ctx.game, ctx.ship, _cloak_spec(ctx),
                                                  False) is None


register("pilot", WHISPER_SSL,
         Triggered("spend 1 charge to perform a cloak action", window="after_attack",
                   cost=Cost(charges=1), requirement=_whisper_can_cloak,
                   effect=lambda ctx, choice: start_action(ctx.game, ctx.ship.id,
                                                           _cloak_spec(ctx), False)),
         description="After performing an attack: may spend 1 charge (2, not recurring) to "
                     "perform a cloak action.")


# ------------------------------------------------------------------------ "Echo"
def _echo_banks(game: Any, owner: ShipState, speed: int = 0, **facts: Any
                ) -> tuple[tuple[str, tuple[()]], ...]:
    # only instead of the [2 straight] template (a small ship's decloak)
    return (("left", ()), ("right", ())) if speed == 2 else ()


register("pilot", "echo",
         Modifier("decloak with the [2 bank left] or [2 bank right] template",
                  hook="decloak_templates", value=_echo_banks),
         Modifier("no decloak with the [2 straight] template", hook="decloak_banks_only",
                  value=lambda game, owner, speed=0, **facts: speed == 2),
         description="Decloaking: must boost with the [2 bank left] or [2 bank right] "
                     "template instead of the [2 straight] one.")


# ----------------------------------------------------------- "Echo" (Copycat)
ECHO_SSL = "echo-ssl"


def on_action_bar(game: Any, ship: ShipState, kind: str, source: str) -> bool:
    """Whether the action a ship performed (its kind and source) is one on its action bar,
    a linked action printed there included, not one a card let it perform."""
    for spec in action_bar(game, ship):
        linked = spec.linked
        if spec.source == source and (spec.kind == kind
                                      or (linked is not None and linked.kind == kind)):
            return True
    return False


def _copied(ctx: Ctx) -> ActionSpec:
    return granted(str(ctx.event["action"]), "white", ECHO_SSL)


def _echo_copies(ctx: Ctx) -> bool:
    enemy = ctx.other(ctx.event["ship"])
    if enemy.owner == ctx.ship.owner or not ctx.ship.in_play:
        return False
    near = range_of(ctx.ship, enemy)
    return (near is not None and near <= 1
            and on_action_bar(ctx.game, enemy, str(ctx.event["action"]),
                              str(ctx.event.get("source")))
            # not the enemy's activation: Echo acts outside her own (RR: SLAM)
            and can_perform(ctx.game, ctx.ship, _copied(ctx), False) is None)


register("pilot", ECHO_SSL,
         Triggered("spend 1 charge to perform the same action, treating it as white",
                   window="after_action", cost=Cost(charges=1), requirement=_echo_copies,
                   effect=lambda ctx, choice: start_action(ctx.game, ctx.ship.id,
                                                           _copied(ctx), False)),
         description="After an enemy ship within range 0-1 performs an action listed on its own "
                     "action bar: may spend 1 charge (1, recurring) to perform that same action, "
                     "treated as white.")
