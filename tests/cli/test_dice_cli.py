"""``tallon dice``: the exact calculator on the command line, live rolls, and input errors
(which flag, what is wrong, what is accepted; exit status 2)."""

import json

import pytest

from tests.cli import helpers


def run(*args: str):
    return helpers.run("dice", *args)


def test_dice_help_describes_the_calculator():
    result = run("--help")
    assert result.exit_code == 0
    assert "--attacker" in result.output and "--json" in result.output


def test_table_shows_distribution_expected_damage_and_crit_chance():
    result = run("--attack", "3", "--attacker", "focus,lock", "--defense", "2",
                 "--defender", "focus,evade")
    assert result.exit_code == 0, result.output
    assert "Expected damage: 0.9630 (126225/131072)" in result.output
    assert "P(at least one crit)" in result.output
    assert "40069/262144" in result.output  # P(0 damage)


def test_json_output_has_floats_and_exact_fractions():
    result = run("--attack", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["expected_damage"] == 0.5
    assert data["expected_damage_exact"] == "1/2"
    assert data["damage"] == [0.5, 0.5]
    assert data["damage_exact"] == ["1/2", "1/2"]
    assert data["p_crit"] == 0.125


def test_token_counts_with_equals():
    result = run("--attack", "2", "--attacker", "calculate=2", "--json")
    data = json.loads(result.output)
    assert data["damage_exact"] == ["1/16", "3/8", "9/16"]


def test_abilities_range_and_obstruction_flags():
    result = run("--attack", "1", "--defense", "0", "--range", "3", "--obstructed",
                 "--attacker-abilities", "crackshot", "--json")
    data = json.loads(result.output)
    # 2 defense dice, one evade canceled by Crack Shot: 1/2 * (1 - P(two evades)) = 1/2 * 55/64
    assert data["at_least_exact"][1] == "55/128"


def test_kill_shot_objective():
    result = run("--attack", "3", "--attacker", "lock,force", "--objective", "kill:1", "--json")
    data = json.loads(result.output)
    assert data["objective"] == "P(damage >= 1)"
    assert data["objective_value"] == data["at_least"][1]


def test_repeat_and_hull_report_attacks_needed():
    result = run("--attack", "1", "--repeat", "3", "--hull", "1", "--json")
    data = json.loads(result.output)
    stages = data["sequence"]["attacks"]
    assert [s["p_destroyed_here_exact"] for s in stages] == ["1/2", "1/4", "1/8"]


def test_plot_writes_an_image(tmp_path):
    target = tmp_path / "damage.png"
    result = run("--attack", "2", "--plot", str(target))
    assert result.exit_code == 0, result.output
    assert target.stat().st_size > 1000


@pytest.mark.parametrize(
    ("args", "flag", "hint"),
    [
        (["--attack", "3", "--attacker", "focuss"], "--attacker", "accepted: focus"),
        (["--attack", "3", "--defender", "evade=two"], "--defender", "whole number"),
        (["--attack", "3", "--attacker", "lock=2"], "--attacker", "only one lock"),
        (["--attack", "9"], "--attack", "accepted: 0 to 6"),
        (["--attack", "2", "--range", "5"], "--range", "accepted: 0, 1, 2 or 3"),
        (["--attack", "2", "--attacker-abilities", "predatorr"], "--attacker-abilities",
         "accepted: predator"),
        (["--attack", "2", "--attacker-abilities", "elusive"], "--attacker-abilities",
         "only for the defender"),
        (["--attack", "2", "--objective", "kill"], "--objective", "accepted: damage"),
        (["--attack", "2", "--sequence-objective", "destroy"], "--sequence-objective", "--hull"),
        (["--attack", "2", "--plot", "out.txt"], "--plot", ".png"),
        (["--defense", "2"], "--attack", "missing"),
        (["--attack", "2", "--repeat", "101"], "--repeat", "1 to 100"),
    ],
)
def test_bad_input_names_the_flag_and_exits_2(args, flag, hint):
    result = run(*args)
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert flag in text and hint in text


def test_roll_is_reproducible_with_a_seed():
    first = run("roll", "--attack", "3", "--defense", "2", "--seed", "5")
    second = run("roll", "--attack", "3", "--defense", "2", "--seed", "5")
    assert first.exit_code == 0 and first.output == second.output
    assert first.output.startswith("attack: ")


def test_play_shows_one_live_attack():
    result = run("play", "--attack", "2", "--attacker", "focus", "--defense", "1", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "attacker rolls 2" in result.output and "damage:" in result.output


def test_abilities_lists_the_catalogue():
    result = run("abilities")
    assert result.exit_code == 0
    assert "predator" in result.output and "stealthdevice" in result.output


def test_abilities_as_json_for_scripts():
    """--json gives each ability's id, card, side and effect, the ids the flags accept."""
    entries = json.loads(run("abilities", "--json").output)
    by_id = {e["id"]: e for e in entries}
    assert by_id["predator"]["who"] == ["attacker"]
    assert "defender" in by_id["stealthdevice"]["who"]
    assert len(entries) >= 15
