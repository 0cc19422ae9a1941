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
from tallon.squads.legality_1e import DEFAULT_POINTS_1E, Rule1e, check_squad_1e
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
from tallon.squads.xws_1e import (
    Squad1e,
    SquadShip1e,
    XwsImport1e,
    read_xws_1e,
    read_xws_1e_file,
)

__all__ = [
    "DEFAULT_POINTS_1E",
    "FORMATS",
    "EquippedUpgrade",
    "Format",
    "ListsError",
    "Problem",
    "Rule",
    "Rule1e",
    "ShipProfile",
    "ShipReport",
    "SlotFit",
    "Squad",
    "Squad1e",
    "SquadReport",
    "SquadRules",
    "SquadShip",
    "SquadShip1e",
    "UpgradeReport",
    "XwsError",
    "XwsImport",
    "XwsImport1e",
    "build_squad",
    "check_squad",
    "check_squad_1e",
    "check_squad_to_play",
    "dump_xws",
    "fit_upgrades",
    "huge_notes",
    "huge_ships",
    "is_huge",
    "quick_build_xws",
    "read_xws",
    "read_xws_1e",
    "read_xws_1e_file",
    "read_xws_file",
    "rules_for",
    "ship_profile",
    "to_xws",
    "upgrade_bar",
    "upgrade_cost",
]
