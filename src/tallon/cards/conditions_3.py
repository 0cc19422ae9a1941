"""Condition cards (RR: CONDITION CARDS), continued: Broken Trust, which makes its ship and
its player's other ships allied instead of friendly (RR: ALLIED, :mod:`tallon.engine.allegiance`).
Agent Tierny (:mod:`tallon.cards.pilots.xiclasslightshuttle`) assigns it."""

from __future__ import annotations

from collections.abc import Callable

from tallon.cards.common import is_in_arc
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.allegiance import MAKES_ALLIED, allied
from tallon.engine.conditions import remove_condition
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token

BROKEN_TRUST = "brokentrust"
#: the hook that has the engine mark an attack whose defender is dealt a faceup damage
#: card, and the mark's key
DEALT_FACEUP = "marks_faceup_dealt"

MAKES_ALLIED.add(BROKEN_TRUST)


def _allies_in_arc(ctx: Ctx) -> list[ShipState]:
    """The allied ships in the attack arc of the holder's attack that are not stressed."""
    attack = ctx.attack
    if attack is None or attack.attacker != ctx.ship.id:
        return []
    return [s for s in ctx.state.in_play() if allied(s, ctx.ship) and not s.stressed
            and is_in_arc(ctx.ship, s, attack.arc)]


def _stress_allies(ctx: Ctx) -> None:
    for ship in _allies_in_arc(ctx):
        gain_token(ctx.game, ship, Token.STRESS, applier=ctx.ship.owner)


def _trust_broken(role: str) -> Callable[[Ctx], bool]:
    """After the holder defended (``role`` "defender") or attacked ("attacker"): the
    defender was dealt a faceup damage card during the attack, or was destroyed."""
    def broken(ctx: Ctx) -> bool:
        return ctx.event.get(role) == ctx.ship.id and _defender_hurt(ctx)
    return broken


def _defender_hurt(ctx: Ctx) -> bool:
    attack = ctx.attack
    defender = ctx.event["defender"]
    return attack is not None and (DEALT_FACEUP in attack.marks or defender in attack.destroyed
                                   or not ctx.other(defender).in_play)


def _remove(ctx: Ctx) -> None:
    remove_condition(ctx.game, ctx.ship, BROKEN_TRUST)


register("condition", BROKEN_TRUST,
         # "before declaring the defender": the engine declares the weapon and the defender
         # in one answer, so the stress comes first in the Declare Target step (ruling)
         Triggered("each allied ship in the attack arc that is not stressed gains 1 stress",
                   window="defender_declared", optional=False,
                   requirement=lambda ctx: bool(_allies_in_arc(ctx)),
                   effect=lambda ctx, choice: _stress_allies(ctx)),
         Modifier("the attack notes a faceup damage card dealt to its defender",
                  hook="marks_faceup_dealt", value=lambda game, owner, **facts: True),
         Triggered("remove Broken Trust (the defender was dealt a faceup damage card or "
                   "destroyed)", window="after_defend", optional=False,
                   requirement=_trust_broken("defender"), effect=lambda ctx, choice: _remove(ctx)),
         Triggered("remove Broken Trust (the defender was dealt a faceup damage card or "
                   "destroyed)", window="after_attack", optional=False,
                   requirement=_trust_broken("attacker"), effect=lambda ctx, choice: _remove(ctx)),
         description="Its ship and the other ships of its player are allied, not friendly. "
                     "Attacking: each unstressed allied ship in the attack arc gains 1 "
                     "stress. After it defends or attacks, if the defender was dealt a "
                     "faceup damage card or destroyed, the condition is removed.")
