"""First-edition squads for play, and back to XWS 1.0.0.

A game plays a :class:`~tallon.squads.Squad` whose cards are the card database's; a
first-edition squad (:class:`~tallon.squads.xws_1e.Squad1e`, read from XWS 1.0) becomes
one with the first edition's play ids (:mod:`tallon.data.first_edition_play`), its
faction the side's main faction (``rebel`` ->
``rebelalliance``). :func:`to_xws_1e` writes such a squad as XWS 1.0.0 again (``name`` and
``ship`` per pilot, upgrades under 1.0's slot keys), which is how game records keep it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tallon.data import CardDatabase, load_cards
from tallon.data.first_edition_play import PREFIX, ship_id, upgrade_id
from tallon.data.model_1e import SQUAD_FACTIONS_1E
from tallon.squads.model import EquippedUpgrade, Squad, SquadShip
from tallon.squads.xws_1e import SLOT_KEYS_1E, XWS_VERSION_1E, Squad1e

#: A first-edition side's faction in play (the first faction it fields), and back.
SIDE_FACTIONS: dict[str, str] = {side: factions[0]
                                 for side, factions in SQUAD_FACTIONS_1E.items()}
_FACTION_SIDES = {faction: side for side, factions in SQUAD_FACTIONS_1E.items()
                  for faction in factions}
_SLOT_KEYS = {slot: key for key, slot in SLOT_KEYS_1E.items()}


def squad_for_play(squad: Squad1e, db: CardDatabase | None = None) -> Squad:
    """The first-edition squad as the rules engine plays it."""
    db = db or load_cards()
    ships = []
    for entry in squad.ships:
        pilot = entry.pilot
        play_id = _pilot_play_id(db, pilot.faction, pilot.ship, pilot.xws)
        ships.append(SquadShip(db.pilot(play_id), tuple(
            EquippedUpgrade(db.upgrade(upgrade_id(card.xws)), slot)
            for slot, card in entry.upgrades)))
    return Squad(SIDE_FACTIONS.get(squad.faction or ""), tuple(ships), name=squad.name,
                 description=squad.description)


def _pilot_play_id(db: CardDatabase, faction: str, ship: str, xws: str) -> str:
    plain = f"{PREFIX}{ship}-{xws}"
    if db.has_pilot(plain) and db.pilot(plain).faction == faction:
        return plain
    return f"{plain}-{faction}"  # the pilot id repeats across factions on this ship


def is_first_edition_squad(squad: Squad) -> bool:
    """Whether a squad is a first-edition one (its cards are the first edition's)."""
    return squad.played_ruleset == "1e"


def to_xws_1e(squad: Squad) -> dict[str, Any]:
    """A first-edition squad in play as XWS 1.0.0 (what :func:`read_xws_1e` reads)."""
    db = load_cards()
    pilots: list[dict[str, Any]] = []
    for ship in squad.ships:
        pilot = ship.pilot
        ship_type = pilot.ship.removeprefix(PREFIX)
        name = pilot.xws.removeprefix(f"{PREFIX}{ship_type}-").removesuffix(
            f"-{pilot.faction}")
        entry: dict[str, Any] = {"name": name, "ship": ship_type}
        upgrades: dict[str, list[str]] = {}
        for equipped in ship.upgrades:
            key = _SLOT_KEYS.get(equipped.slot, equipped.slot)
            upgrades.setdefault(key, []).append(equipped.xws.removeprefix(PREFIX))
        if upgrades:
            entry["upgrades"] = upgrades
        pilots.append(entry)
        assert db.ship_of(pilot).xws == ship_id(ship_type)
    data: dict[str, Any] = {"version": XWS_VERSION_1E,
                            "faction": _FACTION_SIDES.get(squad.faction or "", "rebel"),
                            "pilots": pilots}
    if squad.name:
        data["name"] = squad.name
    if squad.description:
        data["description"] = squad.description
    return data


def looks_first_edition(data: Mapping[str, Any]) -> bool:
    """Whether an XWS mapping is a first-edition (1.0) squad: its version is 1.x or its
    faction is a first-edition side."""
    version = str(data.get("version", ""))
    return version.startswith("1.") or data.get("faction") in SQUAD_FACTIONS_1E
