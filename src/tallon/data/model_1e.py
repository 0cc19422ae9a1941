"""The first edition's cards as facts: ships, pilots, upgrades, conditions, damage decks.

Written by ``tools/convert_cards_1e.py`` from xwing-data (first edition) into
``tallon/data/generated_1e``, read by :mod:`tallon.data.cards_1e`. First-edition cards
differ from 2.5's in kind, not only in numbers (pilot skill instead of initiative, one
squad-point cost per card and no loadout, upgrade slots of their own), so they have their
own model rather than optional fields on 2.5's. Damage decks and the source record use
2.5's classes, which fit as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

Faction1e = Literal["rebelalliance", "galacticempire", "scumandvillainy", "resistance",
                    "firstorder"]
FACTIONS_1E: tuple[str, ...] = get_args(Faction1e)

#: The three sides of first-edition squad building (XWS 1.0's factions) and the card
#: factions each fields: the Resistance fights for the rebels and the First Order for the
#: empire (docs/first-edition.md, ruling "Subfactions").
SQUAD_FACTIONS_1E: dict[str, tuple[str, ...]] = {
    "rebel": ("rebelalliance", "resistance"),
    "imperial": ("galacticempire", "firstorder"),
    "scum": ("scumandvillainy",),
}

Size1e = Literal["small", "large", "huge"]
SIZES_1E: tuple[str, ...] = get_args(Size1e)

Slot1e = Literal["astromech", "bomb", "cannon", "cargo", "crew", "elite", "hardpoint",
                 "illicit", "missile", "modification", "salvaged-astromech", "system", "team",
                 "tech", "title", "torpedo", "turret"]
SLOTS_1E: tuple[str, ...] = get_args(Slot1e)

#: Slots every ship has without an icon in its upgrade bar: one modification and one title
#: (reference card "Modifications and Titles").
IMPLICIT_SLOTS_1E: tuple[str, ...] = ("modification", "title")

Action1e = Literal["barrel_roll", "boost", "cloak", "coordinate", "evade", "focus", "jam",
                   "recover", "reinforce", "reload", "rotate_arc", "slam", "target_lock"]
ACTIONS_1E: tuple[str, ...] = get_args(Action1e)

Arc1e = Literal["front", "turret", "auxiliary_rear", "auxiliary_180", "mobile", "bullseye"]
ARCS_1E: tuple[str, ...] = get_args(Arc1e)

Stat1e = Literal["attack", "agility", "hull", "shields", "skill", "energy"]
STATS_1E: tuple[str, ...] = get_args(Stat1e)


@dataclass(frozen=True, slots=True)
class Ship1e:
    """A ship type: its stats, actions, firing arcs and dial.

    ``dial`` holds codes of speed, bearing and difficulty as 2.5's ships do (``2FG``:
    speed 2, straight, green), with first-edition difficulties ``G`` green, ``W`` white,
    ``R`` red; a huge ship's maneuvers have no difficulty (``W``), and each gives the
    energy at its position in ``dial_energy``. ``factions``: every faction that flies
    it. ``attack`` is None for a ship without a primary weapon.
    """

    xws: str
    name: str
    factions: tuple[Faction1e, ...]
    size: Size1e
    agility: int
    hull: int
    shields: int
    actions: tuple[Action1e, ...]
    dial: tuple[str, ...]
    attack: int | None = None
    firing_arcs: tuple[Arc1e, ...] = ()
    energy: int | None = None
    dial_energy: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Grant1e:
    """What a card gives the ship it is on: a slot, an action, a stat change (``value``)
    or a firing arc (for the weapons of ``slot`` only, when one is named)."""

    type: Literal["slot", "action", "stat", "arc"]
    name: str
    value: int = 0
    slot: Slot1e | None = None


@dataclass(frozen=True, slots=True)
class StatOverride1e:
    """A pilot card printing other stats than its ship's (None: as the ship)."""

    attack: int | None = None
    agility: int | None = None
    hull: int | None = None
    shields: int | None = None


@dataclass(frozen=True, slots=True)
class Pilot1e:
    """A pilot card: its ship, faction, pilot skill, squad points and upgrade bar.

    ``skill`` and ``points`` are None where the card prints "?" (Nashtah Pup Pilot, whose
    values come from another card). Pilot ids repeat across ships and factions (two Kylo
    Rens), so a pilot is named by faction, ship and id together (XWS 1.0 does the same).
    """

    xws: str
    name: str
    ship: str
    faction: Faction1e
    slots: tuple[Slot1e, ...]
    skill: int | None = None
    points: int | None = None
    unique: bool = False
    stats: StatOverride1e | None = None
    range: str | None = None
    grants: tuple[Grant1e, ...] = ()
    conditions: tuple[str, ...] = ()
    has_ability: bool = False

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.faction, self.ship, self.xws)


@dataclass(frozen=True, slots=True)
class Upgrade1e:
    """An upgrade card: slot, squad points and what restricts who may equip it.

    ``faction``, ``ships`` (ship ids) and ``sizes`` are the card's restrictions ("Rebel
    only.", "X-wing only.", "Small ship only."). ``limited``: a ship equips one copy at
    most; ``squad_limit``: copies a squad may field at most. A dual card (``sides``: the
    titles of its two faces) is one card, listed once under its shared id. ``attack`` and
    the ranges are a secondary weapon's; ``bomb_token``: the card prints a token's effect.
    """

    xws: str
    name: str
    slot: Slot1e
    points: int
    unique: bool = False
    limited: bool = False
    squad_limit: int | None = None
    faction: Faction1e | None = None
    ships: tuple[str, ...] = ()
    sizes: tuple[Size1e, ...] = ()
    attack: int | None = None
    min_range: int | None = None
    max_range: int | None = None
    energy: int | None = None
    grants: tuple[Grant1e, ...] = ()
    conditions: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()
    bomb_token: bool = False
    has_ability: bool = False

    @property
    def dual(self) -> bool:
        return len(self.sides) == 2


@dataclass(frozen=True, slots=True)
class Condition1e:
    """A condition card, named by its id."""

    xws: str
    name: str
    unique: bool = False
    has_ability: bool = False


@dataclass(frozen=True, slots=True)
class ReferenceCard1e:
    """A reference card (rules explained on a card), by its title: the rules themselves
    are the engine's, not data."""

    number: int
    title: str
