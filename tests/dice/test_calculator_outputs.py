"""The calculator's outputs: exact distributions, derived numbers and the JSON-ready dict."""

import json

from tallon.dice import AttackSolver, Role

from .helpers import F, make_attack, solve


def test_probabilities_are_exact_and_sum_to_one():
    result = solve(3, 2, attacker={"focus": 1, "lock": 1}, defender={"focus": 1, "evade": 1})
    assert sum(result.damage) == 1
    assert sum(result.hits_crits.values()) == 1
    assert sum(result.outcomes.values()) == 1


def test_derived_numbers_agree_with_the_distribution():
    result = solve(3, 2, attacker={"focus": 1, "lock": 1}, defender={"focus": 1, "evade": 1})
    damage = result.damage
    assert result.expected_damage == sum(d * p for d, p in enumerate(damage))
    assert result.p_at_least(2) == sum(damage[2:])
    assert result.p_hit == 1 - damage[0]
    assert result.p_crit == sum(p for (_, c), p in result.hits_crits.items() if c)
    assert result.expected_hits + result.expected_crits == result.expected_damage


def test_known_value_of_a_typical_attack():
    """3 dice with focus and lock against 2 dice with focus and evade; the value is pinned
    so that accidental changes to the rules or the search show up. It equals the naive
    reference solver's value (see test_solver_reference)."""
    result = solve(3, 2, attacker={"focus": 1, "lock": 1}, defender={"focus": 1, "evade": 1})
    assert result.expected_damage == F(126225, 131072)


def test_to_dict_has_floats_and_exact_strings():
    result = solve(1)
    data = result.to_dict()
    json.dumps(data)
    assert data["expected_damage"] == 0.5 and data["expected_damage_exact"] == "1/2"
    assert data["damage"] == [0.5, 0.5] and data["damage_exact"] == ["1/2", "1/2"]
    assert data["p_crit"] == 0.125 and data["p_crit_exact"] == "1/8"
    assert data["at_least_exact"] == ["1", "1/2"]


def test_tokens_left_are_reported_for_both_sides():
    result = solve(1, 1, attacker={"focus": 1}, defender={"evade": 1})
    assert set(result.expected_tokens(Role.ATTACKER)) == {"focus"}
    assert set(result.expected_tokens(Role.DEFENDER)) == {"evade"}


def test_value_alone_matches_the_full_solve():
    attack = make_attack(2, 2, attacker={"lock": 1}, defender={"focus": 1})
    assert AttackSolver(attack).value() == AttackSolver(attack).solve().expected_damage


def test_zero_dice_attack_deals_nothing():
    assert solve(0, 3).damage == [1]


def test_results_are_remembered_and_read_only():
    """An AI asks about the same attack again and again: the second answer is the same object,
    which therefore cannot be changed."""
    import pytest

    from tallon.dice import calculate

    attack = make_attack(2, 1, attacker={"focus": 1})
    first = calculate(attack)
    assert calculate(attack) is first
    assert calculate(attack, cache=False) is not first
    assert calculate(attack, cache=False).damage == first.damage
    with pytest.raises(TypeError):
        first.masses[next(iter(first.masses))] = 0  # type: ignore[index]


def test_result_cache_is_bounded(monkeypatch):
    from tallon.dice import calculate, clear_results, solver

    clear_results()
    monkeypatch.setattr(solver, "RESULT_CACHE_SIZE", 2)
    attacks = [make_attack(n) for n in (1, 2, 3)]
    for attack in attacks:
        calculate(attack)
    assert len(solver._RESULTS) == 2
    assert not any(key[0] == attacks[0] for key in solver._RESULTS)


def test_remembered_results_tell_spent_charges_from_default_charges():
    """Lone Wolf with its charge spent (lonewolf=0) is not Lone Wolf with its default charge,
    although the two Tokens compare equal (zeros ignored)."""
    from tallon.dice import calculate
    from tallon.dice.abilities import cards

    lone_wolf = cards.lone_wolf()
    spent = calculate(make_attack(1, attacker={"lonewolf": 0}, attacker_abilities=(lone_wolf,)))
    fresh = calculate(make_attack(1, attacker_abilities=(lone_wolf,)))
    assert spent.p_at_least(1) == F(1, 2)
    assert fresh.p_at_least(1) == F(3, 4)
