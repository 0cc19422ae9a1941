"""``tallon squad check FILE --ruleset 1e``: judge a first-edition squad (XWS 1.0).

The verdict has the 2.5 check's shape (``legal``, ``points``, ``errors``, ...), with
``ruleset: "1e"``; a ship's ``cost`` is its pilot's and upgrades' squad points together,
since first-edition upgrades are paid from the squad's total.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from tallon.cli.common import fail, read_squad_input
from tallon.data.cards_1e import CardDatabase1e, load_cards_1e
from tallon.data.codec import CardDataError
from tallon.squads import Squad, XwsError
from tallon.squads.legality_1e import DEFAULT_POINTS_1E, check_squad_1e
from tallon.squads.play_1e import squad_for_play
from tallon.squads.report import Problem, SquadReport
from tallon.squads.xws_1e import XwsImport1e, read_xws_1e, read_xws_1e_file

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1


def card_database_1e() -> CardDatabase1e:
    """The first-edition cards; a damaged installation ends the command clearly."""
    try:
        return load_cards_1e()
    except CardDataError as error:
        raise fail(f"the first-edition card data of this installation is damaged: "
                   f"{error}") from None


def read_squad_1e(path: Path, db: CardDatabase1e, as_json: bool) -> XwsImport1e:
    """A first-edition squad file (``-``: standard input), or exit 2 naming the problem."""
    return read_squad_input(path, as_json, lambda text: read_xws_1e(text, db),
                            lambda file: read_xws_1e_file(file, db))


def _line(problem: Problem) -> str:
    where = f"ship {problem.ship + 1}: " if problem.ship is not None else ""
    card = f" [{problem.card}]" if problem.card else ""
    return f"{where}{problem.message}{card}  ({problem.rule})"


def _print(report: SquadReport, name: str | None) -> None:
    console = Console()
    verdict = "[bold green]LEGAL[/]" if report.legal else "[bold red]NOT LEGAL[/]"
    title = f"{name}: " if name else ""
    console.print(f"{title}{verdict} under the first edition's rules — {report.points}/"
                  f"{report.points_limit} squad points, faction "
                  f"{report.faction or 'unknown'}", highlight=False)
    table = Table()
    for column in ("#", "pilot", "ship", "points", "upgrades"):
        table.add_column(column, overflow="fold")
    for ship in report.ships:
        upgrades = ", ".join(f"{u.name} ({u.cost})" for u in ship.upgrades)
        table.add_row(str(ship.index + 1), f"{ship.name} [dim]{ship.pilot}[/dim]", ship.ship,
                      str(ship.cost), upgrades or "-")
    console.print(table)
    for label, problems in (("error", report.errors), ("warning", report.warnings)):
        if problems:
            console.print(f"{len(problems)} {label}(s):", highlight=False)
        for problem in problems:
            console.print(f"  - {_line(problem)}", highlight=False, markup=False)
    for note in report.notes:
        console.print(f"Note: {note}", highlight=False, markup=False)


def check_1e(file: Path, points: int | None, as_json: bool) -> None:
    """Judge a first-edition squad file against ``points`` (default 100) and exit 0 when
    legal, 1 when not, 2 when the file cannot be read."""
    db = card_database_1e()
    imported = read_squad_1e(file, db, as_json)
    report = check_squad_1e(imported.squad, db,
                            points=DEFAULT_POINTS_1E if points is None else points,
                            errors=imported.errors, warnings=imported.warnings)
    if as_json:
        data = {"ruleset": "1e", **report.to_json()}
        # 2.5's deficit scores mission points; first edition gives the lower total the
        # initiative instead (rulebook: Initiative When Squad Building)
        data.pop("deficit")
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        _print(report, imported.squad.name)
    raise typer.Exit(EXIT_LEGAL if report.legal else EXIT_ILLEGAL)


def load_squad_1e(path: Path, player: int, points: int = DEFAULT_POINTS_1E) -> Squad:
    """A legal first-edition squad from an XWS 1.0 file, ready to play, or exit 2 naming
    the file and every problem."""
    db = card_database_1e()
    try:
        imported = read_xws_1e_file(path, db)
    except XwsError as error:
        typer.echo(f"error: player {player}: {error}", err=True)
        raise typer.Exit(2) from None
    report = check_squad_1e(imported.squad, db, points=points, errors=imported.errors)
    if not report.legal:
        for problem in report.errors:
            typer.echo(f"error: {path}: {problem.rule}: {_line(problem)}", err=True)
        raise typer.Exit(2)
    return squad_for_play(imported.squad)
