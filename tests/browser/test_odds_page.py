"""The odds page in Chromium (issue 20): the calculator's form, its charts, and a shared
link that restores the form and shows the result (docs/server.md, "The odds page")."""

from __future__ import annotations

from typing import Any

from tallon.server.odds import catalogue, solve

#: a page's own wait, in ms: a calculation here takes milliseconds
WAIT = 10_000


def _fill(page: Any, base: str) -> None:
    """Open the page from the lobby's link and fill the form as a player does."""
    page.goto(base + "/")
    page.click("[data-testid=odds-link]")
    page.wait_for_selector("#odds[data-ready]", timeout=WAIT)
    page.fill("[name=attack]", "3")
    page.fill("[name=defense]", "2")
    page.fill("[name='attacker.focus']", "1")
    page.fill("[name='attacker.lock']", "1")
    page.fill("[name='defender.evade']", "1")
    page.select_option("[data-testid=attacker-ability-pick]", "howlrunner")
    page.click("[data-testid=attacker-ability-add]")
    page.select_option("[name=range]", "1")


def test_the_form_calculates_and_draws_the_distribution(page: Any, server: Any) -> None:
    """Situation: on the odds page (reached from the lobby), 3 attack dice with focus, a
    lock and Howlrunner at range 1 against 2 defense dice with an evade; Calculate.
    Rule: the page shows the calculator's answer for the form (POST /api/odds): the range
    1 bonus die (RR: RANGE BONUS) included, both sides playing for expected damage.
    Expected: the expected damage shown is the API's to 4 decimals, the damage chart has
    one bar per damage count with the API's probabilities, the at-least chart one per
    count from 1, and the defender's evade appears among the tokens left; the address now
    holds the form; changing the form marks the results as stale."""
    _fill(page, server.base)
    page.click("[data-testid=calculate]")
    page.wait_for_selector("#results:not([hidden])", timeout=WAIT)
    want = solve({"attack": 3, "defense": 2, "attacker": {"focus": 1, "lock": 1},
                  "defender": {"evade": 1}, "attacker_abilities": ["howlrunner"], "range": 1})
    assert page.text_content("[data-testid=expected]") == f"{want['expected_damage']:.4f}"
    bars = page.locator("#damage-chart rect.bar")
    # 0 to 3 damage: 4 dice at range 1, the evade token cancels at least one
    assert bars.count() == len(want["damage"]) == 4
    shown = [float(bars.nth(i).get_attribute("data-value")) for i in range(bars.count())]
    assert shown == want["damage"]
    assert page.locator("#at-least-chart rect.bar").count() == len(want["damage"]) - 1
    assert "evade" in page.text_content("#tokens-left table[data-side=defender]")
    assert "howlrunner" in page.url and "range=1" in page.url
    page.fill("[name=defense]", "3")  # the results shown are no longer the form's
    assert "stale" in page.get_attribute("#results", "class")


def test_a_shared_link_restores_the_form_and_the_result(page: Any, server: Any) -> None:
    """Situation: the form of the test above, its link taken with "Copy link", then opened
    in a new page. Rule: the link encodes the whole form (docs/server.md).
    Expected: the link is the one copied; the new page has the same dice, tokens, ability
    and range in its form and shows the same expected damage without a click."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    _fill(page, server.base)
    page.click("[data-testid=calculate]")
    page.wait_for_selector("#results:not([hidden])", timeout=WAIT)
    expected = page.text_content("[data-testid=expected]")
    page.click("[data-testid=copy-link]")
    page.wait_for_selector("#copied:not(:empty)", timeout=WAIT)
    link = page.input_value("[data-testid=link]")
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert link.startswith(server.base + "/odds#")

    opened = page.context.new_page()
    opened.goto(link)
    opened.wait_for_selector("#results:not([hidden])", timeout=WAIT)
    assert opened.text_content("[data-testid=expected]") == expected
    assert opened.input_value("[name=attack]") == "3"
    assert opened.input_value("[name='attacker.lock']") == "1"
    assert opened.input_value("[name='defender.evade']") == "1"
    assert opened.input_value("[name=range]") == "1"
    chosen = opened.locator("[data-testid=attacker-abilities] li")
    assert chosen.count() == 1 and chosen.get_attribute("data-id") == "howlrunner"


def test_a_refused_form_says_which_field(page: Any, server: Any) -> None:
    """Situation: a link naming a card ability the calculator does not know, then 7 attack
    dice typed into the form. Rule: the rules' maximum is 6 dice (RR: ATTACK); the API
    refuses with the field. Expected: the link's form is restored without the unknown
    ability, calculated (1 die against 0: 0.5000) and the unknown name reported; for 7 dice the page
    shows the reason, marks the attack dice input as invalid and shows no results."""
    page.goto(server.base + "/odds#attack=1&defense=0&attacker_abilities=nosuchcard")
    page.wait_for_selector("#results:not([hidden])", timeout=WAIT)
    assert page.text_content("[data-testid=expected]") == "0.5000"
    page.wait_for_selector("#problems:not(:empty)", timeout=WAIT)
    assert "nosuchcard" in page.text_content("#problems")
    page.fill("[name=attack]", "7")
    page.click("[data-testid=calculate]")
    page.wait_for_selector("#problems:not(:empty)", timeout=WAIT)
    assert "0 to 6" in page.text_content("#problems")
    assert page.get_attribute("[name=attack]", "aria-invalid") == "true"
    assert page.locator("#results").is_hidden()


def test_the_first_edition_calculates_and_its_link_keeps_it(page: Any, server: Any) -> None:
    """Situation: on the odds page, the rules switched to the first edition; 2 attack dice
    at range 2 against 0 defense dice with an evade token; Calculate; then the address
    opened in a new page. Rule: a 1e evade token adds an evade result (1e rulebook,
    Spending an Evade Token; docs/dice.md, First edition), so damage is one fewer than the
    hits: P(1 damage) = P(both dice hit) = 1/4; the 1e defender has tractor and cloak tokens
    and no calculate; card abilities are 2.5's only. Expected: the token inputs are 1e's
    (the ones GET /api/dice/abilities names), the ability pickers hidden with a note;
    the expected damage 0.2500 (exactly 1/4; 2.5's evade, needing a die, would give 1);
    the link says ruleset=1e, and the opened page has the first edition selected, the
    same tokens and the same result."""
    page.goto(server.base + "/odds")
    page.wait_for_selector("#odds[data-ready]", timeout=WAIT)
    assert page.locator("[name='attacker.calculate']").count() == 1
    page.select_option("[data-testid=ruleset]", "1e")
    names = page.eval_on_selector_all("[data-side=defender] input[data-token]",
                                      "inputs => inputs.map((i) => i.dataset.token)")
    assert names == catalogue()["rulesets"]["1e"]["tokens"]["defender"]
    assert "tractor" in names and "cloak" in names
    assert page.locator("[name='attacker.calculate']").count() == 0
    assert page.locator("[data-testid=attacker-ability-pick]").is_hidden()
    assert "not in the calculator yet" in page.text_content("[data-testid=attacker-no-abilities]")
    assert page.locator("[name=range] option[value='0']").is_disabled()
    page.fill("[name=attack]", "2")
    page.fill("[name=defense]", "0")
    page.fill("[name='defender.evade']", "1")
    page.select_option("[name=range]", "2")
    page.click("[data-testid=calculate]")
    page.wait_for_selector("#results:not([hidden])", timeout=WAIT)
    assert page.text_content("[data-testid=expected]") == "0.2500"
    assert page.get_attribute("[data-testid=expected]", "data-exact") == "1/4"
    assert "ruleset=1e" in page.url

    opened = page.context.new_page()
    opened.goto(page.url)
    opened.wait_for_selector("#results:not([hidden])", timeout=WAIT)
    assert opened.input_value("[data-testid=ruleset]") == "1e"
    assert opened.input_value("[name='defender.evade']") == "1"
    assert opened.locator("[name='defender.tractor']").count() == 1
    assert opened.text_content("[data-testid=expected]") == "0.2500"


def test_a_link_with_an_unknown_ruleset_is_read_as_2_5(page: Any, server: Any) -> None:
    """Situation: a link saying ruleset=2e (no such ruleset) with 1 attack die against 0.
    Rule: the page restores what it knows and reports the rest (docs/server.md).
    Expected: 2.5 selected, the attack calculated (0.5000) and "ruleset 2e" reported."""
    page.goto(server.base + "/odds#ruleset=2e&attack=1&defense=0")
    page.wait_for_selector("#results:not([hidden])", timeout=WAIT)
    assert page.input_value("[data-testid=ruleset]") == "2.5"
    assert page.text_content("[data-testid=expected]") == "0.5000"
    page.wait_for_selector("#problems:not(:empty)", timeout=WAIT)
    assert "ruleset 2e" in page.text_content("#problems")
