"""How far a ship's arc reaches when a card asks whether a ship is in it
(RR: APPENDIX: HUGE SHIPS - ATTACK RANGE 4-5): range 3, or for a huge ship 4 or 5 while a
weapon with that range requirement occupies the arc or an ability extending it is active.

Card helpers ask this without a game (:func:`tallon.cards.common.is_in_arc` is called from
everywhere, often of standard ships: they never come here), so what counts is read from
the ship itself: its printed primary arcs, its upgrades' printed attacks (the card data),
where its turret indicators point, and the cards that register a primary reach in
:data:`PRIMARY_REACH`. Target lists and declared attacks measure their own weapon's range
(engine/weapons.py, engine/attack.py)."""

from __future__ import annotations

from tallon.data import load_cards
from tallon.engine.state import ARCS, ShipState, WeaponSpec
from tallon.geometry import Arc
from tallon.geometry.constants import ARC_REACH_BANDS

#: (kind, xws) of a card -> the range its huge ship's primary weapons reach while the card
#: is held ("You can ... perform primary attacks at range 1-4": Broadside Batteries)
PRIMARY_REACH: dict[tuple[str, str], int] = {}

#: "If a ship's front arc or full front arc extends to range 4 or 5, its bullseye arc also
#: extends to range 4 or 5."
_CARRIED_TO_BULLSEYE = (Arc.BULLSEYE, Arc.FRONT, Arc.FULL_FRONT)


def arc_reach(ship: ShipState, arc: Arc) -> int:
    """The farthest range at which something is in ``ship``'s ``arc`` (at least 3)."""
    if not ship.huge:
        return ARC_REACH_BANDS
    if arc is Arc.BULLSEYE:
        return max(_occupied_reach(ship, a) for a in _CARRIED_TO_BULLSEYE)
    return _occupied_reach(ship, arc)


def _occupied_reach(ship: ShipState, arc: Arc) -> int:
    """The farthest range requirement of the weapons occupying ``arc`` (at least 3): the
    primary weapons printed in that arc, and the special weapons whose arc it is (a turret
    weapon's: where its indicator points). Whether the weapon could attack now (charges,
    energy, its lock or focus requirement, a disarm token) does not matter (ruling)."""
    reach = ARC_REACH_BANDS
    primary = max((PRIMARY_REACH.get(card[:2], 0) for card in ship.cards), default=0)
    if primary > reach and any(arc in ARCS.get(name, ()) for name, _ in ship.attacks):
        reach = primary
    db = load_cards()
    for kind, xws, side in ship.cards:
        if kind != "upgrade":
            continue
        attack = db.upgrade(xws).sides[side].attack
        if attack is None or attack.max_range <= reach:
            continue
        weapon = WeaponSpec(xws, xws, False, attack.arc, attack.value, attack.min_range,
                            attack.max_range, attack.ordnance, xws)
        if arc in weapon.arcs(ship):
            reach = attack.max_range
    return reach


__all__ = ["PRIMARY_REACH", "arc_reach"]
