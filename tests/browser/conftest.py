"""Browser tests: Playwright driving Debian's chromium against a real ``tallon serve``.

Playwright's own browser download cannot work on the machines Tallon is built on, so the
tests launch the system's chromium (``TALLON_CHROMIUM``, else ``chromium`` on the PATH);
``python3 run.py test`` installs it when it is missing and it can. Locally a missing
browser skips these tests; under ``CI=true`` it fails them: CI never passes without them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import Server

# flags a headless chromium needs on a machine with no network and no screen
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--disable-dev-shm-usage"]


def chromium_path() -> str | None:
    return os.environ.get("TALLON_CHROMIUM") or shutil.which("chromium")


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run: {reason} (CI=true: they are required; "
                    "as root, `python3 run.py test` installs chromium with apt-get)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[dev]')")
    path = chromium_path()
    if path is None:
        _unavailable("chromium is not installed (apt-get install -y chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(Path(tmp_path_factory.mktemp("browser")) / "games.db").start()
    yield running
    running.stop()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})  # type: ignore[attr-defined]
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.page_errors = errors  # type: ignore[attr-defined]
    yield opened
    context.close()
    assert not errors, f"the page raised: {errors}"
