"""Solo (Han Solo's modified YT-1300 ship ability): with no friendly ship at range 0-1, may spend
a charge to reroll 1 of your dice — the same building block as Lone Wolf."""

from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_solo_rerolls_one_die_per_charge():
    assert solve(1, attacker_abilities=(cards.solo(),)).p_at_least(1) == F(3, 4)


def test_solo_on_defense():
    assert solve(1, 1, defender_abilities=(cards.solo(),)).p_at_least(1) == F(25, 128)
