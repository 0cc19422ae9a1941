"""Attack shuttle pilots (Rebel Alliance) and the ship ability Locked and Loaded.

Locked and Loaded works while the shuttle is docked (RR: DOCK): its card is declared
usable there (:func:`tallon.engine.queue.usable_docked`), so its triggered ability listens
although the shuttle is off the table. Hera Syndulla's ability is shared with her
VCX-100 printing (:data:`HERA`).
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me
from tallon.cards.registry import register
from tallon.cards.shared_rules import (
    ZEB_CRITS_FIRST,
    ezra_stressed_focus,
    sabine_roll_or_boost,
    set_dial,
)
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.attack import perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.docking import carrier_of
from tallon.engine.movement import difficulty_of
from tallon.engine.queue import usable_docked
from tallon.engine.weapons import weapons_of

# ------------------------------------------------------------- ship ability
LOCKED_AND_LOADED = "Locked and Loaded"
_REAR = "primary:rear"
#: the primary weapons whose attack lets the carrier follow up ("[Front Arc] or [Turret]")
_TRIGGERING = ("front", "single_turret", "double_turret")


def _carrier_attacked(ctx: Ctx) -> bool:
    carrier = carrier_of(ctx.game, ctx.ship)
    if carrier is None or ctx.event["attacker"] != carrier.id or not ctx.event["primary"]:
        return False
    arc = str(ctx.event["weapon"]).partition(":")[2]
    return (arc in _TRIGGERING and carrier.in_play and not carrier.bonus_attack_done
            and any(w.id == _REAR for w in weapons_of(ctx.game, carrier)))


def _rear_bonus(ctx: Ctx, choice: Any) -> None:
    carrier = carrier_of(ctx.game, ctx.ship)
    assert carrier is not None
    perform_bonus_attack(ctx.game, carrier, only=(_REAR,))


register("ship_ability", LOCKED_AND_LOADED,
         Triggered("the carrier may perform a bonus primary rear-arc attack",
                   window="after_attack", bonus_attack=True, requirement=_carrier_attacked,
                   effect=_rear_bonus),
         description="While docked: after the carrier performs a primary front-arc or turret "
                     "attack, the carrier may perform a bonus primary rear-arc attack.")
usable_docked("ship_ability", LOCKED_AND_LOADED)


# --------------------------------------------------------------------- pilots
register("pilot", "zeborrelios",
         ZEB_CRITS_FIRST,
         description="While defending, critical hits are canceled before hits.")

register("pilot", "ezrabridger", ezra_stressed_focus("ezrabridger"),
         description="Attacking or defending while stressed: may spend 1 Force to change up "
                     "to 2 focus results to hits (attacking) or evades (defending).")


def _hera_choices(ctx: Ctx) -> list[Option]:
    ship = ctx.ship
    now = ship.dial_set
    # "the same difficulty": the printed colours on the dial (ruling, as Seasoned
    # Navigator's "non-red": RR: FAQ)
    colour = difficulty_of(now) if now is not None else None
    if colour not in ("red", "blue"):
        return []
    return [Option(code, f"set the dial to [{code}]") for code in ship.dial
            if code != now and difficulty_of(code) == colour]


HERA = Triggered("set the dial to another maneuver of the same difficulty",
                 window="after_reveal", requirement=is_me, choices=_hera_choices,
                 effect=set_dial)
register("pilot", "herasyndulla", HERA,
         description="After revealing a red or blue maneuver: may set the dial to another "
                     "maneuver of the same colour.")


register("pilot", "sabinewren", sabine_roll_or_boost("sabinewren"),
         description="Before activating: may perform a barrel roll or a boost action.")

