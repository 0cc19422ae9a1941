"""The HMP Droid Gunship's configuration: Repulsorlift Stabilizers (two sides: Inactive,
equipped faceup at setup, and Active).

The Active side's sideslip "then flip this card" comes after the sideslip and its
after-maneuver abilities: the card is back on its Inactive side for the next maneuver, and
the Inactive side's "after you fully execute a maneuver" does not see that sideslip
(ruling).
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, recalled, remember
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Replacement, Triggered
from tallon.engine.effects import flip_upgrade
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.state import ShipState
from tallon.geometry import Bearing, Maneuver

STABILIZERS = "repulsorliftstabilizers"
INACTIVE, ACTIVE = 0, 1
SLIDING = f"{STABILIZERS}:sideslip"
#: RR: SIDESLIP - the bank and turn maneuvers
SLIPS = (Bearing.BANK_LEFT, Bearing.BANK_RIGHT, Bearing.TURN_LEFT, Bearing.TURN_RIGHT)


def _easier_straight(game: Any, owner: ShipState, ship: ShipState | None = None,
                     maneuver: str = "", **facts: Any) -> int:
    if ship is None or ship.id != owner.id or not maneuver:
        return 0
    return -1 if Maneuver.parse(maneuver).bearing is Bearing.STRAIGHT else 0


def _fully(ctx: Ctx) -> bool:
    return is_me(ctx) and bool(ctx.event.get("full"))


def _flip_to(side: int) -> Any:
    def effect(ctx: Ctx, choice: Any) -> None:
        flip_upgrade(ctx.game, ctx.ship, STABILIZERS, side)
    return effect


def _revealed(ship: ShipState, code: str) -> bool:
    """``code`` is the bank or turn maneuver the ship revealed on its dial this
    activation (not an ion maneuver, nor one that replaced it)."""
    if not ship.dial_revealed or not ship.dial_set:
        return False
    move, shown = Maneuver.parse(code), Maneuver.parse(ship.dial_set)
    return move.bearing in SLIPS and move.speed == shown.speed and move.bearing is shown.bearing


def _must_sideslip(ctx: Ctx, facts: dict[str, Any]) -> bool:
    return (facts["ship"] == ctx.ship.id and not facts["ion"] and not facts["slam"]
            and ctx.state.phase == "activation" and _revealed(ctx.ship, facts["maneuver"]))


def _sideslip(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    remember(ctx.ship, SLIDING, ctx.state.round)
    ctx.game.push(ExecuteManeuver(ctx.ship.id, facts["maneuver"], replaceable=False,
                                  sideslip=True))


def _slid(ctx: Ctx) -> bool:
    return is_me(ctx) and recalled(ctx.ship, SLIDING) == ctx.state.round


def _flip_after_slide(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, SLIDING, None)
    flip_upgrade(ctx.game, ctx.ship, STABILIZERS, INACTIVE)


register("upgrade", STABILIZERS,
         Modifier("starts with this side faceup", hook="starts_faceup",
                  value=lambda game, owner, **facts: facts.get("card") == STABILIZERS),
         Modifier("straight maneuvers are 1 difficulty easier", hook="maneuver_difficulty",
                  value=_easier_straight),
         Triggered("flip this card (Active)", window="after_execute", requirement=_fully,
                   effect=_flip_to(ACTIVE)),
         back=(Replacement("execute the revealed bank or turn as a sideslip",
                           point="execute_maneuver", optional=False, applies=_must_sideslip,
                           replace=_sideslip),
               Triggered("then flip this card (Inactive)", window="after_execute",
                         optional=False, requirement=_slid, effect=_flip_after_slide),
               Triggered("flip this card (Inactive)", window="after_execute",
                         requirement=lambda ctx: _fully(ctx) and not _slid(ctx)
                         and not ctx.event.get("sideslip"),
                         effect=_flip_to(INACTIVE))),
         description="Inactive (equipped faceup at setup): straight maneuvers are 1 difficulty "
                     "easier; after fully executing a maneuver it may flip. Active: a "
                     "revealed bank or turn must be executed as a sideslip, then the card "
                     "flips; after fully executing a maneuver that is no sideslip it may "
                     "flip.")
