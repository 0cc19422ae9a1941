"""Helpers shared by the command groups."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

import typer

from tallon.agents.levels import Think, parse_think
from tallon.data import CardDatabase, load_cards
from tallon.data.codec import CardDataError
from tallon.engine.environments import ENVIRONMENT_CHOICES
from tallon.engine.scenarios import SCENARIO_CHOICES
from tallon.files import FileAccessError, ensure_directory, write_file
from tallon.squads import XwsError

# Exit status of a command whose input (or installation) cannot be read at all.
EXIT_UNREADABLE = 2
T = TypeVar("T")

#: What ``--scenario`` accepts: a standard scenario, "random" (drawn from the game's seed)
#: or "none" (a practice game without a scenario).
SCENARIO_OPTIONS = (*SCENARIO_CHOICES, "none")

#: The option's type: typer lists an enumeration's values as the choices.
ScenarioOption = StrEnum("ScenarioOption", {name: name for name in SCENARIO_OPTIONS})

#: What ``--environment`` accepts: an environment card Tallon plays (house rules), "random"
#: (drawn from the game's seed) or "none".
EnvironmentOption = StrEnum("EnvironmentOption", {n: n for n in ENVIRONMENT_CHOICES})

#: ``--environment`` (none by default: the cards are for casual play, RR appendix)
ENVIRONMENT_OPTION: Any = typer.Option(
    EnvironmentOption("none"), "--environment",
    help="An environment card dealt at Gather Forces (casual play; Tallon's house rules, "
    f"docs/rulings.md): {', '.join(ENVIRONMENT_CHOICES[:-2])}; random: one drawn from the "
    "seed; none: no environment card.")


def scenario_option(games: str, default: str | None = None) -> Any:
    """The ``--scenario`` option (``games``: "the game is played in", ...), a
    :data:`ScenarioOption` (``str()`` is the name); an unknown name exits 2 listing the
    choices (click's own message). ``default``: for a parameter not ``Annotated``."""
    first = () if default is None else (ScenarioOption(default),)
    return typer.Option(
        *first, "--scenario",
        help=f"The standard scenario {games}: {', '.join(SCENARIO_CHOICES[:-1])}; "
        "random: one drawn from each game's seed; none: a practice game without a "
        "scenario (points for the deficit and the enemy ships removed only).")


def think_budget(text: str | Think) -> Think:
    """``--think``'s value read (the parser of the option in every command that has it):
    a bad one is refused with exit status 2 saying what is accepted."""
    try:
        return parse_think(text)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


def card_database() -> CardDatabase:
    """The card database; a damaged installation ends the command with a clear message."""
    try:
        return load_cards()
    except CardDataError as error:
        raise fail(f"the card data of this installation is damaged: {error}") from None


def fail(message: str, code: int = EXIT_UNREADABLE) -> typer.Exit:
    """Print ``error: message`` on standard error; the caller raises the returned Exit."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def output_directory(path: Path) -> Path:
    """The directory ``path`` (created if missing), or exit 2 saying why it cannot be."""
    try:
        return ensure_directory(path)
    except FileAccessError as error:
        raise fail(str(error)) from None


def write_output(path: Path, data: str | bytes) -> None:
    """Write a whole output file at once, or exit 2 naming the file and the reason."""
    try:
        write_file(path, data)
    except FileAccessError as error:
        raise fail(str(error)) from None


def unreadable(message: str, as_json: bool) -> typer.Exit:
    """Say why an input can't be read (as ``{"error": ...}`` with ``--json``) and exit 2."""
    if as_json:
        typer.echo(json.dumps({"error": message}))
    else:
        typer.echo(f"error: {message}", err=True)
    return typer.Exit(EXIT_UNREADABLE)


def read_squad_input(path: Path, as_json: bool, from_text: Callable[[str], T],
                     from_file: Callable[[Path], T]) -> T:
    """A squad file (``-``: standard input) read by ``from_text`` / ``from_file`` (XWS 2.0
    or 1.0), or exit 2 naming the problem (an XwsError: not a squad at all)."""
    try:
        if str(path) == "-":
            return from_text(sys.stdin.read())
        return from_file(path)
    except XwsError as error:
        where = "standard input: " if str(path) == "-" else ""
        raise unreadable(f"{where}{error}", as_json) from None
