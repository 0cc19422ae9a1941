"""Helpers for squad-building tests: judge a squad built from ids, pick out errors."""

from __future__ import annotations

from collections.abc import Sequence

from tallon.data import CardDatabase
from tallon.squads import Problem, SquadReport, SquadRules, build_squad, check_squad

Ships = Sequence[tuple[str, Sequence[str]]]


def judge(db: CardDatabase, faction: str, ships: Ships, **rules: object) -> SquadReport:
    """Build a squad from ``[(pilot, [upgrades]), ...]`` and check it under ``rules``."""
    squad = build_squad(faction, ships, db)
    return check_squad(squad, db, SquadRules(**rules))  # type: ignore[arg-type]


def broken(report: SquadReport, rule: str) -> list[Problem]:
    """The errors of ``report`` that break ``rule``."""
    return [problem for problem in report.errors if problem.rule == rule]


def rules_broken(report: SquadReport) -> set[str]:
    """Every rule ``report`` says the squad breaks."""
    return {problem.rule for problem in report.errors}
