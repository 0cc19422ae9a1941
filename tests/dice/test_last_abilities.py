"""Issue 20's last three calculator abilities, each against a hand-computed case: Predictive
Shot (the defense dice capped by the attack's results, its Force spent when declaring), Iden
Versio (damage prevented before it is suffered, charges carried through a sequence) and the
generic "reroll up to N".

Dice used in the hand computations: an attack die is a hit or crit with 1/2 (hit 3/8, crit
1/8), a focus with 1/4, a blank with 1/4; a defense die is an evade with 3/8."""

import random
from collections import Counter
from fractions import Fraction

import pytest

from tallon.dice import Attack, AttackSolver, Combatant, Role, calculate
from tallon.dice.abilities.catalogue import CATALOGUE
from tallon.dice.playout import OptimalPlay, play_attack
from tallon.dice.sequence import SequencePlan, calculate_sequence

F = Fraction


def ability(key: str, value: int | None = None):
    return CATALOGUE[key].make(value)


# --- Predictive Shot ------------------------------------------------------------------------

def test_predictive_shot_caps_the_defense_dice_by_the_hits():
    """Situation: 2 attack dice with 1 Force and Predictive Shot against agility 3, no other
    tokens. Rule: Predictive Shot (spend 1 Force when declaring: the defender rolls no more
    defense dice than the attack's hit/crit results, RR: ATTACK step 3a).
    By hand, spending it: k ~ Bin(2, 1/2) results, then min(3, k) defense dice.
    k=1 (1/2): 1 die, damage 1 unless an evade: 5/8. k=2 (1/4): 2 dice, E = 2*(5/8)^2
    + 1*2*(3/8)(5/8) = 80/64 = 5/4. E = 1/2*5/8 + 1/4*5/4 = 5/8.
    Keeping the Force for 1 focus -> hit instead (see the next test): 4675/8192 < 5/8.
    Expected: E = 5/8, the shot is declared, no Force is left."""
    attack = Attack(Combatant(2, {"force": 1}, (ability("predictiveshot"),)), Combatant(3))
    result = calculate(attack)
    assert result.expected_damage == F(5, 8)
    assert AttackSolver(attack).declared == ("predictiveshot",)
    assert result.expected_tokens(Role.ATTACKER) == {"force": 0}  # the mark is not a token


def test_without_the_card_the_force_changes_a_focus():
    """Situation: the same attack without Predictive Shot. Rule: the Force token changes 1
    focus to a hit (RR: FORCE CHARGE). By hand: per die S (hit/crit) 1/2, F 1/4, B 1/4;
    k=2: SS 1/4 + SF 1/4 = 1/2; k=1: SB 1/4 + FF 1/16 + FB 1/8 = 7/16. Against 3 dice
    (P(no evade) = 125/512, P(1 evade) = 225/512): k=2 gives 475/512, k=1 125/512;
    E = 1/2*475/512 + 7/16*125/512 = 4675/8192. Expected: that value, the baseline the
    previous test beats."""
    assert calculate(Attack(Combatant(2, {"force": 1}), Combatant(3))).expected_damage \
        == F(4675, 8192)


def test_predictive_shot_is_not_declared_when_it_cannot_help():
    """Situation: 2 dice, 1 Force, Predictive Shot, against agility 0. Rule: the shot is a
    "may"; its Force is spent before the roll, so it is gone for the focus. By hand, keeping
    the Force: E = 1 + P(at least one focus) = 1 + 1 - (3/4)^2 = 23/16.
    Expected: 23/16, not declared, the Force spent only when a focus shows (P = 7/16)."""
    attack = Attack(Combatant(2, {"force": 1}, (ability("predictiveshot"),)), Combatant(0))
    result = calculate(attack)
    assert result.expected_damage == F(23, 16)
    assert AttackSolver(attack).declared == ()
    assert result.expected_tokens(Role.ATTACKER)["force"] == F(9, 16)


def test_predictive_shot_needs_the_force_to_pay():
    """Situation: Predictive Shot without Force. Rule: RR: PAYING COSTS. Expected: the plain
    2 dice v 3 result: E = 1/4*475/512 + 1/2*125/512 = 725/2048 (k ~ Bin(2, 1/2))."""
    attack = Attack(Combatant(2, {}, (ability("predictiveshot"),)), Combatant(3))
    assert calculate(attack).expected_damage == F(725, 2048)
    assert AttackSolver(attack).declared == ()


# --- Iden Versio ------------------------------------------------------------------------------

def test_iden_prevents_all_the_damage_while_she_has_her_charge():
    """Situation: 3 attack dice against agility 0, the defender a TIE/ln beside Iden Versio
    (1 charge). Rule: Iden Versio (spend 1 charge before the ship would suffer damage:
    prevent it; RR: DAMAGE). Expected: no damage suffered ever; the charge is spent exactly
    when some damage would be suffered, so it is left with P(all 3 dice miss) = 1/8."""
    result = calculate(Attack(Combatant(3), Combatant(0, {}, (ability("idenversio"),))))
    assert result.damage == [1]
    assert result.expected_tokens(Role.DEFENDER) == {"idenversio": F(1, 8)}


def test_iden_without_charges_prevents_nothing():
    """Situation: idenversio=0 (her charge spent earlier). Expected: 3 dice v 0 as plain,
    E = 3/2."""
    attack = Attack(Combatant(3), Combatant(0, {}, (ability("idenversio", 0),)))
    assert calculate(attack).expected_damage == F(3, 2)


def test_iden_battle_of_yavin_prevents_one_damage_a_crit_first():
    """Situation: 2 attack dice v agility 0, Iden Versio (Battle of Yavin, 2 charges: spend
    2 to prevent 1 damage). By hand: 1 damage prevented whenever any is suffered, so
    E = P(2 results) * 1 = 1/4; the defender prevents a crit rather than a hit (fewer crits
    at equal damage), so a crit is suffered only with 2 crits: 1/4 * (1/4)^2 = 1/64."""
    attack = Attack(Combatant(2), Combatant(0, {}, (ability("idenversio-battleofyavin"),)))
    result = calculate(attack)
    assert result.expected_damage == F(1, 4)
    assert result.p_crit == F(1, 64)


def test_prevented_damage_is_not_suffered_for_stealth_device():
    """Situation: 1 attack die v agility 0 with Stealth Device (so 1 defense die) and Iden
    Versio. Rule: Stealth Device loses its charge after the ship suffers damage; prevented
    damage is not suffered (ruling). Expected: no damage, the Stealth Device charge kept
    always."""
    defender = Combatant(0, {}, (ability("stealthdevice"), ability("idenversio")))
    result = calculate(Attack(Combatant(1), defender))
    assert result.damage == [1]
    assert result.expected_tokens(Role.DEFENDER)["stealthdevice"] == 1


def test_iden_over_two_equal_attacks():
    """Situation: two attacks of 2 dice v agility 0, Iden with 1 charge, expected total
    damage. By hand: attack 2 deals E = 1 without the charge and 0 with it. After attack 1
    deals d: preventing leaves 0 + 1, keeping the charge d + 0. d=2 (1/4): prevent. d=1:
    a tie, broken by fewer crits (a crit (1/8) is prevented) then by the charge kept (a hit
    (3/8) is suffered). Total: 1/4 + 1/2 = 3/4; attack 1: 3/8 (the single hits); attack 2:
    P(charge spent) * 1 = (1/4 + 1/8) = 3/8."""
    defender = Combatant(0, {}, (ability("idenversio"),))
    result = calculate_sequence([Attack(Combatant(2), defender)] * 2)
    assert result.value == F(3, 4)
    assert [s.expected_damage for s in result.stages] == [F(3, 8), F(3, 8)]


def test_iden_saves_her_charge_for_the_bigger_attack():
    """Situation: 1 die then 3 dice v agility 0, Iden with 1 charge. Rule: the prevention is
    a "may", the defender plays the sequence optimally (ruling). By hand: preventing
    attack 1's damage (1) would leave attack 2's 3/2 unprevented; keeping the charge costs 1
    and attack 2 then deals nothing. Expected: total 1/2 (attack 1's E), attack 2 none, the
    charge left only when attack 2 misses entirely: 1/8 (spending it on the first damage
    would give 3/4)."""
    defender = Combatant(0, {}, (ability("idenversio"),))
    result = calculate_sequence([Attack(Combatant(1), defender), Attack(Combatant(3), defender)])
    assert result.value == F(1, 2)
    assert [s.expected_damage for s in result.stages] == [F(1, 2), 0]
    assert result.stages[-1].defender_tokens == {"idenversio": F(1, 8)}


# --- "reroll up to N" ---------------------------------------------------------------------

@pytest.mark.parametrize(("dice", "up_to", "expected"), [
    (3, 3, F(9, 4)),    # every miss rerolled: 3 * (1/2 + 1/2 * 1/2)
    (4, 1, F(79, 32)),  # 2 + P(some miss) * 1/2 = 2 + 15/16 * 1/2
    (4, 3, F(95, 32)),  # 2 + E[min(misses, 3)] / 2 = 2 + (2 - 1/16) / 2
])
def test_reroll_up_to_n(dice, up_to, expected):
    """Situation: attack dice v agility 0 with the generic reroll=N. Rule: reroll up to N
    dice once (RR: DICE MODIFICATION); the attacker rerolls every blank and focus it may.
    Expected: the hand-computed expectations in the parameters."""
    attack = Attack(Combatant(dice, {}, (ability("reroll", up_to),)), Combatant(0))
    assert calculate(attack).expected_damage == expected


def test_reroll_is_a_catalogue_entry_for_both_roles():
    """Situation: the catalogue. Expected: reroll takes a number of dice (default 1) and
    may be given to either side; reroll=3 names its count."""
    entry = CATALOGUE["reroll"]
    assert entry.parameter == "dice" and entry.roles == frozenset(Role)
    assert "up to 3" in entry.make(3).title and "up to 1" in entry.make().title


# --- live play agrees -----------------------------------------------------------------------

@pytest.mark.parametrize("attack", [
    Attack(Combatant(2, {"force": 1, "focus": 1}, (ability("predictiveshot"),)),
           Combatant(3, {"focus": 1})),
    Attack(Combatant(3, {"focus": 1}),
           Combatant(1, {}, (ability("idenversio-battleofyavin", 4),))),
], ids=["predictive shot", "iden battle of yavin"])
def test_live_play_of_the_solved_policy_agrees(attack):
    """Situation: 3000 live attacks with the solved policy (declaring and preventing as
    solved). Expected: each damage frequency within 4.5 standard errors of the exact one."""
    exact = calculate(attack)
    policy = OptimalPlay(attack)
    rng = random.Random(11)
    n = 3000
    damage = Counter(play_attack(attack, rng, policy).damage for _ in range(n))
    assert set(damage) <= set(range(len(exact.damage)))
    for d, p in enumerate(exact.damage):
        p = float(p)
        assert abs(damage[d] / n - p) <= 4.5 * (p * (1 - p) / n) ** 0.5 + 1e-12


def test_a_live_sequence_spends_iden_s_charge_as_planned():
    """Situation: the 1-die then 3-dice sequence above played live. Expected: the second
    attack never deals damage (the charge is kept for it), whatever the dice."""
    defender = Combatant(0, {}, (ability("idenversio"),))
    plan = SequencePlan([Attack(Combatant(1), defender), Attack(Combatant(3), defender)])
    rng = random.Random(3)
    for _ in range(200):
        live = plan.play(rng)
        assert live.damage[1] == 0
