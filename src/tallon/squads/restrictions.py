"""Upgrade restrictions: whether a ship may equip an upgrade (RR: UPGRADE CARDS).

An upgrade's restriction box is a list of groups; every group must be met, and a group is
met when the ship matches any one of its alternatives (the source's encoding of cards
such as "Scum or squad including Darth Vader").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tallon.data import CardDatabase, Pilot, RestrictionGroup, Ship, Upgrade, name_key
from tallon.data.vocab import action_name, arc_name, slot_name

# A ship ability that makes the ship count as a TIE for restrictions (Nimbus-class
# V-wing: "ignore the TIE ship restriction on upgrade cards").
IGNORES_TIE_RESTRICTION = "Twin Ion Engines"

_SIDE_KEYWORDS = {"Dark Side": "dark", "Light Side": "light"}


@dataclass(frozen=True)
class ShipProfile:
    """Everything an upgrade's restriction box can ask about one ship of a squad.

    ``actions`` holds ``(type, difficulty)`` pairs of the ship's action bar, including the
    actions added by its other equipped upgrades (RR: ACTIONS: upgrade action bars are
    added to the ship's action bar); linked actions are not part of the bar.
    ``squad_names`` are the name keys of every card in the squad.
    """

    pilot: Pilot
    ship: Ship
    actions: frozenset[tuple[str, str]]
    arcs: frozenset[str]
    force_sides: frozenset[str]
    ship_abilities: frozenset[str]
    equipped_types: frozenset[str]
    squad_names: frozenset[str]


def ship_profile(
    db: CardDatabase,
    pilot: Pilot,
    other_upgrades: Sequence[Upgrade],
    squad_names: Iterable[str] = (),
) -> ShipProfile:
    """The profile of ``pilot``'s ship as equipped with ``other_upgrades``.

    Only upgrades' front sides count: they are the sides a ship is built with.
    """
    fronts = [u.front for u in other_upgrades]
    actions = {(a.type, a.difficulty) for a in db.actions_of(pilot)}
    actions |= {(a.type, a.difficulty) for side in fronts for a in side.grants.actions}
    actions |= {(a.type, a.difficulty) for side in fronts for a in side.actions}
    arcs = {attack.arc for attack in db.stats_of(pilot).attacks}
    arcs |= {arc for side in fronts for arc in side.grants.arcs}
    sides = set(pilot.force.sides) if pilot.force else set()
    # The card database records a pilot's side of the Force either on its Force value or
    # as a "Dark Side" / "Light Side" keyword (Darth Vader's TIE/D only has the keyword).
    sides |= {side for keyword, side in _SIDE_KEYWORDS.items() if keyword in pilot.keywords}
    sides |= {s for side in fronts for grant in side.grants.force for s in grant.sides}
    abilities = {pilot.ship_ability} if pilot.ship_ability else set()
    abilities |= {side.ship_ability for side in fronts if side.ship_ability}
    return ShipProfile(
        pilot=pilot,
        ship=db.ship_of(pilot),
        actions=frozenset(actions),
        arcs=frozenset(arcs),
        force_sides=frozenset(sides),
        ship_abilities=frozenset(abilities),
        equipped_types=frozenset(u.slot for u in other_upgrades),
        squad_names=frozenset(squad_names),
    )


def group_met(group: RestrictionGroup, profile: ShipProfile) -> bool:
    """Whether the ship matches any alternative of one restriction group."""
    pilot = profile.pilot
    keywords = set(pilot.keywords)
    if IGNORES_TIE_RESTRICTION in profile.ship_abilities:
        keywords.add("TIE")
    action = group.action
    return (
        pilot.faction in group.factions
        or pilot.ship in group.ships
        or profile.ship.size in group.sizes
        or not keywords.isdisjoint(group.keywords)
        or not profile.arcs.isdisjoint(group.arcs)
        or not profile.force_sides.isdisjoint(group.force_sides)
        or not profile.equipped_types.isdisjoint(group.equipped)
        or not profile.ship_abilities.isdisjoint(group.ship_abilities)
        or any(name_key(n) in profile.squad_names for n in group.names)
        or (
            action is not None
            and any(
                kind == action.type and (action.difficulty in (None, difficulty))
                for kind, difficulty in profile.actions
            )
        )
    )


def unmet_groups(upgrade: Upgrade, profile: ShipProfile) -> tuple[RestrictionGroup, ...]:
    """The restriction groups of ``upgrade`` that the ship does not meet."""
    return tuple(group for group in upgrade.restrictions if not group_met(group, profile))


def describe_group(group: RestrictionGroup, db: CardDatabase) -> str:
    """A restriction group in words, e.g. ``"Scum and Villainy or squad including Darth
    Vader"``."""
    parts: list[str] = [db.faction(f).name for f in group.factions]
    for ship in group.ships:
        names = {s.name for s in db.ships if s.xws == ship}
        parts.append(names.pop() if len(names) == 1 else ship)
    parts += [f"{size} ship" for size in group.sizes]
    parts += [f"{keyword} keyword" for keyword in group.keywords]
    parts += [f"a primary {arc_name(arc)}" for arc in group.arcs]
    parts += [f"{side} side of the Force" for side in group.force_sides]
    parts += [f"an equipped {slot_name(slot)} upgrade" for slot in group.equipped]
    parts += [f"squad including {name}" for name in group.names]
    parts += [f"ship ability {ability}" for ability in group.ship_abilities]
    if group.action is not None:
        difficulty = f"{group.action.difficulty} " if group.action.difficulty else ""
        parts.append(f"{difficulty}{action_name(group.action.type)} on the action bar")
    return " or ".join(parts) if parts else "(empty restriction)"
