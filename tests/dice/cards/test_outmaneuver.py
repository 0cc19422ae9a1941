"""Outmaneuver: front-arc attack from outside the defender's firing arc — the defender rolls 1
fewer defense die."""

from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_outmaneuver_removes_a_defense_die():
    """Agility 1 becomes 0: 1 attack die deals damage with 1/2."""
    assert solve(1, 1, attacker_abilities=(cards.outmaneuver(),)).p_at_least(1) == F(1, 2)
