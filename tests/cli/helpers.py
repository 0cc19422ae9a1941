"""The command line as the CLI tests run it."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import typer
from typer.testing import CliRunner, Result

from tallon.cli import _register_commands, app

runner = CliRunner()


@cache
def tallon() -> typer.Typer:
    """The ``tallon`` command line with every group, registered once per test process:
    each registration adds every group to the shared app again."""
    _register_commands()
    return app


def run(*args: str) -> Result:
    """``tallon *args`` on the whole command line."""
    return runner.invoke(tallon(), list(args))


def app_with(register: Callable[[typer.Typer], None]) -> typer.Typer:
    """A root command, with a callback as the real one has, holding only the group that
    ``register`` adds: to test that group on its own."""
    application = typer.Typer()

    @application.callback()
    def _root() -> None:
        """Test root."""

    register(application)
    return application


def said(output: str) -> str:
    """The words of a command's output, without the boxes and line breaks of error
    panels: to look for a message that wraps."""
    return " ".join(output.translate(str.maketrans("", "", "│╭╮╰╯─")).split())
