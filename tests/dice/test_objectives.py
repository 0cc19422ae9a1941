"""What the players optimise: expected damage (default), the chance of at least k damage (a
kill shot), or the chance of a crit. Both players optimise the same quantity in opposite
directions."""

import pytest

from tallon.dice import AtLeast, AtLeastCrit, AttackSolver, Face, Reroll, Step, make_counts
from tallon.dice.abilities import cards

from .helpers import F, make_attack, solve
from .reference import reference_solve


def test_expected_damage_and_kill_shot_choose_differently():
    """3 attack dice, a lock and 1 Force, rolled [focus, blank, blank].
    Spend Force on the focus, reroll the blanks: E = 1 + 2 * 1/2 = 2, P(>=1) = 1.
    Reroll all three, keep the Force: E = 3/2 + P(some focus) = 3/2 + (1 - (3/4)**3)
    = 133/64 > 2, but P(>=1) = 1 - (1/4)**3 = 63/64.
    Rerolling only the blanks keeps the focus for the Force: E = 1 + 1 = 2, P(>=1) = 1, and
    more crit chances than spending the Force first, so that is the kill shot's choice.
    So expected damage rerolls everything and a kill shot for 1 damage keeps the focus."""
    attack = make_attack(3, attacker={"lock": 1, "force": 1})
    roll = make_counts([Face.FOCUS, Face.BLANK, Face.BLANK])
    greedy = AttackSolver(attack).best_option(Step.ATTACKER_MODIFIES_ATTACK, roll,
                                              make_counts(), {"lock": 1, "force": 1}, {})
    careful = AttackSolver(attack, AtLeast(1)).best_option(
        Step.ATTACKER_MODIFIES_ATTACK, roll, make_counts(), {"lock": 1, "force": 1}, {})
    assert greedy is not None and greedy.ops == (Reroll((2, 1, 0, 0, 0)),)
    assert careful is not None and careful.ops == (Reroll((2, 0, 0, 0, 0)),)


def test_kill_shot_trades_expected_damage_for_certainty():
    attack_kwargs = {"attacker": {"lock": 1, "force": 1}}
    for_damage = solve(3, **attack_kwargs)
    for_kill = solve(3, objective=AtLeast(1), **attack_kwargs)
    assert for_kill.p_at_least(1) > for_damage.p_at_least(1)
    assert for_kill.expected_damage < for_damage.expected_damage
    assert for_kill.objective_value == for_kill.p_at_least(1)


def test_kill_shot_value_matches_the_reference_solver():
    attack = make_attack(2, 1, attacker={"lock": 1, "force": 1}, defender={"evade": 1})
    expected, _ = reference_solve(attack, payoff=lambda h, c: 1 if h + c >= 2 else 0)
    assert solve(2, 1, attacker={"lock": 1, "force": 1}, defender={"evade": 1},
                 objective=AtLeast(2)).objective_value == expected


def test_crit_objective_uses_a_free_hit_to_crit_change():
    """Marksmanship on 1 die: hit (3/8) or crit (1/8) all end as crits: P(crit) = 1/2."""
    result = solve(1, attacker_abilities=(cards.marksmanship(),), objective=AtLeastCrit())
    assert result.objective_value == F(1, 2) == result.p_crit


def test_kill_shot_needs_at_least_one_damage():
    with pytest.raises(ValueError):
        AtLeast(0)
