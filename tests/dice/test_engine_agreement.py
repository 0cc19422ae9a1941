"""The exact calculator agrees with the engine's real attack procedure (issue 6's check).

Thousands of attacks are played through the engine (real dice from the game's generator,
the real Modify Dice decisions in the rules' order), each decision answered by the
calculator's optimal policy; the observed damage distribution must match the exact one
within statistical bounds (4 standard errors plus a small allowance)."""

from __future__ import annotations

import math
import random

import pytest

from tallon.dice import Role
from tallon.dice.attack import Attack, Combatant, Step
from tallon.dice.counts import make_counts
from tallon.dice.solver import AttackSolver, calculate
from tallon.engine import modify_dice
from tallon.engine.attack import Engage
from tallon.scene import Scene

ATTACKS = 2500
STEPS = {("modify_attack_dice", "defender"): Step.DEFENDER_MODIFIES_ATTACK,
         ("modify_attack_dice", "attacker"): Step.ATTACKER_MODIFIES_ATTACK,
         ("modify_defense_dice", "attacker"): Step.ATTACKER_MODIFIES_DEFENSE,
         ("modify_defense_dice", "defender"): Step.DEFENDER_MODIFIES_DEFENSE}


def engine_attacks(attacker_tokens: dict, defender_tokens: dict, lock: bool, count: int,
                   solver: AttackSolver) -> tuple[list[int], int]:
    """Damage of ``count`` engine attacks: a T-65 (3 dice) against a T-65 (agility 2) at
    range 2, unobstructed, every dice decision taken by the calculator's policy."""
    sc = Scene()
    shooter = sc.ship("bluesquadronescort", at=(400, 300, 0), tokens=attacker_tokens,
                      locks=["p2.1"] if lock else [])
    target = sc.ship("bluesquadronescort", player=2, at=(400, 480, 180),
                     tokens=defender_tokens)
    base = sc.at(Engage(shooter))
    base.log.clear()  # each attack's own log is read for its result
    damage = []
    modified = 0
    for n in range(count):
        game = base.clone(keep_log=True)
        game.state.rng = random.Random(n)
        game.answer(f"primary:front@{target}")
        while game.decision is not None:
            d = game.decision
            attack = game.state.attack
            role = Role.ATTACKER if d.ship == attack.attacker else Role.DEFENDER
            step = STEPS[(d.kind, role.value)]
            kind = "attack" if step.dice.value == "attack" else "defense"
            ships = game.state.ships
            own = modify_dice._resources(game, ships[attack.attacker], attack, Role.ATTACKER)
            other = modify_dice._resources(game, ships[attack.defender], attack,
                                             Role.DEFENDER)
            defense = attack.defense_dice.counts() if attack.defense_dice is not None else \
                make_counts()
            best = solver.best_option(step, attack.attack_dice.counts(), defense, own, other)
            offered = modify_dice.dice_options(game, kind, role)
            if best is None:
                game.answer("done")
                continue
            index = next(k for k, (_, _, option) in enumerate(offered) if option == best)
            game.answer(d.options[index].key)
            modified += 1
        result = next(e for e in reversed(game.log) if e["kind"] == "neutralize")
        damage.append(result["hits"] + result["crits"])
    return damage, modified


@pytest.mark.parametrize(("attacker", "defender", "lock"), [
    ({}, {}, False),
    ({"focus": 1}, {"focus": 1, "evade": 1}, True),
    ({"calculate": 1}, {"evade": 1}, False),
])
def test_engine_attacks_match_the_exact_distribution(attacker, defender, lock):
    tokens = dict(attacker, **({"lock": 1} if lock else {}))
    attack = Attack(Combatant(3, tokens), Combatant(2, defender), attack_range=2)
    exact = calculate(attack)
    solver = AttackSolver(attack)
    damage, modified = engine_attacks(attacker, defender, lock, ATTACKS, solver)
    assert (modified > 0) == bool(attacker or defender)  # the policy really played
    n = len(damage)
    mean = sum(damage) / n
    expected = float(exact.expected_damage)
    var = sum((d - expected) ** 2 for d in damage) / n
    assert abs(mean - expected) <= 4 * math.sqrt(var / n) + 1e-3, (mean, expected)
    for k, p in enumerate(exact.damage):
        seen = sum(1 for d in damage if d == k) / n
        bound = 4 * math.sqrt(float(p) * (1 - float(p)) / n) + 2e-3
        assert abs(seen - float(p)) <= bound, (k, seen, float(p))
