"""Objects a locking or jamming ship may choose farther away than its action allows by
spending energy (RR: LOCK, RR: JAM; RR: APPENDIX: HUGE SHIPS - ENERGY): hook
``range_increase`` ("while you lock, coordinate or jam, you may spend up to 3 energy to
increase the range at which you can choose an object by 1 per energy, to a maximum of
range 5": Boosted Scanners).

Each such object costs the fewest energy that reaches it: for a lock, its range beyond the
farthest the ship locks at anyway (3, or a card's ``lock_range``); for a jam, its range
beyond 1, or beyond 2 in the ship's front arc. The action pays it as it chooses the object
(LockAction as a lock beyond range for charges of the ship's energy pool; JamAction through
:func:`pay_jam_boost`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from tallon.engine.decisions import Option
from tallon.engine.loadout import ENERGY
from tallon.engine.queue import any_true, named, own_modifiers
from tallon.engine.state import ShipState, ship_range
from tallon.geometry import Arc, in_arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.geometry import Ship


def _increase(game: Game, ship: ShipState, action: str) -> tuple[int, int] | None:
    """(the energy the ship may spend, the farthest range) of the ship's cards for this
    action (the most generous of each), or None."""
    if "range_increase" not in named(game):
        return None
    found = [held.ability.value(game, ship, ship=ship, action=action)
             for held in own_modifiers(game, ship, "range_increase")]
    found = [f for f in found if f]
    if not found:
        return None
    charge = ship.charges.get(ENERGY)
    energy = 0 if charge is None else charge.active
    most = min(energy, max(f[0] for f in found))
    return (most, max(f[1] for f in found)) if most > 0 else None


def boosted_locks(game: Game, ship: ShipState, taken: list[str],
                  lock_targets: Callable[..., list[str]]) -> dict[str, tuple[str, int]]:
    """The objects not in ``taken`` that spending energy lets the ship's lock action
    choose (among ``lock_targets(game, ship, max_range=None)``, those it could lock at any
    range): object -> (the energy pool, the cost)."""
    increase = _increase(game, ship, "lock")
    if increase is None:
        return {}
    every = lock_targets(game, ship, max_range=None)
    most, farthest = increase
    base = 3
    for held in own_modifiers(game, ship, "lock_range"):
        base = max(base, held.ability.value(game, ship, ship=ship) or 3)
    bodies = {o.id: o for o in game.state.table().objects()}
    found: dict[str, tuple[str, int]] = {}
    for object_id in every:
        if object_id in taken or object_id not in bodies or any_true(
                game, "lock_action_forbidden", ship=ship, target=object_id):
            continue
        reach = ship_range(ship, game.state.ships.get(object_id, bodies[object_id]))
        if base < reach <= farthest and reach - base <= most:
            found[object_id] = (ENERGY, reach - base)
    return found


def _jam_cost(ship: ShipState, other: ShipState) -> int:
    """The fewest bands the jam's range must grow by to reach ``other``."""
    assert ship.body is not None and other.body is not None
    reach = ship_range(ship, other)
    if reach >= 2 and in_arc(cast("Ship", ship.body), other.body, Arc.FRONT,
                             reach_bands=max(3, reach)):
        return reach - 2
    return reach - 1


def boosted_jams(game: Game, ship: ShipState, taken: list[ShipState]) -> tuple[Option, ...]:
    """The enemy ships not in ``taken`` that spending energy lets the ship's jam choose, as
    options (their ids, the energy in the label)."""
    costs = _jam_costs(game, ship, taken)
    return tuple(Option(i, f"{game.state.ships[i].name} ({i}), spending {n} energy")
                 for i, n in costs.items())


def _jam_costs(game: Game, ship: ShipState, taken: list[ShipState]) -> dict[str, int]:
    """Ship id -> the energy that lets the jam reach it (those not in ``taken``)."""
    increase = _increase(game, ship, "jam")
    if increase is None:
        return {}
    most, farthest = increase
    chosen = {s.id for s in taken}
    found: dict[str, int] = {}
    for other in game.state.in_play():
        if other.owner == ship.owner or other.id in chosen or other.remote or \
                game.state.range_up_to(ship, other, farthest) is None:
            continue
        cost = _jam_cost(ship, other)
        if 0 < cost <= most:
            found[other.id] = cost
    return found


def pay_jam_boost(game: Game, ship: ShipState, target: str) -> bool:
    """The jamming ship chose ``target`` beyond its jam's range: it spends the energy that
    reaches it. Whether it did (False: the target was not a boosted choice)."""
    if target in ship.locks and any(
            held.ability.value(game, ship, ship=ship, action="jam")
            for held in own_modifiers(game, ship, "spend_lock_for_target")):
        return False  # offered as a jam spending the lock (Biohexacrypt Codes) instead
    cost = _jam_costs(game, ship, []).get(target)
    if cost is None:
        return False
    charge = ship.charges[ENERGY]
    charge.active -= cost
    game.event("energy", f"{ship.name} ({ship.id}) spends {cost} energy to jam {target} "
               "farther away", ship=ship.id)
    return True


__all__ = ["boosted_jams", "boosted_locks", "pay_jam_boost"]
