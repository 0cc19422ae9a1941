"""The command groups of the ``tallon`` command line, one module each."""

from __future__ import annotations

from collections.abc import Callable

import typer

from tallon.cli import cards, coverage, demo, dice, serve, sim, squad, table

REGISTRARS: list[Callable[[typer.Typer], None]] = [
    table.register,
    demo.register,
    cards.register,
    coverage.register,
    squad.register,
    dice.register,
    serve.register,
    sim.register,
]
