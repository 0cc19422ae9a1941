"""The game page in Firefox (Debian's firefox-esr over WebDriver BiDi)."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.firefox import Firefox, firefox_path
from tests.browser.test_play_against_the_ai import SQUADS

READY = ("(() => { const d = document.querySelector('#decision');"
         " if (document.querySelector('#end')) return 'over';"
         " return (d && d.dataset.kind && !d.dataset.stale &&"
         " !document.querySelector('#board').dataset.animating) ? d.dataset.kind : ''; })()")


@pytest.fixture
def firefox() -> Iterator[Firefox]:
    path = firefox_path()
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Firefox is not installed (CI=true: the Firefox test is required; "
                        "as root, `python3 run.py test` installs firefox-esr)")
        pytest.skip("Firefox is not installed (apt-get install -y firefox-esr)")
    browser = Firefox(path)
    yield browser
    browser.close()


def _to_screen(firefox: Firefox, x: float, y: float) -> list[float]:
    return firefox.evaluate(
        f"(() => {{ const svg = document.querySelector('#board svg');"
        f" const p = svg.createSVGPoint(); p.x = {x}; p.y = {y};"
        " const s = p.matrixTransform(svg.querySelector('#table').getScreenCTM());"
        " return [s.x, s.y]; })()")


def test_a_game_against_the_ai_in_firefox(firefox: Firefox, server: Any) -> None:
    """Situation: a player uses Firefox: the lobby, then a game against the simple AI.
    Rule: the page works in current Chromium and Firefox (plain ES modules, SVG DOM,
    WebSocket). Expected: by real mouse input only, a ship dragged to the middle of the
    table is refused with the engine's reason, and the whole game is played to the end
    screen; the page logs no JavaScript error."""
    firefox.goto(server.base + "/")
    firefox.wait_for("document.querySelector('[name=squad1]').value.length > 0")
    firefox.type_into("[name=squad1]", json.dumps(SQUADS[0]))
    firefox.type_into("[name=squad2]", json.dumps(SQUADS[1]))
    firefox.evaluate("document.querySelector('[name=seed]').value = '12'")
    firefox.click("#lobby button[type=submit]")
    firefox.wait_for("location.pathname === '/play'")
    rng = random.Random(5)
    refused = False
    for _ in range(1500):
        kind = firefox.wait_for(READY)
        if kind == "over":
            break
        if kind == "place_ship" and not refused:
            x, y = _to_screen(firefox, 450, 450)
            firefox.click_at(x, y)
            reason = firefox.wait_for("document.querySelector('#refusal').textContent")
            assert "within range 1 of their player edge" in reason
            refused = True
        before = firefox.evaluate("document.querySelector('#decision').dataset.decisionId")
        count = firefox.evaluate("document.querySelectorAll("
                                 "'#decision button[data-value]:not([disabled])').length")
        pick = rng.randrange(count)
        marker = f"data-pick-{pick}"
        in_dial = firefox.evaluate(
            "(() => { const b = document.querySelectorAll("
            f"'#decision button[data-value]:not([disabled])')[{pick}];"
            f" b.setAttribute('{marker}', ''); return !!b.closest('.dial-grid'); }})()")
        firefox.click(f"#decision [{marker}]")
        if in_dial:
            firefox.click("#decision button[data-confirm]")
        firefox.wait_for(
            "(() => { const d = document.querySelector('#decision');"
            f" return d.dataset.decisionId !== {json.dumps(before)} || d.dataset.refused; }})()")
    else:
        raise AssertionError("the game did not end within 1,500 answers")
    assert refused
    assert "Game over" in firefox.evaluate("document.querySelector('#end').innerText")
    assert firefox.errors() == []
