"""Exact results of an attack under optimal play, with float views for display."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any, NamedTuple

from tallon.dice.abilities.base import Role, Tokens
from tallon.dice.abilities.outside_dice import PredictiveShot
from tallon.dice.abilities.pilots_3 import LEEBO_SPENT
from tallon.dice.abilities.tokens import LOCK_DISABLED

HIDDEN_RESOURCES = frozenset({LOCK_DISABLED, LEEBO_SPENT, PredictiveShot.key})
"""Internal marks that are not tokens and are left out of reports."""


class Outcome(NamedTuple):
    """How an attack ended: uncanceled results and both ships' resources afterwards.

    Where the defender prevented damage (Iden Versio), ``hits`` and ``crits`` are the damage
    it suffered: the results less the damage prevented (ruling, ``docs/rulings.md``)."""

    hits: int
    crits: int
    attacker: Tokens
    defender: Tokens

    @property
    def damage(self) -> int:
        return self.hits + self.crits


def fraction_text(value: Fraction) -> str:
    """``"p/q"`` (or ``"p"`` for whole numbers), as used in JSON output."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


class AttackResult:
    """The exact distribution of an attack's outcomes under the solved policy.

    Probabilities are kept as integer masses over one common denominator and
    turned into ``Fraction`` only when asked for. A result is read-only.
    """

    def __init__(self, masses: Mapping[Outcome, int], denominator: int, objective_name: str,
                 objective_value: Fraction) -> None:
        if sum(masses.values()) != denominator:
            raise ValueError("outcome probabilities do not sum to 1")
        # Read-only: results may be shared by the calculator's cache.
        self._masses: Mapping[Outcome, int] | None = MappingProxyType(dict(masses))
        self.denominator = denominator
        self.objective_name = objective_name
        self._objective_value: Fraction | None = objective_value
        self._pairs: dict[tuple[int, int], int] | None = None

    @classmethod
    def owning(cls, masses: dict[Outcome, int], denominator: int, objective_name: str,
               objective_value: Fraction) -> AttackResult:
        """A result taking ``masses`` over as it is (no copy, no check): for solvers whose
        masses sum to ``denominator`` by construction and that keep no reference to them."""
        result = cls.__new__(cls)
        result._masses = MappingProxyType(masses)
        result.denominator = denominator
        result.objective_name = objective_name
        result._objective_value = objective_value
        result._pairs = None
        return result

    @classmethod
    def deferred(cls, masses: Callable[[], dict[Outcome, int]], denominator: int,
                 objective_name: str, objective_value: Callable[[], Fraction],
                 pairs: Callable[[], dict[tuple[int, int], int]]) -> AttackResult:
        """A result whose masses, value and masses by uncanceled (hits, crits) are built when
        first read, by the calls given (as ``owning`` takes masses over): for a solver whose
        own form of the distribution is complete but whose ``Outcome`` keys (hashing both
        ships' tokens) cost a quarter as much again as the solve of a small attack, while the
        figures most asked (expected damage, the damage distribution, P(crit)) need only the
        (hits, crits) masses."""
        result = cls.__new__(cls)
        result._masses = result._objective_value = result._pairs = None
        result._build = (masses, objective_value, pairs)
        result.denominator = denominator
        result.objective_name = objective_name
        return result

    @property
    def masses(self) -> Mapping[Outcome, int]:
        """Each way the attack can end with its probability times ``denominator``."""
        if self._masses is None:
            self._masses = MappingProxyType(self._build[0]())
        return self._masses

    @property
    def objective_value(self) -> Fraction:
        """The value of the objective optimised (e.g. the expected damage)."""
        if self._objective_value is None:
            self._objective_value = self._build[1]()
        return self._objective_value

    def _p(self, mass: int) -> Fraction:
        return Fraction(mass, self.denominator)

    @property
    def outcomes(self) -> dict[Outcome, Fraction]:
        """P(outcome) for every way the attack can end."""
        return {outcome: self._p(m) for outcome, m in self.masses.items()}

    def _by_pair(self) -> dict[tuple[int, int], int]:
        """Masses by uncanceled (hits, crits): what every figure but the tokens left needs."""
        if self._pairs is None:
            if self._masses is None:
                self._pairs = self._build[2]()
            else:
                pairs: dict[tuple[int, int], int] = defaultdict(int)
                for outcome, m in self._masses.items():
                    pairs[(outcome.hits, outcome.crits)] += m
                self._pairs = dict(pairs)
        return self._pairs

    def _damage_masses(self) -> list[int]:
        pairs = self._by_pair()
        top = max((h + c for h, c in pairs), default=0)
        dist = [0] * (top + 1)
        for (hits, crits), m in pairs.items():
            dist[hits + crits] += m
        return dist

    @property
    def damage(self) -> list[Fraction]:
        """``damage[d]`` = P(exactly d uncanceled hits + crits)."""
        return [self._p(m) for m in self._damage_masses()]

    @property
    def hits_crits(self) -> dict[tuple[int, int], Fraction]:
        """P(exactly h uncanceled hits and c uncanceled crits), keyed by (h, c)."""
        return {pair: self._p(m) for pair, m in sorted(self._by_pair().items())}

    @property
    def expected_damage(self) -> Fraction:
        return self._p(sum(m * (h + c) for (h, c), m in self._by_pair().items()))

    @property
    def expected_hits(self) -> Fraction:
        return self._p(sum(m * h for (h, _), m in self._by_pair().items()))

    @property
    def expected_crits(self) -> Fraction:
        return self._p(sum(m * c for (_, c), m in self._by_pair().items()))

    def p_at_least(self, damage: int) -> Fraction:
        """P(at least ``damage`` uncanceled hits + crits)."""
        return self._p(sum(m for (h, c), m in self._by_pair().items() if h + c >= damage))

    @property
    def p_hit(self) -> Fraction:
        """P(the attack hits: at least one uncanceled result)."""
        return self.p_at_least(1)

    @property
    def p_crit(self) -> Fraction:
        """P(at least one uncanceled crit)."""
        return self._p(sum(m for (_, c), m in self._by_pair().items() if c >= 1))

    def inflicted_tokens(self, damage_results: int = 1) -> list[Fraction]:
        """For a weapon whose results inflict tokens instead of damage (RR: INFLECT):
        ``p[k]`` = P(the defender gains exactly k tokens) when, if the attack hits,
        ``damage_results`` uncanceled results deal damage and each other one inflicts a
        token (ion weapons such as Ion Cannon: 1; Jamming Beam, Tractor Beam: 0). The play
        solved for damage stands: each weapon's total effect grows with the uncanceled
        results, as the damage does."""
        if damage_results < 0:
            raise ValueError(f"damage results cannot be negative ({damage_results})")
        dist = self._damage_masses()
        tokens = [0] * max(1, len(dist) - damage_results)
        for results, m in enumerate(dist):
            tokens[max(0, results - damage_results)] += m
        return [self._p(m) for m in tokens]

    @property
    def ion_tokens(self) -> list[Fraction]:
        """``ion_tokens[k]`` = P(the defender gains exactly k ion tokens) if this attack is
        made with an ion weapon (one result deals 1 damage, each other one an ion token):
        ``inflicted_tokens(1)``."""
        return self.inflicted_tokens(1)

    def expected_tokens(self, role: Role) -> dict[str, Fraction]:
        """Expected count of each of one side's resources after the attack."""
        totals: dict[str, int] = defaultdict(int)
        for outcome, m in self.masses.items():
            tokens = outcome.attacker if role is Role.ATTACKER else outcome.defender
            for name, count in tokens.items():
                totals[name] += m * count
        return {n: self._p(totals[n]) for n in sorted(totals) if n not in HIDDEN_RESOURCES}

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain data: floats plus exact ``"p/q"`` strings."""
        damage = self.damage
        at_least = [sum(damage[k:], Fraction(0)) for k in range(len(damage))]
        tokens = {
            role.value: {
                name: {"expected": float(v), "exact": fraction_text(v)}
                for name, v in self.expected_tokens(role).items()
            }
            for role in Role
        }
        expected = self.expected_damage
        p_crit = self.p_crit
        return {
            "objective": self.objective_name,
            "objective_value": float(self.objective_value),
            "objective_value_exact": fraction_text(self.objective_value),
            "expected_damage": float(expected),
            "expected_damage_exact": fraction_text(expected),
            "damage": [float(p) for p in damage],
            "damage_exact": [fraction_text(p) for p in damage],
            "at_least": [float(p) for p in at_least],
            "at_least_exact": [fraction_text(p) for p in at_least],
            "p_hit": float(at_least[1]) if len(at_least) > 1 else 0.0,
            "p_hit_exact": fraction_text(at_least[1]) if len(at_least) > 1 else "0",
            "p_crit": float(p_crit),
            "p_crit_exact": fraction_text(p_crit),
            "expected_hits": float(self.expected_hits),
            "expected_crits": float(self.expected_crits),
            "hits_crits": [
                {"hits": h, "crits": c, "p": float(p), "exact": fraction_text(p)}
                for (h, c), p in self.hits_crits.items()
            ],
            "tokens_left": tokens,
        }
