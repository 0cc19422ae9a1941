"""The command groups of the ``tallon`` command line, one module each."""

from __future__ import annotations

from collections.abc import Callable

import typer

from tallon.cli import dice

REGISTRARS: list[Callable[[typer.Typer], None]] = [dice.register]
