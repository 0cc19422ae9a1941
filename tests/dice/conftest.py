"""Fixtures for the dice tests."""

from __future__ import annotations

import random

import pytest


@pytest.fixture
def rng() -> random.Random:
    """A seeded generator, as a game would own one."""
    return random.Random(20240615)
