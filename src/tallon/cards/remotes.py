"""Remote cards (RR: REMOTES, RR: APPENDIX: EXAMPLES - Objects: Remotes): what a remote does, as
abilities of its remote card (card kind ``"remote"``; a remote's ``ctx.ship`` is the remote itself).

Buzz Droid Swarm (placed by Discord Missiles): after an enemy ship moves through or
overlaps it, its controller relocates it to that ship's front or rear guides; when it
engages, each enemy ship at range 0 of it suffers 1 critical damage.

DRK-1 Probe Droid (placed by DRK-1 Probe Droids): in the System Phase its controller may
relocate it with a [2 bank left], [2 straight] or [2 bank right] template laid from either
set of its guides (it may land on objects); after an enemy ship's maneuver leaves it
overlapping the droid, that ship rolls an attack die, a focus result dealing the droid 1
hit damage; a friendly ship locking or jamming may measure range from it.

Sensor Buoy (placed by Sensor Buoy Suite): a remote with no rules of its own.
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, roll_die, ships_in_range
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.devices import relocate_remote, relocation_pose, template_name
from tallon.engine.effects import suffer_damage
from tallon.engine.state import ShipState
from tallon.engine.steps import continuation
from tallon.geometry import Device, GuidePlacement, align_to_guides
from tallon.geometry.overlap import objects_overlapped

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


# ------------------------------------------------------------- DRK-1 probe droid
DRK1 = "drk1probedroid"
#: RR: OBJECTS: REMOTES (Dark Eye Probe Droid) - the templates it relocates with
DRK1_TEMPLATES = ("2B", "2F", "2N")


def _drk1_relocations(ctx: Ctx) -> list[Option]:
    """Each template from each set of the droid's guides (ruling: laid from its front or
    rear guides, its other guides at the far end); landing partly outside the play area
    is allowed, and makes it flee (RR: RELOCATING REMOTES)."""
    if not is_me(ctx) or not ctx.ship.in_play:
        return []
    area = ctx.state.table().area
    found = []
    for guides in ("front", "rear"):
        for code in DRK1_TEMPLATES:
            pose = relocation_pose(ctx.ship, code, rear=guides == "rear")
            body = Device(ctx.ship.id, pose, ctx.ship.outline)
            flees = not area.contains_pieces(body.overlap_pieces)
            found.append(Option(f"{guides}:{code}", f"relocate with the {template_name(code)} "
                                f"template from its {guides} guides"
                                + (" (outside the play area: it flees)" if flees else "")))
    return found


def _drk1_relocate(ctx: Ctx, choice: Any) -> None:
    guides, _, code = str(choice).partition(":")
    # RR: OBJECTS: REMOTES - it may land overlapping objects (a ship goes on top of it)
    relocate_remote(ctx.game, ctx.ship, relocation_pose(ctx.ship, code, rear=guides == "rear"),
                    f"with the {template_name(code)} template from its {guides} guides")


def _overlapped_by_enemy(ctx: Ctx) -> bool:
    """An enemy ship has just executed a maneuver that leaves it overlapping the droid."""
    mover = ctx.state.ships.get(ctx.event.get("ship"))
    droid = ctx.ship
    if mover is None or mover.remote or mover.owner == droid.owner or not mover.in_play \
            or not droid.in_play:
        return False
    assert mover.body is not None and droid.body is not None
    return bool(objects_overlapped([droid.body], mover.body))


def _drk1_overlapped(ctx: Ctx, choice: Any) -> None:
    mover = ctx.other(ctx.event["ship"])
    roll_die(ctx, "drk1probedroid.rolled", (ctx.ship.id, mover.id), ship=mover)


@continuation("drk1probedroid.rolled")
def _drk1_rolled(game: Any, face: Face, droid_id: str, mover_id: str) -> None:
    droid = game.state.ships[droid_id]
    if face is Face.FOCUS and droid.in_play:
        mover = game.state.ships[mover_id]
        suffer_damage(game, droid, hits=1, cause=f"{mover.name} ({mover.id}) overlapping it")


def _drk1_source(game: Any, owner: ShipState, ship: ShipState, action: str) -> tuple[str, ...]:
    # RR: ATTACKING REMOTES - a friendly ship (not another remote) may use it
    friendly = ship.owner == owner.owner and not ship.remote
    return (owner.id,) if friendly and owner.in_play and action in ("lock", "jam") else ()


register("remote", DRK1,
         Triggered("relocate with a [2 bank left], [2 straight] or [2 bank right] template",
                   window="system_phase", requirement=lambda ctx: bool(_drk1_relocations(ctx)),
                   choices=_drk1_relocations, effect=_drk1_relocate,
                   decision="relocate_remote"),
         Triggered("the enemy ship overlapping it rolls 1 attack die: on a focus result, the "
                   "droid suffers 1 hit damage", window="after_execute", optional=False,
                   requirement=_overlapped_by_enemy, effect=_drk1_overlapped),
         Modifier("a friendly ship locking or jamming may measure range from the droid",
                  hook="range_sources", value=_drk1_source),
         description="Remote (initiative 0, agility 3, hull 1). In the System Phase, at its "
                     "initiative, its controller may relocate it with a [2 bank left], [2 "
                     "straight] or [2 bank right] template laid from either set of its "
                     "guides, even onto objects. After an enemy ship's maneuver leaves that "
                     "ship overlapping it, the ship rolls 1 attack die: on a focus result the "
                     "droid suffers 1 hit damage. A friendly ship performing a lock or jam "
                     "may measure range from it.")


# ------------------------------------------------------------------- sensor buoy
SENSOR_BUOY = "sensorbuoy"

# RR: OBJECTS: REMOTES (Sensor Buoy) - no rules besides being a remote; what they are
# for is the Sensor Buoy Suite's text (cards/upgrades/tech.py)
register("remote", SENSOR_BUOY,
         description="Remote (initiative 0, agility 3, hull 2), placed at setup by the Sensor "
                     "Buoy Suite; no abilities of its own.")
