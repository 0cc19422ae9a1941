"""Shared test helpers.

``table_svg`` lets a test register the tables it measures; when the test fails, each is
drawn to ``test-artifacts/<test name>-<n>.svg`` so a failure about positions can be seen.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tallon.data import CardDatabase, load_cards
from tallon.geometry import BaseSize, Obstacle, Pose, Ship, Table
from tallon.render.svg import Drawing, draw_table

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"


def ship(ident: str, x: float, y: float, heading: float = 0.0,
         size: BaseSize = BaseSize.SMALL) -> Ship:
    return Ship(ident, Pose(x, y, heading), size)


def obstacle(ident: str, x: float, y: float, rotation: float = 0.0,
             outline: str = "core2asteroid3") -> Obstacle:
    return Obstacle(ident, Pose(x, y, rotation), outline)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    shown = getattr(item, "_tallon_tables", None)
    if not shown:
        return
    ARTIFACTS.mkdir(exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", item.nodeid)[-120:]
    written = []
    for n, (table, drawing) in enumerate(shown, start=1):
        path = ARTIFACTS / f"{stem}-{n}.svg"
        path.write_text(draw_table(table, drawing), encoding="utf-8")
        written.append(str(path))
    report.sections.append(("table drawings", "\n".join(written)))


@pytest.fixture
def table_svg(request):
    """Call with a table (and optional Drawing) to have it drawn if the test fails."""
    shown: list[tuple[Table, Drawing | None]] = []
    request.node._tallon_tables = shown

    def show(table: Table, drawing: Drawing | None = None) -> Table:
        shown.append((table, drawing))
        return table

    return show


@pytest.fixture(scope="session")
def db() -> CardDatabase:
    """The packaged card database (loaded once per test process)."""
    return load_cards()
