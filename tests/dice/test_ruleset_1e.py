"""The exact calculator under the first edition's rules (``Attack(..., ruleset="1e")``).

Hand-computed cases where 1e differs from 2.5, and equality with the 2.5 calculator where
the two agree. Dice faces (both editions): attack die 3 hit, 1 crit, 2 focus, 2 blank;
defense die 3 evade, 2 focus, 3 blank. Sources: the 1e core-set rulebook (Combat Phase),
the 1e FAQ (Spending Tokens) and the 1e reference cards (Reinforce Action, Tractor Beam
Token, Cloak Action).
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import comb

import pytest

from tallon.dice import Attack, Combatant, Role, calculate
from tallon.dice.attack import DICE_RULES, attack_dice_count, defense_dice_count
from tallon.dice.playout import play_attack
from tallon.dice.spec import SpecError, attack_from_spec, spec_from_attack
from tallon.rulesets import RULESETS
from tests.dice.reference import reference_solve

F = Fraction


def attack_1e(a: int, d: int, attacker=None, defender=None, **conditions) -> Attack:
    return Attack(Combatant(a, attacker or {}), Combatant(d, defender or {}),
                  ruleset="1e", **conditions)


def attack_25(a: int, d: int, attacker=None, defender=None, **conditions) -> Attack:
    return Attack(Combatant(a, attacker or {}), Combatant(d, defender or {}), **conditions)


def successes(n: int, p: Fraction) -> list[Fraction]:
    """P(k of n dice succeed), k = 0..n."""
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def expected_damage(n_attack: int, n_defense: int, extra_evades: int) -> Fraction:
    """By hand: each attack die hits or crits with 1/2, each defense die shows an evade with
    3/8, ``extra_evades`` evade results are added; no other modification."""
    return sum((pa * pd * max(0, a - d - extra_evades)
                for a, pa in enumerate(successes(n_attack, F(1, 2)))
                for d, pd in enumerate(successes(n_defense, F(3, 8)))), F(0))


def counts(attack: Attack) -> tuple[int, int]:
    a, d = attack.attacker.tokens, attack.defender.tokens
    return (attack_dice_count(attack, a, d, (), ())[0],
            defense_dice_count(attack, a, d, (), ())[0])


class TestEvade:
    def test_evade_adds_a_result_even_without_defense_dice(self):
        """Situation: 3 attack dice, no tokens, against agility 0 with 1 evade token.
        Rule: 1e rulebook, Spending an Evade Token ("add one additional evade result");
        FAQ, Spending Tokens (evades in excess of the hits may be added). Expected: 1e
        cancels one hit whatever is rolled, E = 3/2 - 1 + P(no hit) = 5/8; 2.5's evade
        changes a blank or focus result, and with no defense dice it does nothing: 3/2."""
        assert calculate(attack_1e(3, 0, defender={"evade": 1})).expected_damage == F(5, 8)
        assert calculate(attack_25(3, 0, defender={"evade": 1})).expected_damage == F(3, 2)
        assert expected_damage(3, 0, 1) == F(5, 8)

    def test_evade_adds_to_a_rolled_evade(self):
        """Situation: 2 attack dice against 1 defense die and 1 evade token. Rule: as above.
        Expected: 1e: the token's evade comes on top of a rolled evade, so only 2 hits
        against a non-evade die (1/4 * 5/8) deal 1: E = 5/32; 2.5: the token turns a blank
        or focus into an evade, so there is exactly one evade: E = P(2 hits) = 1/4."""
        assert calculate(attack_1e(2, 1, defender={"evade": 1})).expected_damage == F(5, 32)
        assert expected_damage(2, 1, 1) == F(5, 32)
        assert calculate(attack_25(2, 1, defender={"evade": 1})).expected_damage == F(1, 4)

    def test_one_evade_token_per_attack(self):
        """Situation: 3 attack dice against agility 0 with 2 evade tokens. Rule: 1e FAQ,
        Spending Tokens: "a ship cannot spend 2 evade tokens to add 2 evade results".
        Expected: the same 5/8 as with one token, and one token is always left; 2.5 (two
        evades, but no dice to change) 3/2."""
        result = calculate(attack_1e(3, 0, defender={"evade": 2}))
        assert result.expected_damage == F(5, 8)
        assert result.expected_tokens(Role.DEFENDER)["evade"] >= 1
        two_dice = calculate(attack_1e(3, 2, defender={"evade": 2})).expected_damage
        assert two_dice == calculate(attack_1e(3, 2, defender={"evade": 1})).expected_damage
        assert two_dice == expected_damage(3, 2, 1)


class TestRangeAndDiceCounts:
    def test_rulebook_combat_example_range_one(self):
        """Situation: the rulebook's combat example, Rookie Pilot (attack 3) at range 1, and
        Academy Pilot (attack 2) at range 1. Rule: 1e Roll Attack Dice (+1 die at range 1 with
        the primary weapon). Expected: 4 and 3 attack dice."""
        assert counts(attack_1e(3, 2, attack_range=1))[0] == 4
        assert counts(attack_1e(2, 2, attack_range=1))[0] == 3

    def test_range_bonus_is_for_primary_weapons_only(self):
        """Situation: a secondary (not primary) weapon of 2 dice at range 1, and at range 3
        against agility 1. Rule: 1e Range Combat Bonuses ("only occur when a ship is attacking
        with its primary weapon"). Expected: 2 attack dice and 1 defense die (E = 1 with no
        defense); 2.5 gives a special weapon that is not ordnance the bonus: 3 and 2 dice."""
        assert counts(attack_1e(2, 1, attack_range=1, primary=False)) == (2, 1)
        assert counts(attack_1e(2, 1, attack_range=3, primary=False)) == (2, 1)
        assert counts(attack_25(2, 1, attack_range=1, primary=False)) == (3, 1)
        assert counts(attack_25(2, 1, attack_range=3, primary=False)) == (2, 2)
        assert calculate(attack_1e(2, 0, attack_range=1, primary=False)).expected_damage == 1
        assert calculate(attack_25(2, 0, attack_range=1, primary=False)).expected_damage == F(3, 2)

    def test_primary_range_three_and_obstruction(self):
        """Situation: a primary attack at range 3, obstructed, against agility 1. Rule: 1e Roll
        Defense Dice (+1 at range 3), Obstructed Attacks (+1 defense die). Expected: 3 defense
        dice, as in 2.5; 2 attack dice then give E = expected_damage(2, 3, 0)."""
        attack = attack_1e(2, 1, attack_range=3, obstructed=True)
        assert counts(attack) == (2, 3)
        assert calculate(attack).expected_damage == expected_damage(2, 3, 0)

    def test_tractor_and_cloak_change_the_agility_value(self):
        """Situation: defenders with tractor beam and cloak tokens. Rule: 1e reference cards
        Tractor Beam Token (agility -1 per token, to a minimum of 0) and Cloak Action
        (agility +2); the range 3 bonus comes on top. Expected: agility 2 + 1 tractor rolls 1;
        agility 1 + 3 tractor rolls 0, at range 3 1; agility 1 + cloak rolls 3; agility 1 +
        cloak + 4 tractor rolls 0 (the changes add up, then the minimum of 0 applies); and the
        odds equal those of the lower agility."""
        assert counts(attack_1e(3, 2, defender={"tractor": 1}))[1] == 1
        assert counts(attack_1e(3, 1, defender={"tractor": 3}))[1] == 0
        assert counts(attack_1e(3, 1, defender={"tractor": 3}, attack_range=3))[1] == 1
        assert counts(attack_1e(3, 1, defender={"cloak": 1}))[1] == 3
        assert counts(attack_1e(3, 1, defender={"cloak": 1, "tractor": 4}))[1] == 0
        tractored = calculate(attack_1e(3, 2, {"focus": 1}, {"tractor": 1, "focus": 1}))
        plain = calculate(attack_1e(3, 1, {"focus": 1}, {"focus": 1}))
        assert tractored.damage == plain.damage

    def test_no_maximum_in_1e_is_refused_past_six_dice(self):
        """Situation: agility 3 + cloak + range 3 + obstructed = 7 defense dice. Rule: the 1e
        rulebook sets no maximum (Component Limitations: roll again to make up the number).
        Expected: refused with a message naming the ruleset (the calculator rolls at most 6)
        rather than silently capped; 2.5 caps at 6."""
        with pytest.raises(ValueError, match=r"7 defense dice: the first edition \(1e\) sets "
                                             r"no maximum"):
            attack_1e(3, 3, defender={"cloak": 1}, attack_range=3, obstructed=True)


class TestReinforce:
    def test_reinforce_adds_one_evade_when_the_side_matches(self):
        """Situation: 3 attack dice against agility 2 and a reinforce token whose side names
        the attacker's position, then one whose side does not. Rule: 1e reference card
        Reinforce Action ("add 1 evade result"; the token is not spent). Expected by hand:
        25/64 * 5/8 + 30/64 * 1/8 = 155/512, the token still held; without the arc
        459/512 (no reinforce)."""
        result = calculate(attack_1e(3, 2, defender={"reinforce": 1}))
        assert result.expected_damage == F(155, 512) == expected_damage(3, 2, 1)
        assert result.expected_tokens(Role.DEFENDER)["reinforce"] == 1
        away = attack_1e(3, 2, defender={"reinforce": 1}, reinforce_applies=False)
        assert calculate(away).expected_damage == F(459, 512) == expected_damage(3, 2, 0)

    def test_2_5_reinforce_is_not_1e_reinforce(self):
        """Situation: the same attack under 2.5. Rule: 2.5 RR: REINFORCE (an evade at
        Neutralize Results only while more than one hit remains). Expected: a different
        value from 1e's 155/512."""
        assert calculate(attack_25(3, 2, defender={"reinforce": 1})).expected_damage != F(155, 512)


class TestTargetLockAndFocus:
    def test_lock_and_focus_by_hand(self):
        """Situation: 1 attack die against agility 0 with a target lock, then with focus and a
        target lock. Rule: 1e Spending Target Lock Tokens (reroll any number of attack dice
        once), Spending a Focus Token. Expected: 1/2 + 1/2 * 1/2 = 3/4; with focus, a blank
        is rerolled and a focus changed: 1/2 + 1/4 + 1/4 * 3/4 = 15/16; the same in 2.5."""
        assert calculate(attack_1e(1, 0, {"lock": 1})).expected_damage == F(3, 4)
        assert calculate(attack_1e(1, 0, {"lock": 1, "focus": 1})).expected_damage == F(15, 16)
        assert calculate(attack_25(1, 0, {"lock": 1, "focus": 1})).expected_damage == F(15, 16)


def _agreeing_attacks():
    for a, d, tokens, defender, rng, obstructed in itertools.product(
        (1, 2, 3, 4), (0, 1, 2, 3), ({}, {"focus": 1}, {"lock": 1}, {"focus": 2, "lock": 1}),
        ({}, {"focus": 1}), (None, 1, 2, 3), (False, True),
    ):
        if a + (rng == 1) <= 6 and d + (rng == 3) + obstructed <= 6:
            yield a, d, tokens, defender, rng, obstructed


def test_where_the_rules_agree_the_results_equal_2_5():
    """Situation: every primary attack of 1-4 dice against agility 0-3 with attacker tokens
    among focus and a target lock and a defender's focus, at no range bonus or range 1-3,
    obstructed or not. Rule: focus, the target lock, range bonuses of a primary weapon,
    obstruction and Compare Results are the same in 1e and 2.5. Expected: the same damage
    distribution, hits and crits and tokens left as the 2.5 calculator."""
    checked = 0
    for a, d, tokens, defender, rng, obstructed in _agreeing_attacks():
        one = calculate(attack_1e(a, d, tokens, defender, attack_range=rng,
                                  obstructed=obstructed))
        two = calculate(attack_25(a, d, tokens, defender, attack_range=rng,
                                  obstructed=obstructed))
        assert one.damage == two.damage, (a, d, tokens, defender, rng, obstructed)
        assert one.hits_crits == two.hits_crits
        assert one.expected_tokens(Role.ATTACKER) == two.expected_tokens(Role.ATTACKER)
        checked += 1
    assert checked > 200


@pytest.mark.parametrize(("a", "d", "attacker", "defender"), [
    (2, 1, {"focus": 1, "lock": 1}, {"evade": 1}),
    (2, 2, {"lock": 1}, {"focus": 1, "evade": 2}),
    (3, 1, {"focus": 1}, {"reinforce": 1, "evade": 1}),
    (1, 2, {"focus": 1, "lock": 1}, {"focus": 1, "evade": 1, "reinforce": 1}),
])
def test_the_naive_reference_solver_agrees(a, d, attacker, defender):
    """Situation: 1e attacks with the evade and reinforce effects that differ from 2.5.
    Rule: the same game solved by tests/dice/reference.py, with none of the solver's
    shortcuts. Expected: the same expected damage."""
    attack = attack_1e(a, d, attacker, defender)
    assert calculate(attack).expected_damage == reference_solve(attack)[0]


def test_the_live_procedure_adds_the_evade_result():
    """Situation: a live attack (playout) of 3 dice against agility 2 and 1 evade token, the
    defender spending whatever it can. Rule: 1e Spending an Evade Token adds a result.
    Expected: the defense pool holds one more die than was rolled, showing an evade, and
    the token is gone."""
    def spend(decision):
        return decision.options[0] if decision.options else None

    outcome = play_attack(attack_1e(3, 2, defender={"evade": 1}), random.Random(5),
                          lambda decision: None, spend)
    assert len(outcome.defense_dice.faces()) == 3
    assert outcome.defense_dice.faces()[-1].label == "evade"
    assert outcome.defender["evade"] == 0


class TestRefused:
    @pytest.mark.parametrize(("side", "token"), [
        ("attacker", "calculate"), ("attacker", "force"), ("attacker", "deplete"),
        ("defender", "calculate"), ("defender", "force"), ("defender", "strain"),
    ])
    def test_2_5_tokens_are_refused_naming_the_ruleset(self, side, token):
        """Situation: a 1e attack given a token only 2.5 has. Rule: 1e has focus, evade and
        target lock (and reinforce, tractor beam, cloak, stress) but no calculate, Force,
        deplete or strain. Expected: ValueError saying it is a 2.5 token, not 1e's."""
        tokens = {token: 1}
        with pytest.raises(ValueError, match=rf"'{token}' is a 2.5 {side} token, not one of "
                                             r"the first edition \(1e\)'s"):
            attack_1e(3, 2, **{side: tokens})

    def test_range_zero_ordnance_cloaks_and_abilities(self):
        """Situation: a 1e attack at range 0, with ordnance, by a cloaked ship, against a
        ship with two cloak tokens or two reinforce tokens, and with a 2.5 card ability.
        Rule: 1e Declare Target (touching ships cannot attack each other), no ordnance rule,
        Cloak Action (a cloaked ship cannot attack; no cloak action while cloaked, so one
        token), Reinforce Action (one token, flipped to a side), and the 1e card pool is not
        in the calculator. Expected: ValueError each, naming the first edition."""
        from tallon.dice.abilities import cards

        with pytest.raises(ValueError, match="no range 0 attacks under the first edition"):
            attack_1e(3, 2, attack_range=0)
        with pytest.raises(ValueError, match="has no ordnance rule"):
            attack_1e(3, 2, ordnance=True, primary=False)
        with pytest.raises(ValueError, match=r"cloak token cannot attack: Cloak Action \(the "
                                             r"first edition"):
            attack_1e(3, 2, {"cloak": 1})
        with pytest.raises(ValueError, match=r"2 cloak: a defender holds at most 1 under"):
            attack_1e(3, 2, {"stress": 1}, {"cloak": 2})
        with pytest.raises(ValueError, match=r"2 reinforce: a defender holds at most 1"):
            attack_1e(3, 2, defender={"reinforce": 2})
        with pytest.raises(ValueError, match="card abilities are not available under the "
                                             r"first edition \(1e\).*not in the calculator"):
            Attack(Combatant(3, {}, (cards.predator(),)), Combatant(2, {}), ruleset="1e")


def test_cloaked_attacker_is_refused():
    """Situation: an attacker holding a cloak token, given as a spec. Rule: 1e Cloak Action
    ("While that ship has a cloak token, it cannot perform attacks"). Expected: SpecError
    saying so (the attack as a whole is wrong, not the token's name)."""
    with pytest.raises(SpecError) as raised:
        attack_from_spec({"attack": 3, "attacker": "cloak", "ruleset": "1e"})
    assert raised.value.field == "(attack)"
    assert "cannot attack" in raised.value.reason


class TestSpec:
    def test_spec_round_trip_and_2_5_unchanged(self):
        """Situation: a 1e attack described as a spec, and a 2.5 one. Rule: the spec names
        the ruleset (tallon.dice.spec). Expected: the 1e spec writes "ruleset": "1e" and
        rebuilds the same attack; a 2.5 spec has no ruleset field, as before."""
        spec = {"attack": 3, "defense": 2, "attacker": "focus,lock", "defender": "evade",
                "range": 1, "ruleset": "1e"}
        attack = attack_from_spec(spec)
        assert attack.ruleset == "1e"
        written = spec_from_attack(attack)
        assert written["ruleset"] == "1e"
        assert attack_from_spec(written) == attack
        assert "ruleset" not in spec_from_attack(attack_from_spec({"attack": 3}))

    @pytest.mark.parametrize(("spec", "field", "says"), [
        ({"ruleset": "2e"}, "ruleset", "accepted: 2.5, 1e"),
        ({"range": 0}, "range", "has no range 0 attacks"),
        ({"attacker": "force=2"}, "attacker", "'force' is a 2.5 attacker token"),
        ({"defender_abilities": ["stealthdevice"]}, "defender_abilities",
         "1e card pool is not in the calculator yet"),
        ({"ordnance": True}, "ordnance", "no ordnance rule"),
    ])
    def test_spec_errors_name_the_field(self, spec, field, says):
        """Situation: 1e specs with a wrong field. Rule: the spec's checks (one place for
        files, the web page and the command line). Expected: SpecError naming the field and
        saying what 1e accepts."""
        with pytest.raises(SpecError) as raised:
            attack_from_spec({"attack": 3, "ruleset": "1e", **spec})
        assert raised.value.field == field
        assert says in str(raised.value)


def test_the_calculators_rulesets_are_tallons():
    """Situation: the calculator's dice rules. Rule: tallon.rulesets names the rulesets in
    one place. Expected: the calculator knows exactly those."""
    assert tuple(DICE_RULES) == RULESETS
