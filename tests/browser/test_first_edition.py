"""A first-edition game in the browser (issue 21): XWS 1.0 squads pasted into the lobby
start a first-edition game, played by clicks against the AI into its second round, with the
first edition's ships on the table and their cards beside it."""

from __future__ import annotations

import random
from typing import Any

from tests.browser.pages import click_an_answer, start_from_lobby, wait_for_turn

REBELS = {"version": "1.0.0", "faction": "rebel", "name": "Rookies", "pilots": [
    {"name": "rookiepilot", "ship": "xwing"}, {"name": "goldsquadronpilot", "ship": "ywing"}]}
IMPERIALS = {"version": "1.0.0", "faction": "imperial", "name": "Academy", "pilots": [
    {"name": "academypilot", "ship": "tiefighter"},
    {"name": "blacksquadronpilot", "ship": "tiefighter"}]}


def test_xws_1_squads_play_a_first_edition_game_by_clicks(page: Any, server: Any) -> None:
    """Situation: the lobby with two pasted XWS 1.0 squads (a Rookie Pilot and a Gold
    Squadron Pilot against two TIE fighters), a human against the random AI. Rule: 1e
    rulebook - an XWS 1.0 squad is a first-edition squad, played by the first edition's
    rules (the lower squad total, the Imperials' 26 points, has initiative). Expected: the
    game starts; the human answers every decision by clicks into round 2 (a second
    set_dial); the table draws the four ships and the roster names the first edition's
    pilots."""
    start_from_lobby(page, server.base, [REBELS, IMPERIALS], ("human", "ai:random"), 5)
    page.wait_for_url("**/play#game=*")
    rng = random.Random(5)
    dials = 0
    for _ in range(150):
        kind = wait_for_turn(page)
        assert kind != "over"
        if kind == "set_dial":
            dials += 1
            if dials > 2:  # two ships: the third dial is round 2's
                break
        click_an_answer(page, rng)
    assert dials > 2
    for ship in ("p1.1", "p1.2", "p2.1", "p2.2"):
        assert page.locator(f"#board g.ship[data-ship='{ship}']").count() == 1
    roster = page.inner_text("body")
    assert "Rookie Pilot" in roster and "Academy Pilot" in roster
