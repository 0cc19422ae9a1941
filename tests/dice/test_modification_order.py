"""RR: ATTACK steps 2b and 3b — the defender modifies attack dice before the attacker does; the
attacker modifies defense dice before the defender does. Each later player chooses knowing
what the earlier one did."""

from tallon.dice import Role
from tallon.dice.abilities import cards

from .helpers import F, solve


def test_attacker_can_undo_the_defenders_change_to_its_dice():
    """Plated Hull (defender, mandatory) turns the crit into a hit first; Marksmanship
    (attacker) then turns a hit into a crit. 1 attack die: hit or crit (1/2) ends as a crit,
    because the attacker acts last on attack dice."""
    result = solve(1, attacker_abilities=(cards.marksmanship(),),
                   defender_abilities=(cards.plated_hull(),))
    assert result.p_crit == F(1, 2)


def test_defender_alone_leaves_no_crit():
    """Plated Hull without Marksmanship: the only crit is changed: P(crit) = 0, damage 1/2."""
    result = solve(1, defender_abilities=(cards.plated_hull(),))
    assert result.p_crit == 0
    assert result.expected_damage == F(1, 2)


def test_defender_can_answer_the_attackers_change_to_its_dice():
    """Juke (attacker, evading) turns an evade into a focus first; the defender then spends
    focus to turn it back. 1 attack die vs 1 defense die, defender focus: damage only on a
    defense blank: 1/2 * 3/8 = 3/16, as without Juke; but the defender now spends its focus
    on evades too (rolled focus 2/8 + juked evade 3/8, when the attack hits)."""
    result = solve(1, 1, attacker={"evade": 1}, defender={"focus": 1},
                   attacker_abilities=(cards.juke(),))
    assert result.p_at_least(1) == F(3, 16)
    spent = 1 - result.expected_tokens(Role.DEFENDER)["focus"]
    assert spent == F(1, 2) * F(5, 8)


def test_juke_wins_when_the_defender_cannot_answer():
    """Same without the defender's focus: damage unless the die is an evade that Juke leaves
    alone — Juke changes it, so every hit deals damage: P = 1/2."""
    result = solve(1, 1, attacker={"evade": 1}, attacker_abilities=(cards.juke(),))
    assert result.p_at_least(1) == F(1, 2)


def test_only_the_defender_may_modify_attack_dice_at_range_0():
    """RR: ATTACK step 2b — at range 0 a primary attack's dice can be modified only by the
    defender: the attacker's focus token does nothing (1 die: 1/2), while Plated Hull still
    changes the crit."""
    result = solve(1, attacker={"focus": 1}, defender_abilities=(cards.plated_hull(),),
                   attack_range=0)
    assert result.p_at_least(1) == F(1, 2)
    assert result.p_crit == 0
    assert result.expected_tokens(Role.ATTACKER)["focus"] == 1


def test_defender_rerolls_attack_dice_first_and_the_attacker_cannot_reroll_them_again():
    """A defender ability "you may make the attacker reroll 1 attack die" (built from the
    shared blocks) acts before the attacker and knows the roll. 1 attack die, attacker lock:
    a hit/crit (1/2) is rerolled by the defender and stays as rolled (1/2), since the lock
    cannot reroll it again; a miss (1/2) is left to the attacker's lock (1/2).
    P(damage) = 1/2 * 1/2 + 1/2 * 1/2 = 1/2 (3/4 without the ability), and the lock is spent
    only on first misses: 1/2 left."""
    from tallon.dice import DEFENDING, CardAbility, RerollDice, Window

    heckler = CardAbility("heckler", "Heckler (attacker rerolls 1 die)", effect=RerollDice(1),
                          window=Window.OPPONENT_DICE, roles=DEFENDING)
    result = solve(1, attacker={"lock": 1}, defender_abilities=(heckler,))
    assert result.p_at_least(1) == F(1, 2)
    assert result.expected_tokens(Role.ATTACKER)["lock"] == F(1, 2)
