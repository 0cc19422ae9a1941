"""Ready-made squads for AI seats (or anyone): at least two per faction, made only of the
cards the engine plays (``tallon.cards.pool``), each a legal standard squad of 20 squad
points or less. They are facts only - pilot and upgrade xws ids - under names of
Tallon's own; ``tests/server/test_opponents.py`` checks each is legal and can be played.

The Resistance has only two playable pilots (a YT-1300 and a transport), so its two
opponents are different mixes of those two ships.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tallon.squads import Squad, build_squad, to_xws


@dataclass(frozen=True)
class Opponent:
    """A ready-made squad: its name (unique, the key ``{"opponent": name}`` gives), its
    faction, and its ships as ``(pilot xws, (upgrade xws, ...))``."""

    name: str
    faction: str
    ships: tuple[tuple[str, tuple[str, ...]], ...]

    def squad(self) -> Squad:
        return build_squad(self.faction, self.ships, name=self.name)

    def xws(self) -> dict[str, Any]:
        return to_xws(self.squad())

    def summary(self) -> dict[str, Any]:
        """What ``GET /api/opponents`` lists for it."""
        squad = self.squad()
        return {"name": self.name, "faction": self.faction, "points": squad.points,
                "pilots": [{"id": ship.pilot.xws, "name": ship.pilot.name,
                            "ship": ship.pilot.ship,
                            "upgrades": [u.xws for u in ship.upgrades]}
                           for ship in squad.ships],
                "xws": to_xws(squad)}


def _o(name: str, faction: str, *ships: tuple[str, tuple[str, ...]]) -> Opponent:
    return Opponent(name, faction, ships)


OPPONENTS: tuple[Opponent, ...] = (
    _o("Rebel X-wing aces", "rebelalliance",
       ("lukeskywalker", ("instinctiveaim",)), ("wedgeantilles", ("marksmanship",)),
       ("biggsdarklighter", ()), ("thanekyrell", ("predator",))),
    _o("Rebel Y-wing bombers", "rebelalliance",
       ("graysquadronbomber", ("concussionmissiles",)), ("graysquadronbomber", ()),
       ("goldsquadronveteran", ()), ("goldsquadronveteran", ()),
       ("greensquadronpilot", ())),
    _o("Rebel A-wing squadron", "rebelalliance",
       ("jakefarrell", ()), ("greensquadronpilot", ()), ("greensquadronpilot", ()),
       ("phoenixsquadronpilot", ()), ("phoenixsquadronpilot", ())),
    _o("Imperial TIE swarm", "galacticempire",
       ("howlrunner", ("crackshot",)), ("scourgeskutu", ()), ("academypilot", ()),
       ("academypilot", ()), ("academypilot", ()), ("obsidiansquadronpilot", ()),
       ("obsidiansquadronpilot", ()), ("blacksquadronace", ())),
    _o("Imperial TIE Advanced flight", "galacticempire",
       ("darthvader", ("hate",)), ("maarekstele", ()), ("stormsquadronace", ()),
       ("tempestsquadronpilot", ())),
    _o("Imperial Starwing strike", "galacticempire",
       ("nusquadronpilot", ()), ("nusquadronpilot", ()), ("rhosquadronpilot", ()),
       ("blacksquadronace", ()), ("blacksquadronace", ())),
    _o("Scum Fang fighters", "scumandvillainy",
       ("oldteroch", ()), ("skullsquadronpilot", ()), ("skullsquadronpilot", ()),
       ("zealousrecruit", ()), ("binayrepirate", ())),
    _o("Scum Y-wing gang", "scumandvillainy",
       ("hiredgun", ("homingtorpedoes",)), ("amaxinewarrior", ()),
       ("jinatasecurityofficer", ()), ("crymorahgoon", ()), ("blacksunsoldier", ())),
    _o("Scum freighters", "scumandvillainy",
       ("bountyhunter", ()), ("trandoshanslaver", ()), ("spicerunner", ()),
       ("binayrepirate", ())),
    _o("First Order TIE/fo wing", "firstorder",
       ("omegasquadronace", ("fanatical",)), ("omegasquadronace", ()),
       ("omegasquadronace", ()), ("zetasquadronpilot", ()), ("zetasquadronpilot", ()),
       ("epsilonsquadroncadet", ())),
    _o("First Order courier escort", "firstorder",
       ("firstordercourier", ("advancedoptics",)), ("omegasquadronace", ()),
       ("omegasquadronace", ()), ("zetasquadronpilot", ()),
       ("zetasquadronpilot", ()), ("epsilonsquadroncadet", ())),
    _o("Republic V-19 wing", "galacticrepublic",
       ("bluesquadronprotector", ()), ("bluesquadronprotector", ()),
       ("goldsquadrontrooper", ()), ("goldsquadrontrooper", ()),
       ("goldsquadrontrooper", ())),
    _o("Republic ARC-170 strike", "galacticrepublic",
       ("squadsevenveteran", ("r4pastromech",)), ("104thbattalionpilot", ()),
       ("goldsquadrontrooper", ("concussionmissiles",)), ("bluesquadronprotector", ())),
    _o("Republic Nite Owl raid", "galacticrepublic",
       ("niteowlliberator", ()), ("104thbattalionpilot", ()),
       ("goldsquadrontrooper", ()), ("bluesquadronprotector", ())),
    _o("Separatist Belbullab wing", "separatistalliance",
       ("skakoanace", ()), ("skakoanace", ()), ("feethanottrawautopilot", ()),
       ("feethanottrawautopilot", ()), ("feethanottrawautopilot", ())),
    _o("Separatist Firespray hunters", "separatistalliance",
       ("zamwesell", ()), ("separatistracketeer", ()), ("feethanottrawautopilot", ())),
    _o("Separatist Death Watch raid", "separatistalliance",
       ("deathwatchwarrior", ()), ("darkcourier", ()), ("skakoanace", ())),
    _o("Resistance freighters", "resistance",
       ("resistancesympathizer", ()), ("resistancesympathizer", ()),
       ("logisticsdivisionpilot", ()), ("logisticsdivisionpilot", ())),
    _o("Resistance transport convoy", "resistance",
       ("resistancesympathizer", ()), ("logisticsdivisionpilot", ()),
       ("logisticsdivisionpilot", ()), ("logisticsdivisionpilot", ())),
)

_BY_NAME = {opponent.name: opponent for opponent in OPPONENTS}


def opponent(name: str) -> Opponent | None:
    """The ready-made opponent called ``name``, if any."""
    return _BY_NAME.get(name)


def random_opponent(rng: random.Random, faction: str | None = None) -> Opponent | None:
    """One of the opponents (of ``faction`` if given), or None when there is none."""
    candidates = [o for o in OPPONENTS if faction is None or o.faction == faction]
    return rng.choice(candidates) if candidates else None


__all__ = ["OPPONENTS", "Opponent", "opponent", "random_opponent"]
