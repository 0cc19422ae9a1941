"""Small builders shared by the dice tests."""

from __future__ import annotations

from fractions import Fraction

from tallon.dice import Attack, AttackResult, Combatant, Objective, calculate


def make_attack(
    attack_dice: int,
    defense_dice: int = 0,
    attacker: dict[str, int] | None = None,
    defender: dict[str, int] | None = None,
    attacker_abilities: tuple = (),
    defender_abilities: tuple = (),
    **conditions,
) -> Attack:
    """An attack from dice counts, token dicts and ability tuples."""
    return Attack(
        Combatant(attack_dice, attacker or {}, attacker_abilities),
        Combatant(defense_dice, defender or {}, defender_abilities),
        **conditions,
    )


def solve(*args, objective: Objective | None = None, **kwargs) -> AttackResult:
    """``calculate(make_attack(...))``."""
    return calculate(make_attack(*args, **kwargs), objective)

F = Fraction
"""Shorthand for exact expected values in assertions: ``F(3, 4)``."""


def situation(role, kind, fresh=(), rerolled=(), own=None, opponent=None):
    """A Situation from faces and token dicts (for checking which options an ability offers)."""
    from tallon.dice import Situation, Tokens, make_counts

    return Situation(role, kind, make_counts(fresh, rerolled), Tokens(own or {}),
                     Tokens(opponent or {}))
