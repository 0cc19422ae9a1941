"""Problems found in a squad, and the report of a squad check."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class Rule:
    """The rule a problem breaks, named after its rules-reference entry where one exists.

    RR: SQUAD BUILDING APPENDIX (Faction, Limited and Solitary Cards, Ban List, Restricted
    List, Squad Points, Loadout Value, Upgrades, Loadout Points), RR: STANDARDIZED,
    RR: GAME MODE, rulebook: Standard Loadouts.
    """

    SHIP_COUNT = "SQUAD BUILDING"
    SQUAD_POINTS = "SQUAD POINTS"
    FACTION = "FACTION"
    GAME_MODE = "GAME MODE"
    BAN_LIST = "BAN LIST"
    RESTRICTED_LIST = "RESTRICTED LIST"
    LIMITED = "LIMITED"
    SOLITARY = "SOLITARY"
    STANDARDIZED = "STANDARDIZED"
    UPGRADE_BAR = "UPGRADE BAR"
    RESTRICTIONS = "UPGRADE RESTRICTIONS"
    ONE_COPY = "ONE COPY PER SHIP"
    LOADOUT_VALUE = "LOADOUT VALUE"
    LOADOUT_POINTS = "LOADOUT POINTS"
    STANDARD_LOADOUT = "STANDARD LOADOUT"
    #: an upgrade kept facedown under a card (Razor Crest), against that card's text
    FACEDOWN = "FACEDOWN UPGRADE"
    XWS = "XWS"


@dataclass(frozen=True)
class Problem:
    """One broken rule (an error) or one doubtful thing (a warning).

    ``ship`` is the 0-based position of the ship in the squad (``None`` for the squad as a
    whole), ``card`` the xws id of the card at fault, ``where`` a location in the XWS
    file (e.g. ``pilots[1].upgrades.crew[0]``) for problems found while reading one.
    """

    rule: str
    message: str
    ship: int | None = None
    card: str | None = None
    where: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "ship": self.ship,
            "card": self.card,
            "rule": self.rule,
            "message": self.message,
        }
        if self.where is not None:
            data["where"] = self.where
        return data


@dataclass(frozen=True)
class UpgradeReport:
    """One equipped upgrade and the loadout points it costs on its ship."""

    xws: str
    name: str
    slot: str
    cost: int | None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.xws, "name": self.name, "slot": self.slot, "cost": self.cost}


@dataclass(frozen=True)
class ShipReport:
    """One ship's squad-point cost and how much of its loadout value its upgrades use.

    For a huge ship (``huge``), ``cost`` is its card's cost plus its upgrades' costs, paid
    in squad points, and ``loadout_value`` is ``None`` (:mod:`tallon.squads.huge`).
    """

    index: int
    pilot: str
    name: str
    ship: str
    cost: int
    loadout_used: int
    loadout_value: int | None
    upgrades: tuple[UpgradeReport, ...]
    huge: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "pilot": self.pilot,
            "name": self.name,
            "ship": self.ship,
            "cost": self.cost,
            "loadout_used": self.loadout_used,
            "loadout_value": self.loadout_value,
            "huge": self.huge,
            "upgrades": [u.to_json() for u in self.upgrades],
        }


@dataclass(frozen=True)
class SquadReport:
    """The verdict on a squad: legal when there are no errors.

    ``deficit`` is what the squad leaves unspent of the points limit (RR: DEFICIT); the
    opponent scores it as mission points at the start of the game. ``notes`` are things
    worth knowing that are no problem (e.g. that huge ships carry older costs).
    """

    points: int
    points_limit: int
    deficit: int
    ships: tuple[ShipReport, ...]
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...] = ()
    format: str = "standard"
    faction: str | None = None
    notes: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.errors

    def to_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "points": self.points,
            "points_limit": self.points_limit,
            "deficit": self.deficit,
            "format": self.format,
            "faction": self.faction,
            "ships": [s.to_json() for s in self.ships],
            "errors": [e.to_json() for e in self.errors],
            "warnings": [w.to_json() for w in self.warnings],
            "notes": list(self.notes),
        }


class ProblemLog:
    """The problems met while reading a squad file (XWS 2.0 and 1.0 alike), each naming
    where in the file it is."""

    def __init__(self) -> None:
        self.errors: list[Problem] = []
        self.warnings: list[Problem] = []

    def error(self, where: str, message: str, *, card: str | None = None,
              ship: int | None = None) -> None:
        self.errors.append(Problem(Rule.XWS, f"{where}: {message}", ship=ship, card=card,
                                   where=where))

    def warn(self, where: str, message: str, *, card: str | None = None,
             ship: int | None = None) -> None:
        self.warnings.append(Problem(Rule.XWS, f"{where}: {message}", ship=ship, card=card,
                                     where=where))
