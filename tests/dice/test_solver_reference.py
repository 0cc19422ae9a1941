"""The fast solver against a deliberately naive exact solver (tests/dice/reference.py) on many
small random attacks, with tokens and card abilities on both sides: same value and the same
full outcome distribution (same tie-breaks)."""

import random

import pytest

from tallon.dice import Attack, AttackSolver, Combatant, Role
from tallon.dice.abilities import cards

from .reference import reference_solve

ATTACKER_CARDS = [
    cards.predator, cards.fire_control_system, cards.marksmanship, cards.heroic,
    cards.lone_wolf, cards.juke, cards.fearless, cards.crack_shot, cards.saturation_salvo,
    cards.fifth_brother, cards.darth_vader_defender, cards.major_vermeil, cards.agent_kallus,
    cards.proton_torpedoes, cards.heavy_laser_cannon, cards.plasma_torpedoes,
    cards.advanced_targeting_computer, cards.finn_gunner, cards.rey_gunner,
    cards.captain_jonus, cards.trick_shot, cards.outmaneuver,
]
DEFENDER_CARDS = [
    cards.heroic, cards.lone_wolf, cards.stealth_device, cards.elusive,
    cards.brilliant_evasion, cards.plated_hull, cards.concordia_faceoff, cards.norra_wexley,
    cards.finn_gunner, cards.rey_gunner, cards.networked_calculations,
]


def random_attack(rng: random.Random, most_attack: int) -> Attack:
    attacker = {k: rng.randint(0, 1) for k in ("focus", "lock", "calculate", "force", "evade")
                if rng.random() < 0.5}
    defender = {k: rng.randint(0, 2 if k != "focus" else 1)
                for k in ("focus", "evade", "calculate", "force", "reinforce", "strain")
                if rng.random() < 0.4}
    a_cards = tuple(f() for f in rng.sample(ATTACKER_CARDS, rng.randint(0, 2)))
    d_cards = tuple(f() for f in rng.sample(DEFENDER_CARDS, rng.randint(0, 2)))
    return Attack(
        Combatant(rng.randint(0, most_attack), attacker, a_cards),
        Combatant(rng.randint(0, 2), defender, d_cards),
        attack_range=rng.choice([None, 1, 2, 3]),
        obstructed=rng.random() < 0.2,
    )


def same_as_reference(attack: Attack) -> bool:
    value, distribution = reference_solve(attack)
    result = AttackSolver(attack).solve()
    mine = {(o.hits, o.crits, o.attacker, o.defender): p for o, p in result.outcomes.items()}
    theirs: dict = {}
    for key, p in distribution.items():
        theirs[key] = theirs.get(key, 0) + p
    return result.objective_value == value and mine == theirs


@pytest.mark.parametrize("seed", [0, 2, 6, 7])
def test_small_random_attacks_match_the_reference(seed):
    """25 random attacks per seed with up to 2 attack dice (plus bonuses)."""
    rng = random.Random(seed)
    for _ in range(25):
        attack = random_attack(rng, 2)
        assert same_as_reference(attack), attack


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 3, 4, 5])
def test_more_small_random_attacks_match_the_reference(seed):
    rng = random.Random(seed)
    for _ in range(25):
        attack = random_attack(rng, 2)
        assert same_as_reference(attack), attack


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_larger_random_attacks_match_the_reference(seed):
    rng = random.Random(1000 + seed)
    for _ in range(25):
        attack = random_attack(rng, 3)
        assert same_as_reference(attack), attack


def test_reference_agrees_on_the_typical_attack():
    attack = Attack(Combatant(3, {"focus": 1, "lock": 1}), Combatant(2, {"focus": 1, "evade": 1}))
    assert same_as_reference(attack)
    assert Role.ATTACKER  # the roles are shared by both solvers
