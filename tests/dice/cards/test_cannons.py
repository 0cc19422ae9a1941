"""Cannon weapons' own dice effects in the calculator: Proton Cannons (1 focus or hit to
crit, mandatory), Precision-Tuned Cannons (add 1 focus, mandatory; the caller checks the
bullseye arc) and Autoblasters (evades don't cancel crits; the caller checks that the
attacker is outside the defender's front arc)."""

from tallon.dice import lookup
from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_proton_cannons_make_a_crit_of_any_focus_or_hit():
    """One die: the crit chance goes from 1/8 to 6/8 (hit, crit or focus)."""
    assert solve(1).p_crit == F(1, 8)
    result = solve(1, attacker_abilities=(cards.proton_cannons(),))
    assert result.p_crit == F(3, 4) and result.expected_damage == F(3, 4)


def test_proton_cannons_change_only_one_die():
    """Two focus results can't both become crits: with two dice P(2 crits) is the chance
    of one crit rolled and one focus or hit, or two crits, not of two successes."""
    result = solve(2, attacker_abilities=(cards.proton_cannons(),))
    two_crits = sum(p for (h, c), p in result.hits_crits.items() if c == 2)
    assert two_crits == F(1, 64) + 2 * F(1, 8) * F(5, 8)


def test_precision_tuned_cannons_add_a_focus_result_to_spend():
    """No dice rolled: the added focus, with a focus token, is a sure hit; alone, nothing."""
    ptc = cards.precision_tuned_cannons()
    assert solve(0, attacker={"focus": 1}, attacker_abilities=(ptc,)).expected_damage == 1
    assert solve(0, attacker={"focus": 1}).expected_damage == 0


def test_autoblasters_crits_get_through_evades():
    """One die against one: a crit is never canceled (23/64 instead of 20/64)."""
    assert solve(1, 1).expected_damage == F(20, 64)
    result = solve(1, 1, attacker_abilities=(cards.autoblasters(),))
    assert result.expected_damage == F(23, 64)


def test_catalogue_ids():
    for key in ("protoncannons", "precisiontunedcannons-battleoverendor", "autoblasters"):
        assert lookup(key).make().key == key
