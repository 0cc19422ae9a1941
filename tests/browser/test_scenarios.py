"""A scenario game on the game page: its features drawn on the table where the engine has
them, placed by clicking, and its mission points beside the status."""

from __future__ import annotations

import random
from typing import Any

from tallon.cli.demo import default_squads
from tallon.squads import to_xws
from tests.browser.pages import click_an_answer, table_to_screen, wait_for_turn


def _click_at(page: Any, x: float, y: float) -> None:
    sx, sy = table_to_screen(page, x, y)
    page.mouse.move(sx - 3, sy - 3)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.up()


def _drawn_features(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate(
        """() => [...document.querySelectorAll('#board g.feature')].map((g) => ({
          id: g.dataset.feature, kind: g.dataset.kind, x: Number(g.dataset.x),
          y: Number(g.dataset.y), r: Number(g.querySelector('circle.marker').getAttribute('r'))
        }))"""))


def test_a_satellite_game_shows_and_places_its_satellites(page: Any, server: Any) -> None:
    """Situation: a human (player 1) against the simple AI in Assault at the Satellite
    Array, played on the page until the obstacles are to be placed. Rule (the scenario's
    setup): a satellite in the centre, then each player places two in turn, the one near
    the centre at range 3; the page shows the scenario's features (rulebook: SCENARIO FEATURE).
    Expected: on the human's first placement the offered spots are on the table; a click
    on the centre satellite is refused with the engine's reason; a click on a spot places
    a satellite there; by the obstacles' turn the table shows the five satellites at the
    engine's positions, 20 mm markers, and the status names the scenario and the mission
    points."""
    status, created = server.call("POST", "/api/games", {
        "squads": [to_xws(s) for s in default_squads()], "seats": ["human", "ai:simple"],
        "seed": 5, "scenario": "satellite-array"})
    assert status == 200, created
    token = created["seats"][0]["token"]
    page.goto(f"{server.base}/play#game={created['game']}&tokens={token}")
    rng = random.Random(5)
    refused = clicked = False
    for _ in range(40):
        kind = wait_for_turn(page)
        if kind in ("place_obstacle", "place_ship", "set_dial", "over"):
            break
        if kind == "place_feature" and not clicked:
            page.wait_for_selector("#board circle.spot")
            if not refused:
                for _attempt in range(3):  # the board may still be redrawing
                    _click_at(page, 457.2, 457.2)
                    try:
                        page.wait_for_selector("#refusal:not(:empty)", timeout=10_000)
                        break
                    except Exception:  # Playwright's timeout: click again
                        continue
                assert "range 3 of the centre satellite" in page.inner_text("#refusal")
                refused = True
            spot = page.locator("#board circle.spot").first
            x, y = float(spot.get_attribute("cx")), float(spot.get_attribute("cy"))
            before = page.get_attribute("#decision", "data-decision-id")
            placed = page.locator("#board g.feature").count()
            _click_at(page, x, y)
            page.wait_for_function("(b) => document.querySelector('#decision')"
                                   ".dataset.decisionId !== b", arg=before)
            page.wait_for_function(
                f"document.querySelectorAll('#board g.feature').length > {placed}")
            assert any(abs(f["x"] - x) < 0.01 and abs(f["y"] - y) < 0.01
                       for f in _drawn_features(page)), "the satellite is where clicked"
            # the spots offered now (the human's next satellite, if it is theirs) are others
            left = page.evaluate("() => [...document.querySelectorAll('#board circle.spot')]"
                                 ".map((c) => [Number(c.getAttribute('cx')), "
                                 "Number(c.getAttribute('cy'))])")
            assert [x, y] not in left
            clicked = True
            continue
        click_an_answer(page, rng)
    assert refused and clicked
    assert not page.locator("#board circle.spot").count(), "no spots once features are placed"
    status, view = server.call("GET", f"/api/games/{created['game']}/view?token={token}")
    assert status == 200
    engine = {f["id"]: f for f in view["view"]["features"]}
    drawn = {f["id"]: f for f in _drawn_features(page)}
    assert len(engine) == 5 and set(drawn) == set(engine)
    for ident, feature in engine.items():
        assert drawn[ident]["kind"] == "satellite"
        assert abs(drawn[ident]["x"] - feature["x"]) < 0.01
        assert abs(drawn[ident]["y"] - feature["y"]) < 0.01
        assert drawn[ident]["r"] == 20
    mission = page.inner_text("#mission")
    assert mission.startswith("Assault at the Satellite Array")
    points = [p["mission_points"] for p in view["view"]["players"]]
    assert f"player 1 {points[0]}, player 2 {points[1]}" in mission
