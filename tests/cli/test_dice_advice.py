"""``tallon dice advise``: the options at a rolled result, ranked, on the command line
(table and JSON), and input errors (which flag, what is wrong, what is accepted; exit 2)."""

from __future__ import annotations

import json

from tests.cli import helpers


def run(*args: str):
    return helpers.run("dice", "advise", *args)


def test_help_has_examples():
    """Situation: ``tallon dice advise --help``. Expected: it explains the command and shows
    a runnable example with --rolled."""
    result = run("--help")
    assert result.exit_code == 0
    assert "tallon dice advise -a 3 --attacker focus,lock" in result.output
    assert "--defense-rolled" in result.output and "--json" in result.output


def test_table_ranks_the_attackers_options_best_first():
    """Situation: 3 attack dice hit, focus, blank with focus and lock against 2 agility with
    focus and evade. Rule: RR: LOCK, RR: FOCUS (ATTACK step 2b). Expected: the table lists
    the lock reroll of the blank first, marked best, with its exact value 57/64, and "done"
    last at 0."""
    result = run("-a", "3", "--attacker", "focus,lock", "-d", "2", "--defender", "focus,evade",
                 "--rolled", "hit,focus,blank")
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("│")]
    assert "Spend lock: reroll 1 blank" in lines[0] and "57/64" in lines[0]
    assert "best" in lines[0]
    assert "Done" in lines[-1] and "best" not in lines[-1]
    assert sum("best" in line for line in lines) == 1
    assert "attacker modifies attack dice" in result.output


def test_json_for_the_defender_at_modify_defense_dice():
    """Situation: 1 hit coming, the defender rolled focus and holds a focus token.
    Rule: RR: FOCUS (defending). Expected: the step is inferred as the defender's Modify
    Defense Dice; JSON lists "focus" first (value 0, best, spends 1 focus), then "done"
    (value 1)."""
    result = run("-a", "1", "-d", "1", "--defender", "focus", "--rolled", "hit",
                 "--defense-rolled", "focus", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["step"] == "defender-modifies-defense" and data["player"] == "defender"
    assert [(o["key"], o["value_exact"], o["best"]) for o in data["options"]] == [
        ("focus", "0", True), ("done", "1", False)]
    assert data["options"][0]["spend"] == {"focus": 1}
    assert data["rolled"] == {"attack": ["hit"], "defense": ["focus"]}


def test_lock_reroll_value_and_rerolled_mark():
    """Situation: 1 attack die showing a blank with a lock, 0 agility; then the same blank
    marked as already rerolled. Rule: RR: LOCK; each die is rerolled at most once.
    Expected: the reroll is worth 1/2 (done 0); on the rerolled blank only "done" is left."""
    fresh = json.loads(run("-a", "1", "--attacker", "lock", "--rolled", "blank", "--json")
                       .output)
    assert [(o["key"], o["value_exact"]) for o in fresh["options"]] == [
        ("lock", "1/2"), ("done", "0")]
    marked = json.loads(run("-a", "1", "--attacker", "lock", "--rolled", "blank*", "--json")
                        .output)
    assert [o["key"] for o in marked["options"]] == ["done"]
    assert marked["rolled"]["attack"] == ["blank*"]


def test_objective_and_used_abilities():
    """Situation: 2 blanks with a lock and Predator, playing for at least 1 damage; Predator
    already used. Rule: RR: LOCK; Predator is once per attack. Expected: the objective's
    name heads the JSON, no Predator option is offered, and the best reroll (both blanks) is
    worth 3/4."""
    result = run("-a", "2", "--attacker", "lock", "--attacker-abilities", "predator",
                 "--rolled", "blank,blank", "--used", "predator", "--objective", "kill:1",
                 "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["objective"] == "P(damage >= 1)"
    assert not any(o["key"].startswith("predator") for o in data["options"])
    assert data["options"][0]["value_exact"] == "3/4"


def test_errors_name_the_flag():
    """Situation: a face an attack die does not have, more results than dice, defense dice at
    the Modify Attack Dice step, an unknown step, a missing --rolled, a bad token. Expected:
    exit status 2 and a message naming the flag and what is accepted or wrong."""
    cases = [
        (["-a", "2", "--rolled", "hit,evade"], "--rolled", "accepted: blank, focus, hit, crit"),
        (["-a", "2", "--rolled", "hit,hit,hit"], "--rolled", "3 attack results, but this "
                                                            "attack rolls 2 attack dice"),
        (["-a", "2", "--rolled", "hit", "--defense-rolled", "evade", "--step",
          "attacker-modifies-attack"], "--defense-rolled", "rolled after the Modify Attack"),
        (["-a", "2", "--rolled", "hit", "--step", "later"], "--step", "accepted: attacker"),
        (["-a", "2", "--rolled", "hit", "--used", "nobody"], "--used", "no ability 'nobody'"),
        (["-a", "2", "--attacker", "banana", "--rolled", "hit"], "--attacker", "banana"),
        (["-a", "2"], "--rolled", "Missing option"),
    ]
    for args, flag, words in cases:
        result = run(*args)
        said = helpers.said(result.output)
        assert result.exit_code == 2, (args, result.output)
        assert flag in said and words in said, (args, said)
