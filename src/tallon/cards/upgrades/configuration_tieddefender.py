"""TIE Defender Elite, the TIE/D Defender's configuration, and the ship ability it brings,
Advanced Fire Control. The configuration replaces Full Throttle: the engine gives the ship
the configuration's ship ability instead of the pilot's (engine/loadout.py build_ship)."""

from __future__ import annotations

from typing import Any

from tallon.cards.pilots.tieddefender import weapon_type
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.state import ShipState
from tallon.engine.weapons import weapons_of
from tallon.geometry import Maneuver

_TURNS = ("T", "Y")
_KOIOGRAN = "K"


def _elite_difficulty(game: Any, owner: ShipState, ship: ShipState | None = None,
                      maneuver: str = "", **facts: Any) -> int:
    if ship is None or ship.id != owner.id or not maneuver:
        return 0
    bearing = Maneuver.parse(maneuver).bearing.value
    # RR: DIFFICULTY - red and blue are the limits, purple never changes (the engine's)
    return -1 if bearing in _TURNS else 1 if bearing == _KOIOGRAN else 0


register("upgrade", "tiedefenderelite",
         Modifier("turns 1 difficulty easier, Koiogran turns 1 harder",
                  hook="maneuver_difficulty", value=_elite_difficulty),
         description="Turn maneuvers are 1 difficulty easier and Koiogran turns 1 harder; the "
                     "ship ability Full Throttle becomes Advanced Fire Control.")


# ------------------------------------------------------- Advanced Fire Control
def _primary(ctx: Ctx) -> tuple[str, ...]:
    return tuple(w.id for w in weapons_of(ctx.game, ctx.ship) if w.primary)


def _fire_control(ctx: Ctx) -> bool:
    defender = ctx.event.get("defender")
    return (ctx.event.get("attacker") == ctx.ship.id
            and weapon_type(ctx.ship, ctx.event.get("weapon")) in ("cannon", "missile")
            and defender in ctx.ship.locks
            and can_bonus_attack(ctx.game, ctx.ship, only=_primary(ctx),
                                 defenders=(defender,)))


# RR: BONUS ATTACK - the lock is a requirement, not spent
register("ship_ability", "Advanced Fire Control",
         Triggered("bonus primary attack against the defender", window="after_attack",
                   bonus_attack=True, requirement=_fire_control,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, only=_primary(ctx),
                       defenders=(ctx.event["defender"],))),
         description="After a cannon or missile attack, with a lock on the defender: may "
                     "perform a bonus primary attack against it.")
