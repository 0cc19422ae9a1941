"""``tallon squad``: judge and print squads stored as XWS files."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from tallon.cards import CARDS
from tallon.cli.common import card_database, read_squad_input, unreadable
from tallon.cli.squad_1e import check_1e
from tallon.data import CardDatabase
from tallon.data.vocab import FACTIONS, arc_name, slot_name
from tallon.engine.loadout import Unplayable, unplayable_cards
from tallon.rulesets import DEFAULT_RULESET, RULESETS, ruleset_problem
from tallon.squads import (
    FORMATS,
    ListsError,
    Problem,
    Squad,
    SquadReport,
    XwsImport,
    check_squad,
    dump_xws,
    quick_build_xws,
    read_xws,
    read_xws_file,
    rules_for,
    upgrade_cost,
)
from tallon.squads.rules import DEFAULT_POINTS

squad_app = typer.Typer(
    name="squad",
    help="Check squads for legality and print them (XWS files).",
    no_args_is_help=True,
)

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1

# The squad file argument of `squad check` and `squad show`.
SquadFile = Annotated[
    Path,
    typer.Argument(metavar="FILE", help="An XWS squad file (JSON), or - for standard input."),
]


def _read(path: Path, db: CardDatabase, as_json: bool) -> XwsImport:
    return read_squad_input(path, as_json, lambda text: read_xws(text, db),
                            lambda file: read_xws_file(file, db))


def not_playable(squad: Squad) -> list[Unplayable]:
    """The cards of ``squad`` the engine refuses to play with Tallon's card pool, by the
    engine's own rule (:func:`tallon.engine.loadout.unplayable_cards`)."""
    return unplayable_cards(squad, CARDS)


def _not_playable_json(card: Unplayable) -> dict[str, Any]:
    return {"kind": card.kind, "xws": card.xws, "name": card.name, "ship": card.ship,
            "reason": card.reason}


def _not_playable_line(card: Unplayable) -> str:
    kind = card.kind.replace("_", " ")
    named = (f"{card.name} ({kind})" if card.kind == "ship_ability"
             else f"{card.name} ({card.xws}, {kind})")
    where = f"on ship {card.ship + 1}" + ("" if card.kind == "pilot" else f" ({card.pilot})")
    return f"{named} {where} — {card.reason}"


def _print_not_playable(console: Console, cards: list[Unplayable]) -> None:
    if not cards:
        return
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    console.print(
        f"[bold magenta]Not playable in Tallon's engine yet[/] ({count}; not a legality "
        "problem, but the engine refuses a game with this squad):",
        highlight=False,
    )
    for card in cards:
        console.print(f"  - {_not_playable_line(card)}", highlight=False, markup=False)


def _problem_line(problem: Problem) -> str:
    where = f"ship {problem.ship + 1}: " if problem.ship is not None else ""
    card = f" [{problem.card}]" if problem.card else ""
    return f"{where}{problem.message}{card}  ({problem.rule})"


def _print_report(console: Console, report: SquadReport, squad_name: str | None) -> None:
    verdict = "[bold green]LEGAL[/]" if report.legal else "[bold red]NOT LEGAL[/]"
    title = f"{squad_name}: " if squad_name else ""
    console.print(
        f"{title}{verdict} for {report.format} play — {report.points}/"
        f"{report.points_limit} squad points (deficit {report.deficit}), "
        f"faction {report.faction or 'unknown'}",
        highlight=False,
    )
    table = Table()
    for column in ("#", "pilot", "ship", "points", "loadout", "upgrades"):
        table.add_column(column, overflow="fold")
    for ship in report.ships:
        if ship.huge:
            loadout = f"{ship.loadout_used} in squad points (huge ship)"
        elif ship.loadout_value is None:
            loadout = "standard loadout"
        else:
            loadout = f"{ship.loadout_used}/{ship.loadout_value}"
        upgrades = ", ".join(
            f"{u.name} ({u.cost if u.cost is not None else '?'})" for u in ship.upgrades
        )
        table.add_row(
            str(ship.index + 1),
            f"{ship.name} [dim]{ship.pilot}[/dim]",
            ship.ship,
            str(ship.cost),
            loadout,
            upgrades or "-",
        )
    console.print(table)
    if report.errors:
        console.print(f"[bold red]{len(report.errors)} error(s):[/]")
        for problem in report.errors:
            console.print(f"  - {_problem_line(problem)}", highlight=False, markup=False)
    if report.warnings:
        console.print(f"[bold yellow]{len(report.warnings)} warning(s):[/]")
        for problem in report.warnings:
            console.print(f"  - {_problem_line(problem)}", highlight=False, markup=False)
    _print_notes(console, report.notes)


def _print_notes(console: Console, notes: tuple[str, ...]) -> None:
    for note in notes:
        console.print(f"Note: {note}", highlight=False, markup=False, soft_wrap=True)


@squad_app.command("check")
def check(
    file: SquadFile,
    game_format: Annotated[
        str,
        typer.Option(
            "--format",
            help="The game mode: standard, extended or epic (the format of huge ships).",
        ),
    ] = "standard",
    points: Annotated[
        int | None,
        typer.Option(
            "--points", min=0, show_default=False,
            help="The squad point limit [default: 20; 100 with --ruleset 1e; epic, whose "
            "limit the rules leave to the players, says so when a squad is over it].",
        ),
    ] = None,
    lists: Annotated[
        Path | None,
        typer.Option(
            "--lists",
            help="A JSON file of ban and restricted lists "
            "per format (default: the packaged lists, which are empty).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the verdict as JSON.")] = False,
    ruleset: Annotated[
        str,
        typer.Option("--ruleset", help=f"The rules the squad is built under: "
                     f"{', '.join(RULESETS)} (1e: an XWS 1.0 file, 100 points by default)."),
    ] = DEFAULT_RULESET,
) -> None:
    """Judge a squad: legal or not, points, each ship's cost and loadout, every error.

    Cards that Tallon's engine does not play yet are listed apart, as a warning that does
    not change the verdict; a squad with a huge ship gets a note that huge ships carry older
    (first 2.0) costs in the card data. Exit status: 0 when legal, 1 when not, 2 when the
    file cannot be read.
    """
    if ruleset != DEFAULT_RULESET:
        problem = ruleset_problem(ruleset, play=False)
        if problem is not None:
            raise unreadable(problem, as_json)
        check_1e(file, points, as_json)
    if game_format not in FORMATS:
        raise unreadable(
            f"unknown format {game_format!r}; use one of {', '.join(FORMATS)}", as_json
        )
    try:
        limit = DEFAULT_POINTS if points is None else points
        rules = rules_for(game_format, points=limit, lists_file=lists)  # type: ignore[arg-type]
    except ListsError as error:
        raise unreadable(str(error), as_json) from None
    db = card_database()
    imported = _read(file, db, as_json)
    report = check_squad(
        imported.squad, db, rules, errors=imported.errors, warnings=imported.warnings
    )
    unplayed = not_playable(imported.squad)
    if game_format == "epic" and points is None and any(
            e.rule == "SQUAD POINTS" for e in report.errors):
        report = replace(report, notes=(*report.notes, EPIC_LIMIT_NOTE))
    if as_json:
        data = report.to_json()
        data["playable"] = not unplayed
        data["not_playable"] = [_not_playable_json(card) for card in unplayed]
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        console = Console()
        _print_report(console, report, imported.squad.name)
        _print_not_playable(console, unplayed)
    raise typer.Exit(EXIT_LEGAL if report.legal else EXIT_ILLEGAL)


#: What an epic squad over the default limit is told (docs/rulings.md, Squad building 20).
EPIC_LIMIT_NOTE = (f"the rules give the epic format no squad point limit of its own: this is "
                   f"the default {DEFAULT_POINTS}; pass --points with the limit your players "
                   "agreed on")


@squad_app.command("show")
def show(
    file: SquadFile,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the squad as normalised XWS.")
    ] = False,
) -> None:
    """Print a squad readably: each ship's pilot, stats, cost and upgrades.

    Problems met while reading the file are listed too, and the cards Tallon's engine
    does not play yet; use `squad check` for legality.
    """
    db = card_database()
    imported = _read(file, db, as_json)
    squad = imported.squad
    if as_json:
        typer.echo(dump_xws(squad), nl=False)
        return
    console = Console()
    faction = db.faction(squad.faction).name if squad.faction else "unknown faction"
    priced = check_squad(squad, db)  # its points count a huge ship's upgrades
    console.print(
        f"[bold]{squad.name or file.name}[/bold] — {faction}, {priced.points} squad "
        f"points, {len(squad.ships)} ship(s)",
        highlight=False,
    )
    if squad.description:
        console.print(squad.description, highlight=False, markup=False)
    for index, ship in enumerate(squad.ships, start=1):
        pilot = ship.pilot
        stats = db.stats_of(pilot)
        attacks = ", ".join(f"{arc_name(a.arc)} {a.value}" for a in stats.attacks)
        console.print(
            f"\n[bold]{index}. {pilot.name}[/bold] [dim]{pilot.xws}[/dim] — "
            f"{db.ship_of(pilot).name}, initiative {pilot.initiative}, {pilot.cost} points",
            highlight=False,
        )
        console.print(
            f"   attack {attacks or '-'}, agility {stats.agility}, hull {stats.hull},"
            f" shields {stats.shields}",
            highlight=False,
        )
        used = 0
        for equipped in ship.upgrades:
            cost = upgrade_cost(db, pilot, equipped.upgrade)
            if pilot.is_standard_loadout:
                cost = 0
            used += cost or 0
            console.print(
                f"   {slot_name(equipped.slot)}: {equipped.upgrade.name} "
                f"[dim]{equipped.xws}[/dim] ({cost if cost is not None else '?'})",
                highlight=False,
            )
        for equipped in ship.facedown:  # under the Razor Crest: not equipped, not paid
            console.print(
                f"   facedown {slot_name(equipped.slot)}: {equipped.upgrade.name} "
                f"[dim]{equipped.xws}[/dim] (free)",
                highlight=False,
            )
        if priced.ships[index - 1].huge:
            console.print(f"   upgrades {used}, paid in squad points (huge ship)",
                          highlight=False)
        elif pilot.loadout is not None:
            console.print(f"   loadout {used}/{pilot.loadout}", highlight=False)
        else:
            console.print("   standard loadout", highlight=False)
    for label, problems in (("error", imported.errors), ("warning", imported.warnings)):
        for problem in problems:
            console.print(f"{label}: {_problem_line(problem)}", highlight=False, markup=False)
    _print_notes(console, priced.notes)
    _print_not_playable(console, not_playable(squad))


@squad_app.command("quickbuild")
def quickbuild(
    build_id: Annotated[
        str | None,
        typer.Argument(
            metavar="[ID]",
            help="A quick build id such as rebelalliance-001; leave out to list them.",
        ),
    ] = None,
    faction: Annotated[
        str | None, typer.Option("--faction", help="List only this faction's builds.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="List the quick builds as JSON.")] = False,
) -> None:
    """Print a quick build of the card database as an XWS squad, or list the quick builds."""
    db = card_database()
    if faction is not None and faction not in FACTIONS:
        raise typer.BadParameter(f"unknown faction {faction!r}", param_hint="--faction")
    if build_id is None:
        builds = [b for b in db.quick_builds if faction is None or b.faction == faction]
        if as_json:
            typer.echo(
                json.dumps(
                    [
                        {
                            "id": b.id,
                            "faction": b.faction,
                            "threat": b.threat,
                            "pilots": [p.pilot for p in b.pilots],
                        }
                        for b in builds
                    ],
                    indent=2,
                )
            )
            return
        for build in builds:
            pilots = ", ".join(p.pilot for p in build.pilots)
            typer.echo(f"{build.id}  threat {build.threat}  {pilots}")
        return
    try:
        build = db.quick_build(build_id)
    except KeyError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_ILLEGAL) from None
    typer.echo(json.dumps(quick_build_xws(build, db), indent=2))


def register(app: typer.Typer) -> None:
    """Add the ``squad`` command group to the ``tallon`` command line."""
    app.add_typer(squad_app)
