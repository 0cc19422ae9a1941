"""Huge ships in squad building: how their costs count, and the notes a report carries.

The card data gives huge ships (RR: APPENDIX: HUGE SHIPS) the costs of the first 2.0
edition: a squad-point cost on that edition's scale, a loadout value of 0, and upgrades
that were bought with squad points. Tallon prices a huge ship as that data gives it: its
upgrades' costs are squad points added to the ship's cost, and its loadout value of 0 is
not checked (docs/rulings.md, Squad building: huge ships' costs).
"""

from __future__ import annotations

from collections.abc import Sequence

from tallon.data import CardDatabase, Pilot
from tallon.squads.model import Squad

HUGE = "huge"


def is_huge(db: CardDatabase, pilot: Pilot) -> bool:
    """Whether ``pilot`` flies a huge ship."""
    return db.ship_of(pilot).size == HUGE


def huge_ships(db: CardDatabase, squad: Squad) -> list[int]:
    """The 0-based positions of the squad's huge ships."""
    return [index for index, ship in enumerate(squad.ships) if is_huge(db, ship.pilot)]


#: The note of a report on a squad with a huge ship (:func:`huge_notes`).
OLDER_COSTS = ("huge ships carry older (first 2.0) costs in the card data, not 2.5 costs; "
               "Tallon uses them as the data gives them")


def huge_notes(db: CardDatabase, squad: Squad, ship_costs: Sequence[int]) -> tuple[str, ...]:
    """The notes a report carries when the squad has a huge ship (none otherwise): that
    their costs are first 2.0 costs, and what each huge ship counts for. ``ship_costs`` are
    the squad points each ship of the squad counts for."""
    found = huge_ships(db, squad)
    if not found:
        return ()
    notes = [OLDER_COSTS]
    for index in found:
        pilot = squad.ships[index].pilot
        upgrades = ship_costs[index] - pilot.cost
        notes.append(f"ship {index + 1} ({pilot.name}) counts {ship_costs[index]} squad "
                     f"points: its card's {pilot.cost} and its upgrades' {upgrades}, which a "
                     "huge ship pays in squad points (first 2.0 pricing)")
    return tuple(notes)
