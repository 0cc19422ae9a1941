"""Sheathipede-class shuttle pilots (Rebel Alliance) and the ship ability Comms Shuttle.

Comms Shuttle works while the shuttle is docked (RR: DOCK): its card is declared usable
there (:func:`tallon.engine.queue.usable_docked`), so its "before your carrier activates"
ability listens although the shuttle is off the table, and the coordinate action it adds
reaches the carrier's action bar (engine/actions.py bar_actions).
"""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import in_firing_arc, recalled, remember
from tallon.cards.registry import register
from tallon.cards.shared_rules import ZEB_CRITS_FIRST, ezra_stressed_focus
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.docking import carrier_of
from tallon.engine.effects import gain_token
from tallon.engine.queue import FireWindow, usable_docked
from tallon.engine.state import ActionSpec, ShipState, Token

# ------------------------------------------------------------- ship ability
COMMS_SHUTTLE = "Comms Shuttle"
_COORDINATE = ActionSpec("coordinate", "white")


def _carrier_gains(game: Any, owner: ShipState, ship: ShipState | None = None,
                   **facts: Any) -> tuple[ActionSpec, ...]:
    carrier = carrier_of(game, owner)
    return (_COORDINATE,) if carrier is not None and ship is not None \
        and ship.id == carrier.id else ()


def _carrier_activates(ctx: Ctx) -> bool:
    carrier = carrier_of(ctx.game, ctx.ship)
    return carrier is not None and ctx.event["ship"] == carrier.id


def _carrier(ctx: Ctx) -> ShipState:
    carrier = carrier_of(ctx.game, ctx.ship)
    assert carrier is not None
    return carrier


register("ship_ability", COMMS_SHUTTLE,
         Modifier("the carrier gains a coordinate action", hook="added_actions",
                  value=_carrier_gains),
         grant_action("the carrier may perform a coordinate action", "before_activate",
                      lambda ctx: [granted("coordinate", "white", COMMS_SHUTTLE)],
                      requirement=_carrier_activates, actor=_carrier),
         description="While docked: the carrier has a coordinate action on its bar, and "
                     "before it activates it may perform a coordinate action.")
usable_docked("ship_ability", COMMS_SHUTTLE)


# --------------------------------------------------------------------- pilots
register("pilot", "zeborrelios-sheathipedeclassshuttle",
         ZEB_CRITS_FIRST,
         description="While defending, critical hits are canceled before hits.")

register("pilot", "ezrabridger-sheathipedeclassshuttle",
         ezra_stressed_focus("ezrabridger-sheathipedeclassshuttle"),
         description="Attacking or defending while stressed: may spend 1 Force to change up "
                     "to 2 focus results to hits (attacking) or evades (defending).")

# --------------------------------------------------------------------- AP-5
def _coordinating(game: Any, owner: ShipState, ship: ShipState) -> bool:
    """Whether ``owner`` is in the middle of a coordinate action that chose ``ship``: its
    "after you coordinate" window for that ship still waits on the step stack."""
    if owner.action_colour is None:
        return False
    return any(isinstance(step, FireWindow) and step.window == "after_coordinate"
               and dict(step.facts).get("ship") == owner.id
               and dict(step.facts).get("target") == ship.id for step in game.stack)


def _ap5(game: Any, owner: ShipState, ship: ShipState | None = None, **facts: Any) -> bool:
    # RR: STRESS - the chosen ship's actions (its linked one too) while AP-5 coordinates
    return ship is not None and ship.id != owner.id and ship.count(Token.STRESS) == 1 \
        and _coordinating(game, owner, ship)


register("pilot", "ap5",
         Modifier("the coordinated ship with exactly 1 stress token can perform actions",
                  hook="may_act_stressed", value=_ap5),
         description="While coordinating: a chosen ship with exactly 1 stress token can "
                     "perform actions.")


# ----------------------------------------------------------------- Fenn Rau
FENN = "fennrau-sheathipedeclassshuttle"
_FENN_MEMORY = "fennrau-sheathipedeclassshuttle.muted"
#: the resources that are tokens (a lock is a red token; Force and charges are not)
_TOKENS = frozenset({*(t.value for t in Token), "lock"})


def _fenn_applies(ctx: Ctx) -> bool:
    enemy = ctx.other(ctx.event["ship"])
    return (enemy.owner != ctx.ship.owner and not enemy.remote and ctx.ship.in_play
            and enemy.in_play and not ctx.ship.stressed and in_firing_arc(ctx.ship, enemy))


def _fenn(ctx: Ctx, choice: Any) -> None:
    enemy = ctx.event["ship"]
    gain_token(ctx.game, ctx.ship, Token.STRESS)
    kept = recalled(ctx.ship, _FENN_MEMORY)
    muted = kept[1] if kept and kept[0] == ctx.state.round else ()
    remember(ctx.ship, _FENN_MEMORY, (ctx.state.round, (*muted, enemy)))
    ctx.game.event("ability", f"{ctx.other(enemy).name} ({enemy}) cannot spend tokens to "
                   "modify dice while attacking this phase", ship=enemy)


def _fenn_allows(game: Any, owner: ShipState, attack: Any = None, user: Any = None,
                 spend: tuple[tuple[str, int], ...] = (), **facts: Any) -> bool:
    kept = recalled(owner, _FENN_MEMORY)
    if attack is None or user is None or not kept or kept[0] != game.state.round \
            or game.state.phase != "engagement":
        return True
    muted = user.id in kept[1] and attack.attacker == user.id
    return not (muted and any(name in _TOKENS for name, _ in spend))


register("pilot", FENN,
         Triggered("gain 1 stress token: the engaging ship can't spend tokens on dice",
                   window="before_engage", requirement=_fenn_applies, effect=_fenn),
         Modifier("the chosen ship can't spend tokens to modify dice while attacking",
                  hook="dice_option_allowed", value=_fenn_allows),
         description="Before an enemy ship in his firing arc engages, if not stressed: may "
                     "gain 1 stress token; then that ship can't spend tokens to modify dice "
                     "while it attacks this phase.")
