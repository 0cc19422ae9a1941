"""The card abilities the card modules take from the catalogue (dice/abilities/pilots.py and
upgrades_2.py): the exact calculator plays each, and each changes the expected damage (or
the chance of a crit) in its owner's favour compared to the same attack without it."""

import pytest

from tallon.dice import CATALOGUE

from ..helpers import F, solve

# key -> (attack dice, defense dice, attacker tokens, defender tokens)
ATTACKING_CASES = {
    "sharabey": (2, 1, {"lock": 1, "focus": 1}, {}),
    "wolffe-siegeofcoruscant": (2, 1, {}, {}),
    "calibratedlasertargeting": (2, 1, {"focus": 1}, {}),
    "popskrail-battleofyavin": (2, 1, {}, {}),
    "rey": (2, 1, {"force": 1}, {}),
    "ezrabridger": (3, 1, {"force": 1}, {}),
    "ezrabridger-tielnfighter": (3, 1, {"force": 1}, {}),
    "ezrabridger-sheathipedeclassshuttle": (3, 1, {"force": 1}, {}),
    "yendor-battleoverendor": (2, 1, {}, {}),
    "seventhsister": (3, 2, {"force": 2}, {}),
    "darthvader-battleofyavin": (2, 1, {"force": 1}, {}),
    "commandermalarus-pilot": (2, 1, {}, {}),
    "static": (2, 1, {"lock": 1, "focus": 1}, {}),
    "captaincardinal": (2, 1, {}, {}),
    "r2c4": (2, 1, {"evade": 1}, {}),
    "advancedoptics": (2, 1, {"focus": 1}, {}),
    "shatteringshot": (2, 1, {"force": 1, "focus": 1}, {}),
    "foresight": (2, 1, {}, {}),
    "fanatical": (2, 1, {}, {}),
    "fanatic-battleofyavin": (2, 1, {}, {}),
    "noescape-battleoverendor": (2, 1, {}, {}),
    "apexpredator-battleoverendor": (2, 1, {}, {}),
    "notorious": (2, 1, {}, {}),
    "clanwrencommandos": (2, 1, {}, {}),
}

DEFENDING_CASES = {
    "luminaraunduli": (2, 1, {}, {"force": 1}),
    "aaylasecura": (2, 2, {}, {"focus": 1}),
    "sabinewren-lancerclasspursuitcraft": (2, 1, {}, {"focus": 1}),
    "vennie": (2, 1, {}, {"focus": 1}),
    "delmeeko": (2, 1, {}, {}),
    "coloneljendon-battleoverendor": (2, 2, {}, {"focus": 1}),
    "itsatrap-battleoverendor": (2, 1, {}, {}),
    "c3po-republic": (2, 1, {}, {}),
    "graviticdeflection": (2, 1, {}, {}),
}

# abilities that only turn results into critical hits: they raise the chance of a crit
CRIT_CASES = {
    "barrissoffee": (2, 1, {"force": 1}, {}),
    "r7a7": (3, 1, {}, {}),
    "energyshellcharges": (2, 1, {"calculate": 1}, {}),
    "advprotontorpedoes": (3, 1, {}, {}),
}


@pytest.mark.parametrize("key", list(ATTACKING_CASES))
def test_attacking_ability_raises_the_expected_damage(key):
    """The attacker with the card (its cost affordable) does strictly better than without."""
    dice, defense, attacker, defender = ATTACKING_CASES[key]
    ability = CATALOGUE[key].make()
    base = solve(dice, defense, attacker=attacker, defender=defender)
    used = solve(dice, defense, attacker=attacker, defender=defender,
                 attacker_abilities=(ability,))
    assert used.expected_damage > base.expected_damage


@pytest.mark.parametrize("key", list(CRIT_CASES))
def test_crit_ability_raises_the_chance_of_a_crit(key):
    """The attacker with the card (its cost affordable) gets a crit more often."""
    dice, defense, attacker, defender = CRIT_CASES[key]
    ability = CATALOGUE[key].make()
    base = solve(dice, defense, attacker=attacker, defender=defender)
    used = solve(dice, defense, attacker=attacker, defender=defender,
                 attacker_abilities=(ability,))
    assert used.p_crit > base.p_crit


@pytest.mark.parametrize("key", list(DEFENDING_CASES))
def test_defending_ability_lowers_the_expected_damage(key):
    """The defender with the card (its cost affordable) does strictly better than without."""
    dice, defense, attacker, defender = DEFENDING_CASES[key]
    ability = CATALOGUE[key].make()
    base = solve(dice, defense, attacker=attacker, defender=defender)
    used = solve(dice, defense, attacker=attacker, defender=defender,
                 defender_abilities=(ability,))
    assert used.expected_damage < base.expected_damage


def test_static_makes_every_result_a_crit():
    """"Static" with a lock and a focus token: 1 attack die always ends as a critical hit."""
    result = solve(1, attacker={"lock": 1, "focus": 1},
                   attacker_abilities=(CATALOGUE["static"].make(),))
    assert result.p_crit == 1


def test_barriss_without_force_does_nothing():
    """Barriss Offee's change costs 1 Force: with none, 1 die hits half the time."""
    result = solve(1, attacker_abilities=(CATALOGUE["barrissoffee"].make(),))
    assert result.p_at_least(1) == F(1, 2)


def test_r7a7_needs_its_charge():
    """R7-A7 with its charge spent (r7a7=0) changes nothing."""
    spent = CATALOGUE["r7a7"].make(0)
    assert solve(2, 1, attacker_abilities=(spent,)).p_crit == solve(2, 1).p_crit
