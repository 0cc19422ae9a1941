"""``tallon dice sequence`` (several attackers against one defender, from a JSON file or
``--attack`` groups) and ``tallon dice destroy`` (P(destroyed within n attacks) for stock
ships): exact numbers, the JSON schema, plots, and input errors (exit status 2, the message
naming the file or flag and the field)."""

import json

import pytest

from tallon.data import load_cards, load_cards_1e
from tests.cli import helpers

PNG = b"\x89PNG\r\n\x1a\n"


def run(*args: str):
    return helpers.run("dice", *args)


def flat(output: str) -> str:
    """The output with rich's box lines and wrapping taken out."""
    return " ".join(output.replace("│", " ").split())


def write(tmp_path, data, name="seq.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


TWO_ATTACKERS = {
    "defense": 0, "hull": 1,
    "attacks": [{"name": "Focused", "attack": 1, "attacker": {"focus": 1}},
                {"name": "Bare", "attack": 1}],
}


def test_two_one_die_attacks_with_different_tokens_against_no_agility(tmp_path):
    """Situation: hull 1, agility 0; first a 1-die attack with focus, then a 1-die attack
    without tokens. Rule: RR: FOCUS (focus results become hits); each attacker holds its
    own tokens. Expected: the first destroys with 3/4 (hit, crit or focus), the second is
    performed with 1/4 and destroys with 1/4 * 1/2 = 1/8: within 2 attacks 7/8."""
    result = run("sequence", str(write(tmp_path, TWO_ATTACKERS)), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    first, second = data["attacks"]
    assert (first["name"], second["name"]) == ("Focused", "Bare")
    assert first["expected_damage_exact"] == "3/4" and second["expected_damage_exact"] == "1/2"
    assert first["p_destroyed_here_exact"] == "3/4" and second["p_performed"] == 0.25
    assert second["p_destroyed_here_exact"] == "1/8"
    assert data["p_destroyed_within_exact"] == ["3/4", "7/8"]
    assert data["objective"] == "fast"  # the default with a hull


def test_defender_tokens_carry_over_between_different_attackers(tmp_path):
    """Situation: agility 1 with a strain token; a 1-die attack without tokens, then a
    1-die attack with focus; no hull (expected damage). Rule: RR: STRAIN (one fewer defense
    die, then the token is removed), tokens carried over. Expected: attack 1 faces 0 dice
    (1/2 damage) and removes the strain; attack 2 faces 1 die: 3/4 * 5/8 = 15/32."""
    data = {"defense": 1, "defender": "strain",
            "attacks": [{"attack": 1}, {"attack": 1, "attacker": "focus"}]}
    result = run("sequence", str(write(tmp_path, data)), "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert [a["expected_damage_exact"] for a in out["attacks"]] == ["1/2", "15/32"]
    assert out["attacks"][0]["defender_tokens_left"].get("strain", 0) == 0
    assert out["expected_total_damage_exact"] == "31/32"
    assert out["objective"] == "damage" and out["attacks"][0]["name"] == "attack 1"


def test_attack_groups_give_the_same_result_as_the_file(tmp_path):
    """Situation: the two-attacker sequence given as --attack groups, the second repeated
    with repeat=2 and a name. Expected: the same numbers as the file; repeat adds attacks;
    the table names each attacker."""
    groups = run("sequence", "--hull", "1", "--attack", "1 focus name=Focused",
                 "--attack", "1 name=Bare", "--json")
    from_file = run("sequence", str(write(tmp_path, TWO_ATTACKERS)), "--json")
    assert json.loads(groups.output) == json.loads(from_file.output)
    table = run("sequence", "--hull", "2", "--attack", "2 focus,lock range=1 name=Howl",
                "--attack", "1 abilities=howlrunner repeat=2 name='Academy Pilot'")
    assert table.exit_code == 0, table.output
    assert "1 Howl" in table.output and "3 Academy" in table.output  # "Pilot" may wrap
    assert "P(destroyed within 3 attacks)" in table.output


def test_json_schema(tmp_path):
    """Situation: a sequence with every attack field. Expected: the JSON holds the
    defender, per attack its name, its spec (no defender fields), P(performed), damage
    distribution, P(destroyed here) and tokens left, and the totals."""
    data = {"defense": 2, "defender": {"focus": 1, "evade": 1}, "hull": 3, "shields": 1,
            "attacks": [{"name": "A", "attack": 3, "attacker": "focus,lock", "range": 2,
                         "attacker_abilities": ["predator"], "obstructed": True}]}
    out = json.loads(run("sequence", str(write(tmp_path, data)), "--json",
                         "--objective", "destroy").output)
    assert out["defender"] == {"defense": 2, "defender": {"focus": 1, "evade": 1},
                               "defender_abilities": [], "hull": 3, "shields": 1}
    assert out["objective"] == "destroy" and out["durability"] == 4
    (attack,) = out["attacks"]
    assert attack["spec"] == {"attack": 3, "attacker": {"focus": 1, "lock": 1},
                              "attacker_abilities": ["predator"], "range": 2,
                              "obstructed": True, "ordnance": False, "primary": True,
                              "reinforce_arc": True}
    for key in ("p_performed", "expected_damage", "expected_damage_exact", "damage",
                "damage_exact", "p_destroyed_here", "p_destroyed_here_exact",
                "defender_tokens_left", "name"):
        assert key in attack
    for key in ("total_damage", "total_damage_exact", "expected_total_damage",
                "p_destroyed", "p_destroyed_within", "p_destroyed_within_exact", "value"):
        assert key in out
    assert out["p_destroyed_within"][-1] == out["p_destroyed"]


def test_plot_writes_a_png(tmp_path):
    """Situation: --plot with a .png name. Expected: a PNG file is written."""
    plot = tmp_path / "seq.png"
    result = run("sequence", str(write(tmp_path, TWO_ATTACKERS)), "--plot", str(plot))
    assert result.exit_code == 0, result.output
    assert plot.read_bytes().startswith(PNG)


@pytest.mark.parametrize(("data", "words"), [
    ({"attacks": [{"name": "x"}]}, "attacks[0]: attack: missing"),
    ({"attacks": [{"attack": 2}, {"attack": 2, "attacker": "focus,shield"}]},
     "attacks[1]: attacker: unknown token 'shield'; accepted: focus"),
    ({"attacks": [{"attack": 2, "range": 5}]}, "attacks[0]: range: 5; accepted: 0, 1, 2 or 3"),
    ({"attacks": [{"attack": 2, "defense": 2}]}, "attacks[0]: defense: the defender's fields"),
    ({"defense": 9, "attacks": [{"attack": 2}]}, "defense: 9 dice; accepted: 0 to 6"),
    ({"hull": 0, "attacks": [{"attack": 2}]}, "hull: 0; accepted: 1 or more"),
    ({"attacks": []}, "attacks: expected a list of one or more attacks"),
    ({"defense": 1}, "attacks: expected a list"),
    ({"agility": 1, "attacks": [{"attack": 1}]}, "agility: unknown field; accepted: defense"),
    ([1, 2], "expected an object"),
])
def test_bad_files_name_the_file_and_field(tmp_path, data, words):
    """Situation: a file with one wrong or missing field. Expected: exit status 2, the
    message naming the file, the field and what is accepted."""
    path = write(tmp_path, data)
    result = run("sequence", str(path))
    assert result.exit_code == 2, result.output
    assert f"{path}: " in result.output
    assert words in result.output


def test_malformed_or_missing_file(tmp_path):
    """Situation: a file that is not JSON, and one that does not exist. Expected: exit 2,
    the file named with where the JSON goes wrong or why it cannot be read."""
    path = write(tmp_path, '{"attacks": [', "broken.json")
    result = run("sequence", str(path))
    assert result.exit_code == 2
    assert str(path) in result.output and "not JSON" in result.output
    assert "line 1" in result.output
    missing = run("sequence", str(tmp_path / "none.json"))
    assert missing.exit_code == 2 and "none.json" in missing.output


@pytest.mark.parametrize(("args", "words"), [
    (["--attack", "3 range=5"], "group 1"),
    (["--attack", "2", "--attack", "x focus"], "group 2"),
    (["--attack", "2 focus,shield"], "unknown token 'shield'"),
    (["--attack", "2 abilities=nosuch"], "unknown ability"),
    (["--attack", "2 'unbalanced"], "cannot split"),
    (["--attack", "2", "--defender", "lock"], "--defender"),
    ([], "missing"),
    (["--attack", "2", "--objective", "destroy"], "needs the defender's hull"),
    (["--attack", "2", "--plot", "out.txt"], "--plot"),
    (["--attack", "2", "--shields", "2"], "only with the defender's hull"),
])
def test_bad_groups_name_the_flag(args, words):
    """Situation: a wrong --attack group or defender flag. Expected: exit 2 naming the
    group (its number) or the flag and what is wrong."""
    result = run("sequence", *args)
    assert result.exit_code == 2, result.output
    assert words in flat(result.output), result.output


def test_file_and_groups_together_are_refused(tmp_path):
    """Situation: a FILE with --attack groups, or with defender flags. Expected: exit 2,
    one or the other (only --hull and --shields override a file)."""
    result = run("sequence", str(write(tmp_path, TWO_ATTACKERS)), "--attack", "2")
    assert result.exit_code == 2 and "not both" in result.output
    defender = run("sequence", str(write(tmp_path, TWO_ATTACKERS)), "--defender", "focus")
    assert defender.exit_code == 2 and "comes from the FILE" in flat(defender.output)


def test_destroy_curve_is_exact_for_one_die_against_hull_one():
    """Situation: a 1-die attack, agility 0, hull 1, 3 attacks. Expected: P(destroyed
    within n) = 1 - (1/2)^n: 1/2, 3/4, 7/8."""
    result = run("destroy", "-a", "1", "--agility", "0", "--hull", "1", "--attacks", "3",
                 "--json")
    assert result.exit_code == 0, result.output
    (target,) = json.loads(result.output)["defenders"]
    assert target["p_destroyed_within_exact"] == ["1/2", "3/4", "7/8"]


def test_destroy_reads_stock_ships_and_plots_them(tmp_path):
    """Situation: two ships of the card data and a stock attacker. Expected: each
    defender's agility, hull and shields as the card data prints them, the attack dice the
    attacker ship's primary value, a curve rising to 1, and a PNG with --plot."""
    plot = tmp_path / "destroy.png"
    result = run("destroy", "--attacker-ship", "t65xwing", "--attacker", "focus",
                 "--ship", "tielnfighter", "--ship", "t65xwing", "--attacks", "4", "--json",
                 "--plot", str(plot))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    cards = load_cards()
    assert data["attack"]["attack"] == cards.ship("t65xwing", "rebelalliance").attacks[0].value
    for target in data["defenders"]:
        ship = next(s for s in cards.ships if s.xws == target["name"])
        assert (target["agility"], target["hull"], target["shields"]) == (
            ship.agility, ship.hull, ship.shields)
        curve = target["p_destroyed_within"]
        assert curve == sorted(curve) and len(curve) == 4
    assert plot.read_bytes().startswith(PNG)
    table = run("destroy", "-a", "3", "--ship", "tielnfighter", "--attacks", "2")
    assert "tielnfighter" in table.output
    assert "P(destroyed within n attacks)" in flat(table.output)


@pytest.mark.parametrize(("args", "words"), [
    (["-a", "3", "--ship", "tielnfightr"], "did you mean tielnfighter"),
    (["-a", "3"], "missing: a defender"),
    (["-a", "3", "--ship", "tielnfighter", "--hull", "2"], "not both"),
    (["--ship", "tielnfighter"], "give the attack dice"),
    (["-a", "3", "--agility", "2", "--hull", "2", "--attacks", "0"], "1 to 100"),
    (["--attacker-ship", "nosuch", "--agility", "2", "--hull", "2"], "unknown ship"),
])
def test_destroy_errors(args, words):
    """Situation: an unknown ship, a missing or doubled defender or attack. Expected:
    exit 2 naming the flag, with close matches for a misspelt ship."""
    result = run("destroy", *args)
    assert result.exit_code == 2, result.output
    assert words in flat(result.output), result.output


@pytest.mark.parametrize("command", ["sequence", "destroy"])
def test_help_has_examples_and_fits_80_columns(command, monkeypatch):
    """Situation: the commands' --help in an 80-column terminal. Expected: an example of
    the command, no line wider than 80 columns, nothing cut short, no mid-sentence break."""
    from tests.cli.test_cli_basics import WIDTH, early_breaks

    monkeypatch.setenv("COLUMNS", str(WIDTH))
    monkeypatch.delenv("TERMINAL_WIDTH", raising=False)
    output = run(command, "--help").output
    assert f"tallon dice {command} " in output
    assert max(len(line) for line in output.splitlines()) <= WIDTH
    assert "…" not in output and early_breaks(output) == []


EVADE_1E = {"ruleset": "1e", "defense": 0, "defender": "evade", "hull": 1,
            "attacks": [{"attack": 1, "repeat": 3}]}


def test_a_first_edition_sequence_adds_an_evade_result(tmp_path):
    """Situation: a file saying "ruleset": "1e"; agility 0 with an evade token, hull 1,
    three 1-die attacks. Rule: a 1e evade token adds an evade result (rulebook, Spending an
    Evade Token; in 2.5 an evade needs a die to change: RR: EVADE), and the defender's tokens
    carry over. Expected: each attack hits with 1/2; the first hit is cancelled by the
    evade, the second destroys: P(destroyed within n) = P(2 or more hits in n) = 0, 1/4,
    1/2; the JSON says "ruleset": "1e" once, not in each attack's spec. Under 2.5 (the same
    attacks as --attack groups) the evade does nothing: 1/2, 3/4, 7/8."""
    result = run("sequence", str(write(tmp_path, EVADE_1E)), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["p_destroyed_within_exact"] == ["0", "1/4", "1/2"]
    assert data["ruleset"] == "1e" and "ruleset" not in data["attacks"][0]["spec"]
    groups = run("sequence", "--ruleset", "1e", "-d", "0", "--defender", "evade", "--hull",
                 "1", "--attack", "1 repeat=3", "--json")
    assert json.loads(groups.output) == data
    text = run("sequence", str(write(tmp_path, EVADE_1E)))
    assert "(1e rules)" in text.output
    plain = run("sequence", "-d", "0", "--defender", "evade", "--hull", "1", "--attack",
                "1 repeat=3", "--json")
    out = json.loads(plain.output)
    assert out["p_destroyed_within_exact"] == ["1/2", "3/4", "7/8"] and "ruleset" not in out


def test_a_first_edition_destroy_reads_the_first_edition_ships():
    """Situation: tallon dice destroy --ruleset 1e against agility 0 with an evade token
    (hull 1), and against a 1e TIE Fighter (xws tiefighter, which 2.5's card data calls
    tielnfighter) by an X-Wing's attack. Rule: the 1e evade adds an evade result; --ship
    and --attacker-ship read the 1e card data. Expected: the curve 0, 1/4, 1/2 (as in the
    sequence above); the TIE Fighter's agility, hull and shields and the X-Wing's attack
    value are the 1e card data's (3, 3, 0 and 3); 2.5 does not know tiefighter."""
    result = run("destroy", "--ruleset", "1e", "-a", "1", "--agility", "0", "--hull", "1",
                 "--defender", "evade", "--attacks", "3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["defenders"][0]["p_destroyed_within_exact"] == ["0", "1/4", "1/2"]
    assert data["attack"]["ruleset"] == "1e"
    cards = load_cards_1e()
    ships = run("destroy", "--ruleset", "1e", "--attacker-ship", "xwing", "--ship",
                "tiefighter", "--attacks", "2", "--json")
    assert ships.exit_code == 0, ships.output
    out = json.loads(ships.output)
    tie = cards.ship("tiefighter")
    (target,) = out["defenders"]
    assert (target["agility"], target["hull"], target["shields"]) == (
        tie.agility, tie.hull, tie.shields) == (3, 3, 0)
    assert out["attack"]["attack"] == cards.ship("xwing").attack == 3
    assert "did you mean" in flat(run("destroy", "-a", "3", "--ship", "tiefighter").output)


@pytest.mark.parametrize(("command", "args", "flag", "words"), [
    ("sequence", ["--attack", "2 calculate"], "--attack",
     "'calculate' is a 2.5 attacker token, not one of the first edition (1e)'s"),
    ("sequence", ["--defender", "strain", "--attack", "2"], "--defender",
     "'strain' is a 2.5 defender token, not one of the first edition (1e)'s"),
    ("sequence", ["--attack", "2 range=0"], "--attack", "no range 0 attacks"),
    ("destroy", ["-a", "2", "--agility", "2", "--hull", "2", "--defender", "force=1"],
     "--defender", "'force' is a 2.5 defender token, not one of the first edition (1e)'s"),
    ("destroy", ["-a", "2", "--agility", "2", "--hull", "2", "--attacker-abilities",
                 "howlrunner"], "--attacker-abilities", "1e card pool is not in"),
])
def test_first_edition_refuses_what_only_2_5_has(command, args, flag, words):
    """Situation: --ruleset 1e with a token only 2.5 has (calculate, strain, Force), range
    0 or a card ability. Rule: the 1e dice rules have none of them (docs/dice.md, First
    edition). Expected: exit 2 naming the flag and the ruleset."""
    result = run(command, "--ruleset", "1e", *args)
    assert result.exit_code == 2, result.output
    assert flag in result.output and words in flat(result.output), result.output


def test_a_file_and_the_flag_disagreeing_on_the_ruleset_is_refused(tmp_path):
    """Situation: a file saying "ruleset": "1e" run with --ruleset 2.5, a file with an
    unknown ruleset, and an attack entry naming a ruleset. Expected: exit 2 naming the
    file and the field: one ruleset, at the top level, of those the calculator knows."""
    path = write(tmp_path, EVADE_1E)
    both = run("sequence", str(path), "--ruleset", "2.5")
    assert both.exit_code == 2 and "ruleset: '1e', but --ruleset 2.5" in flat(both.output)
    assert run("sequence", str(path), "--ruleset", "1e").exit_code == 0
    unknown = run("sequence", str(write(tmp_path, {**EVADE_1E, "ruleset": "2e"})))
    assert unknown.exit_code == 2 and "ruleset: '2e'; accepted: 2.5, 1e" in unknown.output
    inner = run("sequence", str(write(tmp_path, {"attacks": [{"attack": 1,
                                                              "ruleset": "1e"}]})))
    assert inner.exit_code == 2 and "attacks[0]: ruleset: " in inner.output


@pytest.mark.parametrize(("defense", "tokens", "within"), [
    (1, "tractor", ["1/2", "3/4"]),
    (0, "reinforce", ["0", "0"]),
    (1, "", ["5/16", "135/256"]),
])
def test_first_edition_tokens_that_stay_last_the_whole_sequence(tmp_path, defense, tokens,
                                                                within):
    """Situation: a 1e sequence of two 1-die attacks against hull 1: agility 1 with a
    tractor beam token, agility 0 with a reinforce token (the attacker on its side), and
    agility 1 without tokens for comparison. Rule: a tractor beam token takes 1 from the
    agility value in the Combat Phase and is removed in the End Phase (reference card
    Tractor Beam Token); reinforce adds 1 evade result without being spent and is removed
    in the End Phase (reference card Reinforce Action): both stay for every attack of the
    round. Expected: with the tractor token no defense die is rolled in either attack
    (1/2, then 1/2 + 1/4 = 3/4); reinforce cancels the one possible hit of each attack
    (never destroyed); without tokens each attack destroys with 1/2 * 5/8 = 5/16 (the hit
    not evaded by the die's 3 evade faces of 8), within 2 attacks 1 - (11/16)^2 = 135/256."""
    data = {"ruleset": "1e", "defense": defense, "defender": tokens, "hull": 1,
            "attacks": [{"attack": 1, "repeat": 2}]}
    result = run("sequence", str(write(tmp_path, data)), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["p_destroyed_within_exact"] == within
