"""Bombs and mines in play (RR: DEVICE, RR: BOMB, RR: MINE, RR: FUSE MARKER).

- **Placing.** A ship drops or launches a bomb or mine with a template (see
  :mod:`tallon.engine.devices` for the placement rules they share with remotes): the device
  joins ``state.devices`` (:class:`PlacedDevice`) and the table. A
  cluster mine set is three mines: the centre one placed as normal and one beside it on
  each side (docs/rulings.md, Devices).
- **Detonating.** Bombs detonate at the end of the Activation Phase (before the abilities
  of that timing: ruling), in player order of their controllers and then in the order
  they were placed; a mine detonates after a ship overlaps or moves through it, and at
  once when it is placed under a ship's base (under several: the placing player chooses
  the ship, RR: DEVICE). A fused device that would detonate loses a fuse marker instead
  (RR: FUSE MARKER). The effects of a detonation are the device's own, registered as the
  continuation ``detonate.<kind>`` (``tallon.cards.upgrades.device``) and called with the
  device's id and the ship that set it off ("" for a bomb); the device is removed after
  them (RR: DEVICE).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.data import load_cards
from tallon.engine.decisions import Decision, Option
from tallon.engine.devices import _placed, placement, placement_words
from tallon.engine.effects import break_locks_on
from tallon.engine.queue import FireWindow, any_true, named, replacements
from tallon.engine.replace import Replaceable
from tallon.engine.state import ShipState
from tallon.engine.steps import Ask, Step, Then, continuation
from tallon.geometry import Device, Pose, at_range
from tallon.geometry.overlap import ships_overlapped

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.geometry import Table

@dataclass(frozen=True, slots=True)
class PlacedDevice:
    """A bomb or a mine in the play area (RR: DEVICE, RR: BOMB, RR: MINE): which upgrade
    placed it (``card``), its kind (the device's name as an id: ``protonbomb``), ``bomb``
    or ``mine``, its controller, pose and token outline. Remotes are ships' kin instead
    (:class:`~tallon.engine.state.ShipState` with ``remote``); devices that are obstacles
    are obstacles."""

    id: str
    card: str
    kind: str
    category: str
    owner: int
    pose: Pose
    outline: str

    @property
    def body(self) -> Device:
        return Device(self.id, self.pose, self.outline)


#: The token outline of each kind of bomb or mine (bombs not named use ``bomb``).
OUTLINES = {"proximitymine": "mine", "connernet": "connernet", "clustermine": "clustermine"}
#: Where a cluster mine set's two other mines sit beside the centre one: millimetres to the
#: centre mine's right (estimated: the three tokens side by side, touching).
CLUSTER_OFFSETS = (-22.5, 22.5)
#: The device kinds placed as a set of three cluster mines (a card module may add its own:
#: the first edition's cluster mines, whose effect differs).
CLUSTER_KINDS = {"clustermine"}


#: Devices of upgrade cards whose card data records none (the first edition's bombs), by
#: card: (kind, ``bomb`` or ``mine``, outline); filled by the card modules that play them
#: (tallon.cards.first_edition.bombs_1e). :func:`device_of` and :func:`outline_of` read it.
CARD_DEVICES: dict[str, tuple[str, str, str]] = {}


def device_of(card: str) -> tuple[str, str]:
    """(kind, ``bomb`` or ``mine``) of the device upgrade ``card`` places: its device's
    name as an id ("Proton Bomb" -> ``protonbomb``)."""
    if card in CARD_DEVICES:
        return CARD_DEVICES[card][0], CARD_DEVICES[card][1]
    device = load_cards().upgrade(card).front.device
    if device is None or device.type.lower() not in ("bomb", "mine"):
        raise ValueError(f"{card!r} places no bomb or mine")
    return re.sub(r"[^a-z0-9]", "", device.name.lower()), device.type.lower()


def outline_of(card: str) -> str:
    """The token outline of the device ``card`` places."""
    if card in CARD_DEVICES:
        return CARD_DEVICES[card][2]
    return OUTLINES.get(device_of(card)[0], "bomb")


def _set_poses(centre: Pose, kind: str) -> list[tuple[Pose, str]]:
    """The poses and outlines of the devices one placement puts down."""
    # a device CARD_DEVICES declares keeps its outline (a first-edition proximity mine)
    outline = next((o for k, _, o in CARD_DEVICES.values() if k == kind),
                   OUTLINES.get(kind, "bomb"))
    found = [(centre, outline)]
    if kind in CLUSTER_KINDS:
        found.extend((centre.moved(right=offset), "clustermineside")
                     for offset in CLUSTER_OFFSETS)
    return found


def fits(game: Game, ship: ShipState, card: str, template: str, launch: bool) -> bool:
    """Whether the device of ``card`` placed with ``template`` lies wholly inside the play
    area (every device of a set: RR: DEVICE)."""
    if game.rules.devices_outside_play_area:
        return True  # FAQ (1e): the part of a bomb token outside the play area is ignored
    kind, _ = device_of(card)
    spot = placement(game, ship, template, outline_of(card), launch)
    if not spot.allowed:
        return False
    area = game.state.table().area
    return all(area.contains_pieces(Device("(placing)", pose, outline).overlap_pieces)
               for pose, outline in _set_poses(spot.device.pose, kind)[1:])


def place_devices(game: Game, ship: ShipState, card: str, template: str,
                  launch: bool = False) -> list[PlacedDevice]:
    """Drop (or launch) the bomb or mine of upgrade ``card`` with ``template`` (a
    placement that :func:`fits`). A mine placed under ships' bases detonates at once."""
    s = game.state
    kind, category = device_of(card)
    spot = placement(game, ship, template, outline_of(card), launch)
    assert spot.allowed or game.rules.devices_outside_play_area, \
        "only placements inside the play area are offered"
    placed = []
    for pose, outline in _set_poses(spot.device.pose, kind):
        s.devices_placed += 1
        device = PlacedDevice(f"{kind}-{s.devices_placed}", card, kind, category,
                              ship.owner, pose, outline)
        s.devices.append(device)
        placed.append(device)
    s.moved()
    _placed(game, ship, placed[0].id, launch, template, card)
    names = ", ".join(d.id for d in placed)
    game.event("device", f"{ship.name} ({ship.id}) {placement_words(template, launch, names)}",
               ship=ship.id, device=placed[0].id, devices=[d.id for d in placed])
    if category == "mine":
        _mines_under_ships(game, ship.owner, placed)
    return placed


def _mines_under_ships(game: Game, player: int, placed: list[PlacedDevice]) -> None:
    """A mine placed under ships' bases detonates at once (RR: DEVICE)."""
    s = game.state
    table = s.table()
    for device in placed:
        under = ships_under(game, table, device)
        if len(under) == 1:
            game.push(Detonate(device.id, under[0]))
        elif under:
            # RR: DEVICE - under several ships' bases: the placing player chooses
            game.push(Ask(player, "device_target",
                          f"{device.id} is placed under several ships: which does it "
                          "affect?", tuple(Option(i, s.ships[i].name + f" ({i})")
                                           for i in under),
                          "payloads.detonate_on", (device.id,)))


def set_bodies(card: str, pose: Pose) -> list[Device]:
    """The tokens the device of ``card`` placed at ``pose`` puts down (a cluster mine set:
    three), as table objects."""
    kind, _ = device_of(card)
    return [Device("(placing)", p, outline)
            for p, outline in _set_poses(Pose(pose.x, pose.y, pose.heading), kind)]


def place_devices_at(game: Game, ship: ShipState, card: str, pose: Pose, how: str
                     ) -> list[PlacedDevice]:
    """Place the bomb or mine of upgrade ``card`` at ``pose`` by hand, not with a template
    (Saboteur's Map): not a drop or launch, so the ship's once-per-System-Phase placement
    and the "after you drop or launch" abilities are untouched. ``how`` words the log."""
    s = game.state
    kind, category = device_of(card)
    placed = []
    for at, outline in _set_poses(pose, kind):
        s.devices_placed += 1
        device = PlacedDevice(f"{kind}-{s.devices_placed}", card, kind, category,
                              ship.owner, at, outline)
        s.devices.append(device)
        placed.append(device)
    s.moved()
    game.event("device", f"{ship.name} ({ship.id}) places {', '.join(d.id for d in placed)} "
               f"at ({pose.x:.0f}, {pose.y:.0f}){how}", ship=ship.id, device=placed[0].id,
               devices=[d.id for d in placed])
    if category == "mine":
        _mines_under_ships(game, ship.owner, placed)
    return placed


def ships_under(game: Game, table: Table, device: PlacedDevice) -> list[str]:
    """Ships (not remotes) the device lies under, in player order."""
    order = game.state.player_order()
    ships = game.state.ships
    found = [i for i in ships_overlapped(table, device.body)
             if i in ships and not ships[i].remote and not ignores(game, ships[i], device.id)]
    return sorted(found, key=lambda i: (order.index(game.state.ships[i].owner), found.index(i)))


@continuation("payloads.detonate_on")
def _detonate_on(game: Game, answer: str, device_id: str) -> None:
    game.now(Detonate(device_id, answer))


def device(game: Game, device_id: str) -> PlacedDevice | None:
    """The bomb or mine of that id in the play area (None once it is gone)."""
    return next((d for d in game.state.devices if d.id == device_id), None)


@dataclass(frozen=True)
class Detonate(Step):
    """A device detonates (``ship_id``: the ship that set a mine off, "" for a bomb):
    a fused one loses a fuse marker instead (RR: FUSE MARKER); otherwise its effects
    resolve, then it is removed (RR: DEVICE)."""

    device_id: str
    ship_id: str = ""

    def run(self, game: Game) -> Decision | None:
        found = device(game, self.device_id)
        if found is None:
            return None
        fuses = game.state.fuses
        if fuses.get(found.id):
            fuses[found.id] -= 1
            if not fuses[found.id]:
                del fuses[found.id]
            game.event("device", f"{found.id} loses a fuse marker instead of detonating",
                       device=found.id)
            return None
        facts = {"device": found.id, "ship": self.ship_id}
        # RR: REPLACEMENT EFFECTS - "before a friendly bomb or mine would detonate, ...
        # prevent it" (Captain Nym): the choice waits, its default is the detonation
        if replacements(game, "detonate", facts):
            game.push(Replaceable("detonate", tuple(sorted(facts.items()))))
            return None
        _detonation(game, None, found.id, self.ship_id)
        return None


@continuation("payloads.detonation")
def _detonation(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    """The device detonates: its effects, then it is removed (RR: DEVICE)."""
    found = device(game, device_id)
    if found is None:
        return
    game.event("device", f"{found.id} detonates", device=found.id)
    # "after a bomb or mine detonates" abilities follow its effects, while it is still
    # there to measure range to (a step only when a card could listen: other games
    # keep their state hashes)
    after = (FireWindow.of("after_detonate", device=found.id),) \
        if "after_detonate" in named(game) else ()
    game.push(Then(f"detonate.{found.kind}", (found.id, ship_id)), *after,
              RemoveDevice(found.id, "detonated"))


@dataclass(frozen=True)
class RemoveDevice(Step):
    """Take a bomb or mine out of the play area (its fuse markers go, locks on it break)."""

    device_id: str
    reason: str

    def run(self, game: Game) -> Decision | None:
        remove_device(game, self.device_id, self.reason)
        return None


def remove_device(game: Game, device_id: str, reason: str) -> None:
    s = game.state
    if device(game, device_id) is None:
        return
    s.devices = [d for d in s.devices if d.id != device_id]
    s.fuses.pop(device_id, None)
    break_locks_on(game, device_id)
    s.moved()
    game.event("device", f"{device_id} is removed ({reason})", device=device_id)


@dataclass(frozen=True)
class DetonateBombs(Step):
    """RR: BOMB - at the end of the Activation Phase every bomb detonates: in player order
    of their controllers, then in the order placed (ruling)."""

    def run(self, game: Game) -> Decision | None:
        order = game.state.player_order()
        bombs = [d for d in game.state.devices if d.category == "bomb"]
        ordered = sorted(range(len(bombs)), key=lambda i: (order.index(bombs[i].owner), i))
        game.push(*(Detonate(bombs[i].id) for i in ordered))
        return None


def ignores(game: Game, ship: ShipState, device_id: str) -> bool:
    """Whether a card makes the ship ignore the device's effects ("you ignore the effects
    of friendly devices": hook ``ignores_device``): it is not affected, and a mine it
    meets does not detonate for it (ruling)."""
    return any_true(game, "ignores_device", ship=ship, device=device_id)


def met_steps(game: Game, ship_id: str, device_id: str) -> list[Step]:
    """What a ship meeting a device (moving through or overlapping it) sets off: a mine
    detonates (RR: MINE), then the ``after_device_met`` window occurs."""
    found = device(game, device_id)
    steps: list[Step] = []
    if found is not None and found.category == "mine" and \
            not ignores(game, game.state.ships[ship_id], device_id):
        steps.append(Detonate(device_id, ship_id))
    steps.append(FireWindow.of("after_device_met", ship=ship_id, device=device_id))
    return steps


def suffered_effect(game: Game, device_id: str, ships: list[ShipState]) -> None:
    """These ships suffer the effect of the device detonating (called by its detonation's
    continuation): once what the continuation scheduled at once has resolved, "after a ship
    suffers the effect of a bomb" abilities (window ``after_device_effect``; ships only,
    not remotes; a step only when a card could listen: other games keep their hashes)."""
    found = device(game, device_id)
    if found is None or "after_device_effect" not in named(game):
        return
    game.push(*(FireWindow.of("after_device_effect", ship=s.id, device=found.id,
                              category=found.category, controller=found.owner)
                for s in ships if not s.remote))


def in_range_of(game: Game, device_id: str, low: int, high: int,
                remotes: bool = True) -> list[ShipState]:
    """Ships (and remotes, with ``remotes``) in play at range ``low``-``high`` of the
    device, in player order of their owners, then in the order of the game's ships."""
    found_device = device(game, device_id)
    if found_device is None:
        return []
    body = found_device.body
    order = game.state.player_order()
    ships = [s for s in game.state.ships.values() if s.in_play and s.body is not None
             and (remotes or not s.remote)
             and at_range(body, s.body, low, high) and not ignores(game, s, device_id)]
    every = list(game.state.ships)
    return sorted(ships, key=lambda s: (order.index(s.owner), every.index(s.id)))


def view_of(device: PlacedDevice, fuses: int) -> dict[str, Any]:
    """A bomb or mine as both players see it."""
    p = device.pose
    data: dict[str, Any] = {"id": device.id, "kind": device.kind, "category": device.category,
                            "card": device.card, "owner": device.owner, "outline": device.outline,
                            "x": round(p.x, 6), "y": round(p.y, 6),
                            "rotation": round(p.heading, 6)}
    if fuses:
        data["fuses"] = fuses
    return data


__all__ = ["Detonate", "DetonateBombs", "PlacedDevice", "RemoveDevice", "device", "device_of",
           "fits", "in_range_of", "met_steps", "outline_of", "place_devices", "place_devices_at",
           "remove_device", "set_bodies", "ships_under", "view_of"]
