"""RR: CANCEL — a canceled result is removed and ignored; canceling is not modifying.
Here: the attacker's cancels before Neutralize Results (Crack Shot)."""

import pytest

from tallon.dice import Attack, Combatant, Face, make_counts
from tallon.dice.abilities import cards
from tallon.dice.abilities.base import Role, Situation, Tokens, Window
from tallon.dice.faces import DieKind

from .helpers import F, solve


def test_crack_shot_cancels_an_evade_before_neutralizing():
    """1 attack die vs 1 defense die, Crack Shot charged: a rolled evade is canceled, so every
    hit deals damage: P = 1/2."""
    result = solve(1, 1, attacker_abilities=(cards.crack_shot(),))
    assert result.p_at_least(1) == F(1, 2)


def test_cancel_happens_after_the_defender_modified():
    """The cancel comes after both Modify steps: the defender's focus-to-evade can be
    canceled too. 1 attack die vs 1 defense die with focus: the only uncanceled defense die
    gets canceled: P(damage) = 1/2."""
    result = solve(1, 1, defender={"focus": 1}, attacker_abilities=(cards.crack_shot(),))
    assert result.p_at_least(1) == F(1, 2)


def test_cancel_options_only_exist_for_present_results():
    ability = cards.crack_shot()
    assert ability.window is Window.BEFORE_NEUTRALIZE
    none = Situation(Role.ATTACKER, DieKind.DEFENSE, make_counts([Face.BLANK]),
                     Tokens({"crackshot": 1}), Tokens())
    assert ability.options(none) == []
    some = none._replace(pool=make_counts([Face.EVADE]))
    assert len(ability.options(some)) == 1


def test_defender_cancels_are_not_supported():
    """Only the attacker's cancels have a modelled window; a defender's is refused clearly."""
    class DefenderCancel(type(cards.crack_shot())):
        pass

    odd = DefenderCancel("x", "x", effect=cards.crack_shot().effect,
                         window=Window.BEFORE_NEUTRALIZE, roles=frozenset(Role))
    with pytest.raises(ValueError, match="not supported"):
        Attack(Combatant(1), Combatant(1, {}, (odd,)))
