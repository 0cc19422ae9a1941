"""Helpers shared by the command groups."""

from __future__ import annotations

from pathlib import Path

import typer

from tallon.data import CardDatabase, load_cards
from tallon.data.codec import CardDataError
from tallon.files import FileAccessError, ensure_directory, write_file

# Exit status of a command whose input (or installation) cannot be read at all.
EXIT_UNREADABLE = 2


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
