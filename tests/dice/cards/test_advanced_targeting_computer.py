"""Advanced Targeting Computer (TIE Advanced x1): primary attack against a locked defender — roll
1 additional attack die and change 1 hit to a crit. FAQ: the change needs the lock, so it
cannot be made after spending the lock; the lock can be spent after the change."""

from tallon.dice import Attack, Combatant, DieKind, Face, Role, attack_dice_count
from tallon.dice.abilities import cards

from ..helpers import F, situation, solve


def test_atc_adds_a_die_only_with_a_lock():
    atc = cards.advanced_targeting_computer()
    locked = Attack(Combatant(2, {"lock": 1}, (atc,)), Combatant(0))
    unlocked = Attack(Combatant(2, {}, (atc,)), Combatant(0))
    for attack, dice in ((locked, 3), (unlocked, 2)):
        count = attack_dice_count(attack, attack.attacker.tokens, attack.defender.tokens,
                                  [atc], [])[0]
        assert count == dice


def test_atc_change_needs_the_lock_still_held():
    atc = cards.advanced_targeting_computer()
    held = atc.options(situation(Role.ATTACKER, DieKind.ATTACK, [Face.HIT], own={"lock": 1}))
    gone = atc.options(situation(Role.ATTACKER, DieKind.ATTACK, [Face.HIT], own={"lock": 0}))
    assert held[0].ops and not gone[0].ops


def test_atc_with_one_die_and_a_lock():
    """Attack 1 + lock: 2 dice, each hit/crit (H) with 1/2, and a miss can be rerolled with
    the lock: each die hits with 3/4, E = 3/2.
    Crits: with at least one initial H (3/4) a crit is certain (change a hit while the lock
    is still held, then spend it). With two misses (1/4) the lock is spent to reroll and the
    change is no longer possible (FAQ), so only a rolled crit counts: 1 - (7/8)**2 = 15/64.
    P(crit) = 3/4 + 1/4 * 15/64 = 207/256."""
    result = solve(1, attacker={"lock": 1},
                   attacker_abilities=(cards.advanced_targeting_computer(),))
    assert result.expected_damage == F(3, 2)
    assert result.p_crit == F(207, 256)
