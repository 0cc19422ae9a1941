"""``tallon dice --ruleset 1e``: the exact calculator under the first edition's rules on the
command line (table, ``--json``, live play) and its refusals (exit status 2, naming the flag
and the ruleset)."""

from __future__ import annotations

import json

import pytest

from tallon.dice import Attack, Combatant, calculate
from tallon.dice.result import fraction_text
from tests.cli import helpers
from tests.cli.helpers import said


def run(*args: str):
    return helpers.run("dice", *args)


def test_the_issue_example_prints_the_1e_odds():
    """Situation: `tallon dice --ruleset 1e -a 3 --attacker focus,lock -d 2 --defender evade`.
    Rule: 1e evade adds an evade result (rulebook, Spending an Evade Token). Expected: exit
    0, the attack described as 1e, and the calculator's exact value, which differs from the
    2.5 command's."""
    args = ("-a", "3", "--attacker", "focus,lock", "-d", "2", "--defender", "evade")
    result = run("--ruleset", "1e", *args)
    assert result.exit_code == 0, result.output
    exact = calculate(Attack(Combatant(3, {"focus": 1, "lock": 1}),
                             Combatant(2, {"evade": 1}), ruleset="1e")).expected_damage
    assert "(1e rules)" in result.output
    assert f"Expected damage: {float(exact):.4f} ({fraction_text(exact)})" in result.output
    two_five = run(*args)
    assert fraction_text(exact) not in two_five.output


def test_json_by_hand_evade_without_dice():
    """Situation: 3 attack dice against agility 0 and an evade token, `--json`. Rule: 1e
    evade adds a result (FAQ: even in excess of the hits). Expected: `ruleset` "1e" and
    expected damage 5/8 (3/2 - 1 + P(no hit) 1/8); 2.5 gives 3/2."""
    result = run("--ruleset", "1e", "-a", "3", "--defender", "evade", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ruleset"] == "1e"
    assert data["expected_damage_exact"] == "5/8"
    plain = json.loads(run("-a", "3", "--defender", "evade", "--json").output)
    assert plain["expected_damage_exact"] == "3/2"
    assert "ruleset" not in plain


def test_where_the_rules_agree_the_json_equals_2_5():
    """Situation: focus and target lock against focus, range 1, obstructed. Rule: these
    effects are the same in 1e and 2.5. Expected: the same JSON but the ruleset and the
    attack's description."""
    args = ("-a", "2", "--attacker", "focus,lock", "-d", "2", "--defender", "focus",
            "--range", "1", "--obstructed", "--json")
    one = json.loads(run("--ruleset", "1e", *args).output)
    two = json.loads(run(*args).output)
    for data in (one, two):
        data.pop("attack")
    assert one.pop("ruleset") == "1e"
    assert one == two


def test_secondary_weapon_gets_no_range_bonus():
    """Situation: `--special` (a secondary weapon) of 2 dice at range 1, no defense. Rule: 1e
    Range Combat Bonuses are for the primary weapon only. Expected: 1 expected damage (2
    dice), where 2.5 gives 3/2 (3 dice)."""
    args = ("-a", "2", "--range", "1", "--special", "--json")
    assert json.loads(run("--ruleset", "1e", *args).output)["expected_damage_exact"] == "1"
    assert json.loads(run(*args).output)["expected_damage_exact"] == "3/2"


@pytest.mark.parametrize(("args", "flag", "says"), [
    (("--attacker", "calculate"), "--attacker", "'calculate' is a 2.5 attacker token"),
    (("--defender", "force=2"), "--defender", "'force' is a 2.5 defender token"),
    (("--defender", "strain"), "--defender", "not one of the first edition (1e)'s"),
    (("--attacker-abilities", "predator"), "--attacker-abilities",
     "1e card pool is not in the calculator yet"),
    (("--range", "0"), "--range", "the first edition (1e) has no range 0 attacks"),
    (("--ordnance",), "--ordnance", "has no ordnance rule"),
])
def test_what_1e_lacks_is_refused_naming_the_flag(args, flag, says):
    """Situation: 2.5-only tokens, a card ability, range 0 and ordnance under `--ruleset 1e`.
    Rule: 1e has no calculate, Force or strain, no range 0 attacks, no ordnance rule, and
    its card pool is not in the calculator. Expected: exit 2, the flag and the reason."""
    result = run("--ruleset", "1e", "-a", "3", "-d", "2", *args)
    assert result.exit_code == 2
    assert flag in said(result.output)
    assert says in said(result.output)


def test_unknown_ruleset_is_refused():
    """Situation: `--ruleset 2e`. Expected: exit 2 naming --ruleset and the accepted ones."""
    result = run("--ruleset", "2e", "-a", "3")
    assert result.exit_code == 2
    assert "--ruleset" in said(result.output) and "accepted: 2.5, 1e" in said(result.output)


def test_play_adds_the_evade_result_live():
    """Situation: `tallon dice play --ruleset 1e` with an evade token against 3 dice, until a
    seed where the defender spends it. Rule: 1e evade adds a result. Expected: the log shows
    the defender's pool one die longer after spending evade."""
    for seed in range(20):
        result = run("play", "--ruleset", "1e", "-a", "3", "-d", "1", "--defender", "evade",
                     "--seed", str(seed))
        assert result.exit_code == 0, result.output
        spent = [line for line in result.output.splitlines() if "Spend evade" in line]
        if spent:
            rolled = next(line for line in result.output.splitlines()
                          if line.startswith("defender rolls 1:"))
            assert rolled
            assert spent[0].split("-> ")[1].count(",") == 1  # 1 rolled + 1 added
            return
    pytest.fail("the defender never spent its evade token in 20 seeds")


def test_advise_offers_the_1e_evade_on_a_rolled_evade():
    """Situation: `tallon dice advise --ruleset 1e`, the defender's step: hit, hit against a
    rolled evade, the defender holding 2 evade tokens. Rule: 1e evade adds a result (once per
    attack: FAQ, Spending Tokens). Expected: one evade option, best, leaving 0 damage; in 2.5
    the evade token has no blank or focus to change, so the only choice is done, 1 damage."""
    args = ("advise", "-a", "2", "-d", "1", "--defender", "evade=2", "--rolled", "hit,hit",
            "--defense-rolled", "evade", "--json")
    result = run(*args, "--ruleset", "1e")
    assert result.exit_code == 0, result.output
    options = json.loads(result.output)["options"]
    assert [(o["key"], o["value_exact"], o["best"]) for o in options] == [
        ("evade", "0", True), ("done", "1", False)]
    two_five = json.loads(run(*args).output)["options"]
    assert [(o["key"], o["value_exact"]) for o in two_five] == [("done", "1")]
