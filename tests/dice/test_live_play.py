"""Live play: RR: ATTACK steps 2-4 on concrete dice with the game's seeded generator, and the
calculator's policy playing them. A Monte Carlo of that policy must agree with the exact
result within statistical bounds; this checks the live procedure, the shared ability
options applied to live pools, and the solver, against each other."""

import random
from collections import Counter

import pytest

from tallon.dice import (
    Attack,
    AttackSolver,
    Combatant,
    Face,
    Option,
    Step,
    calculate,
    make_counts,
)
from tallon.dice.abilities import cards
from tallon.dice.playout import OptimalPlay, never_modify, play_attack

from .helpers import make_attack

CASES = {
    "typical": make_attack(3, 2, attacker={"focus": 1, "lock": 1},
                           defender={"focus": 1, "evade": 1}),
    "rerolls on both sides": make_attack(
        3, 3, attacker={"focus": 1}, defender={"evade": 1},
        attacker_abilities=(cards.predator(), cards.marksmanship()),
        defender_abilities=(cards.elusive(),),
    ),
    "fire-control, juke, plated hull": make_attack(
        2, 3, attacker={"lock": 1, "evade": 1}, defender={"focus": 1},
        attacker_abilities=(cards.fire_control_system(), cards.juke()),
        defender_abilities=(cards.plated_hull(),),
    ),
    "heroic, crack shot, stealth, reinforce": make_attack(
        4, 2, attacker={"focus": 1, "force": 1}, defender={"reinforce": 1, "calculate": 1},
        attacker_abilities=(cards.heroic(), cards.crack_shot()),
        defender_abilities=(cards.heroic(), cards.stealth_device()),
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_monte_carlo_of_the_optimal_policy_agrees_with_the_exact_result(name):
    """4000 live attacks with a fixed seed: the mean damage is within 4.5 standard errors of
    the exact expectation, and so is each damage frequency."""
    attack = CASES[name]
    exact = calculate(attack)
    policy = OptimalPlay(attack)
    rng = random.Random(7)
    n = 4000
    damage = Counter(play_attack(attack, rng, policy).damage for _ in range(n))
    mean = sum(d * k for d, k in damage.items()) / n
    expected = float(exact.expected_damage)
    variance = sum((d - expected) ** 2 * float(p) for d, p in enumerate(exact.damage))
    assert abs(mean - expected) <= 4.5 * (variance / n) ** 0.5
    for d, p in enumerate(exact.damage):
        p = float(p)
        assert abs(damage[d] / n - p) <= 4.5 * (p * (1 - p) / n) ** 0.5 + 1e-12
    assert set(damage) <= set(range(len(exact.damage)))


def test_live_attack_is_reproducible_from_the_seed():
    attack = CASES["typical"]
    first = play_attack(attack, random.Random(3), OptimalPlay(attack))
    second = play_attack(attack, random.Random(3), OptimalPlay(attack))
    assert first.log == second.log and first.damage == second.damage


def test_live_attack_spends_tokens_it_uses():
    """A live attack where the attacker must use its focus: 1 die rolled as focus."""

    class FocusRoll(random.Random):
        def randrange(self, n):  # sides 2 and 3 of the attack die are focus results
            return 2

    attack = make_attack(1, attacker={"focus": 1})
    assert Attack
    outcome = play_attack(attack, FocusRoll(), OptimalPlay(attack))
    assert outcome.hits == 1 and outcome.attacker["focus"] == 0


def test_never_modify_uses_only_mandatory_abilities(rng):
    attack = make_attack(2, attacker={"focus": 1},
                         attacker_abilities=(cards.proton_torpedoes(),))
    outcome = play_attack(attack, rng, never_modify)
    assert outcome.attacker["focus"] == 1
    assert any("Proton Torpedoes" in line for line in outcome.log)


def test_stopping_before_a_mandatory_ability_is_refused(rng):
    attack = make_attack(1, defender_abilities=(cards.plated_hull(),))
    with pytest.raises(ValueError, match="mandatory"):
        play_attack(attack, rng, lambda decision: None)


def test_an_option_not_offered_is_refused(rng):
    attack = make_attack(1, attacker={"focus": 1})

    def cheat(decision):
        return Option("fearless", "not offered")

    with pytest.raises(ValueError, match="not one of the offered options"):
        for _ in range(20):
            play_attack(attack, rng, cheat)


def test_best_option_at_a_step_where_nothing_can_be_used_is_to_stop():
    solver = AttackSolver(make_attack(2, attacker={"focus": 1}))
    assert solver.best_option(Step.DEFENDER_MODIFIES_ATTACK, make_counts([Face.FOCUS]),
                              make_counts(), {"focus": 1}, {}) is None


def test_best_option_names_dice_the_live_pool_has():
    """After a reroll the live die is marked rerolled; the solver has forgotten marks that no
    longer matter, yet the option it returns must fit the live pool."""
    attack = Attack(Combatant(1, {"focus": 1, "lock": 1}), Combatant(0))
    solver = AttackSolver(attack)
    live = make_counts([], [Face.FOCUS])  # one rerolled focus
    option = solver.best_option(Step.ATTACKER_MODIFIES_ATTACK, live, make_counts(),
                                {"focus": 1, "lock": 0}, {})
    assert option is not None and option.source == "focus"


def test_live_positions_of_the_defense_steps_reuse_the_solved_subgame():
    """Abilities used on attack dice do not make defense-step positions new: asking the solver
    during a live attack adds no positions to its defense-dice subgame."""
    attack = CASES["rerolls on both sides"]
    policy = OptimalPlay(attack)
    policy.solver.solve()
    before = len(policy.solver._b_memo)
    rng = random.Random(11)
    for _ in range(200):
        play_attack(attack, rng, policy)
    assert len(policy.solver._b_memo) == before
