"""Driving the game page the way a player does: by clicks (and a drag to place)."""

from __future__ import annotations

import json
import random
from typing import Any

#: how long a page may take to show the next decision after a click, in ms
STEP_TIMEOUT = 20_000


def start_from_lobby(page: Any, base: str, squads: list[dict[str, Any]] | None,
                     seats: tuple[str, str], seed: int, online: bool = False,
                     scenario: str = "none") -> None:
    """Fill the lobby and start a game (``squads`` None keeps the lobby's examples;
    ``scenario``: the lobby's choice, by default a practice game without one)."""
    page.goto(base + "/")
    page.wait_for_function("document.querySelector('[name=squad1]').value.length > 0")
    if squads is not None:
        page.fill("[name=squad1]", json.dumps(squads[0]))
        page.fill("[name=squad2]", json.dumps(squads[1]))
    page.select_option("[name=seat1]", seats[0])
    page.select_option("[name=seat2]", seats[1])
    page.fill("[name=seed]", str(seed))
    page.select_option("[name=scenario]", scenario)
    if online:
        page.check("[name=online]")
    page.click("#lobby button[type=submit]")


def table_to_screen(page: Any, x: float, y: float) -> tuple[float, float]:
    """Where the table point (x, y) in millimetres is on the screen."""
    point = page.evaluate(
        """([x, y]) => { const svg = document.querySelector('#board svg');
        const table = svg.querySelector('#table'); const p = svg.createSVGPoint();
        p.x = x; p.y = y; const s = p.matrixTransform(table.getScreenCTM());
        return [s.x, s.y]; }""", [x, y])
    return float(point[0]), float(point[1])


def wait_for_turn(page: Any) -> str:
    """The kind of this screen's next decision, or "over" at the end; passes the screen
    in a hot-seat game."""
    page.wait_for_function(
        """() => document.querySelector('#end') || !document.querySelector('#cover').hidden ||
        (document.querySelector('#decision').dataset.kind &&
         !document.querySelector('#decision').dataset.stale &&
         !document.querySelector('#board').dataset.animating)""", timeout=STEP_TIMEOUT)
    if page.locator("#end").count():
        return "over"
    if page.locator("#cover").is_visible():
        return "cover"
    return str(page.get_attribute("#decision", "data-kind"))


def ready_kind(page: Any) -> str:
    """The kind of the decision on screen if it can be answered now, else ""."""
    return str(page.evaluate(
        """() => { const d = document.querySelector('#decision');
        return (d.dataset.kind && !d.dataset.stale &&
                !document.querySelector('#board').dataset.animating) ? d.dataset.kind : ''; }"""))


def click_an_answer(page: Any, rng: random.Random) -> None:
    """Answer the decision shown by clicking one of its controls (and Confirm, for a
    dial), as a player does."""
    decision = page.locator("#decision")
    before = decision.get_attribute("data-decision-id")
    controls = decision.locator("button[data-value]:not([disabled])")
    count = controls.count()
    assert count, f"decision {decision.get_attribute('data-kind')} offers nothing to click"
    chosen = controls.nth(rng.randrange(count))
    selects_only = chosen.evaluate("(button) => !!button.closest('.dial-grid')")
    chosen.click()
    if selects_only:
        decision.locator("button[data-confirm]").click()
    page.wait_for_function(
        "(before) => { const d = document.querySelector('#decision');"
        " return d.dataset.decisionId !== before || document.querySelector('#end') ||"
        " d.dataset.refused || !document.querySelector('#cover').hidden; }",
        arg=before, timeout=STEP_TIMEOUT)
