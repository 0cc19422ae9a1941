"""Placing by dragging: the engine checks the placement, and a refused one says why."""

from __future__ import annotations

import time
from typing import Any

from tests.browser.pages import start_from_lobby, table_to_screen, wait_for_turn


def _drop_at(page: Any, x: float, y: float) -> None:
    sx, sy = table_to_screen(page, x, y)
    page.mouse.move(sx - 5, sy - 5)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.up()


def _drop_refused(page: Any, x: float, y: float) -> None:
    """Drop at (x, y) once the screen shows its turn, and wait for the refusal."""
    wait_for_turn(page)
    _drop_at(page, x, y)
    page.wait_for_selector("#refusal:not(:empty)")


def test_an_illegal_placement_is_refused_with_its_reason(page: Any, server: Any) -> None:
    """Situation: player 1 drags an obstacle to 50 mm from the edge, then to a legal
    spot; later a ship to the middle of the table. Rule (RR: SETUP): obstacles go beyond
    range 2 of the edges; ships within range 1 of their player's edge. Expected: each
    drop is refused with the engine's reason shown and nothing placed; then a drop at a
    legal spot is accepted."""
    start_from_lobby(page, server.base, None, ("human", "ai:simple"), seed=21)
    page.wait_for_url("**/play#game=*")
    assert wait_for_turn(page) == "place_obstacle"
    _drop_refused(page, 50, 450)
    assert "range 2" in page.inner_text("#refusal")
    assert page.get_attribute("#decision", "data-kind") == "place_obstacle"
    first = page.get_attribute("#decision", "data-decision-id")
    # a spot the engine offers for the obstacle being dragged is legal
    offered = page.get_attribute("#decision button.option >> nth=0", "data-value")
    x, y, _ = (float(v) for v in offered.partition("@")[2].split(","))
    placed = page.locator("#board g.obstacle").count()
    _drop_at(page, x, y)
    page.wait_for_function("(b) => document.querySelector('#decision').dataset.decisionId"
                           " !== b", arg=first)
    assert page.inner_text("#refusal") == ""
    page.wait_for_function(f"document.querySelectorAll('#board g.obstacle').length > {placed}")
    while wait_for_turn(page) == "place_obstacle":
        before = page.get_attribute("#decision", "data-decision-id")
        page.click("#decision button.option >> nth=0")
        page.wait_for_function("(b) => document.querySelector('#decision')"
                               ".dataset.decisionId !== b", arg=before)
    assert wait_for_turn(page) == "place_ship"
    prompt = page.inner_text("#decision .prompt")
    _drop_refused(page, 450, 450)
    assert "within range 1 of their player edge" in page.inner_text("#refusal")
    assert page.inner_text("#decision .prompt") == prompt
    _drop_at(page, 300, 40)
    page.wait_for_function("(p) => document.querySelector('#decision .prompt') && "
                           "document.querySelector('#decision .prompt').textContent !== p",
                           arg=prompt)
    assert page.inner_text("#refusal") == ""


def _answers_delayed(page: Any, seconds: float) -> None:
    """Hold each answer's response back for ``seconds`` after the server has applied it,
    so that the WebSocket's push of the next decision reaches the page first (what a
    loaded machine or a slow network does now and then)."""
    def hold(route: Any) -> None:
        response = route.fetch()
        time.sleep(seconds)
        route.fulfill(response=response)
    page.route("**/answer?*", hold)


def test_a_drag_survives_an_answer_returning_after_the_next_decision(page: Any,
                                                                     server: Any) -> None:
    """Situation: player 1 drags an obstacle to a legal spot, and the answer's response
    reaches the page after the WebSocket has already shown the next obstacle to place.
    Rule (RR: SETUP): each obstacle is placed in turn, and a spot within range 2 of an
    edge is refused. Expected: the next obstacle can be dragged: dropped 50 mm from the
    edge it is refused with the engine's reason (the late response once stopped the drag
    the next decision had started, and every later drop did nothing)."""
    _answers_delayed(page, 2.0)
    start_from_lobby(page, server.base, None, ("human", "ai:simple"), seed=21)
    page.wait_for_url("**/play#game=*")
    assert wait_for_turn(page) == "place_obstacle"
    first = page.get_attribute("#decision", "data-decision-id")
    offered = page.get_attribute("#decision button.option >> nth=0", "data-value")
    x, y, _ = (float(v) for v in offered.partition("@")[2].split(","))
    _drop_at(page, x, y)
    page.wait_for_function("(b) => document.querySelector('#decision').dataset.decisionId"
                           " !== b", arg=first)
    # the late response arrives and is handled before the next drop
    page.wait_for_timeout(3_000)
    assert wait_for_turn(page) == "place_obstacle"
    _drop_at(page, 50, 450)
    page.wait_for_selector("#refusal:not(:empty)", timeout=10_000)
    assert "range 2" in page.inner_text("#refusal")
