"""The first edition's cards in the card database's model, so the rules engine plays them.

The rules engine reads ships, pilots, upgrades and damage decks from one
:class:`~tallon.data.CardDatabase`. The first edition's cards (:mod:`tallon.data.cards_1e`)
join it under ids of their own, ``1e-`` and then the card's first-edition id, so that no
first-edition card is ever mistaken for the 2.5 card of the same name (``lukeskywalker``
is a card of both, with different abilities):

* ships ``1e-<ship>`` (``1e-xwing``), fielded by each faction the ship lists;
* pilots ``1e-<ship>-<pilot>`` (``1e-xwing-lukeskywalker``: first-edition pilot ids repeat
  across ships), with ``-<faction>`` added where a ship's pilot id repeats across factions
  (``1e-firespray31-bobafett-scumandvillainy``);
* upgrades ``1e-<upgrade>``; damage decks ``1e-core`` and ``1e-core-tfa``, their cards
  ``1e-core-<card>`` and ``1e-core-tfa-<card>`` (the two decks' cards of one title differ).

They are found by id (``db.pilot("1e-xwing-lukeskywalker")``) but are not listed among
the 2.5 pool's cards (``db.pilots`` stays 2.5's). A first-edition pilot's pilot skill is its
initiative (the engine orders activation and combat by it); dials keep their codes with
green written ``B`` as 2.5's blue; a turret primary weapon (every direction) is two primary
weapon whose arc is ``all`` (the engine's full front and full rear arcs together).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tallon.data.cards_1e import CardDatabase1e, load_cards_1e
from tallon.data.model import (
    Action,
    Condition,
    DamageCard,
    DamageDeck,
    Grants,
    Pilot,
    PrimaryAttack,
    Ship,
    SlotGrant,
    SpecialAttack,
    StatGrant,
    Upgrade,
    UpgradeCost,
    UpgradeSide,
)
from tallon.data.model_1e import SQUAD_FACTIONS_1E, Pilot1e, Ship1e, Upgrade1e

PREFIX = "1e-"

#: First-edition actions as the engine's action types; an action not here has no
#: first-edition body in the engine yet (:func:`unplayed_rules`). Where the first edition's
#: rule differs, the game's ruleset gives the action another body or rule
#: (``Ruleset.action_bodies`` and the fields beside it: jam, reload, barrel roll, boost,
#: SLAM, the reinforce and jam tokens); cloak, coordinate and rotate arc (the mobile arc,
#: played as the single turret arc) are 2.5's (tests/rules/first_edition/test_actions_1e.py).
ACTIONS_1E: dict[str, str] = {
    "focus": "focus",
    "target_lock": "lock",
    "barrel_roll": "barrel_roll",
    "boost": "boost",
    "evade": "evade",
    "cloak": "cloak",
    "slam": "slam",
    "reinforce": "reinforce",
    "jam": "jam",
    "reload": "reload",
    "coordinate": "coordinate",
    "rotate_arc": "rotate",
}

#: A first-edition firing arc's primary weapons, by the engine's arcs (the front arc is
#: always one).
_ARC_WEAPONS: dict[str, tuple[str, ...]] = {
    "front": ("front",),
    "turret": ("all",),
    "auxiliary_rear": ("rear",),
    "auxiliary_180": ("full_front",),
    "mobile": ("single_turret",),
    "bullseye": (),
}


def ship_id(xws: str) -> str:
    """The play id of a first-edition ship type."""
    return PREFIX + xws


def upgrade_id(xws: str) -> str:
    """The play id of a first-edition upgrade."""
    return PREFIX + xws


def deck_name(name: str) -> str:
    """The play name of a first-edition damage deck (``core`` -> ``1e-core``)."""
    return PREFIX + name


def is_first_edition(card_id: str) -> bool:
    """Whether a play id names a first-edition card."""
    return card_id.startswith(PREFIX)


def _pilot_ids(db: CardDatabase1e) -> dict[tuple[str, str, str], str]:
    repeats = Counter((p.ship, p.xws) for p in db.pilots)
    return {p.key: f"{PREFIX}{p.ship}-{p.xws}" + (
        f"-{p.faction}" if repeats[p.ship, p.xws] > 1 else "") for p in db.pilots}


def _dial(code: str) -> str:
    # the first edition's green is the maneuver that removes stress: 2.5's blue
    return code[:-1] + "B" if code.endswith("G") else code


def _attacks(arcs: tuple[str, ...], value: int | None) -> tuple[PrimaryAttack, ...]:
    if value is None:
        return ()
    found: list[str] = ["front"] if "front" in arcs or not arcs else []
    for arc in arcs:
        found += [a for a in _ARC_WEAPONS.get(arc, ()) if a not in found]
    return tuple(PrimaryAttack(arc, value) for arc in found)  # type: ignore[arg-type]


def _actions(names: tuple[str, ...]) -> tuple[Action, ...]:
    return tuple(Action(ACTIONS_1E[n]) for n in names if n in ACTIONS_1E)  # type: ignore


def unplayed_rules(ship_play_id: str) -> list[str]:
    """What the engine cannot play yet about a ship type in play (its play id): the
    first-edition actions on its bar without a first-edition body, and huge ships (the
    first edition's epic play); nothing for a 2.5 ship."""
    if not is_first_edition(ship_play_id):
        return []
    ship = load_cards_1e().ship(ship_play_id.removeprefix(PREFIX))
    found = [f"its first-edition {a.replace('_', ' ')} action is not implemented by the "
             "engine yet" for a in ship.actions if a not in ACTIONS_1E]
    if ship.size == "huge":
        found.append("first-edition huge ships (epic play) are not implemented yet")
    return found


def _fielded_by(ship: Ship1e) -> list[str]:
    # a subfaction's ship fights for its side (docs/first-edition.md, ruling
    # "Subfactions"): listed under each faction of the side, so a side's squad finds it
    found: list[str] = []
    for faction in ship.factions:
        side = next(f for f in SQUAD_FACTIONS_1E.values() if faction in f)
        found += [f for f in (faction, *side) if f not in found]
    return found


def _ships(ship: Ship1e) -> list[Ship]:
    return [Ship(
        xws=ship_id(ship.xws), name=ship.name, faction=faction, size=ship.size,
        dial=tuple(_dial(c) for c in ship.dial),
        attacks=_attacks(ship.firing_arcs, ship.attack), agility=ship.agility,
        hull=ship.hull, actions=_actions(ship.actions), shields=ship.shields,
        energy=ship.energy) for faction in _fielded_by(ship)]


def _pilot(db: CardDatabase1e, pilot: Pilot1e, play_id: str) -> Pilot:
    ship = db.ship(pilot.ship)
    stats = pilot.stats
    attack = stats.attack if stats is not None else None
    return Pilot(
        xws=play_id, name=pilot.name, ship=ship_id(pilot.ship), faction=pilot.faction,
        initiative=pilot.skill or 0, limited=1 if pilot.unique else 0,
        cost=pilot.points or 0, standard=False, extended=False, epic=ship.size == "huge",
        slots=pilot.slots,  # type: ignore[arg-type]
        attacks=None if attack is None else _attacks(ship.firing_arcs, attack),
        agility=stats.agility if stats else None, hull=stats.hull if stats else None,
        shields=stats.shields if stats else None,
        conditions=tuple(PREFIX + c for c in pilot.conditions),
        has_ability=pilot.has_ability)


def _upgrade(upgrade: Upgrade1e) -> Upgrade:
    attack = None
    if upgrade.attack is not None:
        # a first-edition secondary weapon fires from the ship's front arc, a turret in
        # every direction
        arc = "all" if upgrade.slot == "turret" else "front"
        attack = SpecialAttack(arc, upgrade.attack, upgrade.min_range or 1,  # type: ignore
                               upgrade.max_range or 3)
    grants = Grants(
        actions=tuple(Action(ACTIONS_1E[g.name]) for g in upgrade.grants  # type: ignore
                      if g.type == "action" and g.name in ACTIONS_1E),
        slots=tuple(SlotGrant(g.name, g.value or 1) for g in upgrade.grants  # type: ignore
                    if g.type == "slot"),
        stats=tuple(StatGrant(g.name, g.value) for g in upgrade.grants  # type: ignore
                    if g.type == "stat" and g.name in ("hull", "shields", "agility")))
    titles = upgrade.sides or (upgrade.name,)
    sides = tuple(UpgradeSide(
        title=title, type=upgrade.slot, slots=(upgrade.slot,),  # type: ignore[arg-type]
        attack=attack, grants=grants if k == 0 else Grants(),
        conditions=tuple(PREFIX + c for c in upgrade.conditions),
        has_ability=upgrade.has_ability) for k, title in enumerate(titles))
    return Upgrade(xws=upgrade_id(upgrade.xws), name=upgrade.name,
                   slot=upgrade.slot,  # type: ignore[arg-type]
                   limited=1 if upgrade.unique else 0, sides=sides, standard=False,
                   extended=False, epic=False, cost=UpgradeCost(upgrade.points))


def _deck(deck: DamageDeck) -> DamageDeck:
    name = deck_name(deck.name)
    return DamageDeck(name, tuple(DamageCard(f"{name}-{c.id}", c.number, c.title, c.type,
                                             c.count) for c in deck.cards))


@dataclass(frozen=True)
class FirstEditionCards:
    """The first edition's cards in the card database's model."""

    ships: tuple[Ship, ...]
    pilots: tuple[Pilot, ...]
    upgrades: tuple[Upgrade, ...]
    conditions: tuple[Condition, ...]
    damage_decks: tuple[DamageDeck, ...]
    #: a first-edition pilot's play id, by (faction, ship, id) as XWS 1.0 names it
    pilot_ids: dict[tuple[str, str, str], str]


def first_edition_cards(db: CardDatabase1e | None = None) -> FirstEditionCards:
    """The first edition's cards (the packaged data unless ``db`` is given), for play."""
    db = db or load_cards_1e()
    ids = _pilot_ids(db)
    return FirstEditionCards(
        ships=tuple(s for ship in db.ships for s in _ships(ship)),
        pilots=tuple(_pilot(db, p, ids[p.key]) for p in db.pilots),
        upgrades=tuple(_upgrade(u) for u in db.upgrades),
        conditions=tuple(Condition(PREFIX + c.xws, c.name, 1 if c.unique else 0,
                                   c.has_ability) for c in db.conditions),
        damage_decks=tuple(_deck(d) for d in db.damage_decks),
        pilot_ids=ids)
