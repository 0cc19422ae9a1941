"""Architecture: one-way layers. tallon.data imports no other Tallon package;
tallon.squads imports only tallon.data."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "tallon"


def _tallon_imports(package: str) -> set[str]:
    found: set[str] = set()
    for path in (SRC / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            found |= {".".join(n.split(".")[:2]) for n in names if n.startswith("tallon")}
    return found


@pytest.mark.parametrize(("package", "allowed"), [
    ("data", {"tallon.data"}),
    ("squads", {"tallon.data", "tallon.squads"}),
])
def test_a_package_imports_only_the_layers_below_it(package, allowed):
    """Each package's Tallon imports stay within its own and lower layers."""
    assert _tallon_imports(package) <= allowed
