"""A squad: a faction and its ships, each a pilot card with equipped upgrade cards."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tallon.data import CardDatabase, Pilot, Upgrade, load_cards
from tallon.data.first_edition_play import is_first_edition
from tallon.rulesets import DEFAULT_RULESET, ruleset_rules


@dataclass(frozen=True)
class EquippedUpgrade:
    """An upgrade on a ship and the XWS slot key it is listed under."""

    upgrade: Upgrade
    slot: str

    @property
    def xws(self) -> str:
        return self.upgrade.xws


@dataclass(frozen=True)
class SquadShip:
    """One ship of a squad: its pilot card and its upgrades, in the order listed.

    ``vendor`` keeps an XWS pilot's application-specific data so that exporting the squad
    again loses nothing. ``facedown``: upgrades kept facedown under a card, not equipped
    (Razor Crest: :mod:`tallon.squads.facedown`).
    """

    pilot: Pilot
    upgrades: tuple[EquippedUpgrade, ...] = ()
    vendor: Mapping[str, Any] | None = field(default=None, compare=False)
    facedown: tuple[EquippedUpgrade, ...] = ()

    @property
    def upgrade_cards(self) -> tuple[Upgrade, ...]:
        return tuple(equipped.upgrade for equipped in self.upgrades)


@dataclass(frozen=True)
class Squad:
    """A player's squad.

    ``faction`` is the squad's declared faction (``None`` when an imported file named no
    known faction). ``name``, ``description``, ``obstacles``, ``ruleset`` and ``vendor``
    are carried from and back to XWS unchanged.
    """

    faction: str | None
    ships: tuple[SquadShip, ...]
    name: str | None = None
    description: str | None = None
    obstacles: tuple[str, ...] = ()
    ruleset: str | None = None
    vendor: Mapping[str, Any] | None = field(default=None, compare=False)

    @property
    def pilots(self) -> tuple[Pilot, ...]:
        return tuple(ship.pilot for ship in self.ships)

    @property
    def played_ruleset(self) -> str:
        """The ruleset whose cards the squad fields: "1e" for first-edition cards (play
        ids ``1e-...``), else 2.5. (``ruleset`` is the XWS file's own field, kept as is.)"""
        first = bool(self.ships) and all(is_first_edition(s.pilot.xws) for s in self.ships)
        return "1e" if first else DEFAULT_RULESET

    @property
    def points(self) -> int:
        """Total squad points: the sum of the ship cards' costs (RR: SQUAD POINTS).

        Upgrades cost loadout points, which count against each ship's loadout value,
        not against the squad's points - except under a ruleset paying them from the
        squad's total (the first edition: Ruleset.upgrades_cost_squad_points).
        """
        pilots = sum(ship.pilot.cost for ship in self.ships)
        if not ruleset_rules(self.played_ruleset).upgrades_cost_squad_points:
            return pilots
        return pilots + sum(u.upgrade.cost.value or 0 for ship in self.ships
                            for u in ship.upgrades if u.upgrade.cost is not None)


def build_squad(
    faction: str,
    ships: Iterable[tuple[str, Iterable[str]]],
    db: CardDatabase | None = None,
    *,
    name: str | None = None,
) -> Squad:
    """A squad from ids: ``[(pilot_xws, [upgrade_xws, ...]), ...]``.

    Each upgrade is listed under its own slot key. Unknown ids raise
    :class:`tallon.data.UnknownCardError`. Nothing is checked here; see
    :func:`tallon.squads.check_squad`.
    """
    db = db or load_cards()
    built = []
    for pilot_id, upgrade_ids in ships:
        upgrades = tuple(
            EquippedUpgrade(upgrade=db.upgrade(u), slot=db.upgrade(u).slot) for u in upgrade_ids
        )
        built.append(SquadShip(pilot=db.pilot(pilot_id), upgrades=upgrades))
    return Squad(faction=faction, ships=tuple(built), name=name)
