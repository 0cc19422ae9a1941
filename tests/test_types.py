"""The engine, the geometry and the agents type-check (mypy): the types their code states
are the types it runs with, which a compiled core (docs/simulation.md: Speed) would rely
on and which keep a wrong argument from hiding until a rare card meets it. The packages
they import are read for their types, not checked themselves."""

from __future__ import annotations

from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "tallon"
CHECKED = ("engine", "geometry", "agents")


def test_engine_geometry_and_agents_type_check(tmp_path: Path) -> None:
    api = pytest.importorskip("mypy.api", reason="mypy is a dev dependency")
    out, err, status = api.run([
        *(str(SRC / package) for package in CHECKED),
        "--follow-imports=silent", "--ignore-missing-imports",
        "--cache-dir", str(tmp_path / "mypy-cache"), "--no-error-summary",
    ])
    assert status == 0, f"mypy found type errors:\n{out}{err}"
