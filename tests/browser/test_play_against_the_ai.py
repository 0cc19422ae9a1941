"""A whole game against the AI, played through the page by clicks only."""

from __future__ import annotations

import random
from typing import Any

from tests.browser.pages import click_an_answer, start_from_lobby, wait_for_turn

#: small squads (the fewest ships a squad may have), so that a whole game is short
SQUADS = [
    {"faction": "rebelalliance", "name": "Three X-wings",
     "pilots": [{"id": "lukeskywalker", "ship": "t65xwing"},
                {"id": "wedgeantilles", "ship": "t65xwing"},
                {"id": "biggsdarklighter", "ship": "t65xwing"}]},
    {"faction": "galacticempire", "name": "Three TIEs",
     "pilots": [{"id": "academypilot", "ship": "tielnfighter"},
                {"id": "blacksquadronace", "ship": "tielnfighter"},
                {"id": "howlrunner", "ship": "tielnfighter"}]},
]


def test_a_whole_game_against_the_ai_by_clicks(page: Any, server: Any) -> None:
    """Situation: a new player opens the lobby, keeps "a person at this screen" for
    player 1 and the simple AI for player 2, and starts. Rule: every decision of the game
    is answered on the page (placements, dials with Confirm, actions, targets, dice).
    Expected: the game reaches its end screen, which gives the result, the mission points
    and a replay link that opens."""
    start_from_lobby(page, server.base, SQUADS, ("human", "ai:simple"), seed=11)
    page.wait_for_url("**/play#game=*")
    rng = random.Random(3)
    kinds = set()
    for _ in range(1500):
        kind = wait_for_turn(page)
        if kind == "over":
            break
        kinds.add(kind)
        click_an_answer(page, rng)
    else:
        raise AssertionError("the game did not end within 1,500 answers")
    end = page.locator("#end")
    assert "Game over" in end.inner_text()
    assert "Mission points" in end.inner_text()
    assert {"place_ship", "set_dial", "perform_action"} <= kinds
    page.click("#replay-link")
    page.wait_for_selector("svg")
    assert "replay" in page.title().lower()
