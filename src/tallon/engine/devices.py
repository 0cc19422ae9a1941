"""Devices and remotes in play (RR: DEVICE, RR: REMOTES, RR: OBJECTS, RR: OBSTACLES,
RR: FUSE MARKER).

- **Placing.** A ship drops or launches a device with a template from its rear or front
  guides. Only placements wholly inside the play area are offered: a device that would
  stick out is not placed and its costs are recovered (RR: DEVICE), which is the same as
  never offering it. A ship places a device at most once per System Phase and can't place
  one and decloak in the same phase (``ShipState.device_placed``).
- **Remotes** are ``ShipState`` objects with ``remote`` set (ids ``r1.1``, ``r2.1``, ...)
  whose bodies are devices on the table; the engine attacks, damages and removes them as
  the RR says (see :mod:`tallon.engine.effects`). What a remote does is its remote card's
  abilities, registered under the card kind ``"remote"`` (``tallon.cards.remotes``).
- **Devices that are obstacles** (the electro-chaff cloud) go into ``state.obstacles``, so
  the obstacle rules (moving through, overlapping, range 0, obstruction) apply as they are;
  their fuse markers are kept in ``state.fuses``.
- **Meeting a device.** After a ship moves through or overlaps a remote, a bomb or a mine,
  or a remote is placed under it, the window ``after_device_met`` occurs for that ship and
  device (after the move's obstacle effects: ruling); a mine detonates first
  (:mod:`tallon.engine.payloads`). A device the ship already overlapped before it
  moved counts only if the ship still overlaps it, as for obstacles (ruling).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from tallon.data import load_cards
from tallon.engine.decisions import Option
from tallon.engine.effects import break_locks_on, remove_ship
from tallon.engine.obstacles import ObstacleEffect
from tallon.engine.queue import FireWindow, any_true, named, own_modifiers
from tallon.engine.state import ShipState
from tallon.engine.steps import Step
from tallon.geometry import (
    BaseSize,
    Bearing,
    Device,
    DevicePlacement,
    Maneuver,
    Obstacle,
    ObstacleType,
    Pose,
    place_device,
)
from tallon.geometry.outlines import device_outline, front_edge
from tallon.geometry.overlap import objects_overlapped, ships_overlapped

if TYPE_CHECKING:
    from tallon.engine.game import Game

#: Obstacles that leave in the End Phase once their fuse markers are gone (RR: ELECTRO-CHAFF CLOUD;
#: the Blaze has the same rule).
FUSE_EXPIRING = (ObstacleType.ELECTRO_CHAFF_CLOUD, ObstacleType.BLAZE)
#: The most fuse markers an object can have (RR: ELECTRO-CHAFF CLOUD: one).
MAX_FUSES = {ObstacleType.ELECTRO_CHAFF_CLOUD: 1}

_BEARING_NAMES = {Bearing.STRAIGHT: "straight", Bearing.BANK_LEFT: "bank left",
                  Bearing.BANK_RIGHT: "bank right", Bearing.TURN_LEFT: "turn left",
                  Bearing.TURN_RIGHT: "turn right"}


def template_name(code: str) -> str:
    """``"3B"`` as ``"[3 bank left]"``."""
    maneuver = Maneuver.parse(code)
    return f"[{maneuver.speed} {_BEARING_NAMES[maneuver.bearing]}]"


# ------------------------------------------------------------------------ placing
def can_place_device(game: Game, ship: ShipState) -> bool:
    """Whether the ship may drop or launch a device now: in play, and not already placing
    one this System Phase (RR: DEVICE: once per System Phase)."""
    s = game.state
    if not ship.in_play or ship.remote:
        return False
    return not (s.phase == "system" and ship.device_placed == (s.round, "system"))


def placement(game: Game, ship: ShipState, template: str, outline: str, launch: bool
              ) -> DevicePlacement:
    """Where a device with ``outline`` would land, dropped or launched with ``template``."""
    return place_device(game.state.table(), ship.id, "(placing)", template, outline, launch)


def device_templates(game: Game, ship: ShipState, card: str, templates: Sequence[str],
                     launch: bool) -> list[tuple[str, bool]]:
    """The (template, launched) pairs the device of upgrade ``card`` may be placed with: the
    card's own ``templates`` (launched if ``launch``, else dropped), then those the ship's
    cards add (hook ``device_templates``: "you may launch it using the [5 straight]
    template instead", "a template of the same bearing, 1 speed higher or lower")."""
    found = [(code, launch) for code in templates]
    for held in own_modifiers(game, ship, "device_templates"):
        extra = held.ability.value(game, ship, card=card, templates=tuple(templates),
                                   launch=launch)
        for code, launched in extra or ():
            if (code, launched) not in found:
                found.append((code, launched))
    return found


def template_key(code: str, launched: bool, launch: bool) -> str:
    """The answer key of a placement: the template's code, prefixed with ``drop:`` or
    ``launch:`` when it is not placed the card's own way (``launch``)."""
    return code if launched == launch else f"{'launch' if launched else 'drop'}:{code}"


def parse_template_key(key: str, launch: bool) -> tuple[str, bool]:
    """(template code, launched) of a :func:`template_key`."""
    how, _, code = key.rpartition(":")
    return code, (how == "launch") if how else launch


def placement_options(game: Game, ship: ShipState, placements: Sequence[tuple[str, bool]],
                      outline: str, launch: bool) -> list[Option]:
    """The placements (template, launched) a device can be placed with now: those that
    leave it wholly inside the play area (RR: DEVICE); ``launch`` is the card's own way."""
    return [Option(template_key(code, launched, launch),
                   f"{'launch' if launched else 'drop'} it with the {template_name(code)} "
                   "template")
            for code, launched in placements
            if placement(game, ship, code, outline, launched).allowed]


def _placed(game: Game, ship: ShipState, device_id: str, launched: bool) -> None:
    """The ship has placed a device: it places no other this System Phase (RR: DEVICE);
    "after you drop or launch a device" abilities follow whatever the placing sets off
    (window ``after_device_placed``, pushed only when a card could listen: other games
    keep their state hashes)."""
    s = game.state
    ship.device_placed = (s.round, s.phase)
    if "after_device_placed" in named(game):
        game.push(FireWindow.of("after_device_placed", ship=ship.id, device=device_id,
                                launched=launched))


def launch_remote(game: Game, ship: ShipState, card: str, template: str,
                  launch: bool = True) -> ShipState:
    """Launch (or drop) the remote of upgrade ``card`` with ``template`` (a placement that
    fits, see :func:`placement_options`). Ships it lands under overlap it."""
    remote = build_remote(game, ship.owner, card)
    spot = placement(game, ship, template, remote.outline, launch)
    assert spot.allowed, "only placements inside the play area are offered"
    game.state.ships[remote.id] = remote
    game.state.set_pose(remote, spot.device.pose)
    _placed(game, ship, remote.id, launch)
    game.event("device", f"{ship.name} ({ship.id}) {'launches' if launch else 'drops'} "
               f"{remote.name} ({remote.id}) with the {template_name(template)} template",
               ship=ship.id, device=remote.id)
    # RR: OVERLAP - ships it is placed under overlap it
    game.push(*device_steps(game, _player_ordered(game, spot.under_ships), remote.id))
    return remote


def launch_obstacle(game: Game, ship: ShipState, outline: str, template: str, fuses: int,
                    launch: bool = True) -> Obstacle:
    """Launch (or drop) a device that is also an obstacle (an electro-chaff cloud) with
    ``template``, with ``fuses`` fuse markers on it. Ships under it resolve the effects of
    overlapping it (RR: OBSTACLES), in player order (ruling)."""
    spot = placement(game, ship, template, outline, launch)
    assert spot.allowed, "only placements inside the play area are offered"
    _placed(game, ship, f"{outline}-{game.state.obstacles_placed + 1}", launch)
    verb = "launches" if launch else "drops"
    return place_obstacle(game, outline, spot.device.pose, fuses,
                          f"{ship.name} ({ship.id}) {verb}",
                          f" with the {template_name(template)} template", ship.id)


def place_obstacle(game: Game, outline: str, pose: Pose, fuses: int, who: str,
                   how: str = "", ship_id: str | None = None) -> Obstacle:
    """Put an obstacle that a card places (outline ``outline``) at ``pose`` with ``fuses``
    fuse markers; ships under it resolve the effects of overlapping it, in player order
    (ruling). ``who`` and ``how`` word the log ("X drops", " with the ... template")."""
    s = game.state
    s.obstacles_placed += 1
    obstacle = Obstacle(f"{outline}-{s.obstacles_placed}", pose, outline)
    s.obstacles.append(obstacle)
    fuses = min(fuses, MAX_FUSES.get(obstacle.type, fuses))
    if fuses:
        s.fuses[obstacle.id] = fuses
    if ship_id and any_true(game, "device_controllers"):
        # "friendly device" (Feedback Ping): kept only while a card asks, so that other
        # games keep their state hashes
        s.obstacle_owners[obstacle.id] = s.ships[ship_id].owner
    s.moved()
    game.event("device", f"{who} {obstacle.type.value.replace('_', ' ')} {obstacle.id}{how}"
               + (f" ({fuses} fuse marker{'s' if fuses > 1 else ''})" if fuses else ""),
               **({"ship": ship_id} if ship_id else {}), device=obstacle.id)
    under = ships_overlapped(s.table(), obstacle)
    game.push(*(ObstacleEffect(ship_id, obstacle.id, obstacle.type.value, moved=False)
                for ship_id in _player_ordered(game, under)))
    return obstacle


def _player_ordered(game: Game, ship_ids: Iterable[str]) -> list[str]:
    order = game.state.player_order()
    ids = list(ship_ids)
    return sorted(ids, key=lambda i: (order.index(game.state.ships[i].owner), ids.index(i)))


# ------------------------------------------------------------------------ remotes
def remote_kind(card: str) -> str:
    """The xws-style id of the remote an upgrade places ("Buzz Droid Swarm" ->
    ``buzzdroidswarm``): its remote card and its token outline."""
    device = load_cards().upgrade(card).front.device
    if device is None or device.type != "remote":
        raise ValueError(f"{card!r} places no remote")
    return re.sub(r"[^a-z0-9]", "", device.name.lower())


def build_remote(game: Game, owner: int, card: str) -> ShipState:
    """A new remote of upgrade ``card``'s device, controlled by ``owner``, not yet placed:
    initiative, agility and hull from the card data; no dial, weapons, actions, shields or
    cost (RR: REMOTES). A remote with no specified size is neither smaller nor larger than
    a ship: ``size`` is only a placeholder (no token threshold is ever reached, as a remote
    gets no tokens)."""
    device = load_cards().upgrade(card).front.device
    assert device is not None and device.initiative is not None
    kind = remote_kind(card)
    number = len(game.state.remotes_of(owner)) + 1
    return ShipState(
        id=f"r{owner}.{number}", owner=owner, pilot=kind, name=device.name,
        ship_type=kind, size=BaseSize.SMALL, initiative=device.initiative, cost=0, dial=(),
        attacks=(), agility=device.agility or 0, hull=device.hull or 1, shield_limit=0,
        actions=(), cards=(("remote", kind, 0),), remote=True, outline=kind)


def relocate_remote(game: Game, remote: ShipState, pose: Pose, how: str) -> None:
    """RR: RELOCATING REMOTES - pick the remote up and place it; a remote placed with any
    part outside the play area flees. Relocating is not moving through or overlapping."""
    s = game.state
    s.set_pose(remote, pose)
    body = remote.body
    assert body is not None
    game.event("move", f"{remote.name} ({remote.id}) is relocated {how}", ship=remote.id)
    if not s.table().area.contains_pieces(body.overlap_pieces):
        remove_ship(game, remote, "fled")


def relocation_pose(remote: ShipState, template: str, rear: bool = False) -> Pose:
    """RR: RELOCATING REMOTES - where relocating ``remote`` with ``template`` laid from
    its front guides (``rear``: its rear guides, for a remote relocated from any set)
    puts it: its rear guides at the template's far end (relocating forward)."""
    body = remote.body
    assert body is not None and remote.outline
    return relocated(body.pose, remote.outline, template, rear)


def relocated(pose: Pose, outline: str, template: str, rear: bool = False) -> Pose:
    """:func:`relocation_pose` for a remote token of ``outline`` at ``pose`` (geometry
    only: the agents preview relocations with it)."""
    start = pose.rotated(180.0) if rear else \
        pose.moved(forward=front_edge(device_outline(outline)))
    maneuver = Maneuver.parse(template)
    laid = maneuver.template()
    assert laid is not None, "remotes are relocated with straight, bank or turn templates"
    right, forward, rotation = laid.end()
    return start.moved(right, forward, rotation)


def place_remote(game: Game, owner: int, card: str, pose: Pose, who: str) -> ShipState:
    """Put a new remote of upgrade ``card``'s device in the play area at ``pose`` (placed
    by hand, not with a template: sensor buoys at setup); ``who`` words the log."""
    remote = build_remote(game, owner, card)
    game.state.ships[remote.id] = remote
    game.state.set_pose(remote, pose)
    game.event("device", f"{who} places {remote.name} ({remote.id}) at ({pose.x:.0f}, "
               f"{pose.y:.0f})", device=remote.id)
    return remote


#: Obstacles that are also devices (RR: OBJECTS: OBSTACLES - Electro-Chaff Cloud).
DEVICE_OBSTACLES = (ObstacleType.ELECTRO_CHAFF_CLOUD,)


def devices_in_play(game: Game) -> list[tuple[int | None, Device | Obstacle]]:
    """Every device in the play area with its controller: bombs and mines, remotes, and
    obstacles that are devices (their controller is known only while a card asks, hook
    ``device_controllers``: None otherwise)."""
    s = game.state
    found: list[tuple[int | None, Device | Obstacle]] = [(d.owner, d.body) for d in s.devices]
    found += [(r.owner, r.body) for r in s.ships.values()
              if r.remote and r.in_play and isinstance(r.body, Device)]
    found += [(s.obstacle_owners.get(o.id), o) for o in s.obstacles
              if o.type in DEVICE_OBSTACLES]
    return found


# ------------------------------------------------------------- meeting devices
def remote_ids(game: Game) -> set[str]:
    """Ids of the remotes on the table."""
    return {s.id for s in game.state.ships.values() if s.remote and s.in_play}


def overlapped_before(game: Game, ship: ShipState) -> set[str]:
    """Obstacles and devices the ship overlaps before it moves: moving off them doesn't
    count as moving through them (RR: OBSTACLES; devices by ruling)."""
    body = ship.body
    assert body is not None
    table = game.state.table()
    return {o.id for o in objects_overlapped([*table.obstacles, *table.devices], body)}


def devices_met(game: Game, before: set[str], met: Iterable[str], over: Iterable[str]
                ) -> list[str]:
    """The remotes, bombs and mines among the objects a move met (``met`` in order,
    ``over`` those the ship ends on). A remote the ship started on counts only if it still
    overlaps it (ruling); a mine it started on counts (RR: FAQ - a ship on top of a mine
    that a fuse marker kept from detonating sets it off when it moves through or overlaps
    it again)."""
    remotes = remote_ids(game)
    ids = remotes | {d.id for d in game.state.devices}
    ending = set(over)
    found: list[str] = []
    for object_id in (*met, *over):
        if object_id in ids and object_id not in found and not (
                object_id in remotes and object_id in before and object_id not in ending):
            found.append(object_id)
    return found


def device_steps(game: Game, ship_ids: Iterable[str], device_id: str) -> list[Step]:
    """The ``after_device_met`` windows for ships meeting one device."""
    return [FireWindow.of("after_device_met", ship=ship_id, device=device_id)
            for ship_id in ship_ids]


def move_met_steps(game: Game, ship: ShipState, before: set[str], met: Iterable[str],
                   over: Iterable[str]) -> list[Step]:
    """What the devices a move of ``ship`` met set off, in the order met (see
    :func:`devices_met`): a mine detonates, and the ``after_device_met`` window occurs."""
    # payloads places devices with this module's placement rules: imported here, not at
    # the top, to keep the two modules from importing each other while loading
    from tallon.engine.payloads import met_steps

    return [step for device_id in devices_met(game, before, met, over)
            for step in met_steps(game, ship.id, device_id)]


def after_reposition(game: Game, ship: ShipState, before: set[str],
                     through: Iterable[str], over: Iterable[str]) -> None:
    """After a barrel roll, boost, decloak or tractor move: schedule the windows of the
    remotes it moved through or ended on."""
    game.push(*move_met_steps(game, ship, before, through, over))


# ------------------------------------------------------------------- obstacles
def remove_obstacle(game: Game, obstacle_id: str, reason: str) -> None:
    """Take an obstacle out of the play area: its fuse markers go and locks on it break."""
    s = game.state
    s.obstacles = [o for o in s.obstacles if o.id != obstacle_id]
    s.fuses.pop(obstacle_id, None)
    s.obstacle_owners.pop(obstacle_id, None)
    break_locks_on(game, obstacle_id)
    s.moved()
    game.event("device", f"{obstacle_id} is removed ({reason})", device=obstacle_id)


def expire_fused_obstacles(game: Game) -> None:
    """RR: ELECTRO-CHAFF CLOUD: during the End Phase each such obstacle with no
    fuse marker is removed, then each loses one fuse marker."""
    s = game.state
    expiring = [o.id for o in s.obstacles if o.type in FUSE_EXPIRING]
    for obstacle_id in expiring:
        if not s.fuses.get(obstacle_id):
            remove_obstacle(game, obstacle_id, "no fuse marker left")
    for obstacle_id in expiring:
        if s.fuses.get(obstacle_id):
            s.fuses[obstacle_id] -= 1
            if not s.fuses[obstacle_id]:
                del s.fuses[obstacle_id]
            game.event("device", f"{obstacle_id} loses a fuse marker", device=obstacle_id)
