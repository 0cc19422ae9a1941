"""``tallon dice`` and ``tallon dice sequence`` with issue 20's last three abilities: named on
the command line like the others, with the hand-computed figures of
tests/dice/test_last_abilities.py."""

import json

from tests.cli import helpers


def run(*args: str):
    return helpers.run("dice", *args)


def test_abilities_lists_the_last_three():
    """Situation: the catalogue as JSON. Expected: Predictive Shot (attacker), the three
    Iden Versio printings (defender, charges) and the generic reroll (both sides, dice)."""
    by_id = {e["id"]: e for e in json.loads(run("abilities", "--json").output)}
    assert by_id["predictiveshot"]["who"] == ["attacker"]
    for key in ("idenversio", "idenversio-swz105", "idenversio-battleofyavin"):
        assert by_id[key]["who"] == ["defender"]
    assert set(by_id["reroll"]["who"]) == {"attacker", "defender"}


def test_predictive_shot_on_the_command_line():
    """Situation: 2 dice with 1 Force and Predictive Shot v agility 3. Expected: 5/8 (the
    hand computation of test_predictive_shot_caps_the_defense_dice_by_the_hits), the Force
    spent."""
    result = run("-a", "2", "--attacker", "force", "--attacker-abilities", "predictiveshot",
                 "-d", "3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["expected_damage_exact"] == "5/8"
    assert data["tokens_left"]["attacker"] == {"force": {"expected": 0.0, "exact": "0"}}


def test_iden_in_a_sequence_and_reroll_with_a_number():
    """Situation: a 1-die then a 3-dice attack v agility 0, Iden Versio with 1 charge; and
    4 dice with reroll=3 v agility 0. Expected: 1/2 in all, none from the second attack
    (the charge kept for it); 95/32 = 2 + (2 - 1/16) / 2."""
    result = run("sequence", "-d", "0", "--defender-abilities", "idenversio",
                 "--attack", "1", "--attack", "3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["value_exact"] == "1/2"
    assert [a["expected_damage_exact"] for a in data["attacks"]] == ["1/2", "0"]
    rerolled = json.loads(run("-a", "4", "--attacker-abilities", "reroll=3", "--json").output)
    assert rerolled["expected_damage_exact"] == "95/32"
