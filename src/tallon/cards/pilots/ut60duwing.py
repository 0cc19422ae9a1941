"""UT-60D U-wing pilots (Rebel Alliance). The ship has no ship ability; Blue Squadron
Scout and Partisan Renegade have no pilot ability and need no registration."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import (
    damaged,
    dice,
    is_me,
    range_of,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import PerformAction
from tallon.engine.allegiance import friendly
from tallon.engine.effects import gain_token, remove_token, transfer_token
from tallon.engine.state import ShipState, Token


# ------------------------------------------------------------- Benthic Two Tubes
def _benthic_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 2, friendly=True, other=True)
            if not s.remote]


register("pilot", "benthictwotubes",
         Triggered("transfer 1 focus token to a friendly ship at range 1-2",
                   window="after_action",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "focus"
                   and ctx.ship.has(Token.FOCUS),
                   choices=lambda ctx: ship_options(_benthic_targets(ctx)),
                   effect=lambda ctx, choice: transfer_token(ctx.game, ctx.ship,
                                                             ctx.other(choice), Token.FOCUS)),
         description="After a focus action: may transfer 1 focus token to a friendly ship "
                     "at range 1-2.")


# -------------------------------------------------------------------- Bodhi Rook
def bodhi_sources(game: Any, owner: ShipState, ship: Any = None, action: str = "",
                   **facts: Any) -> list[str]:
    # RR: LOCK - range is measured from any friendly ship instead of only the locking one
    if action != "lock" or ship is None or ship.owner != owner.owner or not owner.in_play:
        return []
    return [s.id for s in game.state.in_play() if friendly(s, owner) and not s.remote
            and s.id != ship.id]


register("pilot", "bodhirook",
         Modifier("friendly ships may lock objects at range 0-3 of any friendly ship",
                  hook="range_sources", value=bodhi_sources),
         description="Friendly ships performing a lock action may lock any object that is at range "
                     "0-3 of at least one friendly ship.")


# ----------------------------------------------------------------- Cassian Andor
def _cassian_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 3, friendly=True, other=True)
            if s.stressed]


register("pilot", "cassianandor",
         Triggered("a friendly ship at range 1-3 removes 1 stress token",
                   window="start_activation",
                   requirement=lambda ctx: ctx.ship.in_play,
                   choices=lambda ctx: ship_options(_cassian_targets(ctx)),
                   effect=lambda ctx, choice: remove_token(ctx.game, ctx.other(choice),
                                                           Token.STRESS)),
         description="At the start of the Activation Phase: may choose a friendly ship at "
                     "range 1-3; it removes 1 stress token.")


# ------------------------------------------------------------------- Heff Tobber
def _heff_applies(ctx: Ctx) -> bool:
    enemy = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, enemy) if enemy.in_play and ctx.ship.in_play else None
    return enemy.owner != ctx.ship.owner and not enemy.remote and near == 0


register("pilot", "hefftobber",
         Triggered("perform an action", window="after_execute", requirement=_heff_applies,
                   # not his own activation: "during activation" effects don't apply
                   effect=lambda ctx, choice: ctx.game.push(
                       PerformAction(ctx.ship.id, during_activation=False))),
         description="After any enemy ship executes a maneuver: if that ship is at range 0 of him, "
                     "he may perform an action.")


# ------------------------------------------------------------------- Magva Yarro
def _magva_allows(game: Any, owner: ShipState, attack: Any = None, kind: str = "",
                  user: Any = None, rerolls: int = 0, **facts: Any) -> bool:
    if (attack is None or kind != "attack" or not rerolls or user is None
            or user.id != attack.attacker or not owner.in_play):
        return True
    defender = game.state.ships[attack.defender]
    near = range_of(owner, defender)
    if defender.owner != owner.owner or defender.remote or near is None or near > 2:
        return True
    # RR: DICE MODIFICATION - a die is rerolled once at most, so the attack dice showing as
    # rerolled are those already rerolled in this attack
    done = sum(1 for die in attack.attack_dice if die.rerolled)
    return done + rerolls <= 1


register("pilot", "magvayarro",
         Modifier("the attacker can't reroll more than 1 attack die", hook="dice_option_allowed",
                  value=_magva_allows),
         description="While a friendly ship at range 0-2 (her too) defends, the attacker "
                     "can reroll at most 1 attack die in all.")


# ------------------------------------------------------------------ Saw Gerrera
def _saw_applies(game: Any, attack: Any, owner: ShipState, user: ShipState) -> bool:
    if user.id != attack.attacker or user.owner != owner.owner or not damaged(user):
        return False
    near = range_of(owner, user)
    return near is not None and near <= 3


register("pilot", "sawgerrera",
         DiceMod("a damaged friendly ship may reroll 1 attack die", dice=dice("sawgerrera"),
                 applies=_saw_applies, for_others=True),
         description="A damaged friendly ship at range 0-3 (him too) performing an attack "
                     "may reroll 1 attack die.")


# ------------------------------------------------------------------------ K-2SO
register("pilot", "k2so",
         Triggered("gain 1 calculate token", window="after_gain_token", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "stress",
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship,
                                                         Token.CALCULATE)),
         description="After gaining a stress token: gains 1 calculate token.")
