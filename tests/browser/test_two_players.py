"""Two people: hot-seat on one screen, and online from two browsers."""

from __future__ import annotations

import random
import re
from typing import Any

from tests.browser.pages import click_an_answer, ready_kind, start_from_lobby, wait_for_turn

DIAL_SHOWN = re.compile(r"Dial: (\w+)")


def _dials_shown(page: Any, player: int) -> dict[str, str]:
    """What the ship cards of ``player``'s ships say of their dials, by ship id."""
    shown = {}
    for card in page.locator(f"#cards .ship-card.player-{player}").all():
        found = DIAL_SHOWN.search(card.inner_text())
        if found:
            shown[str(card.get_attribute("data-ship"))] = found.group(1)
    return shown


def test_a_hot_seat_games_first_round(page: Any, server: Any) -> None:
    """Situation: both seats are "a person at this screen". Rule: the screen passes
    between the players (RR: DIAL - a dial is hidden from the opponent until revealed).
    Expected: the whole first round is played on one page; each time the turn passes to
    the other player a cover hides the table until they take the screen; while player 2
    sets dials, the page shows player 1's ships' dials only as set, never their
    maneuvers."""
    start_from_lobby(page, server.base, None, ("human", "human"), seed=5)
    page.wait_for_url("**/play#game=*")
    rng = random.Random(1)
    covers = 0
    checked = False
    for _ in range(600):
        kind = wait_for_turn(page)
        if kind == "cover":
            covers += 1
            page.click("#cover-button")
            continue
        if kind == "over" or page.inner_text("#status").startswith("Round 2"):
            break
        heading = page.inner_text("#decision h2")
        if kind == "set_dial" and heading == "Player 2":
            assert set(_dials_shown(page, 1).values()) <= {"set"}, "player 1's dials show"
            checked = True
        click_an_answer(page, rng)
    else:
        raise AssertionError("the first round did not end within 600 answers")
    assert page.inner_text("#status").startswith("Round 2")
    assert covers >= 2
    assert checked


def test_an_online_game_each_sees_only_their_own_dials(browser: Any, server: Any) -> None:
    """Situation: player 1 starts a game with "player 2 plays online", sends the link;
    player 2 opens it in another browser (its own context: no shared storage). Rule
    (RR: DIAL): a dial is hidden from the opponent until it is revealed. Expected: both
    play the setup and the planning phase from their own pages; once both have set their
    dials, each page shows its own ships' maneuvers and only "set" for the other's."""
    first = browser.new_context(viewport={"width": 1400, "height": 1000})
    second = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        one = first.new_page()
        start_from_lobby(one, server.base, None, ("human", "human"), seed=8, online=True)
        one.wait_for_selector("#invite:not([hidden])")
        link = one.input_value("#link")
        one.click("#go")
        two = second.new_page()
        two.goto(link)
        rng = random.Random(2)
        pages = {1: one, 2: two}
        for _ in range(400):
            if one.inner_text("#status").startswith("Round 1, activation") or \
                    one.inner_text("#status").startswith("Round 1, system"):
                break
            for page in pages.values():
                if ready_kind(page):
                    click_an_answer(page, rng)
            one.wait_for_timeout(50)
        else:
            raise AssertionError("the planning phase did not end")
        two.wait_for_function("document.querySelector('#status').textContent"
                              ".startsWith('Round 1, ') && !document.querySelector("
                              "'#status').textContent.includes('planning')")
        own_one, other_one = _dials_shown(one, 1), _dials_shown(one, 2)
        own_two, other_two = _dials_shown(two, 2), _dials_shown(two, 1)
        assert own_one and all(v != "set" for v in own_one.values())
        assert own_two and all(v != "set" for v in own_two.values())
        # the dial revealed in the activation phase may show; the others only as set
        hidden_two = {ship: v for ship, v in own_two.items() if other_one.get(ship) == "set"}
        hidden_one = {ship: v for ship, v in own_one.items() if other_two.get(ship) == "set"}
        assert hidden_two and hidden_one
        text_one, text_two = one.inner_text("#cards"), two.inner_text("#cards")
        for ship, maneuver in hidden_two.items():
            assert f"{ship}" in text_one and f"Dial: {maneuver}" not in \
                one.inner_text(f"#cards [data-ship='{ship}']")
        for ship, maneuver in hidden_one.items():
            assert f"Dial: {maneuver}" not in two.inner_text(f"#cards [data-ship='{ship}']")
        assert text_two and text_one
    finally:
        first.close()
        second.close()
