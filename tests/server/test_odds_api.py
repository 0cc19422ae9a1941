"""The odds page's JSON API (issue 20): ``POST /api/odds`` and ``GET /api/dice/abilities``,
over real HTTP against ``tallon serve`` (docs/server.md, "The odds page"), and its checks
called directly.

Face counts used by the hand computations (RR: ATTACK; the faces printed on the dice): an
attack die has 3 hit, 1 crit, 2 focus, 2 blank faces; a defense die 3 evade, 2 focus, 3
blank.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator

import pytest

from tallon.dice.attack import MAX_TOKENS
from tallon.server.odds import (
    MAX_ABILITIES,
    MAX_BODY,
    MAX_REPEAT,
    OddsError,
    read_request,
    solve,
    solve_in_child,
)
from tests.server.helpers import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("odds") / "games.db").start()
    yield running
    running.stop()


def test_one_attack_die_at_range_2_against_no_defense(server: Server) -> None:
    """Situation: 1 attack die, no tokens, 0 defense dice, range 2 (no range bonus).
    Rule: the die deals 1 damage on a hit or crit (4 faces of 8), a crit on 1 face of 8.
    Expected: P(0) = P(1) = 1/2, at least 1 = 1/2, P(crit) = 1/8, expected damage 1/2, no
    tokens left on either side, and the spec read back as sent."""
    status, answer = server.call("POST", "/api/odds", {"attack": 1, "defense": 0, "range": 2})
    assert status == 200, answer
    assert answer["damage_exact"] == ["1/2", "1/2"]
    assert answer["at_least_exact"] == ["1", "1/2"]
    assert answer["p_crit_exact"] == "1/8"
    assert answer["expected_damage_exact"] == "1/2"
    assert answer["expected_damage"] == 0.5
    assert answer["tokens_left"] == {"attacker": {}, "defender": {}}
    assert answer["spec"]["attack"] == 1 and answer["spec"]["range"] == 2
    assert "sequence" not in answer


def test_a_focus_token_and_a_defense_die(server: Server) -> None:
    """Situation: 1 attack die with a focus token against 1 defense die, range 2.
    Rule: the focus token turns a focus result into a hit (RR: FOCUS), so the die hits on 6
    faces of 8; the defense die cancels it with an evade (3 of 8). The attacker spends the
    focus only when the die shows focus (2 of 8).
    Expected: P(1 damage) = 6/8 * 5/8 = 15/32, and the attacker keeps its focus with
    probability 3/4 (expected focus left 3/4)."""
    status, answer = server.call("POST", "/api/odds", {
        "attack": 1, "defense": 1, "attacker": {"focus": 1}, "range": 2})
    assert status == 200, answer
    assert answer["damage_exact"] == ["17/32", "15/32"]
    assert answer["tokens_left"]["attacker"]["focus"]["exact"] == "3/4"


def test_objective_and_sequence(server: Server) -> None:
    """Situation: 1 attack die repeated 3 times against a defender with 1 hull, and the
    same attack asked with the kill:1 objective.
    Rule: each attack hits with probability 1/2; the defender is destroyed by the first
    hit (RR: DESTROYING SHIPS). A kill shot of 1 is P(at least 1 damage).
    Expected: P(destroyed by attack n) = 1/2, 1/4, 1/8; the objective's value is 1/2."""
    status, answer = server.call("POST", "/api/odds", {
        "attack": 1, "objective": "kill:1", "repeat": 3, "hull": 1})
    assert status == 200, answer
    assert answer["objective"] == "P(damage >= 1)"
    assert answer["objective_value_exact"] == "1/2"
    stages = answer["sequence"]["attacks"]
    assert [s["p_destroyed_here_exact"] for s in stages] == ["1/2", "1/4", "1/8"]
    assert answer["sequence"]["objective"] == "fast"


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"attack": 7}, "attack", "0 to 6"),
    ({"attack": 1, "attacker": "focuss"}, "attacker", "accepted: focus"),
    ({"attack": 1, "attacker": {"focus": "two"}}, "attacker.focus", "whole number"),
    ({"attack": 1, "attacker_abilities": ["nosuchcard"]}, "attacker_abilities", "unknown"),
    ({"attack": 1, "range": 4}, "range", "accepted: 0, 1, 2"),
    ({"attack": 1, "obstructed": "yes"}, "obstructed", "true or false"),
    ({"attack": 1, "colour": "red"}, "colour", "unknown field"),
    ({"defense": 2}, "attack", "missing"),
    ({"attack": 1, "objective": "kill:0"}, "objective", "kill:K"),
    ({"attack": 1, "repeat": MAX_REPEAT + 1}, "repeat", f"1 to {MAX_REPEAT}"),
    ({"attack": 1, "hull": 0}, "hull", "1 to"),
    ({"attack": 1, "sequence_objective": "destroy"}, "sequence_objective", "hull"),
    ({"attack": 1, "attacker_abilities": ["predator"] * (MAX_ABILITIES + 1)},
     "attacker_abilities", f"at most {MAX_ABILITIES}"),
    ({"attack": 1, "attacker_abilities": "lonewolf=1000"}, "attacker_abilities",
     f"0 to {MAX_TOKENS}"),
])
def test_bad_input_names_the_field(server: Server, body: dict, field: str, words: str) -> None:
    """Situation: a body with one wrong field. Rule: the API refuses bad input with 400 and
    says which field is wrong and what is accepted (docs/server.md).
    Expected: 400, the field named in ``field`` and the accepted values in ``error``."""
    status, answer = server.call("POST", "/api/odds", body)
    assert status == 400, answer
    assert answer["field"] == field
    assert words in answer["error"]


def test_a_first_edition_attack(server: Server) -> None:
    """Situation: "ruleset": "1e"; 2 attack dice at range 2 against 0 defense dice with an
    evade token. Rule: the first edition's evade token adds an evade result (1e rulebook,
    Spending an Evade Token), so it cancels one hit without a die; 2.5's evade changes a
    die's result (RR: EVADE) and does nothing without one. Expected: 1e: P(0 damage) = 3/4,
    P(1) = 1/4 (both dice hit, 1/2 * 1/2), expected 1/4, the evade spent with probability
    3/4 (left 1/4), and the spec read back with "ruleset": "1e" (the page's link); 2.5:
    expected damage 1 and no ruleset in the spec."""
    body = {"attack": 2, "defense": 0, "defender": {"evade": 1}, "range": 2}
    status, answer = server.call("POST", "/api/odds", {**body, "ruleset": "1e"})
    assert status == 200, answer
    assert answer["damage_exact"] == ["3/4", "1/4"]
    assert answer["expected_damage_exact"] == "1/4"
    assert answer["tokens_left"]["defender"]["evade"]["exact"] == "1/4"
    assert answer["spec"]["ruleset"] == "1e"
    status, plain = server.call("POST", "/api/odds", body)
    assert status == 200 and plain["expected_damage_exact"] == "1"
    assert "ruleset" not in plain["spec"]


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"attacker": {"calculate": 1}}, "attacker",
     "'calculate' is a 2.5 attacker token, not one of the first edition (1e)'s"),
    ({"defender": "force=2"}, "defender", "accepted under 1e: focus, evade, reinforce"),
    ({"attacker_abilities": ["howlrunner"]}, "attacker_abilities", "1e card pool"),
    ({"range": 0}, "range", "no range 0 attacks"),
    ({"ordnance": True}, "ordnance", "no ordnance rule"),
    ({"ruleset": "2e"}, "ruleset", "accepted: 2.5, 1e"),
])
def test_what_only_2_5_has_is_refused_under_1e(server: Server, body: dict, field: str,
                                               words: str) -> None:
    """Situation: a 1e attack (2 dice) with a 2.5-only token, a card ability, range 0 or
    ordnance, and an unknown ruleset. Rule: the first edition has no calculate or Force
    tokens, no range 0 attacks and no ordnance rule, and its card pool is not in the
    calculator (docs/dice.md, First edition). Expected: 400 naming the field, the reason
    naming the ruleset."""
    status, answer = server.call("POST", "/api/odds", {"attack": 2, "ruleset": "1e", **body})
    assert status == 400, answer
    assert answer["field"] == field
    assert words in answer["error"]


def test_the_catalogue_lists_each_rulesets_tokens(server: Server) -> None:
    """Situation: the page asks what each ruleset offers. Rule: the tokens are those the
    spec accepts under the ruleset, but for one no attacker may hold (1e: a cloaked ship
    cannot attack, reference card Cloak Action). Expected: 2.5 as "tokens"; 1e: attacker
    focus, lock, evade, stress (no cloak), defender focus, evade, reinforce, tractor,
    cloak, stress; 1e takes no card abilities, no ordnance and ranges 1-3."""
    status, answer = server.call("GET", "/api/dice/abilities")
    assert status == 200
    rulesets = answer["rulesets"]
    assert rulesets["2.5"]["tokens"] == answer["tokens"]
    assert rulesets["2.5"]["card_abilities"] and rulesets["2.5"]["ranges"] == [0, 1, 2, 3]
    first = rulesets["1e"]
    assert first["tokens"] == {"attacker": ["focus", "lock", "evade", "stress"],
                               "defender": ["focus", "evade", "reinforce", "tractor", "cloak",
                                            "stress"]}
    assert (first["card_abilities"], first["ordnance"], first["ranges"]) == (False, False,
                                                                             [1, 2, 3])


def _post_raw(server: Server, data: bytes) -> tuple[int, dict]:
    request = urllib.request.Request(server.base + "/api/odds", data=data, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_a_body_that_is_not_an_attack_is_refused(server: Server) -> None:
    """Situation: a body that is not JSON, a JSON list, and a body over the size limit.
    Rule: the API answers every refusal as {"error", "field"}; the field is null when the
    body as a whole is wrong. Expected: 400, 400 and 413, each with field null."""
    assert _post_raw(server, b"{attack: 3")[0] == 400
    status, answer = _post_raw(server, b"[3, 2]")
    assert (status, answer["field"]) == (400, None)
    status, answer = _post_raw(server, b" " * (MAX_BODY + 1))
    assert (status, answer["field"]) == (413, None)


def test_the_catalogue_lists_abilities_tokens_and_limits(server: Server) -> None:
    """Situation: the page asks for its pickers' contents. Rule: the catalogue is the
    calculator's (``tallon dice abilities``); each side's tokens are the ones the spec
    accepts. Expected: Predator is an attacker's ability, Elusive a defender's with
    charges; lock is an attacker's token only; the limits are the API's."""
    status, answer = server.call("GET", "/api/dice/abilities")
    assert status == 200
    by_id = {a["id"]: a for a in answer["abilities"]}
    assert by_id["predator"]["roles"] == ["attacker"]
    assert by_id["elusive"]["roles"] == ["defender"]
    assert by_id["elusive"]["parameter"] == "charges"
    assert "lock" in answer["tokens"]["attacker"] and "lock" not in answer["tokens"]["defender"]
    assert answer["limits"]["repeat"] == MAX_REPEAT and answer["limits"]["dice"] == 6


def test_the_page_and_its_script_are_served(server: Server) -> None:
    """Situation: a browser opens /odds. Rule: the page works offline, from the server's
    own files. Expected: the page loads odds.js and odds.css from /static, and both are
    served; the lobby links to the page."""
    with urllib.request.urlopen(server.base + "/odds", timeout=10) as response:
        page = response.read().decode()
    assert '/static/odds.js' in page and '/static/odds.css' in page
    assert "http://" not in page and "https://" not in page
    for name in ("odds.js", "odds.css"):
        with urllib.request.urlopen(f"{server.base}/static/{name}", timeout=10) as response:
            assert response.status == 200
    with urllib.request.urlopen(server.base + "/", timeout=10) as response:
        assert 'href="/odds"' in response.read().decode()


def test_checks_come_before_the_child_process() -> None:
    """Situation: the same checks called directly. Rule: a refused request costs no solve;
    the objective defaults to expected damage and the sequence objective to 'fast' with a
    hull. Expected: OddsError naming the field; the defaults as said."""
    with pytest.raises(OddsError) as refused:
        read_request({"attack": 2, "shields": -1})
    assert refused.value.field == "shields"
    request = read_request({"attack": 2, "hull": 3})
    assert request.objective.name == "expected damage"
    assert (request.repeat, request.sequence_objective, request.wants_sequence) == (1, "fast", True)
    assert solve({"attack": 1})["damage_exact"] == ["1/2", "1/2"]


def test_a_solve_that_takes_too_long_is_stopped() -> None:
    """Situation: six dice a side, ten of each token, six attacks against 30 hull: within
    every limit, but minutes of solving. Rule: a solve runs in a child process stopped after
    its time (SOLVE_SECONDS; here 0.5 s). Expected: OddsError saying it was stopped, after
    about that time; a small attack solved the same way right after gives its answer."""
    heavy = {"attack": 6, "defense": 6, "attacker": "focus,lock,force=10,calculate=10",
             "defender": "focus,evade=10,force=10,calculate=10", "repeat": 6, "hull": 30}
    with pytest.raises(OddsError, match="stopped"):
        solve_in_child(heavy, seconds=0.5)
    assert solve_in_child({"attack": 1}, seconds=30)["expected_damage_exact"] == "1/2"
