"""``tallon.dice.spec``: an attack described as plain data (files, forms, links), the errors
that name the field, and the inverse ``spec_from_attack``."""

from fractions import Fraction

import pytest

from tallon.dice import CATALOGUE, Role, calculate
from tallon.dice.spec import SpecError, attack_from_spec, spec_from_attack


def test_full_spec_builds_the_attack_it_describes():
    """Situation: every field given, tokens as an object and as text, abilities as a list.
    Rule: RR: RANGE BONUS (range 1 adds an attack die). Expected: the Attack holds each
    value, and the range field reaches the calculator (1 die + range bonus at range 1)."""
    attack = attack_from_spec({
        "attack": 3, "defense": 2, "attacker": {"focus": 1, "lock": 1},
        "defender": "focus,evade=2", "attacker_abilities": ["howlrunner"],
        "defender_abilities": "stealthdevice=1", "range": 1, "obstructed": True,
        "ordnance": False, "primary": True, "reinforce_arc": False,
    })
    assert attack.attacker.dice == 3 and attack.defender.dice == 2
    assert dict(attack.attacker.tokens) == {"focus": 1, "lock": 1}
    assert dict(attack.defender.tokens) == {"focus": 1, "evade": 2}
    assert [a.key for a in attack.attacker.abilities] == ["howlrunner"]
    assert [a.key for a in attack.defender.abilities] == ["stealthdevice"]
    assert attack.attack_range == 1 and attack.obstructed and not attack.reinforce_applies
    one_die = calculate(attack_from_spec({"attack": 1, "range": 1}))
    assert one_die.expected_damage == Fraction(1)  # 2 dice, each hit or crit 1/2


def test_defaults_for_everything_but_attack():
    """Situation: only the attack dice given. Expected: 0 defense dice, no tokens, no range
    bonus, a primary attack in the reinforce arc, not obstructed, not ordnance."""
    attack = attack_from_spec({"attack": 2})
    assert attack.defender.dice == 0 and not attack.attacker.tokens
    assert attack.attack_range is None and attack.primary and attack.reinforce_applies
    assert not attack.obstructed and not attack.ordnance


@pytest.mark.parametrize(("data", "field", "words"), [
    ({}, "attack", "missing"),
    ({"attack": 7}, "attack", "0 to 6"),
    ({"attack": "3"}, "attack", "whole number"),
    ({"attack": True}, "attack", "whole number"),
    ({"attack": 2, "defense": -1}, "defense", "0 to 6"),
    ({"attack": 2, "range": 4}, "range", "0, 1, 2 or 3, or none"),
    ({"attack": 2, "range": 1.5}, "range", "0, 1, 2 or 3, or none"),
    ({"attack": 2, "attacker": "focus,shield"}, "attacker", "unknown token 'shield'"),
    ({"attack": 2, "defender": {"evade": 11}}, "defender", "0 to 10"),
    ({"attack": 2, "defender": {"evade": "x"}}, "defender.evade", "whole number"),
    ({"attack": 2, "attacker": "lock=2"}, "attacker", "only one lock"),
    ({"attack": 2, "attacker": "focus=x"}, "attacker", "whole number"),
    ({"attack": 2, "attacker": 3}, "attacker", "got a number"),
    ({"attack": 2, "attacker_abilities": ["nosuchcard"]}, "attacker_abilities",
     "unknown ability"),
    ({"attack": 2, "defender_abilities": ["predator"]}, "defender_abilities",
     "only for the attacker"),
    ({"attack": 2, "obstructed": 1}, "obstructed", "true or false"),
    ({"attack": 2, "attacker": {"lonewolf": 0}}, "attacker", "add it to attacker_abilities"),
    ({"attack": 2, "rnage": 1}, "rnage", "unknown field; accepted: attack, defense"),
])
def test_errors_name_the_field_and_what_is_accepted(data, field, words):
    """Situation: one wrong or missing field. Expected: SpecError (a ValueError) whose field
    is that field and whose text says what is wrong or accepted, after ``where``."""
    with pytest.raises(SpecError) as caught:
        attack_from_spec(data, "file.json: attacks[1]")
    assert caught.value.field == field
    assert isinstance(caught.value, ValueError)
    assert words in str(caught.value)
    assert str(caught.value).startswith(f"file.json: attacks[1]: {field}: ")


def test_ignored_keys_belong_to_the_caller():
    """Situation: a spec with a name field the caller reads. Expected: skipped with
    ``ignore``, an unknown field without it, the accepted list naming it when ignored."""
    assert attack_from_spec({"attack": 1, "name": "Howlrunner"}, ignore=("name",))
    with pytest.raises(SpecError, match="unknown field"):
        attack_from_spec({"attack": 1, "name": "Howlrunner"})


def test_spec_round_trip_keeps_every_field():
    """Situation: an attack built from a spec with tokens, charges set by key, abilities
    with numbers and every flag. Expected: spec_from_attack writes a spec that builds an
    equal description again, numbers of abilities included."""
    spec = {
        "attack": 4, "defense": 3, "attacker": {"focus": 1, "lock": 1, "lonewolf": 0},
        "defender": {"evade": 1, "reinforce": 1},
        "attacker_abilities": ["lonewolf", "hortonsalm=2", "predator"],
        "defender_abilities": ["stealthdevice"], "range": 3, "obstructed": True,
        "ordnance": True, "primary": False, "reinforce_arc": False,
    }
    written = spec_from_attack(attack_from_spec(spec))
    assert written == spec
    assert spec_from_attack(attack_from_spec(written)) == written


@pytest.mark.parametrize("key", [k for k, e in CATALOGUE.items() if e.parameter])
def test_every_numbered_ability_round_trips(key):
    """Situation: each catalogue ability that takes a number, built with 1, 2 and 3.
    Expected: spec_from_attack writes back the number it was built with (the bare id when
    it is the default), so a shared link rebuilds the same ability."""
    entry = CATALOGUE[key]
    role = Role.ATTACKER if Role.ATTACKER in entry.roles else Role.DEFENDER
    field = "attacker_abilities" if role is Role.ATTACKER else "defender_abilities"
    for value in (1, 2, 3):
        written = spec_from_attack(attack_from_spec({"attack": 2, field: [f"{key}={value}"]}))
        again = attack_from_spec(written)
        (ability,) = again.attacker.abilities if role is Role.ATTACKER \
            else again.defender.abilities
        built = entry.make(value)
        assert (ability.title, ability.charges) == (built.title, built.charges), written[field]
        assert written[field][0] in (key, f"{key}={value}")
