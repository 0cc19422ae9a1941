"""Proton Torpedoes (the weapon's effect): change 1 hit result to a critical hit — part of the
attack, not optional."""

from tallon.dice import DieKind, Face, Role
from tallon.dice.abilities import cards
from tallon.dice.playout import never_modify, play_attack

from ..helpers import F, make_attack, situation, solve


def test_proton_torpedo_always_makes_a_crit_from_a_hit():
    """1 die: hit 3/8 must become a crit: P(crit) = 1/2."""
    assert solve(1, attacker_abilities=(cards.proton_torpedoes(),)).p_crit == F(1, 2)


def test_proton_torpedo_with_nothing_to_change_does_nothing():
    ability = cards.proton_torpedoes()
    options = ability.options(situation(Role.ATTACKER, DieKind.ATTACK, [Face.BLANK]))
    assert [o.ops for o in options] == [()]


def test_proton_torpedo_is_applied_in_live_play_even_by_a_passive_player(rng):
    attack = make_attack(4, attacker_abilities=(cards.proton_torpedoes(),))
    for _ in range(20):
        outcome = play_attack(attack, rng, never_modify)
        if outcome.attack_dice.count(Face.HIT) + outcome.attack_dice.count(Face.CRIT):
            assert outcome.attack_dice.count(Face.CRIT) >= 1
