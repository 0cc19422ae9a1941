"""Issue 20's dice abilities added to the catalogue: Lando Calrissian (pilot and Scum crew),
Han Solo (Scum pilot), each against a hand-computed case.

Attack die: 3 hit, 1 crit, 2 focus, 2 blank of 8 (hit or crit 1/2); defense die: 3 evade,
2 focus, 3 blank of 8."""

from tallon.dice import DieKind, Face, Role
from tallon.dice.abilities import pilots_2
from tallon.dice.abilities.base import Window
from tallon.dice.abilities.catalogue import parse_ability

from ..helpers import F, situation, solve


def test_lando_rerolls_every_blank_at_once():
    """Lando (pilot) with two fresh blanks and a hit: "reroll all of your blank results"
    leaves no choice, so exactly one option, rerolling both blanks, at the cost of 1 stress
    gained; stressed, he has none. The calculator has no "after rolling" step: the reroll is
    offered in his own Modify step (ruling diceabilities)."""
    lando = pilots_2.lando_calrissian()
    assert lando.window is Window.OWN_DICE
    free = lando.options(situation(Role.ATTACKER, DieKind.ATTACK,
                                   [Face.BLANK, Face.BLANK, Face.HIT]))
    assert len(free) == 1
    assert free[0].reroll is not None and free[0].reroll.count == 2
    assert free[0].gain == (("stress", 1),)
    stressed = situation(Role.ATTACKER, DieKind.ATTACK, [Face.BLANK], own={"stress": 1})
    assert lando.options(stressed) == []


def test_lando_attacking_with_two_dice():
    """Attack 2, no tokens, defense 0, Lando unstressed. Each die: hit/crit 1/2, blank 1/4
    rerolled (hits 1/2 again), focus 1/4 stays: P(hit) = 1/2 + 1/4 * 1/2 = 5/8 per die, the
    blanks being rerolled together independently: E = 2 * 5/8 = 5/4. Stressed: E = 1."""
    lando = parse_ability("landocalrissian", Role.ATTACKER)
    assert solve(2, attacker_abilities=(lando,)).expected_damage == F(5, 4)
    assert solve(2, attacker={"stress": 1},
                 attacker_abilities=(lando,)).expected_damage == F(1)


def test_lando_defending():
    """Attack 1 against Lando (Escape Craft printing) with 1 defense die: evade 3/8, blank
    3/8 rerolled (evade 3/8): P(evade) = 3/8 + 9/64 = 33/64. Damage = 1/2 * 31/64 = 31/128."""
    lando = parse_ability("landocalrissian-escapecraft", Role.DEFENDER)
    assert solve(1, 1, defender_abilities=(lando,)).expected_damage == F(31, 128)


def test_lando_crew_offers_one_reroll_per_green_token():
    """Lando (crew) with 2 blanks and a focus and an evade token: reroll 1 or 2 dice, paid
    with either token: 4 options; with only a lock (red): none."""
    crew = pilots_2.lando_calrissian_crew()
    pool = [Face.BLANK, Face.BLANK]
    both = crew.options(situation(Role.ATTACKER, DieKind.ATTACK, pool,
                                  own={"focus": 1, "evade": 1}))
    assert sorted(option.spend for option in both) == [
        (("evade", 1),), (("evade", 1),), (("focus", 1),), (("focus", 1),)]
    assert crew.options(situation(Role.ATTACKER, DieKind.ATTACK, pool, own={"lock": 1})) == []


def test_lando_crew_picks_the_token_to_spend():
    """Attack 1, defense 0. With a focus token only: hit/crit 1/2, focus 1/4 (token: hit),
    blank 1/4 (token spent to reroll: hit 1/2): E = 1/2 + 1/4 + 1/8 = 7/8 (without the crew
    3/4). With focus and evade: the blank is rerolled with the evade token, keeping the focus
    token for a rerolled focus: 1/4 * (1/2 + 1/4) = 3/16, E = 3/4 + 3/16 = 15/16."""
    crew = parse_ability("landocalrissian-crew", Role.ATTACKER)
    assert solve(1, attacker={"focus": 1}).expected_damage == F(3, 4)
    assert solve(1, attacker={"focus": 1},
                 attacker_abilities=(crew,)).expected_damage == F(7, 8)
    assert solve(1, attacker={"focus": 1, "evade": 1},
                 attacker_abilities=(crew,)).expected_damage == F(15, 16)


def test_han_solo_rolls_one_more_die_of_his_own_kind():
    """Han Solo (pilot), obstructed attack: attacking with 1 he rolls 2 dice, E = 2 * 1/2 = 1.
    Defending with agility 0 he rolls 1 defense die and the attacker still rolls 1: damage =
    1/2 * (1 - 3/8) = 5/16."""
    han = parse_ability("hansolo", Role.ATTACKER)
    assert solve(1, attacker_abilities=(han,)).expected_damage == F(1)
    assert solve(1, 0, defender_abilities=(han,)).expected_damage == F(5, 16)
