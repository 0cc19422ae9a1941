"""Squad building: squads, their legality under the 2.5 rules, and XWS import/export.

    >>> from tallon.squads import read_xws, check_squad
    >>> imported = read_xws(open("squad.json").read())          # doctest: +SKIP
    >>> report = check_squad(imported.squad, errors=imported.errors,
    ...                      warnings=imported.warnings)        # doctest: +SKIP
    >>> report.legal, report.points                            # doctest: +SKIP

This package imports only :mod:`tallon.data`. See ``docs/squads.md``.
"""

from tallon.squads.huge import huge_notes, huge_ships, is_huge
from tallon.squads.legality import check_squad, check_squad_to_play, upgrade_cost
from tallon.squads.model import EquippedUpgrade, Squad, SquadShip, build_squad
from tallon.squads.report import Problem, Rule, ShipReport, SquadReport, UpgradeReport
from tallon.squads.restrictions import ShipProfile, ship_profile
from tallon.squads.rules import FORMATS, Format, ListsError, SquadRules, rules_for
from tallon.squads.slots import SlotFit, fit_upgrades, upgrade_bar
from tallon.squads.xws import (
    XwsError,
    XwsImport,
    dump_xws,
    quick_build_xws,
    read_xws,
    read_xws_file,
    to_xws,
)

__all__ = [
    "FORMATS",
    "EquippedUpgrade",
    "Format",
    "ListsError",
    "Problem",
    "Rule",
    "ShipProfile",
    "ShipReport",
    "SlotFit",
    "Squad",
    "SquadReport",
    "SquadRules",
    "SquadShip",
    "UpgradeReport",
    "XwsError",
    "XwsImport",
    "build_squad",
    "check_squad",
    "check_squad_to_play",
    "dump_xws",
    "fit_upgrades",
    "huge_notes",
    "huge_ships",
    "is_huge",
    "quick_build_xws",
    "read_xws",
    "read_xws_file",
    "rules_for",
    "ship_profile",
    "to_xws",
    "upgrade_bar",
    "upgrade_cost",
]
