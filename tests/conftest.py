"""Fixtures shared by the whole test suite."""

from __future__ import annotations

import pytest

from tallon.data import CardDatabase, load_cards


@pytest.fixture(scope="session")
def db() -> CardDatabase:
    """The packaged card database (loaded once per test process)."""
    return load_cards()
