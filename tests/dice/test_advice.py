"""How to modify (issue 20): every option at a live position, valued by the exact solver.

Hand-computed positions, the ranking for each player, agreement with the solver's own
choice (``AttackSolver.best_option``) and with ``calculate`` over every roll, and input
errors that name the field.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from math import factorial

import pytest

from tallon.dice import AtLeast, AttackSolver, Face, Step, calculate, make_counts
from tallon.dice.abilities import cards
from tallon.dice.advice import DONE, AdviceError, advise, parse_faces, resolve_step
from tallon.dice.faces import DieKind
from tests.dice.helpers import F, make_attack


def _by_key(advice):
    return {a.key: a for a in advice}


def _rolls(kind: DieKind, n: int):
    """Every multiset of ``n`` faces of ``kind`` with its probability."""
    for faces in combinations_with_replacement(kind.faces, n):
        weight = F(factorial(n))
        for face, count in Counter(faces).items():
            weight *= F(kind.weights[face], 8) ** count / factorial(count)
        yield list(faces), weight


class TestHandComputed:
    def test_focus_token_on_a_focus_result(self):
        """Situation: 1 attack die showing focus, the attacker holds a focus token, 0 agility.
        Rule: RR: FOCUS (spend it to change all focus results to hits). Expected: "spend
        focus" is worth 1 damage and is best; "done" is worth 0."""
        advice = advise(make_attack(1, 0, {"focus": 1}), "attacker", "focus")
        assert [a.key for a in advice] == ["focus", DONE]
        assert advice[0].value == 1 and advice[0].best
        assert advice[1].value == 0 and not advice[1].best
        assert advice[0].spend == (("focus", 1),)

    def test_lock_reroll_of_a_blank(self):
        """Situation: 1 attack die showing a blank, the attacker holds a lock, 0 agility.
        Rule: RR: LOCK (spend it to reroll attack dice). Expected: the reroll is worth 1/2
        (3 hits and 1 crit of 8 faces), "done" 0."""
        values = {a.key: a.value for a in advise(make_attack(1, 0, {"lock": 1}), None, "blank")}
        assert values == {"lock": F(1, 2), DONE: 0}

    def test_the_defender_spends_focus_at_modify_defense_dice(self):
        """Situation: one uncanceled hit coming; the defender's die shows focus and it holds a
        focus token. Rule: RR: FOCUS (defending: focus results to evades), RR: ATTACK step 3b.
        Expected: spending focus leaves 0 damage and is best (the defender wants it low);
        "done" leaves 1."""
        advice = advise(make_attack(1, 1, defender={"focus": 1}), None, "hit", "focus")
        assert [(a.key, a.value, a.best) for a in advice] == [("focus", 0, True),
                                                              (DONE, 1, False)]

    def test_a_die_already_rerolled_cannot_be_rerolled_again(self):
        """Situation: 1 attack die showing a blank that was already rerolled; the attacker
        holds a lock. Rule: Golden Rules / RR: ATTACK (each die is rerolled at most once).
        Expected: the only option is "done", worth 0."""
        advice = advise(make_attack(1, 0, {"lock": 1}), None, "blank*")
        assert [(a.key, a.value) for a in advice] == [(DONE, 0)]

    def test_kill_objective_values_are_probabilities(self):
        """Situation: 2 attack dice showing blank, blank with a lock, 0 agility; both sides
        play for at least 1 damage. Rule: RR: LOCK. Expected: rerolling both blanks gives
        P(at least one hit or crit) = 1 - (1/2)**2 = 3/4, one blank 1/2, "done" 0."""
        advice = advise(make_attack(2, 0, {"lock": 1}), None, "blank,blank",
                        objective=AtLeast(1))
        assert [a.value for a in advice] == [F(3, 4), F(1, 2), 0]


class TestRanking:
    def test_the_attacker_sees_values_from_high_to_low_with_one_best_first(self):
        """Situation: 3 attack dice hit, focus, blank with focus and lock against 2 agility
        with focus and evade. Rule: RR: ATTACK step 2b (the attacker maximises). Expected:
        values never rise down the list, exactly one option is best and it comes first;
        every lock reroll and the focus are listed with "done"."""
        attack = make_attack(3, 2, {"focus": 1, "lock": 1}, {"focus": 1, "evade": 1})
        advice = advise(attack, None, "hit,focus,blank")
        values = [a.value for a in advice]
        assert values == sorted(values, reverse=True)
        assert [a.best for a in advice] == [True] + [False] * (len(advice) - 1)
        assert advice[0].label == "Spend lock: reroll 1 blank"
        assert advice[0].value == F(57, 64)
        assert {"focus", DONE} <= {a.key for a in advice}
        assert sum(a.key.startswith("lock#") for a in advice) == 7

    def test_the_defender_sees_values_from_low_to_high(self):
        """Situation: 2 hits coming; the defender rolled focus, blank and holds focus and
        evade. Rule: RR: ATTACK step 3b (the defender minimises). Expected: values never fall
        down the list; spending focus (then the evade) cancels both hits (0), spending the
        evade on the focus result leaves 1, "done" 2."""
        attack = make_attack(3, 2, defender={"focus": 1, "evade": 1})
        advice = advise(attack, "defender", "hit,hit", "focus,blank")
        values = [a.value for a in advice]
        assert values == sorted(values)
        assert advice[0].best and advice[0].key == "focus"
        assert _by_key(advice)[DONE].value == 2


POSITIONS = [
    (make_attack(3, 2, {"focus": 1, "lock": 1}, {"focus": 1, "evade": 1}), None,
     "hit,focus,blank", ""),
    (make_attack(3, 2, {"focus": 1, "lock": 1}, {"focus": 1, "evade": 1},
                 attacker_abilities=(cards.predator(),)), None, "focus,focus,blank", ""),
    (make_attack(2, 3, {"focus": 1}, {"focus": 1, "evade": 1}), None, "hit,crit",
     "focus,blank,evade"),
    (make_attack(2, 2, {"evade": 1}, attacker_abilities=(cards.juke(),)),
     "attacker", "hit,hit", "evade,blank"),
    (make_attack(2, 2, {"evade": 1}, {"focus": 1}, attacker_abilities=(cards.juke(),)),
     "defender", "hit,hit", "evade,focus"),
]


@pytest.mark.parametrize("attack, step, rolled, defense", POSITIONS)
def test_the_best_option_is_the_one_the_solver_plays(attack, step, rolled, defense):
    """Situation: live positions at each kind of step, with tokens and card abilities.
    Rule: optimal play as the calculator solves it (docs/dice.md). Expected: the option
    marked best is exactly AttackSolver.best_option's choice at that position."""
    advice = advise(attack, step, rolled, defense)
    chosen = resolve_step(step, bool(defense))
    expected = AttackSolver(attack).best_option(
        chosen, parse_faces(rolled, DieKind.ATTACK, ""), parse_faces(defense, DieKind.DEFENSE, ""),
        dict(attack.attacker.tokens), dict(attack.defender.tokens))
    assert advice[0].best and advice[0].option == expected


@pytest.mark.parametrize("attack", [
    make_attack(2, 1, {"focus": 1, "lock": 1}, {"focus": 1}),
    make_attack(3, 2, {"calculate": 1, "force": 1}, {"evade": 1}),
    make_attack(2, 2, {"focus": 1}, {"focus": 1}, attacker_abilities=(cards.predator(),)),
])
def test_best_values_over_every_roll_add_up_to_calculate(attack):
    """Situation: the attacker's Modify Attack Dice step for every possible roll, the
    defender having nothing to use on attack dice. Rule: optimal play from the roll on.
    Expected: the best option's value, weighted by each roll's probability, adds up to
    calculate()'s expected damage of the whole attack."""
    n = attack.attacker.dice
    total = sum(weight * advise(attack, "attacker", faces)[0].value
                for faces, weight in _rolls(DieKind.ATTACK, n))
    assert total == calculate(attack).expected_damage


def test_done_at_modify_attack_is_the_expectation_over_the_defense_roll():
    """Situation: the attacker stops with hit, hit; the defender then rolls 2 dice with focus
    and evade. Rule: RR: ATTACK steps 3a-3b. Expected: the value of "done" equals the
    defender's best value at Modify Defense Dice averaged over its 2-die roll: 9/64, as
    only two blanks (3/8 each) leave a hit once focus and evade are spent."""
    attack = make_attack(2, 2, {"lock": 1}, {"focus": 1, "evade": 1})
    done = _by_key(advise(attack, "attacker", "hit,hit"))[DONE].value
    later = sum(weight * advise(attack, "defender", "hit,hit", faces)[0].value
                for faces, weight in _rolls(DieKind.DEFENSE, 2))
    assert done == later == F(9, 64)


def test_tokens_now_and_abilities_used_change_the_options():
    """Situation: 2 attack dice blank, focus; the attack was declared with focus and lock,
    but the lock is spent, and Predator was already used. Rule: once-per-opportunity card
    abilities and spent tokens (RR: ATTACK step 2b). Expected: only focus and "done" are
    offered; with Predator unused a Predator reroll is offered too."""
    attack = make_attack(2, 0, {"focus": 1, "lock": 1}, attacker_abilities=(cards.predator(),))
    now = {"focus": 1}
    used = advise(attack, None, "blank,focus", attacker_tokens=now, used=["predator"])
    assert {a.key for a in used} == {"focus", DONE}
    fresh = advise(attack, None, "blank,focus", attacker_tokens=now)
    assert any(a.key.startswith("predator") for a in fresh)
    assert fresh[0].value > used[0].value


def test_deplete_and_strain_held_at_a_modify_step_take_no_die():
    """Situation: the attacker still holds a deplete token at Modify Attack Dice with 2 dice
    rolled (blank, blank) and a lock; a defender holding strain at Modify Defense Dice; a
    strained defender before its roll. Rule: RR: DEPLETE / RR: STRAIN (one fewer die while
    rolling, the token then removed). Expected: both attack results count (rerolling both
    blanks is worth 1 with 0 agility); the strained defender's rolled dice count as given
    (done leaves 2 hits against focus, blank); before its roll strain still takes a die
    (done with 2 hits against 2 agility: 2 - 3/8 = 13/8)."""
    depleted = advise(make_attack(2, 0, {"deplete": 1, "lock": 1}), None, "blank,blank")
    assert depleted[0].value == 1
    rolled = advise(make_attack(2, 2, defender={"strain": 1, "focus": 1}), None, "hit,hit",
                    "focus,blank")
    assert _by_key(rolled)[DONE].value == 2 and rolled[0].value == 1
    before = advise(make_attack(2, 2, defender={"strain": 1}), None, "hit,hit")
    assert _by_key(before)[DONE].value == F(13, 8)


def test_at_range_0_the_attacker_has_only_done():
    """Situation: a primary attack at range 0; the attacker holds focus and rolled focus,
    hit, hit; 0 agility. Rule: RR: ATTACK step 2b (at range 0 only the defender may modify
    a primary attack's dice). Expected: the only option is "done", worth the 2 hits."""
    advice = advise(make_attack(3, 0, {"focus": 1}, attack_range=0), None, "focus,hit,hit")
    assert [(a.key, a.value, a.best) for a in advice] == [(DONE, 2, True)]


def test_step_names_and_inference():
    """Situation: step given as a player, a full name or nothing. Rule: RR: ATTACK
    (steps 2b and 3b: defender first on attack dice, attacker first on defense dice). Expected:
    a player's name means its step on the latest dice rolled; none means the player who
    modifies last on them."""
    assert resolve_step(None, False) is Step.ATTACKER_MODIFIES_ATTACK
    assert resolve_step(None, True) is Step.DEFENDER_MODIFIES_DEFENSE
    assert resolve_step("defender", False) is Step.DEFENDER_MODIFIES_ATTACK
    assert resolve_step("attacker", True) is Step.ATTACKER_MODIFIES_DEFENSE
    assert resolve_step("Attacker_Cancels", True) is Step.ATTACKER_CANCELS
    assert parse_faces("hit, crit*,Focus", DieKind.ATTACK, "") == make_counts(
        [Face.HIT, Face.FOCUS], [Face.CRIT])


ATTACK = make_attack(3, 1)
AT_RANGE_3 = make_attack(3, 1, attack_range=3)


@pytest.mark.parametrize("attack, kwargs, field, words", [
    (ATTACK, {"attack_faces": "hit,evade"}, "attack_faces", "not a result of an attack die"),
    (ATTACK, {"attack_faces": "hit,banana"}, "attack_faces", "unknown die result 'banana'"),
    (ATTACK, {"attack_faces": "hit,hit,hit,hit"}, "attack_faces",
     "4 attack results, but this attack rolls 3"),
    (ATTACK, {"attack_faces": "hit", "defense_faces": "hit"}, "defense_faces",
     "accepted: blank"),
    (AT_RANGE_3, {"attack_faces": "hit", "defense_faces": "evade,evade,evade"},
     "defense_faces", "3 defense results, but this attack rolls 2"),
    (ATTACK, {"attack_faces": "hit", "defense_faces": "evade",
              "step": "attacker-modifies-attack"},
     "defense_faces", "rolled after the Modify Attack Dice step"),
    (ATTACK, {"attack_faces": "hit", "step": "whenever"}, "step",
     "accepted: attacker, defender"),
    (ATTACK, {"attack_faces": "hit", "used": ["howlrunner"]}, "used",
     "no ability 'howlrunner'"),
    (ATTACK, {"attack_faces": "hit", "attacker_tokens": {"lock": 2}}, "attacker_tokens",
     "one lock"),
])
def test_errors_name_the_field(attack, kwargs, field, words):
    """Situation: wrong input (a face a die does not have, an unknown name, more results
    than dice, defense dice before they are rolled, an unknown step or ability, two locks).
    Rule: RR: ATTACK steps 2a/3a (dice rolled), RR: LOCK (one lock). Expected: AdviceError
    naming the field and saying what is accepted or wrong."""
    args = {"step": None, **kwargs}
    with pytest.raises(AdviceError) as caught:
        advise(attack, args.pop("step"), args.pop("attack_faces"), **args)
    assert caught.value.field == field
    assert words in str(caught.value)
