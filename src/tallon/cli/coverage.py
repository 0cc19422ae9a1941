"""``tallon cards coverage``: how much of the card pool the engine plays, by the rule it
refuses squads with at setup."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from tallon.cards.coverage import FORMATS, Coverage, Tally, coverage, coverage_1e
from tallon.cli.cards import cards_app
from tallon.data.vocab import FACTIONS, slot_name
from tallon.rulesets import DEFAULT_RULESET, RULESETS


def _row(table: Table, name: str, tally: Tally, missing: bool) -> None:
    share = tally.playable / tally.total if tally.total else 1.0
    bar = "█" * round(share * 20) + "·" * (20 - round(share * 20))
    cells = [name, f"{tally.playable}/{tally.total}", f"{bar} {share:4.0%}"]
    if missing:
        cells.append(", ".join(sorted(tally.missing)) or "-")
    table.add_row(*cells)


def _table(title: str, first: str, groups: dict[str, Tally], total: Tally, missing: bool,
           label: object = str) -> Table:
    table = Table(title=title)
    for column in (first, "playable", "share"):
        table.add_column(column)
    if missing:
        table.add_column("not played yet", overflow="fold")
    for key, tally in sorted(groups.items(), key=lambda item: item[0]):
        _row(table, label(key), tally, missing)  # type: ignore[operator]
    table.add_section()
    _row(table, "all", total, missing)
    return table


def print_coverage(found: Coverage, missing: bool, console: Console) -> None:
    scope = {"any": "standard or extended", "standard": "standard",
             "extended": "extended", "epic": "epic", "1e": "first edition"}[found.format]
    who = f" of {found.faction}" if found.faction else ""
    console.print(_table(f"Pilots{who} ({scope})", "faction", found.pilots,
                         found.pilot_total(), missing))
    console.print(_table(f"Upgrades{who} ({scope}), by slot", "slot", found.upgrades,
                         found.upgrade_total(), missing, slot_name))
    kind = "condition and damage cards" if found.format == "1e" else "condition"
    console.print(_table(kind.capitalize() if found.format == "1e" else "Condition cards",
                         "kind", {kind: found.conditions}, found.conditions, missing))


def coverage_command(
    faction: Annotated[str | None, typer.Option(
        "--faction", help="Only this faction's pilots and the upgrades it may field.")] = None,
    fmt: Annotated[str, typer.Option(
        "--format", help="Cards legal in: any (standard or extended), standard, extended "
        "or epic (huge ships included)."
    )] = "any",
    missing: Annotated[bool, typer.Option(
        "--missing", help="List the ids of the cards the engine does not play yet.")] = False,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print one JSON object: counts and missing ids per faction, slot "
        "and for conditions.")] = False,
    ruleset: Annotated[str, typer.Option(
        "--ruleset", help="The card pool counted: 2.5 (the default) or 1e, the first "
        "edition's (every pilot and upgrade; conditions and both damage decks together; "
        "--format does not apply).")] = DEFAULT_RULESET,
) -> None:
    """How many pilots (per faction), upgrades (per slot) and condition cards the engine
    plays: the same rule that refuses a squad at setup (a card whose ability is not
    implemented)."""
    if faction is not None and faction not in FACTIONS:
        raise typer.BadParameter(f"unknown faction {faction!r}; use one of "
                                 f"{', '.join(FACTIONS)}", param_hint="--faction")
    if fmt not in FORMATS:
        raise typer.BadParameter(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}",
                                 param_hint="--format")
    if ruleset not in RULESETS:
        raise typer.BadParameter(f"unknown ruleset {ruleset!r}; use one of "
                                 f"{', '.join(RULESETS)}", param_hint="--ruleset")
    found = coverage_1e(faction) if ruleset == "1e" else coverage(fmt, faction)
    if as_json:
        typer.echo(json.dumps(found.to_json(), indent=2))
        return
    print_coverage(found, missing, Console())


def register(app: typer.Typer) -> None:
    """Add ``coverage`` to the ``cards`` command group (``app`` has it already; adding
    it again changes nothing)."""
    if all(command.name != "coverage" for command in cards_app.registered_commands):
        cards_app.command("coverage")(coverage_command)
