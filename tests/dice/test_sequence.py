"""Several attacks in a row against one defender, its tokens carrying over, and the number of
attacks needed to destroy a ship of given hull and shields."""

import pytest

from tallon.dice import Role
from tallon.dice.abilities import cards
from tallon.dice.sequence import attacks_to_destroy, calculate_sequence

from .helpers import F, make_attack, solve


def test_a_spent_evade_token_is_gone_for_the_next_attack():
    """Defender agility 1 with 1 evade token; two 1-die attacks. First attack: on a hit (1/2)
    against a non-evade die (5/8) the token is spent (saving 1 now beats saving at most 1
    later). The second attack then deals 1/2 * 5/8 = 5/16; otherwise the token covers it.
    Expected total damage = 5/16 * 5/16 = 25/256, all of it in the second attack."""
    attack = make_attack(1, 1, defender={"evade": 1})
    result = calculate_sequence([attack, attack])
    assert result.value == F(25, 256) == result.expected_total_damage
    assert result.stages[0].expected_damage == 0
    assert result.stages[0].defender_tokens["evade"] == 1 - F(5, 16)


def test_the_defender_saves_a_token_it_would_spend_in_a_single_attack():
    """Hull 1 (any damage destroys), agility 1, 1 evade token; a 2-die attack, then a 1-die
    attack; objective: expected damage that counts (= P(destroyed)).
    1 hit vs a non-evade die (1/2 * 5/8): spend, then the last attack destroys with 5/16.
    2 hits (1/4): destroyed whatever the defender does.
    Value = 1/2 * 5/8 * 5/16 + 1/4 = 89/256.
    Alone, the first attack would see the token spent on 2 hits too (it saves 1 damage);
    in the sequence it is kept there, except against 2 crits (1/64, non-evade 5/8), where the
    tie-break for fewer crits still spends it: spent 5/16 + 5/512 in all."""
    first = make_attack(2, 1, defender={"evade": 1})
    second = make_attack(1, 1, defender={"evade": 1})
    result = calculate_sequence([first, second], hull=1)
    assert result.value == F(89, 256)
    assert result.p_destroyed == F(89, 256)
    assert result.stages[0].defender_tokens["evade"] == 1 - F(5, 16) - F(5, 512)
    alone = solve(2, 1, defender={"evade": 1})
    assert alone.expected_tokens(Role.DEFENDER)["evade"] < result.stages[0].defender_tokens["evade"]


def test_stealth_device_charge_is_lost_after_damage_and_stays_lost():
    """Agility 0 with Stealth Device; two 1-die attacks. Attack 1: 1 defense die, damage
    1/2 * 5/8 = 5/16, and then the charge is lost. Attack 2: with the charge (11/16) 5/16,
    without (5/16) 1/2. Total = 5/16 + 11/16 * 5/16 + 5/16 * 1/2 = 175/256."""
    attack = make_attack(1, 0, defender_abilities=(cards.stealth_device(),))
    result = calculate_sequence([attack, attack])
    assert result.expected_total_damage == F(175, 256)
    assert result.stages[1].expected_damage == F(95, 256)


def test_strain_is_removed_after_the_first_attack():
    """Agility 1 strained: the first attack meets 0 dice (1/2), the second 1 die (5/16)."""
    attack = make_attack(1, 1, defender={"strain": 1})
    result = calculate_sequence([attack, attack])
    assert [s.expected_damage for s in result.stages] == [F(1, 2), F(5, 16)]


def test_attacks_needed_to_destroy_is_geometric_for_one_die_against_hull_1():
    """1 attack die, no defense, hull 1: the n-th attack destroys with (1/2)**n; the expected
    number of attacks, counting 'not destroyed in 3' as 4: 1/2 + 2/4 + 3/8 + 4/8 = 15/8."""
    result = attacks_to_destroy(make_attack(1), hull=1, max_attacks=3)
    assert result.attacks_needed == [0, F(1, 2), F(1, 4), F(1, 8)]
    assert result.value == F(15, 8)
    assert result.p_destroyed == F(7, 8)


def test_shields_count_like_hull_for_destruction():
    """Hull 1 + 1 shield with 2 dice per attack and no defense: destroyed by the first attack
    iff both dice hit (1/4)."""
    result = attacks_to_destroy(make_attack(2), hull=1, shields=1, max_attacks=2)
    assert result.attacks_needed[1] == F(1, 4)
    assert result.total_damage[2] == result.p_destroyed


def test_uncapped_total_damage_adds_up_for_independent_attacks():
    attack = make_attack(2, 1, attacker={"focus": 1})
    single = solve(2, 1, attacker={"focus": 1}).expected_damage
    assert calculate_sequence([attack] * 3).expected_total_damage == 3 * single


def test_sequence_to_dict_is_json_ready():
    import json

    result = attacks_to_destroy(make_attack(1), hull=1, max_attacks=2)
    data = result.to_dict()
    json.dumps(data)
    assert data["p_destroyed_exact"] == "3/4"
    assert len(data["attacks"]) == 2


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"objective": "destroy"}, "needs the defender's hull"),
        ({"objective": "nonsense"}, "unknown objective"),
        ({"hull": 0}, "hull must be at least 1"),
        ({"hull": 2, "shields": -1}, "shields cannot be negative"),
    ],
)
def test_bad_sequence_requests_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        calculate_sequence([make_attack(1)], **kwargs)


def test_every_attack_must_be_against_the_same_defender():
    with pytest.raises(ValueError, match="same defender"):
        calculate_sequence([make_attack(1, 1), make_attack(1, 2)])


def test_monte_carlo_of_a_live_sequence_agrees_with_the_exact_result():
    """Three attacks against a defender with focus, evade and a Stealth Device, hull 2 +
    1 shield, played 2500 times on live dice with the plan's choices; the live procedure
    carries the defender's tokens over. The frequency of each 'destroyed by attack n' and the
    mean total damage are within 4.5 standard errors of the exact values."""
    import random

    from tallon.dice.sequence import SequencePlan

    attack = make_attack(3, 2, attacker={"focus": 1, "lock": 1},
                         defender={"focus": 1, "evade": 1},
                         defender_abilities=(cards.stealth_device(),))
    plan = SequencePlan([attack] * 3, hull=2, shields=1, objective="fast")
    exact = plan.result()
    rng = random.Random(5)
    n = 2500
    runs = [plan.play(rng) for _ in range(n)]
    for k, p in enumerate(exact.attacks_needed[1:], start=1):
        seen = sum(1 for r in runs if r.destroyed_by == k) / n
        p = float(p)
        assert abs(seen - p) <= 4.5 * (p * (1 - p) / n) ** 0.5 + 1e-12
    mean = sum(r.total for r in runs) / n
    expected = float(exact.expected_total_damage)
    variance = sum((d - expected) ** 2 * float(q) for d, q in enumerate(exact.total_damage))
    assert abs(mean - expected) <= 4.5 * (variance / n) ** 0.5


def test_a_hundred_attacks_in_a_row_are_solved():
    """Long sequences nest one solve inside the next; 100 attacks must still work. 1 attack
    die vs agility 0, hull 1: survives all 100 with (1/2)**100."""
    result = attacks_to_destroy(make_attack(1), hull=1, max_attacks=100)
    assert 1 - result.p_destroyed == F(1, 2**100)


def test_longer_sequences_are_refused_clearly():
    with pytest.raises(ValueError, match="at most 100 attacks"):
        calculate_sequence([make_attack(1)] * 101)
