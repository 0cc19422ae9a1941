"""Exact X-Wing dice: rolling for live games and an exact attack calculator.

Live play::

    pool = roll_attack(3, rng)            # rng: the game's random.Random
    options = FOCUS_ABILITY.options(situation)
    pool.apply(options[0], rng)

Exact odds::

    attack = Attack(Combatant(3, {"focus": 1, "lock": 1}), Combatant(2, {"evade": 1}))
    result = calculate(attack)
    result.expected_damage                 # a Fraction

See ``docs/dice.md``.
"""

from tallon.dice.abilities.base import (
    ATTACKING,
    BOTH_ROLES,
    DEFENDING,
    DiceAbility,
    Role,
    Situation,
    Tokens,
    Window,
)
from tallon.dice.abilities.catalogue import CATALOGUE, lookup, parse_abilities, parse_ability
from tallon.dice.abilities.effects import (
    AddResults,
    CancelResults,
    CardAbility,
    ChangeResults,
    RerollDice,
    clear_ability_caches,
    clear_move_tables,
)
from tallon.dice.abilities.tokens import (
    CALCULATE_ABILITY,
    EVADE_ABILITY,
    FOCUS_ABILITY,
    FORCE_ABILITY,
    LOCK_ABILITY,
    token_abilities,
)
from tallon.dice.attack import (
    Attack,
    Combatant,
    Step,
    attack_dice_count,
    defense_dice_count,
    step_abilities,
)
from tallon.dice.counts import Counts, make_counts
from tallon.dice.faces import DieKind, Face
from tallon.dice.neutralize import neutralize
from tallon.dice.objectives import AtLeast, AtLeastCrit, ExpectedDamage, Objective
from tallon.dice.ops import Add, Cancel, Change, ChangeAll, Option, Reroll, apply_to_counts
from tallon.dice.pool import DicePool, Die, RerollError, roll_attack, roll_defense, roll_face
from tallon.dice.result import AttackResult, Outcome
from tallon.dice.solver import AttackSolver, calculate, clear_results
from tallon.dice.solver_moves import clear_packed_moves
from tallon.dice.solver_tokens import clear_layouts


def clear_caches(*, tables: bool = False) -> None:
    """Forget every cache: remembered results and the abilities' option caches (for
    cold-start measurements; never needed for correctness).

    The built-in effects' move tables, which depend on no attack (an effect, a kind of dice,
    a pool), and the lean solver's layouts of tokens (which depend on a ship's tokens alone)
    are kept unless ``tables`` is true (see ``clear_move_tables``).
    """
    clear_results()
    clear_ability_caches()
    clear_packed_moves()
    if tables:
        clear_move_tables()
        clear_layouts()


__all__ = [
    "ATTACKING",
    "BOTH_ROLES",
    "CALCULATE_ABILITY",
    "CATALOGUE",
    "DEFENDING",
    "EVADE_ABILITY",
    "FOCUS_ABILITY",
    "FORCE_ABILITY",
    "LOCK_ABILITY",
    "Add",
    "AddResults",
    "AtLeast",
    "AtLeastCrit",
    "Attack",
    "AttackResult",
    "AttackSolver",
    "Cancel",
    "CancelResults",
    "CardAbility",
    "Change",
    "ChangeAll",
    "ChangeResults",
    "Combatant",
    "Counts",
    "DiceAbility",
    "DicePool",
    "Die",
    "DieKind",
    "ExpectedDamage",
    "Face",
    "Objective",
    "Option",
    "Outcome",
    "Reroll",
    "RerollDice",
    "RerollError",
    "Role",
    "Situation",
    "Step",
    "Tokens",
    "Window",
    "apply_to_counts",
    "attack_dice_count",
    "calculate",
    "clear_ability_caches",
    "clear_caches",
    "clear_move_tables",
    "clear_results",
    "defense_dice_count",
    "lookup",
    "make_counts",
    "neutralize",
    "parse_abilities",
    "parse_ability",
    "roll_attack",
    "roll_defense",
    "roll_face",
    "step_abilities",
    "token_abilities",
]
