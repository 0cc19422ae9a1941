"""Remote cards (RR: REMOTES, RR: APPENDIX: EXAMPLES - Objects: Remotes): what a remote does, as
abilities of its remote card (card kind ``"remote"``; a remote's ``ctx.ship`` is the remote itself).

Buzz Droid Swarm (placed by Discord Missiles): after an enemy ship moves through or
overlaps it, its controller relocates it to that ship's front or rear guides; when it
engages, each enemy ship at range 0 of it suffers 1 critical damage.
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, ships_in_range
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.decisions import Option
from tallon.engine.devices import relocate_remote
from tallon.engine.effects import suffer_damage
from tallon.geometry import GuidePlacement, align_to_guides

SWARM = "buzzdroidswarm"


def _met_by_enemy(ctx: Ctx) -> bool:
    """The event is an enemy ship meeting this swarm, both still in play."""
    if ctx.event.get("device") != ctx.ship.id or not ctx.ship.in_play:
        return False
    mover = ctx.state.ships.get(ctx.event.get("ship"))
    return mover is not None and mover.in_play and not mover.remote \
        and mover.owner != ctx.ship.owner


def _guide_placements(ctx: Ctx) -> dict[str, GuidePlacement]:
    """The sets of the ship's guides the swarm can be aligned to: those where it would
    overlap no object (the ship it touches is not overlapped)."""
    table = ctx.state.table()
    mover = ctx.event["ship"]
    found = {}
    for rear in (False, True):
        spot = align_to_guides(table, mover, ctx.ship.id, ctx.ship.outline, rear)
        if not spot.overlapped:
            found[spot.guides] = spot
    return found


def _swarm_choices(ctx: Ctx) -> list[Option]:
    mover = ctx.other(ctx.event["ship"])
    spots = _guide_placements(ctx)
    if not spots:
        return [Option("blocked", f"both sets of guides of {mover.name} ({mover.id}) are "
                                  "blocked: the swarm and the ship each suffer 1 critical "
                                  "damage")]
    return [Option(guides, f"align the swarm to the {guides} guides of {mover.name} "
                           f"({mover.id})" + (" (outside the play area: it flees)"
                                              if spot.outside_play_area else ""))
            for guides, spot in spots.items()]


def _swarm_relocate(ctx: Ctx, choice: Any) -> None:
    mover = ctx.other(ctx.event["ship"])
    if choice == "blocked":
        suffer_damage(ctx.game, ctx.ship, crits=1, cause="a blocked buzz droid swarm")
        suffer_damage(ctx.game, mover, crits=1, cause=f"buzz droid swarm {ctx.ship.id}")
        return
    spot = _guide_placements(ctx)[str(choice)]
    relocate_remote(ctx.game, ctx.ship, spot.device.pose,
                    f"to the {spot.guides} guides of {mover.name} ({mover.id})")


def _swarm_engages(ctx: Ctx, choice: Any) -> None:
    for ship in ships_in_range(ctx.game, ctx.ship, 0, 0, friendly=False):
        suffer_damage(ctx.game, ship, crits=1, cause=f"buzz droid swarm {ctx.ship.id}")


register("remote", SWARM,
         Triggered("relocate the swarm to that ship's front or rear guides",
                   window="after_device_met", optional=False, requirement=_met_by_enemy,
                   choices=_swarm_choices, effect=_swarm_relocate,
                   decision="relocate_remote"),
         Triggered("each enemy ship at range 0 suffers 1 critical damage", window="engage",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx) and bool(
                       ships_in_range(ctx.game, ctx.ship, 0, 0, friendly=False)),
                   effect=_swarm_engages),
         description="Remote (initiative 0, agility 1, hull 1). After an enemy ship moves "
                     "through or overlaps it, its controller puts its tab at that ship's "
                     "front or rear guides, wherever it overlaps no object (if neither set "
                     "works, it and the ship each suffer 1 critical damage). When it "
                     "engages, each enemy ship at range 0 suffers 1 critical damage.")
