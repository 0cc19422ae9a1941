"""Huge ships on the game page (RR: APPENDIX: HUGE SHIPS): a C-ROC Cruiser is drawn as its
80 x 195 mm base, its placement ghost and its maneuver preview too, and its card beside the
table names its huge base and shows its energy."""

from __future__ import annotations

import random
from typing import Any

from tests.browser.pages import STEP_TIMEOUT, click_an_answer, wait_for_turn

#: a C-ROC with two escorts for each side (the squads of the epic examples)
SCUM = {"name": "C-ROC and Binayre escorts", "faction": "scumandvillainy", "version": "2.0.0",
        "pilots": [{"id": "syndicatesmugglers"}, {"id": "binayrepirate"},
                   {"id": "binayrepirate"}]}
SEPARATISTS = {"name": "Privateer C-ROC and vultures", "faction": "separatistalliance",
               "version": "2.0.0", "pilots": [{"id": "separatistprivateers"},
                                              {"id": "separatistdrone"},
                                              {"id": "separatistdrone"}]}

#: the side lengths of a polygon, in table millimetres, from its points
SIDES = """(polygon) => { const p = [...polygon.points];
  return p.map((a, k) => { const b = p[(k + 1) % p.length];
    return Math.round(Math.hypot(b.x - a.x, b.y - a.y) * 1000) / 1000; }); }"""


def _sides(page: Any, selector: str) -> list[float]:
    return list(page.eval_on_selector(selector, SIDES))


def _is_croc_base(sides: list[float]) -> bool:
    return sorted(sides) == [80.0, 80.0, 195.0, 195.0]


def test_a_croc_is_drawn_placed_and_previewed_at_its_true_size(page: Any, server: Any) -> None:
    """Situation: a human (player 1, C-ROC p1.1 and two Binayre Pirates) against the
    random AI (C-ROC p2.1 and two drones), played on the page up to the first dial.
    Rule: RR: APPENDIX: HUGE SHIPS - huge ships are placed first; a C-ROC's base is 80 mm
    wide and 195 mm long; its energy (4) is on its ship card. Expected: the first
    decision is placing p1.1, and hovering an offered place shows a ghost whose base is
    80 x 195; by the first dial both C-ROCs are drawn with bases 80 x 195 (data-length
    195), the pirates 40 x 40; selecting [1 straight] on p1.1's dial previews an 80 x 195
    ghost; p1.1's card says "huge base (80 × 195 mm)" and energy 4/4."""
    status, created = server.call("POST", "/api/games", {
        "squads": [SCUM, SEPARATISTS], "seats": ["human", "ai:random"], "seed": 3})
    assert status == 200, created
    token = created["seats"][0]["token"]
    page.goto(f"{server.base}/play#game={created['game']}&tokens={token}")
    rng = random.Random(3)
    ghost_checked = False
    for _ in range(60):
        kind = wait_for_turn(page)
        if kind == "set_dial":
            break
        assert kind != "over"
        if kind == "place_ship" and not ghost_checked:
            assert page.inner_text("#decision .prompt").find("(p1.1)") >= 0, \
                "the human's first ship to place is the huge one"
            page.hover("#decision button.option >> nth=0")
            page.wait_for_selector("#overlay use.ghost")
            assert page.get_attribute("#overlay use.ghost", "href") == "#piece-p1.1"
            assert _is_croc_base(page.evaluate(
                f"() => ({SIDES})(document.getElementById('piece-p1.1')"
                ".querySelector('polygon'))"))
            ghost_checked = True
        click_an_answer(page, rng)
    assert ghost_checked
    assert page.get_attribute("#decision", "data-kind") == "set_dial"
    for croc in ("p1.1", "p2.1"):
        ship = f"#board g.ship[data-ship='{croc}']"
        assert page.get_attribute(ship, "data-length") == "195"
        assert _is_croc_base(_sides(page, f"{ship} polygon"))
    for pirate in ("p1.2", "p1.3"):
        ship = f"#board g.ship[data-ship='{pirate}']"
        assert page.get_attribute(ship, "data-length") is None
        assert _sides(page, f"{ship} polygon") == [40.0] * 4
    # the first dial is the C-ROC's: selecting a maneuver previews where it ends
    assert "(p1.1)" in page.inner_text("#decision .prompt")
    page.click("#decision .dial-grid button[data-value='1FB']")
    page.wait_for_selector("#overlay polygon", timeout=STEP_TIMEOUT)
    assert _is_croc_base(_sides(page, "#overlay polygon"))
    page.wait_for_function("document.querySelector('#preview-note').textContent.length > 0")
    assert page.inner_text("#preview-note").startswith("1 straight (blue) from here")
    card = page.locator("#cards article[data-ship='p1.1']")
    assert "huge base (80 × 195 mm)" in card.inner_text()
    assert card.locator(".stat.energy").inner_text().startswith("4/4")
    assert not page.locator("#cards article[data-ship='p1.2'] .stat.energy").count()
