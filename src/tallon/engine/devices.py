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
  abilities, registered under the card kind ``"remote"`` (``tallon.cards.remotes``). A
  remote with a printed attack (a commando team) attacks with it as its primary weapon
  (range and icons as printed), its arcs measured from its token
  (:func:`tallon.geometry.arcs.arc_origin`); its printed charges are its card's.
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
from functools import cache
from typing import TYPE_CHECKING

from tallon.data import load_cards
from tallon.data.model import SpecialAttack
from tallon.engine.costs import ResourceCost, can_pay_resources, pay_resources
from tallon.engine.decisions import Option, pose_key
from tallon.engine.effects import break_locks_on, remove_ship
from tallon.engine.obstacles import ObstacleEffect
from tallon.engine.queue import FireWindow, any_true, named, own_modifiers
from tallon.engine.state import Charge, ShipState
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
    at_range,
    place_device,
)
from tallon.geometry.outlines import device_outline, front_edge
from tallon.geometry.overlap import objects_overlapped, ships_overlapped
from tallon.geometry.repositioning import place_device_at, touching_device

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


#: The placement codes besides a plain template code (``1F``: at the rear or front
#: guides), ways a card lets a ship place a device it would drop or launch (hook
#: ``device_alignments``): ``left:1F`` / ``right:1F`` set the template's middle line on
#: that side's hashmark instead of the guides (Gyro-Cockpit); ``touch`` places it by hand
#: touching the ship instead (Finch Dallow), offered as spots ``touch@<x>,<y>,<heading>``.
SIDE_WAYS = ("left", "right")
TOUCH = "touch"
#: Where the spots offered for a ``touch`` placement are aimed: degrees clockwise from
#: straight behind the ship (ruling: a sample of the places touching the base).
TOUCH_ANGLES = tuple(float(a) for a in range(0, 360, 30))


def split_code(code: str) -> tuple[str | None, str]:
    """(way, rest) of a placement code: ``("left", "1F")``, ``(None, "1F")``, ``("touch",
    "<x>,<y>,<heading>")`` (``("touch", "")`` before a spot is chosen)."""
    if code.startswith(TOUCH):
        return TOUCH, code[len(TOUCH) + 1:]
    way, _, rest = code.partition(":")
    return (way, rest) if rest and way in SIDE_WAYS else (None, code)


def touch_code(pose: Pose) -> str:
    """The placement code of a device put touching the ship at ``pose``."""
    return f"{TOUCH}@{pose_key(pose)}"


def touch_codes(game: Game, ship: ShipState, outline: str) -> list[str]:
    """The spots offered for a device placed by hand touching the ship: aimed at
    :data:`TOUCH_ANGLES`, slid against the base, and kept where the device touches the base
    itself (at range 0, not only a guide) without overlapping it (ruling)."""
    table = game.state.table()
    body = ship.body
    assert body is not None
    found = []
    for angle in TOUCH_ANGLES:
        pose = touching_device(table, ship.id, outline, angle)
        if at_range(body, placement(game, ship, touch_code(pose), outline, False).device, 0):
            found.append(touch_code(pose))
    return found


def _touch_pose(rest: str) -> Pose:
    x, y, heading = (float(v) for v in rest.split(","))
    return Pose(x, y, heading)


def placement(game: Game, ship: ShipState, template: str, outline: str, launch: bool
              ) -> DevicePlacement:
    """Where a device with ``outline`` would land, dropped or launched with ``template``
    (a placement code: :func:`split_code`)."""
    way, code = split_code(template)
    table = game.state.table()
    if way == TOUCH:
        return place_device_at(table, "(placing)", _touch_pose(code), outline)
    return place_device(table, ship.id, "(placing)", code, outline, launch, side=way)


def placement_words(template: str, launched: bool, what: str = "it") -> str:
    """A placement in words: "drops it with the [1 straight] template", "... set at the
    left side hashmark", "places it touching the ship at (x, y)" (``what``: the device)."""
    way, code = split_code(template)
    if way == TOUCH:
        pose = _touch_pose(code) if code else None
        return f"places {what} touching the ship" + (
            f" at ({pose.x:.0f}, {pose.y:.0f})" if pose else "")
    words = f"{'launches' if launched else 'drops'} {what} with the {template_name(code)} " \
        "template"
    return words + (f" set at the {way} side hashmark" if way else "")


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
    # then the other ways to set each placement (hook device_alignments): a side hashmark
    # for each template, or by hand touching the ship
    for launched in dict.fromkeys(launched for _, launched in found):
        ways = device_alignments(game, ship, card, launched)
        plain = [code for code, how in found
                 if how == launched and split_code(code)[0] is None]
        extra = [(f"{way}:{code}", launched) for code in plain for way in SIDE_WAYS
                 if way in ways]
        if TOUCH in ways and plain:
            extra.append((TOUCH, launched))
        found.extend(p for p in extra if p not in found)
    return found


def device_alignments(game: Game, ship: ShipState, card: str, launch: bool
                      ) -> dict[str, ResourceCost]:
    """The other ways the ship's cards let it set a device (of upgrade ``card``) it would
    drop (or ``launch``), each with the cheapest cost it can pay now (hook
    ``device_alignments``: [(way, cost)], way ``left``, ``right`` or ``touch``, cost
    (card id or ``force``, amount) pairs)."""
    ways: dict[str, ResourceCost] = {}
    for held in own_modifiers(game, ship, "device_alignments"):
        for way, cost in held.ability.value(game, ship, card=card, launch=launch) or ():
            cost = tuple(cost)
            if can_pay_resources(game, ship, cost) and (
                    way not in ways or sum(n for _, n in cost) < sum(n for _, n in ways[way])):
                ways[way] = cost
    return ways


def _pay_alignment(game: Game, ship: ShipState, card: str, template: str,
                   launched: bool) -> None:
    """Spend what the way a device was set costs (RR: PAYING COSTS)."""
    way = split_code(template)[0]
    if way is None:
        return
    pay_resources(game, ship, device_alignments(game, ship, card, launched).get(way, ()),
                  "to set the device " + ("touching it" if way == TOUCH else
                                          f"at its {way} side hashmark"))


def template_key(code: str, launched: bool, launch: bool) -> str:
    """The answer key of a placement: the template's code, prefixed with ``drop:`` or
    ``launch:`` when it is not placed the card's own way (``launch``)."""
    return code if launched == launch else f"{'launch' if launched else 'drop'}:{code}"


def parse_template_key(key: str, launch: bool) -> tuple[str, bool]:
    """(template code, launched) of a :func:`template_key` (the code a placement code:
    :func:`split_code`)."""
    how, _, code = key.partition(":")
    if how in ("drop", "launch") and code:
        return code, how == "launch"
    return key, launch


def placement_options(game: Game, ship: ShipState, placements: Sequence[tuple[str, bool]],
                      outline: str, launch: bool) -> list[Option]:
    """The placements (template, launched) a device can be placed with now: those that
    leave it wholly inside the play area (RR: DEVICE); ``launch`` is the card's own way."""
    found: list[Option] = []
    outside = game.rules.devices_outside_play_area  # FAQ (1e): a bomb may stick out
    for code, launched in placements:
        codes = touch_codes(game, ship, outline) if code == TOUCH else [code]
        found.extend(Option(template_key(c, launched, launch),
                            _verb(placement_words(c, launched)))
                     for c in codes if outside or placement(game, ship, c, outline,
                                                            launched).allowed)
    return found


_VERBS = {"drops": "drop", "launches": "launch", "places": "place"}


def _verb(words: str) -> str:
    """"drops it ..." as an option's "drop it ..."."""
    verb, _, rest = words.partition(" ")
    return f"{_VERBS[verb]} {rest}"


def _placed(game: Game, ship: ShipState, device_id: str, launched: bool,
            template: str = "", card: str = "") -> None:
    """The ship has placed a device (of upgrade ``card``, with placement code
    ``template``): it pays what setting it another way costs, and places no other this
    System Phase (RR: DEVICE); "after you drop or launch a device" abilities follow
    whatever the placing sets off (window ``after_device_placed``, pushed only when a card
    could listen: other games keep their state hashes). A device placed by hand instead
    of being dropped (``touch``) was not dropped: no such window (ruling)."""
    s = game.state
    _pay_alignment(game, ship, card, template, launched)
    ship.device_placed = (s.round, s.phase)
    if split_code(template)[0] == TOUCH:
        return
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
    _placed(game, ship, remote.id, launch, template, card)
    game.event("device", f"{ship.name} ({ship.id}) "
               f"{placement_words(template, launch, f'{remote.name} ({remote.id})')}",
               ship=ship.id, device=remote.id)
    # RR: OVERLAP - ships it is placed under overlap it
    game.push(*device_steps(game, player_ordered(game, spot.under_ships), remote.id))
    return remote


def launch_obstacle(game: Game, ship: ShipState, outline: str, template: str, fuses: int,
                    launch: bool = True, card: str = "") -> Obstacle:
    """Launch (or drop) a device that is also an obstacle (an electro-chaff cloud) with
    ``template`` (of upgrade ``card``), with ``fuses`` fuse markers on it. Ships under it
    resolve the effects of overlapping it (RR: OBSTACLES), in player order (ruling)."""
    spot = placement(game, ship, template, outline, launch)
    assert spot.allowed, "only placements inside the play area are offered"
    _placed(game, ship, f"{outline}-{game.state.obstacles_placed + 1}", launch, template, card)
    verb, _, how = placement_words(template, launch, "\0").partition(" \0")
    return place_obstacle(game, outline, spot.device.pose, fuses,
                          f"{ship.name} ({ship.id}) {verb}", how, ship.id)


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
                for ship_id in player_ordered(game, under)))
    return obstacle


def player_ordered(game: Game, ship_ids: Iterable[str]) -> list[str]:
    """Ship ids in player order, the given order kept among one player's."""
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
    # a printed attack is the remote's primary weapon (its range and icons: weapons.py);
    # printed charges are its remote card's
    attacks = ((device.attack.arc, device.attack.value),) if device.attack else ()
    charges = {kind: Charge(device.charges.value, device.charges.value,
                            device.charges.recovers)} if device.charges else {}
    return ShipState(
        id=f"r{owner}.{number}", owner=owner, pilot=kind, name=device.name,
        ship_type=kind, size=BaseSize.SMALL, initiative=device.initiative, cost=0, dial=(),
        attacks=attacks, agility=device.agility or 0, hull=device.hull or 1,
        shield_limit=0, actions=(), cards=(("remote", kind, 0),), remote=True,
        outline=kind, charges=charges)


@cache
def remote_attack(kind: str) -> SpecialAttack | None:
    """The attack printed on the remote card of ``kind`` (:func:`remote_kind`), or None."""
    for upgrade in load_cards().upgrades:
        for side in upgrade.sides:
            device = side.device
            if device is not None and device.type == "remote" and \
                    re.sub(r"[^a-z0-9]", "", device.name.lower()) == kind:
                return device.attack
    return None


def put_remote(game: Game, ship: ShipState, card: str, pose: Pose, template: str,
               launched: bool, how: str = "") -> ShipState:
    """Place a new remote of upgrade ``card`` that ``ship`` drops (or launches) with
    placement code ``template`` at ``pose``: a spot its card's own rule found from that
    placement, wholly inside the play area (a remote set with its front guides at the
    template's end); ``how`` adds to the log. As :func:`launch_remote`, ships it lands
    under overlap it."""
    remote = build_remote(game, ship.owner, card)
    game.state.ships[remote.id] = remote
    game.state.set_pose(remote, pose)
    body = remote.body
    assert body is not None and game.state.table().area.contains_pieces(body.overlap_pieces)
    _placed(game, ship, remote.id, launched, template, card)
    game.event("device", f"{ship.name} ({ship.id}) "
               f"{placement_words(template, launched, f'{remote.name} ({remote.id})')}{how}",
               ship=ship.id, device=remote.id)
    # RR: OVERLAP - ships it is placed under overlap it
    under = ships_overlapped(game.state.table(), body)
    game.push(*device_steps(game, player_ordered(game, under), remote.id))
    return remote


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
