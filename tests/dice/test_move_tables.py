"""The calculator's packed move tables (``CardAbility.packed_moves``) agree with the abilities'
options, are shared by abilities with the same effect, and survive ``clear_caches`` unless
asked (they depend on no attack)."""

import itertools

import pytest

from tallon.dice import (
    ATTACKING,
    FOCUS_ABILITY,
    LOCK_ABILITY,
    Attack,
    CardAbility,
    Combatant,
    DieKind,
    Role,
    Situation,
    Step,
    Tokens,
    calculate,
    clear_caches,
    packed,
)
from tallon.dice.abilities import cards
from tallon.dice.abilities.catalogue import CATALOGUE
from tallon.dice.abilities.tokens import (
    CALCULATE_ABILITY,
    EVADE_ABILITY,
    FORCE_ABILITY,
    LOCK_DISABLED,
)
from tallon.dice.attack import step_abilities


def _pools(kind: DieKind, most: int):
    """Every pool of up to ``most`` dice of ``kind``, fresh or rerolled."""
    slots = [*kind.faces, *(face + 5 for face in kind.faces)]
    for n in range(most + 1):
        for chosen in itertools.combinations_with_replacement(slots, n):
            counts = [0] * 10
            for slot in chosen:
                counts[slot] += 1
            yield tuple(counts)


def _abilities():
    found = [FOCUS_ABILITY, LOCK_ABILITY, EVADE_ABILITY, CALCULATE_ABILITY, FORCE_ABILITY]
    for entry in CATALOGUE.values():
        ability = entry.make()
        if isinstance(ability, CardAbility):
            found.append(ability)
    return found


@pytest.mark.parametrize("ability", _abilities(), ids=lambda a: a.key)
def test_packed_moves_are_the_options_applied(ability):
    """Same moves, same order, wherever the ability offers options."""
    plenty = Tokens({name: 9 for name in ability.resources() if name != LOCK_DISABLED})
    for role in ability.roles:
        for kind in DieKind:
            for pool in _pools(kind, 4):
                situation = Situation(role, kind, pool, plenty, Tokens())
                if ability.requires is not None and not ability.requires(situation):
                    continue
                expected = tuple(
                    (packed.pack(after), n) for _, after, n in ability.transitions(situation)
                )
                moves, dice = ability.packed_moves(role, kind, packed.pack(pool))
                assert moves == expected, (role, kind, pool)
                most = max((sum(packed.unpack(a)) + n for a, n in moves), default=0)
                assert dice >= most
                assert dice <= sum(pool) + ability.max_added_dice


def test_abilities_with_the_same_effect_share_one_table():
    first, second = cards.predator(), cards.howlrunner()
    assert first.packed_table(Role.ATTACKER, DieKind.ATTACK) is second.packed_table(
        Role.ATTACKER, DieKind.ATTACK
    )
    assert first.packed_table(Role.ATTACKER, DieKind.ATTACK) is not LOCK_ABILITY.packed_table(
        Role.ATTACKER, DieKind.ATTACK
    )


def test_clear_caches_keeps_the_move_tables_unless_asked():
    attack = Attack(Combatant(3, {"focus": 1, "lock": 1}, (cards.predator(),)),
                    Combatant(2, {"focus": 1, "evade": 1}))
    before = calculate(attack, cache=False)
    table = FOCUS_ABILITY.packed_table(Role.ATTACKER, DieKind.ATTACK)
    assert table
    clear_caches()
    assert FOCUS_ABILITY.packed_table(Role.ATTACKER, DieKind.ATTACK) is table
    assert table
    clear_caches(tables=True)
    assert not table
    again = calculate(attack, cache=False)
    assert again.masses == before.masses
    assert again.objective_value == before.objective_value


def test_a_requirement_read_once_per_state_gives_the_same_result():
    """``requirement_reads_dice=False`` is only a hint for speed."""

    def juke(reads_dice: bool) -> CardAbility:
        template = cards.juke()
        return CardAbility(template.key, template.title, effect=template.effect,
                           window=template.window, roles=ATTACKING, requires=template.requires,
                           uses=template.uses, requirement_reads_dice=reads_dice)

    results = []
    for reads_dice in (True, False):
        attack = Attack(Combatant(2, {"evade": 1, "focus": 1}, (juke(reads_dice),)),
                        Combatant(3, {"evade": 1}))
        assert step_abilities(attack, Step.ATTACKER_MODIFIES_DEFENSE,
                              attack.abilities(Role.ATTACKER))
        results.append(calculate(attack, cache=False))
    assert results[0].masses == results[1].masses
