"""Firespray-class patrol craft pilots, and Zam Wesell's two secret conditions.

Zam Wesell assigns herself one of her secret conditions facedown in the System Phase; the
opponent sees only that she has a secret condition (RR: SECRET CONDITIONS). Each reveals
itself after she defends, or at the end of the Engagement Phase when she chooses to.
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import in_enemy_firing_arc, is_me
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.conditions import assign_condition, remove_condition, reveal_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import can_lock
from tallon.engine.state import ShipState
from tallon.engine.steps import Ask

ZAM = "zamwesell"
BUSINESS = "youdbettermeanbusiness"
THANKS = "youshouldthankme"
SECRETS = (BUSINESS, THANKS)


def _zam(ctx: Ctx) -> ShipState | None:
    """The ship carrying Zam Wesell, as pilot or crew: she assigns the condition to herself,
    so the ship holding it holds the charges it spends."""
    return ctx.ship if ZAM in ctx.ship.charges else None


def _zam_charges(ctx: Ctx) -> int:
    zam = _zam(ctx)
    return zam.charges[ZAM].active if zam is not None else 0


def _change_zam_charges(ctx: Ctx, amount: int) -> None:
    zam = _zam(ctx)
    if zam is not None:
        charge = zam.charges[ZAM]
        charge.active = max(0, min(charge.limit, charge.active + amount))


def _facedown(ctx: Ctx) -> bool:
    return any(c.card == ctx.card and not c.faceup for c in ctx.ship.conditions)


def _may_reveal(ctx: Ctx) -> bool:
    """At the end of the Engagement Phase: facedown, and in an enemy ship's firing arc."""
    return _facedown(ctx) and in_enemy_firing_arc(ctx.game, ctx.ship)


# ----------------------------------------------------------------------- the pilot
def _lose_two(ctx: Ctx, choice: Any) -> None:
    _change_zam_charges(ctx, -2)


#: the same text on the pilot and on her crew card (crew_d2.py)
ZAM_ABILITIES = (
    Triggered("setup: lose 2 charges", window="gather_forces", optional=False,
              effect=_lose_two),
    Triggered("assign yourself a secret condition", window="system_phase",
              requirement=is_me,
              choices=lambda ctx: [Option(c, c) for c in SECRETS],
              effect=lambda ctx, choice: assign_condition(ctx.game, ctx.ship, choice,
                                                          ctx.ship.owner)),
)
register("pilot", ZAM, *ZAM_ABILITIES,
         description="Setup: loses 2 charges. System Phase: may assign herself one of her "
                     "two secret conditions, facedown.")


# ------------------------------------------------------------------ the conditions
def _defended(ctx: Ctx) -> bool:
    return ctx.event.get("defender") == ctx.ship.id


def _reveal(ctx: Ctx, choice: Any) -> None:
    reveal_condition(ctx.game, ctx.ship, ctx.card)


def _removed_at_system_start() -> Triggered:
    return Triggered("removed at the start of the System Phase", window="start_system",
                     optional=False,
                     effect=lambda ctx, choice: remove_condition(ctx.game, ctx.ship,
                                                                 ctx.card))


def _business_bonus(ctx: Ctx, choice: Any) -> None:
    _change_zam_charges(ctx, -2)
    perform_bonus_attack(ctx.game, ctx.ship, defenders=(ctx.event["attacker"],))


def _business_late(ctx: Ctx, choice: Any) -> None:
    reveal_condition(ctx.game, ctx.ship, ctx.card)
    _change_zam_charges(ctx, 2)


register("condition", BUSINESS,
         Triggered("revealed after defending", window="after_defend", optional=False,
                   requirement=lambda ctx: _defended(ctx) and _facedown(ctx), effect=_reveal),
         Triggered("spend 2 of Zam's charges: bonus attack against the attacker",
                   window="after_defend", bonus_attack=True,
                   requirement=lambda ctx: _defended(ctx) and _zam_charges(ctx) >= 2
                   and can_bonus_attack(ctx.game, ctx.ship,
                                        defenders=(ctx.event["attacker"],)),
                   effect=_business_bonus),
         Triggered("reveal: Zam recovers 2 charges", window="end_engagement",
                   requirement=_may_reveal,
                   effect=_business_late),
         _removed_at_system_start(),
         marker=ZAM,
         description="Secret. After defending (revealed): may spend 2 of Zam's charges for a "
                     "bonus attack against the attacker. End of Engagement, facedown and in "
                     "an enemy firing arc: may reveal it for Zam to recover 2 charges. "
                     "Removed at the start of the System Phase.")


def _thanks(ctx: Ctx, choice: Any) -> None:
    _change_zam_charges(ctx, 1)
    attacker = ctx.event["attacker"]
    if can_lock(ctx.game, ctx.ship, attacker) is None:
        ctx.game.push(Ask(ctx.ship.owner, "use_ability", f"{ctx.ship.name}: acquire a lock "
                          "on the attacker?", (Option("lock", f"lock {attacker}"),
                                               Option("decline", "no")),
                          "common.lock_if_chosen", (ctx.ship.id, attacker),
                          ship=ctx.ship.id))


def _thanks_late(ctx: Ctx, choice: Any) -> None:
    reveal_condition(ctx.game, ctx.ship, ctx.card)
    _change_zam_charges(ctx, -2)
    perform_bonus_attack(ctx.game, ctx.ship)


register("condition", THANKS,
         Triggered("revealed after defending", window="after_defend", optional=False,
                   requirement=lambda ctx: _defended(ctx) and _facedown(ctx), effect=_reveal),
         Triggered("Zam recovers 1 charge; may lock the attacker", window="after_defend",
                   optional=False, requirement=_defended, effect=_thanks),
         Triggered("reveal and spend 2 of Zam's charges: bonus attack",
                   window="end_engagement", bonus_attack=True,
                   requirement=lambda ctx: _may_reveal(ctx)
                   and _zam_charges(ctx) >= 2 and can_bonus_attack(ctx.game, ctx.ship),
                   effect=_thanks_late),
         _removed_at_system_start(),
         marker=ZAM,
         description="Secret. After defending (revealed): Zam recovers 1 charge, then may "
                     "lock the attacker. End of Engagement, facedown and in an enemy firing "
                     "arc: may reveal it and spend 2 of Zam's charges for a bonus attack. "
                     "Removed at the start of the System Phase.")
