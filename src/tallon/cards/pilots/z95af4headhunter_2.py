"""Z-95-AF4 Headhunter pilots of the Hound's Tooth (Scum and Villainy): Bossk's Z-95 with
its ship ability Pursuit Craft, and Nashtah Pup with Escape Craft. Docking is the engine's
(engine/docking.py); the Hound's Tooth title (cards/upgrades/title.py) carries them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tallon.cards.common import is_me, ship_options, ships_in_range
from tallon.cards.pilots.yv666lightfreighter import BOSSK
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.effects import acquire_lock, can_lock
from tallon.engine.state import ShipState

HOUNDS_TOOTH = "houndstooth"


def _hounds_tooth(ctx: Ctx) -> ShipState | None:
    """The friendly ship equipped with the Hound's Tooth (a limited title: one at most)."""
    return next((s for s in ctx.state.ships.values() if friendly(s, ctx.ship)
                 and HOUNDS_TOOTH in s.upgrades and not s.removed), None)


# ---------------------------------------------------------------- Pursuit Craft
def _pursuit_targets(ctx: Ctx) -> list[ShipState]:
    tooth = _hounds_tooth(ctx)
    if tooth is None:
        return []
    # RR: LOCK - a lock an ability gives must be on an object at range 0-3
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 3, other=True)
            if s.id in tooth.locks and can_lock(ctx.game, ctx.ship, s.id) is None]


register("ship_ability", "Pursuit Craft",
         Triggered("acquire a lock on a ship the Hound's Tooth has locked",
                   window="after_deploy", requirement=is_me,
                   choices=lambda ctx: ship_options(_pursuit_targets(ctx)),
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice)),
         description="After deploying: may acquire a lock on a ship the friendly Hound's "
                     "Tooth has locked.")

register("pilot", "bossk-z95af4headhunter", BOSSK,
         description="Primary attack, after the Neutralize Results step: may spend 1 "
                     "critical hit result to add 2 hit results.")


# ----------------------------------------------------------------- Escape Craft
register("ship_ability", "Escape Craft",
         # RR: DOCK - "ships capable of docking can start the game docked": this one must
         Modifier("must start the game docked", hook="must_start_docked",
                  value=lambda game, owner, ship=None, **facts: True),
         description="Setup: must start the game docked with the Hound's Tooth (which the "
                     "squad must include).")


# ------------------------------------------------------------------ Nashtah Pup
def _tooth_lost(ctx: Ctx) -> bool:
    carrier = ctx.other(ctx.event["carrier"])
    return (is_me(ctx) and bool(ctx.event.get("emergency")) and carrier.destroyed
            and friendly(carrier, ctx.ship) and HOUNDS_TOOTH in carrier.upgrades)


def _become_the_tooth(ctx: Ctx, choice: Any) -> None:
    pup, tooth = ctx.ship, ctx.other(ctx.event["carrier"])
    pup.name = tooth.name
    pup.initiative = tooth.initiative
    # RR: ABILITIES - the Hound's Tooth's pilot card joins the Pup's (a new tuple, so its
    # abilities are looked up again); a generic pilot brings none
    if ctx.game.cards.implements("pilot", tooth.pilot) and \
            ("pilot", tooth.pilot, 0) not in pup.cards:
        pup.cards = (*pup.cards, ("pilot", tooth.pilot, 0))
    charge = tooth.charges.get(tooth.pilot)
    if charge is not None:
        # ruling: the ship charge as it was when the Hound's Tooth was destroyed
        pup.charges[tooth.pilot] = replace(charge)
    ctx.game.event("ability", f"Nashtah Pup ({pup.id}) takes the name, initiative "
                   f"{tooth.initiative}, pilot ability and charges of {tooth.name}",
                   ship=pup.id)


register("pilot", "nashtahpup",
         # RR: DOCK - only the emergency deploy of a destroyed carrier brings it out
         Modifier("deploys only via emergency deployment", hook="deploy_forbidden",
                  value=lambda game, owner, ship=None, **facts: True),
         Triggered("take the name, initiative, pilot ability and charge of the Hound's Tooth",
                   window="after_deploy", optional=False, requirement=_tooth_lost,
                   effect=_become_the_tooth),
         description="Deploys only by emergency deployment; then it has the name, "
                     "initiative, pilot ability and ship charges of the destroyed Hound's "
                     "Tooth.")
