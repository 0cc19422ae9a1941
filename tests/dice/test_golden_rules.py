"""Golden Rules / RR: DICE MODIFICATION — each die can be rerolled at most once, however many
effects could reroll it."""

from tallon.dice.abilities import cards

from .helpers import F, solve


def test_two_reroll_effects_cannot_reroll_the_same_die_twice():
    """1 attack die with a lock and Predator: after one reroll the die is spent for rerolls,
    so P(hit) = 1/2 + 1/2 * 1/2 = 3/4, not 1 - (1/2)**3 = 7/8."""
    result = solve(1, attacker={"lock": 1}, attacker_abilities=(cards.predator(),))
    assert result.p_at_least(1) == F(3, 4)


def test_two_single_die_rerolls_on_two_dice_each_reroll_a_different_die():
    """2 dice with Predator and Howlrunner (1 die each): every die can be rerolled once, so each
    hits with 3/4: P(2) = 9/16, P(1) = 6/16, P(0) = 1/16."""
    result = solve(2, attacker_abilities=(cards.predator(), cards.howlrunner()))
    assert result.damage == [F(1, 16), F(6, 16), F(9, 16)]


def test_defense_die_rerolled_by_the_attacker_cannot_be_rerolled_by_the_defender():
    """Saturation Salvo makes the defender reroll its die; the defender's Elusive then has no
    fresh die. 1 attack die vs 1 defense die: the attacker uses Salvo when the attack hits
    and the defense die is an evade (it must pick the only die); the defender's Elusive can
    only act if Salvo was not used.
    Hit (1/2): defense evade 3/8 -> salvo -> evade 3/8, else damage: no Elusive possible.
               defense non-evade 5/8 -> no salvo (would not help) -> Elusive reroll -> 3/8 evade.
    P(damage) = 1/2 * (3/8 * 5/8 + 5/8 * 5/8) = 1/2 * 40/64 = 5/16."""
    result = solve(1, 1, attacker_abilities=(cards.saturation_salvo(),),
                   defender_abilities=(cards.elusive(),))
    assert result.p_at_least(1) == F(5, 16)
