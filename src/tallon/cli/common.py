"""Helpers shared by the command groups."""

from __future__ import annotations

import typer

from tallon.data import CardDatabase, load_cards
from tallon.data.codec import CardDataError

# Exit status of a command whose input (or installation) cannot be read at all.
EXIT_UNREADABLE = 2


def card_database() -> CardDatabase:
    """The card database; a damaged installation ends the command with a clear message."""
    try:
        return load_cards()
    except CardDataError as error:
        typer.echo(f"error: the card data of this installation is damaged: {error}", err=True)
        raise typer.Exit(EXIT_UNREADABLE) from None
