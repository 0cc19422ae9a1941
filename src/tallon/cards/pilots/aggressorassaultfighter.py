"""Aggressor assault fighter pilots (Scum and Villainy) and the ship ability Advanced Droid
Brain."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import is_me, ship_options, ships_in_range
from tallon.cards.registry import register
from tallon.cards.upgrades.configuration_alphaclassstarwing import CANNON
from tallon.data import load_cards
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.actions import bar_actions
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.effects import gain_token, transfer_token
from tallon.engine.state import ShipState, Token
from tallon.geometry import Bearing, Maneuver

# ------------------------------------------------------------- ship ability
ADVANCED_DROID_BRAIN = "Advanced Droid Brain"

register("ship_ability", ADVANCED_DROID_BRAIN,
         Triggered("gain 1 calculate token", window="after_action", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "calculate",
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.CALCULATE)),
         description="After performing a calculate action: gains 1 more calculate token.")


# --------------------------------------------------------------------- IG-88A
def calculate_on_bar(game: Any, ship: ShipState) -> bool:
    """RR: ACTIONS - the ship's action bar (what its cards add included) shows [Calculate],
    alone or linked."""
    return any(spec.kind == "calculate" or (spec.linked is not None
                                            and spec.linked.kind == "calculate")
               for spec in bar_actions(game, ship))


def _ig88a_friends(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 3, friendly=True, other=True)
            if calculate_on_bar(ctx.game, s)]


register("pilot", "ig88a",
         Triggered("transfer 1 calculate token to a friendly ship at range 1-3 with "
                   "calculate on its bar", window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play and ctx.ship.has(Token.CALCULATE)
                   and bool(_ig88a_friends(ctx)),
                   choices=lambda ctx: ship_options(_ig88a_friends(ctx)),
                   effect=lambda ctx, choice: transfer_token(
                       ctx.game, ctx.ship, ctx.other(choice), Token.CALCULATE)),
         description="At the start of the Engagement Phase: may give 1 of his calculate "
                     "tokens to a friendly ship at range 1-3 with calculate on its action "
                     "bar.")


# --------------------------------------------------------------------- IG-88B
def cannons(ship: ShipState) -> tuple[str, ...]:
    """The ship's [Cannon] upgrades, by id (their weapons' ids)."""
    db = load_cards()
    return tuple(xws for kind, xws, side in ship.cards
                 if kind == "upgrade" and db.upgrade(xws).sides[side].type in CANNON)


def _ig88b_applies(ctx: Ctx) -> bool:
    found = cannons(ctx.ship)
    return is_me(ctx, "attacker") and not ctx.event["hit"] and bool(found) \
        and can_bonus_attack(ctx.game, ctx.ship, only=found)


register("pilot", "ig88b",
         Triggered("perform a bonus cannon attack", window="after_attack", bonus_attack=True,
                   requirement=_ig88b_applies,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, only=cannons(ctx.ship))),
         description="After an attack that misses: may perform a bonus cannon attack.")


# --------------------------------------------------------------------- IG-88C
register("pilot", "ig88c",
         grant_action("perform an evade action", "after_action",
                      lambda ctx: [granted("evade", "white", "ig88c")],
                      requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "boost"),
         description="After performing a boost action: may perform an evade action.")


# --------------------------------------------------------------------- IG-88D
SEGNOR_LOOPS = (Bearing.SEGNOR_LOOP_LEFT, Bearing.SEGNOR_LOOP_RIGHT)


def _ig88d_templates(game: Any, owner: ShipState, ship: ShipState, maneuver: str
                     ) -> tuple[str, ...] | None:
    # RR: SEGNOR'S LOOP - still a Segnor's loop (placed by its front guides at the
    # template's end, a partial one falls back to that template's basic maneuver); the
    # engine offers each template only at a speed it exists (ExecuteManeuver)
    if ship.id != owner.id or Maneuver.parse(maneuver).bearing not in SEGNOR_LOOPS:
        return None
    return ("turn", "straight")


register("pilot", "ig88d",
         Modifier("fly a Segnor's loop on the turn template of its direction or the straight "
                  "template of its speed", hook="maneuver_templates", value=_ig88d_templates),
         description="Executing a Segnor's loop: may use the turn template of the same "
                     "direction or the straight template, of the same speed, instead of the "
                     "bank template.")
