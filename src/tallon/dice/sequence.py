"""Several attacks in a row against one defender, its tokens carrying over.

Each attack may have a different attacker (with its own fresh tokens); the
defender's tokens and charges spent in one attack are gone for the next,
strain and Stealth Device charges change as the rules say, and damage adds
up. Play is optimal for the whole sequence, by backward induction over the
positions between attacks (damage so far, defender's resources): each attack
is solved exactly with, as its payoff, what the outcome is worth for the rest
of the sequence. So the defender saves a token when a later attack needs it
more.

Objectives (the attacker maximises, the defender minimises):

* ``"damage"``: expected total damage; with ``hull`` given, damage past
  destruction does not count.
* ``"destroy"``: the chance the defender is destroyed by the end (needs ``hull``).
* ``"fast"``: destroy as early as possible — the expected number of attacks
  needed, counting "not destroyed" as one more than the sequence (needs ``hull``).
"""

from __future__ import annotations

import random
import sys
from collections import OrderedDict, defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, NamedTuple

from tallon.dice.abilities.base import Role, Tokens
from tallon.dice.attack import MAX_DICE, Attack
from tallon.dice.playout import SolverPlay, play_attack, starting_tokens
from tallon.dice.result import HIDDEN_RESOURCES, fraction_text
from tallon.dice.solver import AttackSolver

OBJECTIVES = ("damage", "destroy", "fast")


@dataclass(frozen=True)
class AttackStage:
    """One attack of a sequence, as it went under optimal play."""

    p_performed: Fraction
    """P(the defender is still there for this attack)."""
    damage: list[Fraction]
    """Damage of this attack given it is performed: ``damage[d]`` = P(d)."""
    expected_damage: Fraction
    """Expected damage of this attack given it is performed."""
    p_destroyed_here: Fraction
    """P(this attack destroys the defender)."""
    defender_tokens: dict[str, Fraction]
    """Expected defender resources after this attack (destroyed or not)."""


@dataclass(frozen=True)
class SequenceResult:
    """Exact results of an attack sequence under optimal play."""

    objective: str
    value: Fraction
    """The objective's value: expected damage, P(destroyed), or expected attacks needed."""
    stages: list[AttackStage]
    total_damage: list[Fraction]
    """``total_damage[d]`` = P(the sequence deals d damage in all), capped at hull + shields
    when a hull is given."""
    durability: int | None
    """hull + shields, or None."""

    @property
    def expected_total_damage(self) -> Fraction:
        return sum((d * p for d, p in enumerate(self.total_damage)), Fraction(0))

    @property
    def p_destroyed(self) -> Fraction:
        """P(the defender is destroyed by the end of the sequence)."""
        return sum((s.p_destroyed_here for s in self.stages), Fraction(0))

    @property
    def attacks_needed(self) -> list[Fraction]:
        """``attacks_needed[n]`` = P(the n-th attack destroys the defender) (index 0 unused)."""
        return [Fraction(0), *(s.p_destroyed_here for s in self.stages)]

    def to_dict(self) -> dict[str, Any]:
        """Plain data: floats plus exact ``"p/q"`` strings."""
        return {
            "objective": self.objective,
            "value": float(self.value),
            "value_exact": fraction_text(self.value),
            "durability": self.durability,
            "expected_total_damage": float(self.expected_total_damage),
            "expected_total_damage_exact": fraction_text(self.expected_total_damage),
            "total_damage": [float(p) for p in self.total_damage],
            "total_damage_exact": [fraction_text(p) for p in self.total_damage],
            "p_destroyed": float(self.p_destroyed),
            "p_destroyed_exact": fraction_text(self.p_destroyed),
            "attacks": [
                {
                    "p_performed": float(s.p_performed),
                    "expected_damage": float(s.expected_damage),
                    "expected_damage_exact": fraction_text(s.expected_damage),
                    "damage": [float(p) for p in s.damage],
                    "damage_exact": [fraction_text(p) for p in s.damage],
                    "p_destroyed_here": float(s.p_destroyed_here),
                    "p_destroyed_here_exact": fraction_text(s.p_destroyed_here),
                    "defender_tokens_left": {k: float(v) for k, v in s.defender_tokens.items()},
                }
                for s in self.stages
            ],
        }


MAX_ATTACKS = 100
"""Longest sequence accepted (each attack's solve nests inside the previous one's)."""
_FRAMES_PER_ATTACK = 200
"""Generous bound on the Python frames one attack's solve uses while it is nested."""


@contextmanager
def _deep_recursion(attacks: int) -> Iterator[None]:
    """Allow the nested solves of a long sequence. Python 3.11+ runs Python-to-Python calls
    without using the C stack, so a higher limit costs only memory."""
    needed = 1000 + _FRAMES_PER_ATTACK * attacks
    old = sys.getrecursionlimit()
    if needed > old:
        sys.setrecursionlimit(needed)
    try:
        yield
    finally:
        if needed > old:
            sys.setrecursionlimit(old)


class _Position(NamedTuple):
    """What the plan keeps of one solved position: its value and its outcomes."""

    value: Fraction
    scale: int
    outcomes: tuple[tuple[int, int, Tokens, int], ...]
    """(hits, crits, defender tokens after, probability * scale) under the optimal play."""


class _Planner:
    """Backward induction over the positions between attacks: (attack index, damage so far,
    defender resources). Each position's attack is solved once, with what each outcome is
    worth for the rest of the sequence as its payoff; only the value and the outcome
    distribution are kept, so memory stays small."""

    def __init__(self, attacks: Sequence[Attack], durability: int | None, objective: str) -> None:
        self.attacks = list(attacks)
        self.durability = durability
        self.objective = objective
        self.count = len(self.attacks)
        # Every value after attack i is a numerator over 8**exponent[i + 1].
        bounds = []
        for attack in self.attacks:
            probe = AttackSolver(attack)
            added = probe.rolls - 2 * probe.attack_dice - 2 * MAX_DICE
            bounds.append(2 * MAX_DICE + 2 * MAX_DICE + added)
        self.exponent = [0] * (self.count + 1)
        for i in range(self.count - 1, -1, -1):
            self.exponent[i] = self.exponent[i + 1] + bounds[i]
        self._positions: dict[tuple[int, int, Tokens], _Position] = {}
        self._policies: OrderedDict[tuple[int, int, Tokens], AttackSolver] = OrderedDict()

    def _alive(self, done: int) -> bool:
        return self.durability is None or done < self.durability

    def _reward(self, index: int, done: int, damage: int) -> int:
        if self.objective == "damage":
            return damage if self.durability is None else min(damage, self.durability - done)
        assert self.durability is not None
        if done + damage < self.durability:
            return 0
        return 1 if self.objective == "destroy" else self.count - index

    def _state_done(self, done: int) -> int:
        # Without a hull, damage so far does not change anyone's choices; keep one state.
        return 0 if self.durability is None else done

    def value(self, index: int, done: int, defender: Tokens) -> Fraction:
        """Value of the rest of the sequence from attack ``index`` on."""
        if index == self.count or not self._alive(done):
            return Fraction(0)
        return self.position(index, done, defender).value

    def position(self, index: int, done: int, defender: Tokens) -> _Position:
        """The solved position (attack ``index`` to come, ``done`` damage so far)."""
        key = (index, self._state_done(done), defender)
        known = self._positions.get(key)
        if known is None:
            solver = self.solver(index, done, defender)
            value = solver.value()
            outcomes = tuple(
                (hits, crits, solver.dfn.view(d), m)
                for (hits, crits, _a, d), m in solver.outcome_masses().items()
            )
            known = self._positions[key] = _Position(value, solver.payoff_scale, outcomes)
        return known

    def policy(self, index: int, done: int, defender: Tokens) -> AttackSolver:
        """A solver for live play from this position (rebuilt on demand, a few kept)."""
        key = (index, self._state_done(done), defender)
        solver = self._policies.get(key)
        if solver is None:
            solver = self._policies[key] = self.solver(index, done, defender)
            if len(self._policies) > 64:
                self._policies.popitem(last=False)
        else:
            self._policies.move_to_end(key)
        return solver

    def solver(self, index: int, done: int, defender: Tokens) -> AttackSolver:
        """A fresh solver for attack ``index`` from this position."""
        done = self._state_done(done)
        exponent = self.exponent[index + 1]
        scale = 8**exponent

        def payoff(hits: int, crits: int, _attacker: Tokens, after: Tokens) -> int:
            damage = hits + crits
            later = self.value(index + 1, done + damage, after) * scale
            if later.denominator != 1:  # pragma: no cover - guarded by the exponent bounds
                raise ArithmeticError("continuation value is not a multiple of 8**-exponent")
            return self._reward(index, done, damage) * scale + later.numerator

        return AttackSolver(
            self.attacks[index],
            defender_tokens=defender,
            payoff=payoff,
            payoff_exponent=exponent,
            payoff_name=self.objective,
        )


class SequencePlan:
    """A sequence of attacks against one defender, solved lazily: ``result()`` gives the
    exact distributions, ``play(rng)`` plays it on live dice with the same optimal choices.

    All attacks must name the same defender (same dice value, abilities and starting
    tokens); the tokens of the first are its tokens at the start.
    """

    def __init__(
        self,
        attacks: Sequence[Attack],
        *,
        hull: int | None = None,
        shields: int = 0,
        objective: str = "damage",
    ) -> None:
        if not attacks:
            raise ValueError("a sequence needs at least one attack")
        if len(attacks) > MAX_ATTACKS:
            raise ValueError(f"at most {MAX_ATTACKS} attacks in a sequence (got {len(attacks)})")
        defender = attacks[0].defender
        for attack in attacks[1:]:
            if attack.defender != defender:
                raise ValueError("every attack of a sequence must be against the same defender")
        if objective not in OBJECTIVES:
            raise ValueError(
                f"unknown objective {objective!r}; accepted: {', '.join(OBJECTIVES)}"
            )
        if hull is not None and hull < 1:
            raise ValueError(f"hull must be at least 1 (got {hull})")
        if shields < 0:
            raise ValueError(f"shields cannot be negative (got {shields})")
        if objective != "damage" and hull is None:
            raise ValueError(f"the {objective!r} objective needs the defender's hull")
        self.attacks = list(attacks)
        self.objective = objective
        self.durability = None if hull is None else hull + shields
        self._planner = _Planner(self.attacks, self.durability, objective)
        # Name every charge from the start: positions are told apart by their nonzero
        # counts, and an absent charge would otherwise mean "the default", not 0.
        self.start = Tokens(
            starting_tokens(defender.tokens, self.attacks[0].abilities(Role.DEFENDER))
        )

    def result(self) -> SequenceResult:
        """The exact distributions under optimal play (a forward pass over the positions
        between attacks)."""
        with _deep_recursion(len(self.attacks)):
            return self._result()

    def _result(self) -> SequenceResult:
        planner = self._planner
        durability = self.durability
        start = self.start
        value = planner.value(0, 0, start)
        if self.objective == "fast":
            # Reward counted attacks left at destruction; turn it into attacks needed.
            value = planner.count + 1 - value

        states: dict[tuple[int, Tokens], Fraction] = {(0, start): Fraction(1)}
        stages = []
        for index in range(len(self.attacks)):
            performed = Fraction(0)
            destroyed_here = Fraction(0)
            damage: dict[int, Fraction] = defaultdict(Fraction)
            following: dict[tuple[int, Tokens], Fraction] = defaultdict(Fraction)
            for (done, tokens), p in states.items():
                if not planner._alive(done):
                    following[(done, tokens)] += p
                    continue
                performed += p
                position = planner.position(index, done, tokens)
                for hits, crits, after_tokens, m in position.outcomes:
                    q = p * Fraction(m, position.scale)
                    dealt = hits + crits
                    damage[dealt] += q
                    after = done + dealt
                    if durability is not None:
                        if done < durability <= after:
                            destroyed_here += q
                        after = min(after, durability)
                    following[(after, after_tokens)] += q
            states = following
            tokens_left: dict[str, Fraction] = defaultdict(Fraction)
            for (_, tokens), p in states.items():
                for name, count in tokens.items():
                    if name not in HIDDEN_RESOURCES:
                        tokens_left[name] += p * count
            top = max(damage, default=0)
            share = 1 / performed if performed else Fraction(0)
            stages.append(
                AttackStage(
                    p_performed=performed,
                    damage=[damage[d] * share for d in range(top + 1)],
                    expected_damage=sum((d * q for d, q in damage.items()), Fraction(0)) * share,
                    p_destroyed_here=destroyed_here,
                    defender_tokens=dict(sorted(tokens_left.items())),
                )
            )
        totals: dict[int, Fraction] = defaultdict(Fraction)
        for (done, _), p in states.items():
            totals[done] += p
        top = max(totals, default=0)
        return SequenceResult(
            objective=self.objective,
            value=value,
            stages=stages,
            total_damage=[totals[d] for d in range(top + 1)],
            durability=durability,
        )

    def play(self, rng: random.Random) -> LiveSequence:
        """Play the sequence on live dice, each attack with the plan's optimal choices; the
        defender's tokens carry over as the live attacks leave them."""
        with _deep_recursion(len(self.attacks)):
            return self._play(rng)

    def _play(self, rng: random.Random) -> LiveSequence:
        planner = self._planner
        defender = self.attacks[0].defender
        tokens: Tokens = self.start
        done = 0
        damage: list[int] = []
        destroyed_by: int | None = None
        for index, attack in enumerate(self.attacks):
            if not planner._alive(done):
                break
            solver = planner.policy(index, done, tokens)
            live_attack = replace(attack, defender=replace(defender, tokens=tokens))
            outcome = play_attack(live_attack, rng, SolverPlay(solver))
            damage.append(outcome.damage)
            done += outcome.damage
            tokens = outcome.defender
            if self.durability is not None and done >= self.durability:
                destroyed_by = index + 1
                done = self.durability
        return LiveSequence(damage, done, destroyed_by, tokens)


@dataclass(frozen=True)
class LiveSequence:
    """A sequence played on live dice."""

    damage: list[int]
    """Damage of each attack performed."""
    total: int
    """Total damage (capped at hull + shields when a hull is given)."""
    destroyed_by: int | None
    """The attack (1-based) that destroyed the defender, if any."""
    defender_tokens: Tokens


def calculate_sequence(
    attacks: Sequence[Attack],
    *,
    hull: int | None = None,
    shields: int = 0,
    objective: str = "damage",
) -> SequenceResult:
    """Solve a sequence of attacks against one defender exactly (see the module docstring).

    All attacks must name the same defender (same dice value, abilities and
    starting tokens); the tokens of the first are its tokens at the start.
    """
    return SequencePlan(attacks, hull=hull, shields=shields, objective=objective).result()


def attacks_to_destroy(
    attack: Attack,
    *,
    hull: int,
    shields: int = 0,
    max_attacks: int = 10,
    objective: str = "fast",
) -> SequenceResult:
    """Repeat ``attack`` up to ``max_attacks`` times against one defender (tokens carrying
    over) and return the sequence result; ``attacks_needed[n]`` is P(the n-th attack destroys
    it) and ``1 - p_destroyed`` the chance it survives them all."""
    if max_attacks < 1:
        raise ValueError(f"max_attacks must be at least 1 (got {max_attacks})")
    return calculate_sequence(
        [attack] * max_attacks, hull=hull, shields=shields, objective=objective
    )
