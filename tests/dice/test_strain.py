"""RR: STRAIN — a strained ship rolls 1 fewer defense die while it defends, then removes 1
strain token."""

from tallon.dice import Combatant, Role, Tokens, defense_dice_count
from tallon.dice.attack import Attack

from .helpers import F, solve


def test_strained_defender_rolls_one_fewer_die():
    """Agility 1, strained: 0 defense dice, so 1 attack die deals damage with 1/2."""
    result = solve(1, 1, defender={"strain": 1})
    assert result.p_at_least(1) == F(1, 2)


def test_strain_token_is_removed_after_it_applies():
    result = solve(1, 1, defender={"strain": 2})
    assert result.expected_tokens(Role.DEFENDER)["strain"] == 1


def test_strain_is_removed_even_when_no_die_could_be_removed():
    """FAQ: an agility-0 ship that is strained still removes the strain token."""
    attack = Attack(Combatant(1), Combatant(0, {"strain": 1}))
    count, changes = defense_dice_count(attack, Tokens(), Tokens({"strain": 1}), [], [])
    assert count == 0
    assert changes == {"strain": -1}
