"""The ``tallon`` command line.

Each command group lives in its own module with a ``register(app)`` function, so
that the groups stay independent of each other.
"""

from __future__ import annotations

import typer

from tallon import __version__
from tallon.cli import registry

app = typer.Typer(
    name="tallon",
    help="Tallon: a rules-exact engine for Star Wars: X-Wing.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tallon {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", help="Print the version and exit.", callback=_version, is_eager=True
    ),
) -> None:
    """Tallon: a rules-exact engine for Star Wars: X-Wing."""


def _register_commands() -> None:
    # each command module adds its own group, so that `tallon --help` lists every one
    for register in registry.REGISTRARS:
        register(app)


def main() -> None:
    """Entry point of the ``tallon`` console script."""
    _register_commands()
    app()
