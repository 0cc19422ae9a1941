"""RR: RANGE BONUS — range 1: the attacker rolls 1 more die; range 3: the defender rolls 1
more die; not for ordnance. RR: ATTACK step 2a — at range 0 no attack dice can be added."""

import pytest

from tallon.dice import Attack, Combatant, Tokens, attack_dice_count, defense_dice_count
from tallon.dice.abilities import cards

from .helpers import F, solve


def counts(attack: Attack) -> tuple[int, int]:
    a = attack_dice_count(attack, attack.attacker.tokens, attack.defender.tokens,
                          list(attack.attacker.abilities), list(attack.defender.abilities))[0]
    d = defense_dice_count(attack, attack.attacker.tokens, attack.defender.tokens,
                           list(attack.attacker.abilities), list(attack.defender.abilities))[0]
    return a, d


@pytest.mark.parametrize(
    ("attack_range", "ordnance", "expected"),
    [(1, False, (3, 2)), (2, False, (2, 2)), (3, False, (2, 3)), (1, True, (2, 2)),
     (3, True, (2, 2)), (None, False, (2, 2)), (0, False, (2, 2))],
)
def test_range_bonus_dice(attack_range, ordnance, expected):
    attack = Attack(Combatant(2), Combatant(2), attack_range=attack_range, ordnance=ordnance)
    assert counts(attack) == expected


def test_no_attack_dice_are_added_at_range_0():
    """Trick Shot's extra die is not rolled at range 0 for a primary attack."""
    attack = Attack(Combatant(2, {}, (cards.trick_shot(),)), Combatant(1), attack_range=0)
    assert counts(attack) == (2, 1)


def test_a_special_weapon_at_range_0_can_add_dice():
    attack = Attack(Combatant(2, {}, (cards.trick_shot(),)), Combatant(1), attack_range=0,
                    primary=False)
    assert counts(attack) == (3, 1)


def test_range_1_bonus_die_in_the_odds():
    """Attack 1 at range 1 rolls 2 dice: P(2 damage) = 1/4."""
    assert solve(1, attack_range=1).damage == [F(1, 4), F(1, 2), F(1, 4)]


def test_range_3_bonus_die_in_the_odds():
    """1 attack die vs agility 0 at range 3: 1 defense die: P(damage) = 1/2 * 5/8."""
    assert solve(1, 0, attack_range=3).p_at_least(1) == F(5, 16)


def test_dice_are_capped_at_six():
    attack = Attack(Combatant(6), Combatant(6), attack_range=1, obstructed=True)
    assert counts(attack) == (6, 6)


def test_range_outside_0_to_3_is_refused():
    with pytest.raises(ValueError, match="0-3"):
        Attack(Combatant(1), Combatant(1), attack_range=4)


def test_tokens_object_is_accepted():
    attack = Attack(Combatant(1, Tokens({"focus": 1})), Combatant(0))
    assert attack.attacker.tokens["focus"] == 1
