"""``tallon sim --backend ray``: a local Ray instance of two workers plays the same games,
with the same results, as this process alone.

Ray is the ``cluster`` extra (in ``dev`` too). Locally, without it, this test is skipped;
under ``CI=true`` it fails: CI never passes without the Ray backend tested.
"""

from __future__ import annotations

import importlib.util
import os

import pytest

from tests.sim.test_cli_sim import QUICK, REBELS, TIES, sim_json, without_run


@pytest.fixture(autouse=True)
def _no_default_database(tmp_path, monkeypatch):
    monkeypatch.setenv("TALLON_SIM_DB", str(tmp_path / "default.sqlite"))
    # a local instance of its own, never a cluster named by the environment
    monkeypatch.delenv("RAY_ADDRESS", raising=False)


def _ray_or_skip() -> None:
    if importlib.util.find_spec("ray") is None:
        reason = "Ray is not installed (pip install -e '.[cluster]')"
        if os.environ.get("CI") == "true":
            pytest.fail(f"the Ray backend cannot be tested: {reason} (CI=true: required)")
        pytest.skip(reason)


def test_ray_plays_the_same_games_as_one_process():
    _ray_or_skip()
    local = sim_json(REBELS, TIES, "--games", "8", *QUICK)
    on_ray = sim_json(REBELS, TIES, "--games", "8", *QUICK, "--backend", "ray",
                      "--workers", "2")
    assert on_ray["run"]["backend"] == "ray"
    assert without_run(on_ray) == without_run(local)
