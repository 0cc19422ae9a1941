"""The catalogue of card dice abilities: ids, roles, numbers, and clear errors."""

import pytest

from tallon.dice import CATALOGUE, Role, lookup, parse_abilities, parse_ability
from tallon.dice.abilities.base import DiceAbility


def test_catalogue_has_at_least_fifteen_card_abilities():
    assert len(CATALOGUE) >= 15


@pytest.mark.parametrize("key", list(CATALOGUE))
def test_every_entry_builds_an_ability_with_its_own_key(key):
    entry = CATALOGUE[key]
    ability = entry.make()
    assert isinstance(ability, DiceAbility)
    assert ability.key == key
    assert ability.roles == entry.roles
    assert entry.summary and ability.title


def test_ids_ignore_case_spaces_and_hyphens():
    assert lookup("Fire-Control System").key == "firecontrolsystem"
    assert lookup("rey gunner").key == "rey-gunner"


def test_unknown_id_lists_the_accepted_ones():
    with pytest.raises(ValueError, match="accepted: predator"):
        lookup("predatorr")


def test_role_mismatch_is_refused():
    with pytest.raises(ValueError, match="only for the defender"):
        parse_ability("elusive", Role.ATTACKER)


def test_number_only_for_abilities_that_take_one():
    assert parse_ability("lonewolf=0", Role.ATTACKER).charges == 0
    with pytest.raises(ValueError, match="takes no number"):
        parse_ability("predator=2", Role.ATTACKER)
    with pytest.raises(ValueError, match="whole number"):
        parse_ability("lonewolf=x", Role.ATTACKER)


def test_lists_are_comma_separated():
    keys = [a.key for a in parse_abilities("predator, marksmanship,,", Role.ATTACKER)]
    assert keys == ["predator", "marksmanship"]
