"""Agent Kallus: attacking the ship with the Hunted condition — may change 1 focus to a hit."""

from tallon.dice.abilities import cards

from ..helpers import F, solve


def test_kallus_is_a_free_calculate():
    """Same as 1 calculate token on 2 dice: P(2) = 1/2, P(0) = 1/16."""
    result = solve(2, attacker_abilities=(cards.agent_kallus(),))
    assert result.damage == [F(1, 16), F(7, 16), F(1, 2)]
