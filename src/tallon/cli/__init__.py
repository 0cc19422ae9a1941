"""The ``tallon`` command line.

Each command group lives in its own module with a ``register(app)`` function, so
that the groups stay independent of each other.
"""

from __future__ import annotations

import os
import sys

import typer

from tallon import __version__
from tallon.cli import registry

# Help texts are Markdown: a paragraph's line breaks are not kept, so each paragraph is
# rewrapped to the terminal's width (80 columns reads well), and an indented block (a
# table, a command to copy) is printed as it is written.
app = typer.Typer(
    name="tallon",
    help=(
        "Tallon: a rules-exact engine for Star Wars: X-Wing.\n\n"
        "Lengths are millimetres and angles degrees. Each command explains itself (tallon "
        "move --help explains the dial codes, such as 2N or 3TR); docs/cli.md describes "
        "them all."
    ),
    rich_markup_mode="markdown",
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
    """The root command: only --version (``tallon --help`` prints ``app``'s help)."""


_registered: list[bool] = []


def _register_commands() -> None:
    # each command module adds its own group, so that `tallon --help` lists every one;
    # once per process, as main() may be called again (the fuzz tests call it in-process)
    if _registered:
        return
    _registered.append(True)
    for register in registry.REGISTRARS:
        register(app)


# Exit status when Tallon itself fails (docs/cli.md): never a traceback for the user.
EXIT_INTERNAL_ERROR = 3


def main() -> None:
    """Entry point of the ``tallon`` console script."""
    _register_commands()
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        raise SystemExit(130) from None
    except BrokenPipeError:
        # the reader went away (``tallon cards search | head``): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(0) from None
    except Exception as error:
        if os.environ.get("TALLON_DEBUG"):
            raise
        typer.echo(f"tallon: internal error (a bug in Tallon, not in your input): "
                   f"{type(error).__name__}: {error}\nRun again with TALLON_DEBUG=1 to see "
                   "where, and please report it.", err=True)
        raise SystemExit(EXIT_INTERNAL_ERROR) from None
