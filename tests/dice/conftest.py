"""Fixtures for the dice tests, and the rule that slow dice tests run only when asked for."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

_HERE = Path(__file__).parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip this directory's ``slow`` tests unless ``-m`` mentions slow or
    ``TALLON_SLOW_TESTS=1`` is set, so the default run stays fast."""
    if os.environ.get("TALLON_SLOW_TESTS") == "1" or "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow or TALLON_SLOW_TESTS=1")
    for item in items:
        if "slow" in item.keywords and _HERE in Path(str(item.fspath)).parents:
            item.add_marker(skip)


@pytest.fixture
def rng() -> random.Random:
    """A seeded generator, as a game would own one."""
    return random.Random(20240615)
