"""Issue 20's remaining dice abilities in the catalogue: "Zeb" Orrelios, Luke Skywalker,
"Leebo", Hate, Biggs Darklighter and Selfless, and "reroll up to 3", each against a
hand-computed case.

Attack die: 3 hit, 1 crit, 2 focus, 2 blank of 8 (hit or crit 1/2); defense die: 3 evade,
2 focus, 3 blank of 8. Attack 1 against 1 defense die with a focus-to-evade token: damage
= 1/2 * (1 - 5/8) = 3/16; without it 1/2 * 5/8 = 5/16."""

import random
from fractions import Fraction

import pytest

from tallon.dice import Role
from tallon.dice.abilities import pilots_3
from tallon.dice.abilities.catalogue import CATALOGUE, parse_ability
from tallon.dice.neutralize import defender_cancels, neutralize
from tallon.dice.playout import never_modify, play_attack
from tallon.dice.sequence import calculate_sequence

from ..helpers import F, make_attack, solve


class TestZebOrrelios:
    def test_crits_are_neutralized_first_when_he_defends(self):
        """Attack 2 against "Zeb" with 1 defense die, no tokens (RR: ATTACK step 4, his card:
        crits neutralized before hits). Expected damage is unchanged: 1 - 3/8 * 3/4 = 23/32.
        P(a crit is left): with no evade (5/8) any crit, 15/64; with an evade (3/8) the usual
        order keeps the crit of crit+hit and of crit+crit, 7/64, Zeb's only of crit+crit,
        1/64: 3/16 usually, 5/8 * 15/64 + 3/8 * 1/64 = 39/256 with Zeb."""
        zeb = parse_ability("zeborrelios-pilot", Role.DEFENDER)
        plain, with_zeb = solve(2, 1), solve(2, 1, defender_abilities=(zeb,))
        assert plain.expected_damage == with_zeb.expected_damage == F(23, 32)
        assert plain.p_crit == F(3, 16)
        assert with_zeb.p_crit == F(39, 256)

    @pytest.mark.parametrize("key", ["zeborrelios-pilot", "zeborrelios-tielnfighter",
                                     "zeborrelios-sheathipedeclassshuttle"])
    def test_every_printing_defends_only(self, key):
        """Each of the three pilot printings is a defender's ability: refused attacking."""
        assert parse_ability(key, Role.DEFENDER).crits_canceled_first
        with pytest.raises(ValueError, match="only for the defender"):
            parse_ability(key, Role.ATTACKER)


class TestLukeSkywalker:
    def test_recovered_force_is_spent_in_the_same_attack(self):
        """Luke with 0 Force defends with 1 die against 1 attack die: he recovers 1 Force
        before the dice (his card), so a focus becomes an evade: damage 3/16 (5/16 without
        him). The Force is spent only against a hit with a focus (1/2 * 1/4): 7/8 left."""
        luke = parse_ability("lukeskywalker", Role.DEFENDER)
        assert solve(1, 1).expected_damage == F(5, 16)
        result = solve(1, 1, defender_abilities=(luke,))
        assert result.expected_damage == F(3, 16)
        assert result.expected_tokens(Role.DEFENDER)["force"] == F(7, 8)

    def test_no_recovery_at_his_force_capacity(self):
        """At 2 Force (his capacity) nothing is recovered: 2 - 1/8 = 15/8 left; with a
        capacity of 3 (luke=3) he recovers: 3 - 1/8 = 23/8."""
        luke = parse_ability("lukeskywalker-battleofyavin", Role.DEFENDER)
        result = solve(1, 1, defender={"force": 2}, defender_abilities=(luke,))
        assert result.expected_tokens(Role.DEFENDER)["force"] == F(15, 8)
        more = parse_ability("lukeskywalker-swz106=3", Role.DEFENDER)
        result = solve(1, 1, defender={"force": 2}, defender_abilities=(more,))
        assert result.expected_tokens(Role.DEFENDER)["force"] == F(23, 8)

    def test_recovers_against_an_attack_of_no_dice(self):
        """Becoming the defender is enough: with 0 attack dice he still ends with 1 Force."""
        luke = parse_ability("lukeskywalker", Role.DEFENDER)
        result = solve(0, 1, defender_abilities=(luke,))
        assert result.expected_tokens(Role.DEFENDER)["force"] == 1

    def test_recovers_before_each_attack_of_a_sequence(self):
        """Two such attacks against Luke with 0 Force: he recovers before each, so each does
        3/16: 3/8 in all."""
        luke = parse_ability("lukeskywalker", Role.DEFENDER)
        attack = make_attack(1, 1, defender_abilities=(luke,))
        seq = calculate_sequence([attack, attack])
        assert [stage.expected_damage for stage in seq.stages] == [F(3, 16), F(3, 16)]


class TestLeebo:
    def test_spent_calculate_comes_back_after_the_attack(self):
        """"Leebo" with 1 calculate defends with 1 die against 1 die: damage 3/16 as with any
        calculate token, but the token spent comes back: 1 left always (7/8 without him);
        the mark that he spent one is not reported."""
        leebo = parse_ability("leebo", Role.DEFENDER)
        assert solve(1, 1, defender={"calculate": 1}).expected_tokens(
            Role.DEFENDER) == {"calculate": F(7, 8)}
        result = solve(1, 1, defender={"calculate": 1}, defender_abilities=(leebo,))
        assert result.expected_damage == F(3, 16)
        assert result.expected_tokens(Role.DEFENDER) == {"calculate": 1}

    def test_a_sequence_keeps_his_calculate_token(self):
        """Two attacks (1 die against 1 die) on a defender with 1 calculate: without Leebo
        the token is gone after the first use (first attack 3/16; second 7/8 * 3/16 + 1/8 *
        5/16 = 13/64; 25/64 in all); with Leebo (second printing) both are 3/16: 3/8."""
        leebo = parse_ability("leebo-swz103-rebelalliance", Role.DEFENDER)
        plain = make_attack(1, 1, defender={"calculate": 1})
        assert calculate_sequence([plain, plain]).expected_total_damage == F(25, 64)
        his = make_attack(1, 1, defender={"calculate": 1}, defender_abilities=(leebo,))
        assert calculate_sequence([his, his]).expected_total_damage == F(3, 8)

    def test_attacking_he_regains_it_too(self):
        """Attacking with 1 die and 1 calculate against no defense: a focus (1/4) becomes a
        hit: damage 3/4, and the calculate token is back afterwards (1 left, not 3/4)."""
        leebo = parse_ability("leebo", Role.ATTACKER)
        result = solve(1, attacker={"calculate": 1}, attacker_abilities=(leebo,))
        assert result.expected_damage == F(3, 4)
        assert result.expected_tokens(Role.ATTACKER)["calculate"] == 1


class TestHate:
    def test_recovers_one_force_per_damage_up_to_capacity(self):
        """2 attack dice against agility 0, no Force: damage 0/1/2 with 1/4, 1/2, 1/4; Hate
        recovers that many Force: 1 expected; with a capacity of 1 (hate=1), P(damage >= 1)
        = 3/4."""
        result = solve(2, defender_abilities=(parse_ability("hate", Role.DEFENDER),))
        assert result.expected_tokens(Role.DEFENDER)["force"] == 1
        capped = solve(2, defender_abilities=(parse_ability("hate=1", Role.DEFENDER),))
        assert capped.expected_tokens(Role.DEFENDER)["force"] == F(3, 4)

    def test_the_force_serves_the_next_attack(self):
        """Two attacks (1 die against 1 die) on a Hate defender with no Force: the first
        does 5/16 and leaves 1 Force when it hits (5/16); the second does 5/16 * 3/16 +
        11/16 * 5/16 = 35/128."""
        attack = make_attack(1, 1, defender_abilities=(pilots_3.hate(),))
        seq = calculate_sequence([attack, attack])
        assert [stage.expected_damage for stage in seq.stages] == [F(5, 16), F(35, 128)]


class TestCancelBeforeNeutralize:
    def test_biggs_cancels_a_result_before_the_evades(self):
        """Attack 2 against 1 defense die with Biggs beside the defender: he cancels 1 result,
        then the evade another: damage only when both dice hit (1/4) and no evade (5/8):
        5/32. A crit is left only from 2 crits (1/64) with no evade: 5/512."""
        result = solve(2, 1, defender_abilities=(parse_ability("biggsdarklighter",
                                                               Role.DEFENDER),))
        assert result.expected_damage == F(5, 32)
        assert result.p_crit == F(5, 512)

    def test_selfless_cancels_only_a_crit(self):
        """The same attack with Selfless: 1 crit canceled when there is one (15/64), so
        results left average 1 - 15/64 = 49/64, of which the evade cancels 1 when any is
        left (3/8 * 5/8): 49/64 - 15/64 = 17/32."""
        result = solve(2, 1, defender_abilities=(parse_ability("selfless", Role.DEFENDER),))
        assert result.expected_damage == F(17, 32)

    def test_both_cancel_crits_first(self):
        """Selfless and Biggs together: a crit for Selfless, then Biggs: only 2 hits (9/64)
        leave anything, 1 hit, which the evade cancels 3/8 of the time: 45/512, never a
        crit."""
        both = (pilots_3.biggs_darklighter(), pilots_3.selfless())
        result = solve(2, 1, defender_abilities=both)
        assert result.expected_damage == F(45, 512)
        assert result.p_crit == 0
        assert defender_cancels(both) == (1, 1)

    def test_the_rule_never_helps_the_attacker(self):
        """Canceling a crit when there is one, else a hit, leaves no more results and no more
        crits than canceling the other or nothing, whatever the Neutralize rules (checked
        for up to 6 of each, reinforce 0-2, crits first or not, evades cancelling crits or
        not): the ruling that makes it no choice."""
        for h in range(7):
            for c in range(7):
                for e in range(7):
                    for kw in ({"reinforce": r, "crits_first": f, "evades_cancel_crits": x}
                               for r in range(3) for f in (False, True) for x in (False, True)):
                        rule = neutralize(h, c, e, cancel_results=1, **kw)
                        others = [neutralize(h, c, e, **kw)]
                        others += [neutralize(h, c - 1, e, **kw)] if c else []
                        others += [neutralize(h - 1, c, e, **kw)] if h else []
                        for other in others:
                            assert sum(rule) <= sum(other) and rule[1] <= other[1]

    def test_live_dice_agree(self):
        """The live procedure (play_attack) applies the same cancels: 4000 attacks of 2 dice
        against 1 die with Biggs average within 4 standard errors of 5/32."""
        attack = make_attack(2, 1, defender_abilities=(pilots_3.biggs_darklighter(),))
        rng = random.Random(20)
        runs = 4000
        total = 0
        for _ in range(runs):
            live = play_attack(attack, rng, never_modify)
            total += live.hits + live.crits
        # damage is 0 or 1 here: standard error from p = 5/32
        p = Fraction(5, 32)
        assert abs(total / runs - float(p)) < 4 * float(p * (1 - p) / runs) ** 0.5


def test_reroll_up_to_three_is_a_number_of_a_per_ship_reroll():
    """No 2.5 card reads "reroll up to 3" (the first edition's Rage did); 2.5 cards reach 3
    through a count, e.g. Wat Tambor with 3 calculating friends (wattambor=3): attacking
    with 3 dice he rerolls every miss, each die hitting 1/2 + 1/2 * 1/2 = 3/4: E = 9/4."""
    tambor = parse_ability("wattambor=3", Role.ATTACKER)
    assert solve(3, attacker_abilities=(tambor,)).expected_damage == F(9, 4)
    assert "rage" not in CATALOGUE
