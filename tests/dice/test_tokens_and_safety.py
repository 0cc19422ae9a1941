"""The Tokens mapping abilities read, and the calculator's refusal to answer when an ability
breaks the assumptions that keep its arithmetic exact."""

import pytest

from tallon.dice import ATTACKING, Attack, AttackSolver, CardAbility, Combatant, Face, Tokens
from tallon.dice.abilities.effects import AddResults
from tallon.dice.solver import ScaleError


def test_missing_names_count_as_zero_but_are_not_contained():
    tokens = Tokens({"focus": 1, "lonewolf": 0})
    assert tokens["evade"] == 0
    assert "evade" not in tokens
    assert "lonewolf" in tokens  # an explicit 0: a spent charge, not "use the default"


def test_equality_ignores_zero_counts():
    assert Tokens({"focus": 1, "evade": 0}) == Tokens({"focus": 1})
    assert hash(Tokens({"focus": 1, "evade": 0})) == hash(Tokens({"focus": 1}))
    assert Tokens({"focus": 1}) == {"focus": 1, "lock": 0}


def test_changed_returns_a_new_mapping():
    tokens = Tokens({"focus": 1})
    assert tokens.changed({"focus": -1, "evade": 2}) == {"evade": 2}
    assert tokens["focus"] == 1


def test_negative_counts_are_refused():
    with pytest.raises(ValueError, match="cannot be negative"):
        Tokens({"focus": -1})


def test_an_ability_adding_undeclared_dice_stops_the_calculator():
    """The exact arithmetic relies on abilities declaring the dice they may add
    (``max_added_dice``); one that adds more is refused with a clear error instead of
    giving a wrong answer."""
    liar = CardAbility("liar", "adds blanks", effect=AddResults(Face.BLANK), roles=ATTACKING,
                       cost=(("liar", 1),), charges=3, repeatable=True)
    liar.max_added_dice = 0
    with pytest.raises(ScaleError, match="max_added_dice"):
        AttackSolver(Attack(Combatant(1, {"lock": 1}, (liar,)), Combatant(0))).value()


def test_repeated_solves_do_not_grow_the_shared_option_tables():
    """Option lists are shared across solves (by identity); solving the same attack again,
    including a mandatory ability with nothing to act on, must not add entries."""
    from tallon.dice import calculate
    from tallon.dice.abilities import cards
    from tallon.dice.solver_moves import _PACKED_MOVES

    # The Advanced Targeting Computer without a lock: mandatory, and its requirement fails.
    attack = Attack(Combatant(2, {"focus": 1}, (cards.advanced_targeting_computer(),)),
                    Combatant(1, {}, (cards.plated_hull(),)))
    calculate(attack, cache=False)
    size = len(_PACKED_MOVES)
    for _ in range(3):
        calculate(attack, cache=False)
    assert len(_PACKED_MOVES) == size
