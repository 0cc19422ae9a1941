"""Play the dice of one attack live, with the game's generator and the players' choices.

This is the dice part of RR: ATTACK steps 2-4 on concrete dice: roll, let
each player modify in the order the rules give, neutralize. The engine's
attack procedure does the same through its own Decision machinery; this
module is its reference and is what the Monte Carlo checks of the calculator
play. Every choice goes through a ``Chooser``; ``OptimalPlay`` is the
calculator's policy (``SolverPlay`` that of a solver already built).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from tallon.dice.abilities.base import DiceAbility, Role, Situation, Tokens
from tallon.dice.abilities.tokens import REINFORCE
from tallon.dice.attack import (
    Attack,
    Step,
    attack_dice_count,
    defense_dice_count,
    step_abilities,
)
from tallon.dice.counts import Counts
from tallon.dice.faces import DieKind, Face
from tallon.dice.neutralize import defender_cancels, neutralize
from tallon.dice.objectives import Objective
from tallon.dice.ops import Option
from tallon.dice.pool import DicePool
from tallon.dice.solver import AttackSolver


@dataclass(frozen=True)
class Decision:
    """A player may modify dice now: the options, and whether stopping is allowed."""

    step: Step
    options: tuple[Option, ...]
    must_choose: bool
    """True while one of the player's mandatory abilities is unresolved."""
    mandatory: tuple[Option, ...]
    """The options of those unresolved mandatory abilities (a subset of ``options``)."""
    attack_dice: Counts
    defense_dice: Counts
    attacker: Tokens
    defender: Tokens
    used: tuple[DiceAbility, ...]
    """Once-per-opportunity abilities already used in this attack."""

    @property
    def role(self) -> Role:
        """Whose decision it is."""
        return self.step.role


Chooser = Callable[[Decision], Option | None]
"""Answers a Decision with one of its options, or None to stop modifying."""


def never_modify(decision: Decision) -> Option | None:
    """A chooser that uses only what it must (mandatory abilities), and nothing else."""
    return decision.mandatory[0] if decision.mandatory else None


@dataclass
class LiveAttack:
    """The dice of a finished attack: ``hits`` and ``crits`` are the damage the defender
    suffers (the uncanceled results, less any it prevented: Iden Versio)."""

    hits: int
    crits: int
    attacker: Tokens
    defender: Tokens
    attack_dice: DicePool
    defense_dice: DicePool
    log: list[str] = field(default_factory=list)

    @property
    def damage(self) -> int:
        return self.hits + self.crits


def starting_tokens(side_tokens: Tokens, abilities: list[DiceAbility]) -> dict[str, int]:
    """A ship's resources at the start of the attack: its tokens plus its abilities' charges."""
    tokens = dict(side_tokens.items())
    for ability in abilities:
        if ability.charges and ability.key not in tokens:
            tokens[ability.key] = ability.charges
    return tokens


def play_attack(
    attack: Attack,
    rng: random.Random,
    attacker: Chooser = never_modify,
    defender: Chooser | None = None,
) -> LiveAttack:
    """Roll and resolve the dice of ``attack`` with ``rng``; each player's choices come from
    its chooser (``defender`` defaults to ``attacker``)."""
    defender = defender or attacker
    a_abilities = attack.abilities(Role.ATTACKER)
    d_abilities = attack.abilities(Role.DEFENDER)
    a_tokens = starting_tokens(attack.attacker.tokens, a_abilities)
    d_tokens = starting_tokens(attack.defender.tokens, d_abilities)
    log: list[str] = []
    used: list[DiceAbility] = []

    for ability in a_abilities:
        # RR: ATTACK step 1: used, if at all, when the attack is declared (Predictive Shot).
        declare = getattr(attacker, "declare", None)
        if (ability.declare_cost and declare is not None
                and all(a_tokens.get(name, 0) >= n for name, n in ability.declare_cost)
                and declare(ability, Tokens(a_tokens), Tokens(d_tokens))):
            _add(a_tokens, {name: -n for name, n in ability.declare_cost})
            _add(a_tokens, {ability.key: 1})
            log.append(f"attacker: {ability.title}")
    n_attack, changes = attack_dice_count(
        attack, Tokens(a_tokens), Tokens(d_tokens), a_abilities, d_abilities
    )
    _add(a_tokens, changes)
    attack_dice = DicePool.roll(DieKind.ATTACK, n_attack, rng)
    defense_dice = DicePool(DieKind.DEFENSE)
    log.append(f"attacker rolls {n_attack}: {_faces(attack_dice)}")

    def modify(step: Step) -> None:
        role = step.role
        side_abilities = a_abilities if role is Role.ATTACKER else d_abilities
        abilities = step_abilities(attack, step, side_abilities)
        own, other = (a_tokens, d_tokens) if role is Role.ATTACKER else (d_tokens, a_tokens)
        chooser = attacker if role is Role.ATTACKER else defender
        while True:
            pool = attack_dice if step.dice is DieKind.ATTACK else defense_dice
            situation = Situation(role, step.dice, pool.counts(), Tokens(own), Tokens(other))
            offered = [
                (ability, option)
                for ability in abilities
                if ability.repeatable or ability not in used
                for option in ability.options(situation)
            ]
            pending = any(a.mandatory and a not in used for a in abilities)
            if not offered:
                return
            decision = Decision(
                step,
                tuple(option for _, option in offered),
                pending,
                tuple(o for a, o in offered if a.mandatory and a not in used),
                attack_dice.counts(),
                defense_dice.counts(),
                Tokens(a_tokens),
                Tokens(d_tokens),
                tuple(used),
            )
            choice = chooser(decision)
            if choice is None:
                if pending:
                    raise ValueError(f"{role.value} must resolve a mandatory ability first")
                return
            matches = [ability for ability, option in offered if option == choice]
            if not matches:
                raise ValueError(f"{choice.label!r} is not one of the offered options")
            ability = matches[0]
            _add(own, {name: -amount for name, amount in choice.spend})
            _add(own, dict(choice.gain))
            if not ability.repeatable:
                used.append(ability)
            pool.apply(choice, rng)
            log.append(f"{role.value}: {choice.label} -> {_faces(pool)}")

    modify(Step.DEFENDER_MODIFIES_ATTACK)
    modify(Step.ATTACKER_MODIFIES_ATTACK)
    for ability in a_abilities:
        for op in ability.after_modify_attack:
            attack_dice.apply_op(op, rng)
    n_defense, changes = defense_dice_count(
        attack, Tokens(a_tokens), Tokens(d_tokens), a_abilities, d_abilities
    )
    _add(d_tokens, changes)
    results = attack_dice.count(Face.HIT) + attack_dice.count(Face.CRIT)
    for role, own, abilities in ((Role.ATTACKER, a_tokens, a_abilities),
                                 (Role.DEFENDER, d_tokens, d_abilities)):
        for ability in abilities:
            most = ability.defense_dice_limit(role, Tokens(own), results)
            if most is not None:
                n_defense = min(n_defense, max(0, most))
    defense_dice = DicePool.roll(DieKind.DEFENSE, n_defense, rng)
    log.append(f"defender rolls {n_defense}: {_faces(defense_dice)}")
    modify(Step.ATTACKER_MODIFIES_DEFENSE)
    modify(Step.DEFENDER_MODIFIES_DEFENSE)
    modify(Step.ATTACKER_CANCELS)

    reinforce = d_tokens.get(REINFORCE, 0) if attack.reinforce_neutralizes else 0
    cancels = defender_cancels(d_abilities)
    hits, crits = neutralize(
        attack_dice.count(Face.HIT),
        attack_dice.count(Face.CRIT),
        defense_dice.count(Face.EVADE),
        reinforce=reinforce,
        crits_first=any(a.crits_canceled_first for a in (*a_abilities, *d_abilities)),
        evades_cancel_crits=all(a.evades_cancel_crits for a in a_abilities),
        cancel_crits=cancels[0],
        cancel_results=cancels[1],
    )
    log.append(f"uncanceled: {hits} hit, {crits} crit")
    hits, crits = _prevent(hits, crits, a_tokens, d_tokens, d_abilities, defender, log)
    a_view, d_view = Tokens(a_tokens), Tokens(d_tokens)
    for ability in a_abilities:
        _add(a_tokens, ability.after_attack(Role.ATTACKER, a_view, 0))
    for ability in d_abilities:
        _add(d_tokens, ability.after_attack(Role.DEFENDER, d_view, hits + crits))

    return LiveAttack(
        hits, crits, Tokens(a_tokens), Tokens(d_tokens), attack_dice, defense_dice, log
    )


def _prevent(hits: int, crits: int, a_tokens: dict[str, int], d_tokens: dict[str, int],
             abilities: list[DiceAbility], defender: Chooser, log: list[str]
             ) -> tuple[int, int]:
    """RR: DAMAGE: before the defender suffers the damage, it may prevent some with an
    ability (Iden Versio); the chooser's ``prevent(hits, crits, attacker, defender)`` answers
    0 (none) or the number of a way, counting each ability's ``preventions`` in turn from 1.
    A chooser without it prevents nothing. The damage still suffered is returned."""
    view = Tokens(d_tokens)
    ways = [way for ability in abilities
            for way in ability.preventions(Role.DEFENDER, view, hits, crits)]
    prevent = getattr(defender, "prevent", None)
    if not ways or prevent is None:
        return hits, crits
    chosen = prevent(hits, crits, Tokens(a_tokens), view)
    if not chosen:
        return hits, crits
    left_hits, left_crits, spend = ways[chosen - 1]
    _add(d_tokens, {name: -n for name, n in spend})
    log.append(f"defender prevents {hits + crits - left_hits - left_crits} damage")
    return left_hits, left_crits


class SolverPlay:
    """A chooser for both players that plays one solver's optimal policy on live dice."""

    def __init__(self, solver: AttackSolver) -> None:
        self.solver = solver

    def declare(self, ability: DiceAbility, attacker: Tokens, defender: Tokens) -> bool:
        """Whether the attacker uses ``ability`` when declaring the attack (as solved)."""
        return ability.key in self.solver.declared

    def prevent(self, hits: int, crits: int, attacker: Tokens, defender: Tokens) -> int:
        """The defender's way to prevent damage (0: none), as solved."""
        return self.solver.best_prevention(hits, crits, attacker, defender)

    def __call__(self, decision: Decision) -> Option | None:
        return self.solver.best_option(
            decision.step,
            decision.attack_dice,
            decision.defense_dice,
            decision.attacker,
            decision.defender,
            decision.used,
        )


class OptimalPlay(SolverPlay):
    """A chooser for both players that plays the calculator's optimal policy for ``attack``
    on live dice."""

    def __init__(self, attack: Attack, objective: Objective | None = None) -> None:
        super().__init__(AttackSolver(attack, objective))


def _add(tokens: dict[str, int], deltas: dict[str, int]) -> None:
    for name, delta in deltas.items():
        tokens[name] = tokens.get(name, 0) + delta
        if tokens[name] < 0:
            raise ValueError(f"cannot spend {-delta} {name}: not enough")


def _faces(pool: DicePool) -> str:
    return ", ".join(f.label for f in pool.faces()) or "no dice"
