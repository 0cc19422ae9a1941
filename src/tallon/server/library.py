"""Squads on the server: checking a squad the way game creation does, saved squads (a
named library in the database, imported and exported as XWS), the squads a game's seats
name (XWS, a saved squad or a ready-made opponent), and the card pool a quick build
picks from.

One check serves every route that takes a squad - creating a game, saving a squad and
the lobby's live check - so a squad the library accepts is one a game accepts:
``tallon squad check``'s legality errors, then each card the engine does not play yet.
"""

from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Any

from tallon.cards import CARDS
from tallon.cards.pool import pilot_playable, upgrade_playable
from tallon.data import Pilot, Upgrade, load_cards
from tallon.data.codec import to_data
from tallon.engine.loadout import Unplayable, unplayable_cards
from tallon.server.errors import RequestError
from tallon.server.opponents import OPPONENTS, opponent, random_opponent
from tallon.server.store import Store
from tallon.squads import (
    Squad,
    SquadReport,
    XwsError,
    check_squad_to_play,
    read_xws,
    to_xws,
)
from tallon.squads.legality_1e import check_squad_1e
from tallon.squads.play_1e import looks_first_edition, squad_for_play
from tallon.squads.xws_1e import read_xws_1e

#: The longest name a saved squad may have (in characters).
NAME_LIMIT = 64


@dataclass(frozen=True)
class SquadCheck:
    """A squad read from XWS and judged: ``problems`` are what game creation refuses it
    for (legality errors as ``tallon squad check`` reports them, then one per card the
    engine does not play); empty when a game accepts it."""

    squad: Squad
    report: SquadReport
    not_playable: tuple[Unplayable, ...]

    @property
    def problems(self) -> list[dict[str, Any]]:
        return ([problem.to_json() for problem in self.report.errors]
                + [_unplayable_problem(card) for card in self.not_playable])

    def to_json(self) -> dict[str, Any]:
        """The shape of ``tallon squad check --json``, with ``problems`` added."""
        return {**self.report.to_json(), "playable": not self.not_playable,
                "not_playable": [{"kind": card.kind, "xws": card.xws, "name": card.name,
                                  "ship": card.ship, "reason": card.reason}
                                 for card in self.not_playable],
                "problems": self.problems}


def _unplayable_problem(card: Unplayable) -> dict[str, Any]:
    return {"ship": card.ship, "card": card.xws, "rule": "NOT PLAYABLE",
            "message": card.message()}


def check_xws(xws: Any) -> SquadCheck:
    """Read and judge one XWS squad (XWS 1.0: a first-edition squad, judged by the first
    edition's rules at 100 points); :class:`~tallon.squads.XwsError` when it is not a
    squad at all."""
    if isinstance(xws, dict) and looks_first_edition(xws):
        first = read_xws_1e(xws)
        report = check_squad_1e(first.squad, errors=first.errors, warnings=first.warnings)
        squad = squad_for_play(first.squad) if not first.errors else None
        return SquadCheck(squad or Squad(None, ()), report,
                          tuple(unplayable_cards(squad, CARDS)) if squad else ())
    imported = read_xws(xws)
    # a squad with a huge ship is an epic squad, as tallon demo judges it
    report = check_squad_to_play(imported.squad, errors=imported.errors,
                                 warnings=imported.warnings)
    return SquadCheck(imported.squad, report,
                      tuple(unplayable_cards(imported.squad, CARDS)))


def checked_squad(xws: Any, number: int | None = None) -> Squad:
    """The squad ``xws`` if a game accepts it, else 422 listing every problem (each with
    ``squad``: ``number`` when given)."""
    tag = {} if number is None else {"squad": number}
    try:
        checked = check_xws(xws)
    except XwsError as error:
        raise RequestError(422, "the squad is not an XWS squad",
                           [{**tag, "message": str(error)}]) from None
    if checked.problems:
        raise RequestError(422, "the squad is not legal" if checked.report.errors
                           else "the engine does not play every card of the squad yet",
                           [{**tag, **problem} for problem in checked.problems])
    return checked.squad


def check_report(body: Any) -> dict[str, Any]:
    """``POST /api/squads/check``: the verdict on an XWS squad, problems included."""
    try:
        return check_xws(body).to_json()
    except XwsError as error:
        raise RequestError(422, "the squad is not an XWS squad",
                           [{"message": str(error)}]) from None


# ------------------------------------------------------------------ a game's squads
def game_squads(given: Any, store: Store,
                rng: random.Random | None = None) -> tuple[Squad, Squad]:
    """The two squads of a new game, each given as XWS, ``{"saved": name}``,
    ``{"opponent": name}`` or ``{"opponent": "random"[, "faction": f]}``; 422 listing
    every problem of both (each with its ``squad``: 1 or 2)."""
    if not isinstance(given, list) or len(given) != 2:
        raise RequestError(422, "squads is a list of two XWS squads (or named squads)")
    rng = rng or random.SystemRandom()
    squads: list[Squad] = []
    problems: list[dict[str, Any]] = []
    for number, entry in enumerate(given, start=1):
        try:
            squads.append(checked_squad(_named_xws(entry, store, rng, number), number))
        except RequestError as error:
            problems += error.problems
    if problems:
        raise RequestError(422, "the squads are not legal", problems)
    return squads[0], squads[1]


def _named_xws(entry: Any, store: Store, rng: random.Random, number: int) -> Any:
    """The XWS a seat's entry stands for (the entry itself when it is XWS)."""
    if not isinstance(entry, dict) or ("opponent" not in entry and "saved" not in entry):
        return entry
    found: dict[str, Any] | None = None
    if "saved" in entry:
        name = entry["saved"]
        if isinstance(name, str):
            found = store.squad_xws(name)
        missing = f"no saved squad is called {name!r}"
    elif entry["opponent"] == "random":
        # drawn when the game is created, not from its seed: the setup stores the squad
        faction = entry.get("faction")
        if faction is None or isinstance(faction, str):
            drawn = random_opponent(rng, faction)
            found = drawn.xws() if drawn is not None else None
        missing = f"no ready-made opponent of the faction {faction!r}"
    else:
        name = entry["opponent"]
        named = opponent(name) if isinstance(name, str) else None
        found = named.xws() if named is not None else None
        missing = f"no ready-made opponent is called {name!r} (GET /api/opponents lists them)"
    if found is None:
        raise RequestError(422, missing, [{"squad": number, "message": missing}])
    return found


def opponent_list(faction: str | None = None) -> dict[str, Any]:
    """``GET /api/opponents``: every ready-made opponent (of ``faction`` if given)."""
    return {"opponents": [o.summary() for o in OPPONENTS
                          if faction is None or o.faction == faction]}


# -------------------------------------------------------------------- saved squads
def squad_name(raw: Any) -> str:
    """A saved squad's name as given (spaces around it dropped), or 422 saying why not."""
    if not isinstance(raw, str):
        raise _name_error("a squad's name is a string")
    name = raw.strip()
    if not name:
        raise _name_error("a squad's name may not be empty")
    if len(name) > NAME_LIMIT:
        raise _name_error(f"a squad's name has at most {NAME_LIMIT} characters "
                          f"({len(name)} given)")
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise _name_error("a squad's name may not contain control characters")
    return name


def _name_error(message: str) -> RequestError:
    return RequestError(422, message, [{"field": "name", "message": message}])


class SquadLibrary:
    """The saved squads of one server (``/api/squads``). Saving under a name already
    used replaces that squad: the name is the key a player picks the squad by."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def listing(self) -> dict[str, Any]:
        return {"squads": self.store.squad_list()}

    def save(self, body: Any) -> dict[str, Any]:
        """``{"name", "xws"}``: store the squad under ``name`` if a game would accept
        it (422 otherwise, listing every problem); the saved XWS is normalised, with
        the saved name as its ``name``."""
        if not isinstance(body, dict):
            raise RequestError(400, "the body is {\"name\": ..., \"xws\": squad}")
        name = squad_name(body.get("name"))
        if "xws" not in body:
            raise RequestError(422, "the body has no xws squad")
        squad = checked_squad(body["xws"])
        xws = {**to_xws(squad), "name": name}
        replaced = self.store.save_squad(name, xws, faction=squad.faction or "",
                                         points=squad.points, pilots=len(squad.ships))
        return {"name": name, "faction": squad.faction, "points": squad.points,
                "pilots": len(squad.ships), "replaced": replaced}

    def export(self, name: str) -> dict[str, Any]:
        xws = self.store.squad_xws(name)
        if xws is None:
            raise RequestError(404, f"no saved squad is called {name!r}")
        return xws

    def delete(self, name: str) -> dict[str, Any]:
        if not self.store.delete_squad(name):
            raise RequestError(404, f"no saved squad is called {name!r}")
        return {"deleted": name}


# --------------------------------------------------------------- the quick build's pool
@cache
def _factions() -> tuple[tuple[str, str], ...]:
    db = load_cards()
    playing = {p.faction for p in db.pilots if p.standard and pilot_playable(p)}
    return tuple((f.xws, f.name) for f in (db.faction(x) for x in sorted(playing)))


def card_pool(faction: str | None = None, text: str = "") -> dict[str, Any]:
    """``GET /api/cards``: the standard pilots and upgrades the engine plays, of
    ``faction`` (upgrades not restricted to other factions) and matching ``text`` if
    given. Facts only: the card data keeps no ability texts."""
    known = [xws for xws, _ in _factions()]
    if faction is not None and faction not in known:
        raise RequestError(422, f"unknown faction {faction!r}: one of {', '.join(known)}")
    db = load_cards()
    hits = db.search(text, kinds=("pilot", "upgrade"), faction=faction)
    return {
        "factions": [{"xws": xws, "name": name} for xws, name in _factions()],
        "pilots": [_pilot_json(hit.card) for hit in hits
                   if isinstance(hit.card, Pilot) and _pilot_offered(hit.card)],
        "upgrades": [_upgrade_json(hit.card) for hit in hits
                     if isinstance(hit.card, Upgrade) and _upgrade_offered(hit.card)],
    }


@cache
def _pilot_offered(pilot: Pilot) -> bool:
    return pilot.standard and pilot_playable(pilot)


@cache
def _upgrade_offered(upgrade: Upgrade) -> bool:
    # cards printed only in standard loadouts come with their pilot, never on their own
    return (upgrade.standard and upgrade.cost is not None and upgrade.cost.is_priced
            and not upgrade.standard_loadout_only and upgrade_playable(upgrade))


@cache
def _pilot_json(pilot: Pilot) -> dict[str, Any]:
    ship = load_cards().ship_of(pilot)
    return {"xws": pilot.xws, "name": pilot.name, "caption": pilot.caption,
            "faction": pilot.faction, "ship": ship.xws, "ship_name": ship.name,
            "size": ship.size, "initiative": pilot.initiative, "cost": pilot.cost,
            "loadout": pilot.loadout, "limited": pilot.limited, "slots": list(pilot.slots),
            # printed upgrades, with the slot key a squad file lists each under
            "standard_loadout": [{"xws": u.xws, "name": u.name, "slot": u.slot}
                                 for u in map(load_cards().upgrade, pilot.standard_loadout)]}


@cache
def _upgrade_json(upgrade: Upgrade) -> dict[str, Any]:
    cost = upgrade.cost
    return {"xws": upgrade.xws, "name": upgrade.name, "slot": upgrade.slot,
            "slots": list(upgrade.slots), "limited": upgrade.limited,
            "cost": cost.value if cost is not None and not cost.is_variable else None,
            # a variable cost (by size, agility or initiative) is given as its table
            "variable_cost": to_data(cost) if cost is not None and cost.is_variable
            else None,
            "restrictions": [to_data(group) for group in upgrade.restrictions],
            "standardized": upgrade.standardized, "solitary": upgrade.solitary}


__all__ = ["NAME_LIMIT", "SquadCheck", "SquadLibrary", "card_pool", "check_report",
           "check_xws", "checked_squad", "game_squads", "opponent_list", "squad_name"]
